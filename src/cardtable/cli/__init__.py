"""The `cardtable` command line: one module per command, each registering itself on `app`.

To add a command, write `cli/<name>.py` that decorates a function with `@app.command()` and add
`<name>` to COMMANDS.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from cardtable import __version__

app = typer.Typer(
    name="cardtable",
    help="The digital table for tabletop card games: play, simulate, report, replay, benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"cardtable {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """The digital table for tabletop card games: play, simulate, replay, benchmark."""


#: the command modules, in the order `cardtable --help` lists them
COMMANDS = ("games", "play", "sim", "report", "replay", "bench", "serve")

for _command in COMMANDS:
    importlib.import_module(f"{__name__}.{_command}")


def main() -> None:
    """Entry point of the `cardtable` script."""
    app()
