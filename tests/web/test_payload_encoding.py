"""The payloads a table sends are encoded part by part and kept between moves (the part that never
changes once per table, the position's part once per position, each log line once); whatever the way,
every watcher must read exactly the payload its seat's view and the log make, at every position of
every game and mode, and an update with only the lines it lacks leaves it holding the same."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cardtable.web.tables import Tables

from .test_leak import tables_to_audit

MOVES = 60


def plain(value: Any) -> Any:
    """`value` as a watcher reads it: through JSON."""
    return msgspec.json.decode(msgspec.json.encode(value))


@pytest.mark.parametrize(("game_name", "mode"), tables_to_audit())
def test_every_watcher_reads_its_own_payload_at_every_position(
    tmp_path: Path, game_name: str, mode: str | None
) -> None:
    from cardtable.web.db import connect

    tables = Tables(connect(f"sqlite:///{tmp_path / 'tables.db'}"))
    table = tables.create(game_name, mode=mode, seed=11)
    rng = random.Random(5)
    held: dict[int | None, tuple[int, int] | None] = {viewer: None for viewer in table.viewers}
    log: dict[int | None, list[Any]] = {viewer: [] for viewer in table.viewers}
    for _ in range(MOVES):
        for viewer in table.viewers:
            whole = msgspec.json.decode(table.encoded_payload(viewer))
            assert whole == plain(table.payload(viewer))
            assert whole["view"] == plain(table.game.view(table.match.state, viewer)), "the view itself"
            # an update carries the lines the watcher lacks; with them it holds the whole log
            data, held[viewer] = table.encoded_update(viewer, held[viewer])
            update = msgspec.json.decode(data)
            log[viewer] = log[viewer][: update.get("log_from", 0)] + update["log"]
            assert log[viewer] == whole["log"]
            assert {k: v for k, v in update.items() if k not in ("log", "log_from")} == {
                k: v for k, v in whole.items() if k != "log"
            }
        decision = table.decision
        if decision is None:
            break
        action = rng.choice(table.legal_actions())
        tables.play(table, decision.seat, str(action), table.ply)
