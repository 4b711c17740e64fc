"""`cardtable report`: simulate every mode of a game and write one report per mode and an index page."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from cardtable.report.data import ReportData
from cardtable.report.modes import ModeRun, report_modes
from cardtable.report.tables import report_tables

from . import app
from .common import GameOptions, RayAddress, Workers, fail, option_values, user_errors


@app.command()
def report(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    folder: Annotated[Path, typer.Argument(help="Where to write index.html and one folder per mode.")],
    players: Annotated[
        str, typer.Option(help="Player kinds, repeated in turn to fill each mode's seats.")
    ] = "random",
    games: Annotated[int, typer.Option("--games", "-n", help="Games per mode.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of every mode's batch.")] = 1,
    option: GameOptions = None,
    workers: Workers = 1,
    ray: RayAddress = None,
) -> None:
    """Simulate every mode of GAME; write FOLDER/index.html and FOLDER/<mode>/report.html (+ .json).

    Example: cardtable report biosphere5 reports/biosphere5 --players heuristic,random -n 200 -w 2
    """
    if games < 1 or workers < 1:
        fail("--games and --workers must be at least 1")
    kinds = [k.strip() for k in players.split(",") if k.strip()]
    console = Console(highlight=False)

    def show(mode: ModeRun, data: ReportData) -> None:
        console.rule(f"{mode.mode} ({', '.join(mode.players)})")
        for table in report_tables(data):
            console.print(table)

    with user_errors():
        folder.mkdir(parents=True, exist_ok=True)
        index = report_modes(
            game_name,
            kinds,
            folder,
            games,
            seed,
            options=option_values(option),
            workers=workers,
            ray=ray,
            on_mode=show,
        )
    console.print(f"index written to {index}")
