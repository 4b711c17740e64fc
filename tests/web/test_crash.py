"""Crash test: the real server process is killed with SIGKILL mid-game; after a restart nothing is lost."""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

from cardtable import __version__
from cardtable.core import Move, Record, replay

from .helpers import LiveServer, new_table, play, state, tokens, wait_until
from .patience import patience

SEEDS: dict[str, int] = {}


def test_sigkill_loses_no_acknowledged_move(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url, timeout=patience(10)) as client:
        tables = []
        for game, seed in [("toy", 31), ("biosphere5", 32), ("toy", 33)]:
            tables.append(new_table(client, game, seats=["human", "human"], seed=seed))
            SEEDS[tables[-1]["table"]] = seed
        acknowledged: dict[str, list[str]] = {t["table"]: [] for t in tables}
        for round_ in range(6):
            for table in tables:
                spectator = state(client, table["table"])
                assert spectator["result"] is None  # six rounds end no game of these seeds
                token = tokens(table)[spectator["decision"]["seat"]]
                mine = state(client, table["table"], token)
                action = mine["legal"][round_ % len(mine["legal"])]
                response = play(client, table["table"], token, action, mine["move"])
                assert response.status_code == 200, response.text
                acknowledged[table["table"]].append(action)

        # a burst of moves from another thread, killed while it runs: every acknowledged one must survive
        burst = tables[1]
        stop = threading.Event()

        def keep_playing() -> None:
            with httpx.Client(base_url=live_server.url, timeout=patience(5)) as other:
                while not stop.is_set():
                    try:
                        spectator = state(other, burst["table"])
                        if spectator["result"]:
                            return
                        token = tokens(burst)[spectator["decision"]["seat"]]
                        mine = state(other, burst["table"], token)
                        response = play(other, burst["table"], token, mine["legal"][0], mine["move"])
                    except (httpx.HTTPError, AssertionError):
                        return
                    if response.status_code != 200:
                        return
                    acknowledged[burst["table"]].append(mine["legal"][0])

        worker = threading.Thread(target=keep_playing)
        worker.start()
        wait_until(lambda: len(acknowledged[burst["table"]]) >= 10, timeout=20)
        live_server.kill()
        stop.set()
        worker.join(10)

    live_server.start()
    engine = create_engine(live_server.database_url)
    with httpx.Client(base_url=live_server.url, timeout=patience(10)) as client:
        for table in tables:
            with engine.connect() as connection:
                stored_moves = connection.execute(
                    text("select seat, action from moves where table_id = :t order by ply"),
                    {"t": table["table"]},
                ).all()
            moves = acknowledged[table["table"]]
            # every acknowledged move is stored; the kill may fall between a commit and its answer,
            # so at most one stored move was never acknowledged
            assert [action for _, action in stored_moves][: len(moves)] == moves
            assert len(stored_moves) - len(moves) in (0, 1)
            record = Record(
                game=table["game"],
                engine=__version__,
                options=table["options"],
                seed=SEEDS[table["table"]],
                seats=[s["name"] for s in table["seats"]],
                moves=[Move(seat, action) for seat, action in stored_moves],
            )
            expected = replay(record)
            game = expected.game
            for seat, token in enumerate(tokens(table)):
                restored = state(client, table["table"], token)
                assert restored["view"] == game.view(expected.state, seat)
                assert restored["move"] == len(stored_moves)
                assert restored["legal"] == (
                    [str(a) for a in expected.legal_actions()] if expected.decision.seat == seat else []
                )
            # and the table plays on after the restart
            token = tokens(table)[expected.decision.seat]
            mine = state(client, table["table"], token)
            assert play(client, table["table"], token, mine["legal"][0], mine["move"]).status_code == 200
    engine.dispose()


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie has ended: it only waits for its new parent to reap it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _cmdline(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    return ""


def test_a_killed_server_leaves_no_thinking_process_behind(live_server: LiveServer) -> None:
    """The bots' thinking process (started with the server) ends soon after the server is SIGKILLed:
    restarts of a crashed server do not pile up orphans."""
    assert live_server.process is not None
    server = live_server.process.pid
    wait_until(lambda: any("spawn_main" in _cmdline(pid) for pid in _children(server)), timeout=30)
    children = _children(server)
    live_server.kill()
    wait_until(lambda: not any(_alive(pid) for pid in children), timeout=15)
