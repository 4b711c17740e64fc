"""`python -m cardtable.report GAME FOLDER`: a simulation report for every mode of a game.

    python -m cardtable.report biosphere5 reports/bio5 --players heuristic,random -n 200 --workers 2

writes `reports/biosphere5/index.html` and one `report.html` (with `report.json`) per mode.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from cardtable.cli.common import OPTION_HELP, fail, option_values, user_errors

from .data import ReportData
from .modes import ModeRun, report_modes
from .tables import report_tables

app = typer.Typer(add_completion=False)


@app.command()
def main(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    folder: Annotated[Path, typer.Argument(help="Where to write index.html and one folder per mode.")],
    players: Annotated[
        str, typer.Option(help="Player kinds, repeated in turn to fill each mode's seats.")
    ] = "random",
    games: Annotated[int, typer.Option("--games", "-n", help="Games per mode.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of every mode's batch.")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    workers: Annotated[int, typer.Option("--workers", "-w")] = 1,
    ray: Annotated[str | None, typer.Option("--ray", metavar="ADDRESS")] = None,
) -> None:
    """Simulate every mode of GAME and write one report per mode and an index page."""
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


if __name__ == "__main__":
    app()
