"""Replaying a record: every action checked for legality, every failure located."""

from __future__ import annotations

from cardtable import __version__

from .errors import BadOption, BadRecord, CardtableError, UnknownGame
from .game import make_game
from .match import Match
from .record import Record


def replay(record: Record) -> Match:
    """Rebuild the match a record describes, verifying each action; raises BadRecord on the first fault."""
    try:
        game = make_game(record.game, record.options)
    except (UnknownGame, BadOption) as err:
        raise BadRecord(f"header: {err}") from None
    if record.seats and len(record.seats) != game.num_seats:
        raise BadRecord(f"header: {len(record.seats)} seats named, {record.game} has {game.num_seats}")
    match = Match(game, record.seed, record.seats or None)
    for index, move in enumerate(record.moves):
        decision = match.decision
        where = record.where(index)
        if decision is None:
            raise BadRecord(f"{where}: '{move.action}' comes after the end of the game")
        if move.seat != decision.seat:
            expected = game.seat_name(decision.seat)
            raise BadRecord(
                f"{where}: '{move.action}' is marked for seat {game.seat_name(move.seat)}, "
                f"but seat {expected} is deciding: {decision.prompt}"
            )
        try:
            match.apply(move.action)
        except CardtableError as err:
            hint = f" (recorded with engine {record.engine}, this is {__version__})"
            raise BadRecord(f"{where}: {err}" + (hint if record.engine != __version__ else "")) from None
    return match
