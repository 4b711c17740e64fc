"""`cardtable replay`: verify a game record action by action and print how it ends."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from cardtable.core import BadRecord, Match, Record, replay

from . import app
from .common import fail, print_render, stdout, user_errors


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (text or JSON).")],
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Print every move and the final table.")
    ] = False,
) -> None:
    """Replay a record, checking that every action is legal, and print the result.

    Exits with 1 and one line on stderr naming the line and move at fault if the record does not replay.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")  # a BOM some editors add is not part of the record
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        fail(f"cannot read {path}: {reason}")
    with user_errors():
        record = Record.load(text)
        match = replay(record)
    with user_errors():
        check_result(record, match)
    console = stdout()
    game = match.game
    if verbose:
        for number, move in enumerate(match.moves, 1):
            console.print(f"{number:>4}. {escape(game.seat_name(move.seat))}: {escape(move.action)}")
        print_render(console, game.render(game.view(match.state, None), None))
    options = game.option_string()
    console.print(
        f"{escape(game.name)}{' ' + escape(options) if options else ''}, seed {match.seed}: "
        f"{len(match.moves)} moves replayed, all legal"
    )
    result = match.result
    if result is None:
        decision = match.decision
        assert decision is not None
        who = game.seat_name(decision.seat)
        console.print(f"unfinished: {escape(who)} must {escape(decision.prompt)}")
    else:
        console.print(f"result: {escape(result.describe(match.seats))}")


def check_result(record: Record, match: Match) -> None:
    """A record that states a result must agree with the replay."""
    replayed = match.result.describe(match.seats) if match.result else "*"
    if record.result not in ("*", replayed):
        raise BadRecord(f"the record says {record.result!r} but the replay ends {replayed!r}")
