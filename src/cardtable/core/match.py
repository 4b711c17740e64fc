"""A match: one game being played from a seed, with the record of every action taken."""

from __future__ import annotations

from typing import Any

from cardtable import __version__

from .action import Action
from .decision import Decision, Result
from .errors import IllegalAction
from .game import Game, OptionValue, make_game
from .record import Move, Record
from .undo import CannotTakeBack, Step, TakeBack, point, step, why_not


class Match:
    """A game, its current state, and the actions that led there from the seed.

    Every interface (terminal, web table, simulator) plays through a Match, so every game it plays
    can be written out as a Record and replayed.
    """

    def __init__(
        self, game: Game[Any], seed: int, seats: list[str] | None = None, *, undo: bool = False
    ) -> None:
        self.game = game
        self.seed = seed
        self.seats = seats or ["?"] * game.num_seats
        self.state = game.new_state(seed)
        self.moves: list[Move] = []
        #: with `undo`, what the take-back rule needs of every move (`core.undo`); it costs a copy of
        #: the state per move, so simulations leave it off
        self.undo = undo
        self.steps: list[Step] = []
        #: the take-backs so far, kept in the record beside the moves that stand
        self.undone: list[TakeBack] = []

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
        before = self.game.clone(self.state) if self.undo else None
        self.game.apply(self.state, action, validate=validate)
        self.moves.append(Move(decision.seat, str(action)))
        if before is not None:
            self.steps.append(step(self.game, before, action, self.state))

    # --- taking back (`core.undo`; needs `undo=True`) -------------------------------------------
    def why_not_take_back(self, seat: int | None) -> str | None:
        """None if `seat` may take back its latest move now, else the reason."""
        if not self.undo:
            return "taking back is off for this match"
        return why_not(self.steps, seat, over=self.decision is None)

    def take_back(self, seat: int) -> TakeBack:
        """Take back `seat`'s latest real choice and the forced moves after it (CannotTakeBack if the
        rule refuses): the game is replayed from the seed with the moves that stand."""
        if not self.undo:
            raise CannotTakeBack("taking back is off for this match")
        keep = point(self.steps, seat, over=self.decision is None)
        taken = TakeBack(keep, seat, [m.action for m in self.moves[keep:]])
        standing = self.moves[:keep]
        self.state = self.game.new_state(self.seed)
        self.moves, self.steps = [], []
        for move in standing:
            self.apply(move.action, validate=False)
        self.undone.append(taken)
        return taken

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
            undone=sorted(self.undone, key=lambda taken: min(taken.at, len(self.moves))),
        )
