"""A match: one game being played from a seed, with the record of every action taken."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardtable import __version__

from .action import Action
from .decision import Decision, Result
from .errors import CardtableError, IllegalAction
from .game import Game, OptionValue, make_game
from .record import Move, Record
from .seats import plain
from .undo import CannotTakeBack, Step, TakeBack, point, settled, step, why_not

#: what `Match.resume` and `Match.take_back` tell a caller of each move they apply again: the position
#: before it, the action, the position after it (a new object), and the move as recorded
Observer = Callable[[Any, Action, Any, Move], None]


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
    def resume(
        cls,
        game: Game[Any],
        seed: int,
        seats: list[str] | None,
        moves: Sequence[Move],
        undone: Sequence[TakeBack] = (),
        *,
        undo: bool = True,
        observe: Observer | None = None,
    ) -> Match:
        """The match after `moves` from `seed` (a stored game picked up again), with its take-backs
        `undone`; each move is checked (its seat holds the decision, its action is legal), and the first
        that is not raises IllegalAction naming it. `observe` is told of every move as it is applied."""
        match = cls(game, seed, seats, undo=undo)
        match._replay(moves, observe, check=True)
        match.undone = list(undone)
        return match

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

    def preview(self, action: Action) -> Any:
        """The position the pending seat's `action` (legal: it is not checked) leads to, as a new
        object; the match is unchanged (`advance` then makes it the match's position).

        >>> from cardtable.core import make_game
        >>> match = Match(make_game("biosphere5"), seed=7)
        >>> after = match.preview(match.legal_actions()[0])
        >>> match.advance(match.legal_actions()[0], after).seat, len(match.moves), match.state is after
        (0, 1, True)
        """
        after = self.game.clone(self.state)
        self.game.apply(after, action, validate=False)
        return after

    def advance(self, action: Action, after: Any, *, legal: Sequence[Action] | None = None) -> Move:
        """Make `after`, the position `action` leads to from the current one (`preview`), the match's
        position, recorded as `apply` records a move; the state before is left as it was (a caller may
        hold it). `legal`: the legal actions of the current position, when the caller has them."""
        decision = self.decision
        if decision is None:
            raise IllegalAction("the game is over")
        before, self.state = self.state, after
        move = Move(decision.seat, str(action))
        self.moves.append(move)
        if self.undo:
            self.steps.append(step(self.game, before, action, after, legal=legal))
        return move

    def _replay(self, moves: Sequence[Move], observe: Observer | None, *, check: bool) -> None:
        """The match from its seed again, with `moves` applied (`check`: each checked first). With
        `undo`, the steps of the moves another seat's move followed are not worked out (no take-back
        reaches them, `core.undo.settled`): they are `Step(seat, False, False)`."""
        game = self.game
        self.state = game.new_state(self.seed)
        self.moves, self.steps = [], []
        reachable = settled([move.seat for move in moves])
        for index, move in enumerate(moves):
            try:
                action = game.parse_action(move.action)
            except CardtableError as err:
                raise IllegalAction(f"move {index + 1} '{move.action}': {err}") from None
            legal = self._check(index, move, action) if check else None
            needed = self.undo and index >= reachable
            if observe is None and not needed:  # nobody reads the position before: applied in place
                decision = self.decision
                game.apply(self.state, action, validate=False)
                self.moves.append(Move(decision.seat if decision else move.seat, str(action)))
                if self.undo:
                    self.steps.append(Step(move.seat, False, False))
                continue
            before, after = self.state, self.preview(action)
            if needed:
                recorded = self.advance(action, after, legal=legal)
            else:
                self.state = after
                recorded = Move(move.seat, str(action))
                self.moves.append(recorded)
                if self.undo:
                    self.steps.append(Step(move.seat, False, False))
            if observe is not None:
                observe(before, action, after, recorded)

    def _check(self, index: int, move: Move, action: Action) -> list[Action]:
        """The legal actions of the current position, once `move` (the `index`-th) is found among them
        for the seat that holds the decision; else IllegalAction naming it."""
        decision = self.decision
        where = f"move {index + 1} '{move.action}'"
        if decision is None:
            raise IllegalAction(f"{where} comes after the end of the game")
        if decision.seat != move.seat:
            seat, holder = self.game.seat_name(move.seat), self.game.seat_name(decision.seat)
            raise IllegalAction(
                f"{where} is marked for seat {seat}, but seat {holder} must {plain(decision.prompt)}"
            )
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(f"{where}: {self.game.explain_illegal(self.state, action, legal)}")
        return legal

    # --- taking back (`core.undo`; needs `undo=True`) -------------------------------------------
    def why_not_take_back(self, seat: int | None) -> str | None:
        """None if `seat` may take back its latest move now, else the reason."""
        if not self.undo:
            return "taking back is off for this match"
        return why_not(self.steps, seat, over=self.decision is None)

    def take_back_point(self, seat: int) -> TakeBack:
        """The take-back `take_back(seat)` would make now (CannotTakeBack if the rule refuses); the match
        is unchanged (e.g. to store the take-back before it is made)."""
        if not self.undo:
            raise CannotTakeBack("taking back is off for this match")
        keep = point(self.steps, seat, over=self.decision is None)
        return TakeBack(keep, seat, [m.action for m in self.moves[keep:]])

    def take_back(self, seat: int, *, observe: Observer | None = None) -> TakeBack:
        """Take back `seat`'s latest real choice and the forced moves after it (CannotTakeBack if the
        rule refuses): the game is replayed from the seed with the moves that stand (`observe` is told
        of each)."""
        taken = self.take_back_point(seat)
        self._replay(self.moves[: taken.at], observe, check=False)
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
