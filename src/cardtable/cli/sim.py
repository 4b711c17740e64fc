"""`cardtable sim`: many seeded games between players, with a progress bar and a summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cardtable.core import make_game
from cardtable.parallel import Batch, SimSpec, run
from cardtable.report import build_report, report_tables, write_html
from cardtable.sim import SimSummary, check_player_kinds

from . import app
from .common import GameOptions, RayAddress, Workers, fail, option_values, stderr, stdout, user_errors


@app.command("sim")
def sim_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game to simulate.")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the batch: game i uses mix_seed(seed, i).")
    ] = 1,
    option: GameOptions = None,
    players: Annotated[
        str, typer.Option("--players", help="Player kind per seat, comma separated (one kind: every seat).")
    ] = "random",
    records: Annotated[
        Path | None, typer.Option("--records", help="Write each game's record into this folder.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
    workers: Workers = 1,
    ray: RayAddress = None,
    report: Annotated[
        Path | None,
        typer.Option("--report", help="Write report.html (with plots) and report.json into this folder."),
    ] = None,
) -> None:
    """Simulate GAMES seeded games and summarise wins, draws and lengths."""
    if games < 1:
        fail("--games must be at least 1")
    if workers < 1:
        fail("--workers must be at least 1")
    kinds = [kind.strip() for kind in players.split(",") if kind.strip()]
    with user_errors():
        options = option_values(option)
        check_player_kinds(make_game(game_name, options), kinds)
    for flag, folder in (("--records", records), ("--report", report)):
        if folder is not None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                fail(f"{flag} {folder}: {err.strerror or err}")
    width = len(str(games - 1))

    console = stderr()
    progress = Progress(
        TextColumn(f"[bold]{escape(game_name)}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    task = progress.add_task("games", total=games)

    def after_chunk(batch: Batch) -> None:
        if records is not None:
            for outcome in batch.outcomes:
                path = records / f"{batch.summary.game}-{outcome.index:0{width}d}.rec"
                path.write_text(outcome.record, encoding="utf-8")
        progress.advance(task, len(batch.outcomes))

    spec = SimSpec(game_name, dict(options), seed, tuple(kinds))
    with progress, user_errors():
        batch = run(
            spec, games, workers=workers, ray=ray, keep_records=records is not None, on_chunk=after_chunk
        )
    summary = batch.summary
    if as_json:
        typer.echo(json.dumps(summary.to_dict()))
    else:
        stdout().print(summary_table(summary))
    if report is not None:
        data = build_report(batch)
        if not as_json:
            for table in report_tables(data):
                stdout().print(table)
        page = write_html(data, report / "report.html")
        stderr().print(f"report written to {escape(str(page))}")


def summary_table(summary: SimSummary) -> Table:
    data = summary.to_dict()
    options = " ".join(f"{k}={_text(v)}" for k, v in data["options"].items())
    table = Table(title=f"{summary.game} {options}".strip(), show_header=False)
    table.add_column("measure", style="bold")
    table.add_column("value", justify="right")
    rows: list[tuple[str, str]] = [
        ("seed", str(summary.seed)),
        ("players", ", ".join(summary.players)),
        ("games", str(summary.games)),
        ("total actions", str(summary.total_actions)),
        ("seconds", f"{summary.seconds:.2f}"),
        ("actions per second", f"{summary.actions_per_second:,.0f}"),
    ]
    for seat, wins in enumerate(summary.wins):
        share = wins / summary.games if summary.games else 0.0
        rows.append((f"wins {summary.seat_names[seat]} ({summary.players[seat]})", f"{wins} ({share:.1%})"))
    rows += [
        ("draws", str(summary.draws)),
        ("no winner", str(summary.no_winner)),
        ("stopped at the cap", str(summary.stopped)),
        ("length average", f"{summary.average_length:.1f}"),
        ("length min / max", f"{summary.min_length} / {summary.max_length}"),
    ]
    rows += [
        (f"ended: {code} ({data['end_words'][code]})", str(count)) for code, count in data["ends"].items()
    ]
    rows += [
        (f"decided by {part} (winners differ without it)", f"{won} of {judged} ({won / judged:.1%})")
        for part, (won, judged) in data["decided"].items()
    ]
    for measure, value in rows:
        table.add_row(escape(measure), escape(value))
    return table


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
