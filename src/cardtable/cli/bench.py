"""`cardtable bench`: random-playout speed per game and mode, beside OpenSpiel's crazy_eights."""

from __future__ import annotations

import json
from contextlib import nullcontext
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from cardtable.bench import OPENSPIEL_GAME, BenchResult, SearchBench, bench_search, bench_side_by_side
from cardtable.core import game_class, game_names

from . import app
from .common import fail, stderr, stdout, user_errors


@app.command("bench")
def bench_command(
    seconds: Annotated[
        float, typer.Option("--seconds", "-t", help="Seconds of playouts per game mode.")
    ] = 1.0,
    game: Annotated[
        list[str] | None, typer.Option("--game", "-g", help="Only this game (repeatable); default all.")
    ] = None,
    openspiel: Annotated[
        bool, typer.Option("--openspiel/--no-openspiel", help=f"Also run OpenSpiel's {OPENSPIEL_GAME}.")
    ] = True,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of a table.")
    ] = False,
    ismcts: Annotated[
        int,
        typer.Option(
            "--ismcts",
            metavar="ITERATIONS",
            help="Also time the ISMCTS player with this many iterations per decision (0: not).",
        ),
    ] = 0,
    decisions: Annotated[int, typer.Option(help="Positions per game for --ismcts.")] = 10,
) -> None:
    """Measure random playouts (actions/s, games/s) on one core, with OpenSpiel for scale; with
    --ismcts, also the ISMCTS player's seconds per decision on positions from heuristic games."""
    if seconds <= 0:
        fail("--seconds must be positive")
    if ismcts < 0 or decisions < 1:
        fail("--ismcts must be 0 or more and --decisions at least 1")
    with user_errors():
        names = list(game) if game else game_names()
        for name in names:
            game_class(name)
    status = stderr()
    with status.status("running random playouts...") if not as_json else nullcontext(), user_errors():
        ours, reference = bench_side_by_side(names, seconds, openspiel)
    searches: list[SearchBench] = []
    if ismcts:
        with status.status(f"timing ismcts:{ismcts}...") if not as_json else nullcontext(), user_errors():
            searches = [bench_search(name, ismcts, decisions) for name in names]
    skipped = None
    if reference is None:
        skipped = "pyspiel not installed (pip install 'cardtable[openspiel]')" if openspiel else "disabled"
    if as_json:
        report = bench_report(ours, reference, seconds, skipped)
        report["ismcts"] = [search.to_dict() for search in searches]
        typer.echo(json.dumps(report))
        return
    console = stdout()
    console.print(bench_table(ours, reference, seconds))
    if skipped:
        console.print(f"OpenSpiel {OPENSPIEL_GAME}: skipped, {escape(skipped)}")
    if searches:
        console.print(search_table(searches))


def ratio(ours: BenchResult, reference: BenchResult | None) -> float | None:
    """Our actions/s over OpenSpiel's."""
    if reference is None or reference.actions_per_second == 0:
        return None
    return ours.actions_per_second / reference.actions_per_second


def bench_report(
    ours: list[BenchResult], reference: BenchResult | None, seconds: float, skipped: str | None
) -> dict[str, object]:
    results = []
    for result in ours:
        row = result.to_dict()
        share = ratio(result, reference)
        row["ratio_to_openspiel"] = round(share, 4) if share is not None else None
        results.append(row)
    return {
        "seconds_per_mode": seconds,
        "results": results,
        "openspiel": reference.to_dict() if reference else None,
        "openspiel_skipped": skipped,
    }


def bench_table(ours: list[BenchResult], reference: BenchResult | None, seconds: float) -> Table:
    table = Table(title=f"Random playouts, one core, {seconds:g} s per mode")
    if reference is not None:
        table.caption = f"ratio: our actions/s over OpenSpiel's C++ {OPENSPIEL_GAME} in the same loop"
    rows = [*ours, *([reference] if reference else [])]
    table.add_column("game", no_wrap=True, min_width=max(len(r.game) for r in rows))
    table.add_column("mode", no_wrap=True, min_width=max(len(r.mode) for r in rows))
    for column in ("seats", "games", "actions/s", "games/s", "length"):
        table.add_column(column, justify="right")
    if reference is not None:
        table.add_column("ratio", justify="right")
    for result in rows:
        cells = [
            escape(result.game),
            escape(result.mode),
            str(result.seats),
            str(result.games),
            f"{result.actions_per_second:,.0f}",
            f"{result.games_per_second:,.1f}",
            f"{result.actions / result.games:.1f}",
        ]
        if reference is not None:
            share = ratio(result, reference)
            cells.append(f"{share:.2f}" if share is not None else "-")
        table.add_row(*cells)
    return table


def search_table(searches: list[SearchBench]) -> Table:
    table = Table(title=f"ISMCTS, {searches[0].iterations} iterations per decision, one core")
    table.caption = "positions from games between heuristic players; CPU seconds per decision (and wall)"
    for column in ("game", "mode"):
        table.add_column(column, no_wrap=True)
    for column in ("decisions", "mean s", "median s", "max s", "mean wall s"):
        table.add_column(column, justify="right")
    for search in searches:
        table.add_row(
            escape(search.game),
            escape(search.mode),
            str(len(search.seconds)),
            f"{search.mean:.3f}",
            f"{search.median:.3f}",
            f"{max(search.seconds):.3f}",
            f"{sum(search.wall_seconds) / len(search.wall_seconds):.3f}",
        )
    return table
