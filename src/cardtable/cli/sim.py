"""`cardtable sim`: many seeded games between players, with a progress bar and a summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cardtable.core import Match, make_game
from cardtable.sim import SimSummary, check_player_kinds, simulate

from . import app
from .common import OPTION_HELP, fail, option_values, stderr, stdout, user_errors


@app.command("sim")
def sim_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game to simulate.")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the batch: game i uses mix_seed(seed, i).")
    ] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    players: Annotated[
        str, typer.Option("--players", help="Player kind per seat, comma separated (one kind: every seat).")
    ] = "random",
    records: Annotated[
        Path | None, typer.Option("--records", help="Write each game's record into this folder.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
) -> None:
    """Simulate GAMES seeded games and summarise wins, draws and lengths."""
    if games < 1:
        fail("--games must be at least 1")
    kinds = [kind.strip() for kind in players.split(",") if kind.strip()]
    with user_errors():
        options = option_values(option)
        check_player_kinds(make_game(game_name, options), kinds)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            fail(f"--records {records}: {err.strerror or err}")
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

    def after_game(index: int, match: Match) -> None:
        if records is not None:
            path = records / f"{match.game.name}-{index:0{width}d}.rec"
            path.write_text(match.record().to_text(), encoding="utf-8")
        progress.advance(task)

    with progress, user_errors():
        summary = simulate(game_name, options, games, seed, kinds, on_game=after_game)
    if as_json:
        typer.echo(json.dumps(summary.to_dict()))
    else:
        stdout().print(summary_table(summary))


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
        ("length average", f"{summary.average_length:.1f}"),
        ("length min / max", f"{summary.min_length} / {summary.max_length}"),
    ]
    rows += [(f"ended: {reason}", str(count)) for reason, count in data["end_reasons"].items()]
    for measure, value in rows:
        table.add_row(escape(measure), escape(value))
    return table


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
