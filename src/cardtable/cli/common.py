"""What the commands share: consoles, option parsing and turning errors into one clear line."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.errors import MarkupError

from cardtable.core import CardtableError, parse_options, plain

#: set to 1 to see the traceback of an internal error instead of a one-line message
DEBUG_VARIABLE = "CARDTABLE_DEBUG"


#: width of tables written to a file or pipe (a terminal uses its own width)
PIPE_WIDTH = 100


def stdout() -> Console:
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = PIPE_WIDTH
    return console


def stderr() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = 1) -> NoReturn:
    """Print `error: message` as one line on stderr and exit with `code`."""
    typer.echo(f"error: {one_line(message)}", err=True)
    raise typer.Exit(code)


def one_line(message: object) -> str:
    return " ".join(str(message).split())


@contextmanager
def user_errors(context: str = "") -> Iterator[None]:
    """Turn a CardtableError (or an unexpected error, unless CARDTABLE_DEBUG is set) into `fail`."""
    prefix = f"{context}: " if context else ""
    try:
        yield
    except (typer.Exit, typer.Abort):
        raise
    except CardtableError as err:
        fail(prefix + str(err))
    except Exception as err:
        if os.environ.get(DEBUG_VARIABLE):
            raise
        fail(f"{prefix}internal error: {type(err).__name__}: {err} (set {DEBUG_VARIABLE}=1 for details)")


def option_values(pairs: list[str] | None) -> dict[str, str]:
    """`--option k=v` pairs as a dict (BadOption on a malformed pair)."""
    return parse_options(pairs or [])


OPTION_HELP = "A game option as name=value (repeatable); `cardtable games` lists them."
#: the options the commands that make games share: `--option` (as `option_values` reads it), and where a
#: batch of games runs (`cardtable.parallel`)
GameOptions = Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)]
Workers = Annotated[
    int, typer.Option("--workers", "-w", help="Local worker processes (results do not depend on it).")
]
RayAddress = Annotated[
    str | None,
    typer.Option("--ray", metavar="ADDRESS", help="Run on a Ray cluster: an address, 'auto' or 'local'."),
]


def print_render(console: Console, text: str) -> None:
    """Print a game's rendering (rich markup); one that is not valid markup is shown as plain text. The
    seats its narration names are shown by their letters (`core.plain`)."""
    text = plain(text)
    try:
        console.print(text)
    except MarkupError:
        console.print(text, markup=False)
