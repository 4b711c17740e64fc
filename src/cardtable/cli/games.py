"""`cardtable games`: the registered games, their seats, options and modes."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from cardtable.core import game_class, game_names, make_game

from . import app
from .common import stdout, user_errors


def describe_game(name: str) -> dict[str, Any]:
    """A game's public description as plain data (the `--json` form)."""
    cls = game_class(name)
    default = make_game(name)
    modes: list[dict[str, Any]] = []
    for mode in cls.modes:
        modes.append(
            {
                "name": mode.name,
                "options": dict(mode.options),
                "description": mode.description,
                "seats": make_game(name, mode.options).num_seats,
            }
        )
    seats = sorted({default.num_seats} | {mode["seats"] for mode in modes})
    return {
        "name": name,
        "title": cls.title,
        "seats": seats,
        "options": [spec.public() for spec in cls.option_specs],
        "modes": modes,
    }


@app.command("games")
def games_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON list instead of a table.")] = False,
) -> None:
    """List every game with its seats, options and modes."""
    with user_errors():
        described = [describe_game(name) for name in game_names()]
    if as_json:
        typer.echo(json.dumps(described, indent=2))
        return
    console = stdout()
    for game in described:
        seats = ", ".join(str(s) for s in game["seats"])
        console.print(f"[bold]{game['name']}[/]  {escape(game['title'])}  [dim]({seats} seats)[/]")
        console.print(_grid("options", [_option_row(option) for option in game["options"]]))
        console.print(_grid("modes", [_mode_row(mode) for mode in game["modes"]]))
        console.print()


def _grid(heading: str, rows: list[tuple[str, str, str]]) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=7)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    for index, row in enumerate(rows or [("-", "", "")]):
        grid.add_row(heading if index == 0 else "", *(escape(cell) for cell in row))
    return grid


def _option_row(option: dict[str, Any]) -> tuple[str, str, str]:
    choices = "|".join(_text(c) for c in option["choices"])
    words = option["help"]
    if option["when"]:
        words += f"; only with {_conditions(option['when'])}"
    if option["unused"]:
        words += f"; ignored with {_conditions(option['unused'])}"
    return f"{option['name']}={_text(option['default'])}", f"({choices})" if choices else "", words


def _conditions(conditions: dict[str, list[Any]]) -> str:
    """`{"solo": ["none"], "expansion": [1, 2]}` as "solo=none and expansion=1|2"."""
    return " and ".join(f"{name}={'|'.join(_text(v) for v in values)}" for name, values in conditions.items())


def _mode_row(mode: dict[str, Any]) -> tuple[str, str, str]:
    options = " ".join(f"{k}={_text(v)}" for k, v in sorted(mode["options"].items()))
    return mode["name"], options, mode["description"]


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
