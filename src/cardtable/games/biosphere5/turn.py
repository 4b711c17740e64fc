"""The turn as steps: a turn is two moves (2.1), each a decision of the player whose turn it is; the
end of a move (refill the face-up cards), the end of a turn (the hand limit, the next player); and
the team game's choice of who plays first (2.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core import Action

from .state import B5Auto, B5Choice, State

if TYPE_CHECKING:
    from .rules import Biosphere5


class Move(B5Choice, tag="move"):
    """A move of the player whose turn it is: chosen and announced; what it sets in motion follows."""

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"choose move {s.move + 1} of {game.moves_per_turn(s)}"

    def legal(self, game: Biosphere5, s: State) -> list[Action]:
        return game.move_actions(s, self.seat)

    def apply(self, game: Biosphere5, s: State, action: Action) -> None:
        self.done(s)
        game.start_move(s, self.seat, action)


class EndMove(B5Auto, tag="end-move"):
    """The move is over: the face-up cards are refilled; then the next move or the end of the turn."""

    def run(self, game: Biosphere5, s: State) -> None:
        game.end_move(s, self.seat)


class EndTurn(B5Auto, tag="end-turn"):
    """The turn is over: the next player still in the game (2.2) has the move."""

    def run(self, game: Biosphere5, s: State) -> None:
        game.end_turn(s, self.seat)


class First(B5Choice, tag="first"):
    """The team game (2.5): the team with fewer red cards face up chooses which of its two players
    starts (`starts`), then the other team which of its players follows."""

    starts: bool

    def word(self) -> str:
        return "start" if self.starts else "follow"

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"choose who of team {game.team_name(self.seat % 2)} plays first"

    def legal(self, game: Biosphere5, s: State) -> list[Action]:
        return [Action("first", (seat,)) for seat in range(4) if seat % 2 == self.seat % 2]

    def apply(self, game: Biosphere5, s: State, action: Action) -> None:
        self.done(s)
        first = int(action.args[0])
        partner = (first + 2) % 4
        if self.starts:
            s.order = [first, partner]
            return
        s.order = [s.order[0], first, partner, s.order[1]]
        game.event(s, f"turn order: {', '.join(game.seat_said(seat) for seat in s.order)}")
        game.begin_turn(s)
