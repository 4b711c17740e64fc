"""`cardtable replay`: verify a game record action by action and print how it ends; `--step` walks
through it position by position in the terminal (each move as the viewer read it, with the game's
narration, then the table as that viewer saw it)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from cardtable.core import BadRecord, Match, Narrator, Record, plain, replay

from . import app
from .common import fail, print_render, stdout, user_errors
from .words import in_words, shown

__all__ = ["in_words", "replay_command"]


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (text or JSON).")],
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Print every move and the final table.")
    ] = False,
    step: Annotated[
        bool,
        typer.Option(
            "--step",
            "-s",
            help="Step through the game: Enter: next move, b: back, a number: jump there, q: quit.",
        ),
    ] = False,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="SEAT",
            help="With --step: see the game as this seat (letter); default spectator.",
        ),
    ] = None,
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
    if step:
        viewer = _viewer(match, seat)
        stepper(console, record, match, viewer)
        return
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
        console.print(f"unfinished: {escape(who)} is deciding: {escape(plain(decision.prompt))}")
    else:
        console.print(f"result: {escape(result.describe(match.seats))}")


def check_result(record: Record, match: Match) -> None:
    """A record that states a result must agree with the replay."""
    replayed = match.result.describe(match.seats) if match.result else "*"
    if record.result not in ("*", replayed):
        raise BadRecord(f"the record says {record.result!r} but the replay ends {replayed!r}")


def _viewer(match: Match, seat: str | None) -> int | None:
    """The seat `--seat` names (a letter or number), None for a spectator."""
    if seat is None or seat.lower() in ("", "spectator"):
        return None
    game = match.game
    for index in range(game.num_seats):
        if seat.upper() == game.seat_name(index).upper() or seat == str(index):
            return index
    names = ", ".join(game.seat_name(i) for i in range(game.num_seats))
    fail(f"no seat {seat!r} in this game (seats: {names})")


def positions(record: Record, finished: Match, viewer: int | None) -> list[tuple[str, Sequence[str], Any]]:
    """Every position of the record as `viewer` saw it: what it read of the move that led there (its
    line and the narration under it) and the state after it; the first is the set-up."""
    game = finished.game
    match = Match(game, record.seed, list(finished.seats))
    narrator = Narrator(game, match.state, viewer)
    setup = [line.text for line in narrator.setup]
    out: list[tuple[str, Sequence[str], Any]] = [("set-up", setup, game.clone(match.state))]
    for move in finished.moves:
        before = game.clone(match.state)
        action = game.parse_action(move.action)
        match.apply(action, validate=False)
        told = narrator.told(before, action, match.state)
        who = finished.seats[move.seat] if move.seat < len(finished.seats) else game.seat_name(move.seat)
        text = told.text if told.text is not None else "(nothing you could see)"
        events = [line.text for line in told.events]
        out.append((f"{who}: {shown(game, text, before)}", events, game.clone(match.state)))
    return out


def stepper(console: Any, record: Record, finished: Match, viewer: int | None) -> None:
    """Show one position at a time; read commands from stdin until q or its end."""
    game = finished.game
    frames = positions(record, finished, viewer)
    last = len(frames) - 1
    index = 0
    while True:
        line, events, state = frames[index]
        console.rule(f"move {index} of {last}")
        console.print(f"[bold]{escape(plain(line))}[/]")
        for event in events:
            console.print(f"   {escape(plain(event))}")
        print_render(console, game.render(game.view(state, viewer), viewer))
        if index == last:
            result = finished.result
            console.print(f"result: {escape(result.describe(finished.seats)) if result else 'unfinished'}")
        try:
            command = input("[Enter] next · b back · number: jump · q quit > ").strip().lower()
        except EOFError:
            return
        if command == "q":
            return
        if command == "b":
            index = max(0, index - 1)
        elif command.isdigit():
            index = min(last, int(command))
        elif command == "":
            if index == last:
                return
            index += 1
