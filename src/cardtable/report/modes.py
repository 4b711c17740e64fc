"""Reports for every mode of a game at once, with an index page linking them."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardtable.core import make_game
from cardtable.core.game import OptionValue
from cardtable.parallel import Batch, SimSpec, run
from cardtable.sim import check_player_kinds

from .data import ReportData, build_report
from .html import write_html


@dataclass(frozen=True)
class ModeRun:
    """One mode of a game to simulate: its options and one player kind per seat."""

    mode: str
    description: str
    options: dict[str, OptionValue]
    players: tuple[str, ...]

    @property
    def folder(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.mode.lower()).strip("-")


def mode_runs(
    game_name: str, players: Sequence[str], options: Mapping[str, OptionValue] | None = None
) -> list[ModeRun]:
    """Every mode of the game, `options` on top; the player kinds repeat in turn to fill each mode's seats."""
    game_class = type(make_game(game_name))
    runs = []
    for mode in game_class.modes:
        merged = {**mode.options, **(options or {})}
        game = make_game(game_name, merged)
        free = game.num_seats - len(game.automata())
        kinds = tuple(check_player_kinds(game, [players[seat % len(players)] for seat in range(free)]))
        runs.append(ModeRun(mode.name, mode.description, merged, kinds))
    return runs


def report_modes(
    game_name: str,
    players: Sequence[str],
    folder: Path,
    games: int,
    seed: int,
    *,
    options: Mapping[str, OptionValue] | None = None,
    workers: int = 1,
    ray: str | None = None,
    on_mode: Callable[[ModeRun, ReportData], None] | None = None,
) -> Path:
    """Simulate every mode, write `folder/<mode>/report.html` for each and `folder/index.html`."""
    entries: list[tuple[ModeRun, ReportData]] = []
    for mode in mode_runs(game_name, players, options):
        batch: Batch = run(
            SimSpec(game_name, mode.options, seed, mode.players), games, workers=workers, ray=ray
        )
        data = build_report(batch)
        (folder / mode.folder).mkdir(parents=True, exist_ok=True)
        write_html(data, folder / mode.folder / "report.html")
        entries.append((mode, data))
        if on_mode is not None:
            on_mode(mode, data)
    index = folder / "index.html"
    index.write_text(_index_html(game_name, entries), encoding="utf-8")
    return index


def _index_html(game_name: str, entries: list[tuple[ModeRun, ReportData]]) -> str:
    e = html.escape
    rows = []
    for mode, data in entries:
        seats = "<br>".join(e(f"{r.label}: {r.text()}") for r in data.seats)
        ends = "<br>".join(e(f"{code}: {count}") for code, count in data.ends.items())
        rows.append(
            f"<tr><td><a href='{e(mode.folder)}/report.html'>{e(mode.mode)}</a>"
            f"<br><small>{e(mode.description)}</small></td><td>{data.games}</td><td>{seats}</td><td>{e(data.first_player.text())}</td>"
            f"<td>{data.length_stats.get('mean', 0):.1f}</td><td>{ends}</td></tr>"
        )
    head = "".join(
        f"<th>{h}</th>"
        for h in ("mode", "games", "wins per seat (95% interval)", "first player", "length", "ends")
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{e(game_name)} — every mode</title>"
        "<style>body{font-family:system-ui,sans-serif;margin:2em auto;max-width:72em}"
        "td,th{border-bottom:1px solid #ddd;padding:.3em .6em;vertical-align:top;text-align:left}"
        "table{border-collapse:collapse}</style></head><body>"
        f"<h1>{e(game_name)}: every mode</h1><table><tr>{head}</tr>{''.join(rows)}</table></body></html>"
    )
