"""Taking back a move: which moves a seat may take back, and how a take-back is kept in the record.

The game alone says whether one move may be taken back (`Game.reversible`): applying it drew on no
chance, showed nobody anything hidden beyond the move itself, and no automaton acted. This module
adds the rule of the table, the same for every game and every interface:

- a seat takes back its own moves only: the consecutive moves it made since another seat (or the
  game's automaton, inside a move) last acted, the latest first;
- every move taken back must be reversible, so a take-back never undoes something that showed
  anyone a hidden card or a chance outcome (the state it returns to is one the seat already saw);
- one take-back goes back to before the seat's latest real choice: its forced moves (a single legal
  action) after that choice go with it, since an interface would only play them again;
- nothing is taken back once the game is over.

A take-back replays the game from its seed with the moves that remain (games are deterministic), so
the state is exact. The record stays honest: its moves are the moves that stand, and each take-back
is kept beside them as an annotation (`TakeBack`), which a replay reads as a comment.

>>> from cardtable.core import Match, make_game
>>> match = Match(make_game("biosphere5"), seed=7, undo=True)
>>> match.why_not_take_back(0)
'no move has been played yet'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from .action import Action
from .errors import IllegalAction
from .game import Game


class CannotTakeBack(IllegalAction):
    """A take-back the rules of the table refuse; the message says why."""


class Step(msgspec.Struct, frozen=True, array_like=True):
    """What the take-back rule needs of one applied move: who made it, whether it was a real choice
    (more than one legal action), and whether the game lets it be taken back. A move another seat's
    move followed is out of every take-back's reach (`settled`); a replay may record it as
    `Step(seat, False, False)` without working it out."""

    seat: int
    choice: bool
    reversible: bool


class TakeBack(msgspec.Struct, frozen=True):
    """A take-back, as the record keeps it: after the first `at` moves (which stand), `seat` took
    back `actions` (in the order they had been played)."""

    at: int
    seat: int
    actions: list[str]


def step(
    game: Game[Any], before: Any, action: Action, after: Any, *, legal: Sequence[Action] | None = None
) -> Step:
    """The `Step` of `action`, applied in `before` (which is unchanged) and leading to `after`;
    `legal`: the legal actions in `before`, when the caller has them already."""
    decision = game.decision(before)
    assert decision is not None, "a move in a finished game"
    choice = len(game.legal_actions(before) if legal is None else legal) > 1
    return Step(decision.seat, choice, bool(game.reversible(before, action, after)))


def point(steps: Sequence[Step], seat: int, *, over: bool) -> int:
    """How many moves stand if `seat` takes back now (its latest real choice and what followed it);
    raises CannotTakeBack with the reason when it may not."""
    if over:
        raise CannotTakeBack("the game is over: its moves stand")
    if not steps:
        raise CannotTakeBack("no move has been played yet")
    index = len(steps) - 1
    if steps[index].seat != seat:
        raise CannotTakeBack("the last move is not yours: you can take back only your own move")
    while index >= 0 and steps[index].seat == seat:
        if not steps[index].reversible:
            raise CannotTakeBack(
                "your last move showed something hidden or drew on chance (or the automaton acted): it stands"
            )
        if steps[index].choice:
            return index
        index -= 1
    raise CannotTakeBack("your moves since another seat acted were all forced: no choice to take back")


def settled(seats: Sequence[int]) -> int:
    """How many of the moves made by `seats` (in order) no take-back can reach: every move but the
    latest ones of the seat that moved last (a seat takes back only its own moves since another seat
    acted).

    >>> settled([0, 0, 1, 1, 0, 0])
    4
    """
    count = len(seats)
    while count > 0 and seats[count - 1] == seats[-1]:
        count -= 1
    return count


def why_not(steps: Sequence[Step], seat: int | None, *, over: bool) -> str | None:
    """None if `seat` may take back now, else the reason (a spectator never may)."""
    if seat is None:
        return "spectators have no moves to take back"
    try:
        point(steps, seat, over=over)
    except CannotTakeBack as err:
        return str(err)
    return None
