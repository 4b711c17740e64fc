"""A match: one game being played from a seed, with the record of every action taken."""

from __future__ import annotations

from typing import Any

from cardtable import __version__

from .action import Action
from .decision import Decision, Result
from .errors import IllegalAction
from .game import Game, OptionValue, make_game
from .record import Move, Record


class Match:
    """A game, its current state, and the actions that led there from the seed.

    Every interface (terminal, web table, simulator) plays through a Match, so every game it plays
    can be written out as a Record and replayed.
    """

    def __init__(self, game: Game[Any], seed: int, seats: list[str] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.seats = seats or ["?"] * game.num_seats
        self.state = game.new_state(seed)
        self.moves: list[Move] = []

    @classmethod
    def start(
        cls, name: str, options: dict[str, OptionValue] | None, seed: int, seats: list[str] | None = None
    ) -> Match:
        return cls(make_game(name, options), seed, seats)

    @property
    def decision(self) -> Decision | None:
        return self.game.decision(self.state)

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def apply(self, action: Action | str, *, validate: bool = True) -> None:
        """Apply the pending seat's action; an illegal one raises IllegalAction and changes nothing."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        decision = self.decision
        if decision is None:
            raise IllegalAction("the game is over")
        self.game.apply(self.state, action, validate=validate)
        self.moves.append(Move(decision.seat, str(action)))

    def record(self) -> Record:
        result = self.result
        return Record(
            game=self.game.name,
            engine=__version__,
            options=dict(self.game.options),
            seed=self.seed,
            seats=list(self.seats),
            moves=list(self.moves),
            result=result.describe(self.seats) if result else "*",
        )
