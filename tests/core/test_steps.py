"""core.steps: the queue of typed steps and the one loop that runs it, on a small game of its own.

The game: seat 0 deals itself cards from a pile (automatic, one `Deal` per card), then discards
`n` of them one at a time (a choice that stays until done); with a single card in hand there is no
real choice and the discard resolves itself. A `Count` step pushes itself back behind a `Deal` to
carry on after it. The state is declared before its steps (as in a game whose steps live in the
modules above its state): the queue's union is worked out when the game makes its decoders.
"""

from __future__ import annotations

import msgspec
import pytest

from cardtable.core import Action, BadRecord, IllegalAction, act
from cardtable.core.steps import Auto, Choice, Queue, Step, StepGame, push, step_kinds


class PileStep(Step):
    """The family of this test game's steps."""


class PileState(msgspec.Struct):
    pile: list[int]
    hand: list[int] = msgspec.field(default_factory=list)
    log: list[str] = msgspec.field(default_factory=list)
    steps: Queue[PileStep] = msgspec.field(default_factory=list)


class Deal(PileStep, Auto, tag="deal"):
    def run(self, game: PileGame, s: PileState) -> None:
        s.hand.append(s.pile.pop())
        s.log.append("deal")


class Count(PileStep, Auto, tag="count"):
    """Deals `left` more cards, one `Deal` step each: it resumes after each."""

    left: int

    def run(self, game: PileGame, s: PileState) -> None:
        s.log.append(f"count {self.left}")
        if self.left:
            self.left -= 1
            push(s, Deal(), self)


class Discard(PileStep, Choice, tag="discard"):
    n: int
    thrown: list[int] = msgspec.field(default_factory=list)

    def run(self, game: PileGame, s: PileState) -> bool:
        if len(set(s.hand)) == 1:  # a single card (or copies of one): nothing to choose
            self.throw(s, s.hand[0])
            return True
        return False

    def prompt(self, game: PileGame, s: PileState) -> str:
        return f"discard a card ({self.n} to go)"

    def legal(self, game: PileGame, s: PileState) -> list[Action]:
        return [act("discard", card) for card in sorted(set(s.hand))]

    def apply(self, game: PileGame, s: PileState, action: Action) -> None:
        self.throw(s, int(action.args[0]))

    def throw(self, s: PileState, card: int) -> None:
        s.hand.remove(card)
        self.thrown.append(card)
        self.n -= 1
        if self.n == 0 or not s.hand:
            self.done(s)


class Peek(PileStep, Choice, tag="peek"):
    """A choice that first puts a `Deal` in front of itself, then is done from behind it."""

    def prompt(self, game: PileGame, s: PileState) -> str:
        return "deal first, or not"

    def legal(self, game: PileGame, s: PileState) -> list[Action]:
        return [act("deal"), act("skip")]

    def apply(self, game: PileGame, s: PileState, action: Action) -> None:
        if action.verb == "deal":
            push(s, Deal())
        self.done(s)


class Draw(PileStep, Choice, tag="draw"):
    """A choice to draw from the pile or not, done without asking when the pile is empty (`done_if`)."""

    question = "draw a card, or not"

    def run(self, game: PileGame, s: PileState) -> bool:
        return self.done_if(s, not s.pile)

    def legal(self, game: PileGame, s: PileState) -> list[Action]:
        return [act("draw"), act("skip")]

    def apply(self, game: PileGame, s: PileState, action: Action) -> None:
        if action.verb == "draw":
            s.hand.append(s.pile.pop())
        self.done(s)


class PileGame(StepGame[PileState, PileStep]):
    name = "pile"
    title = "Pile (test game)"

    @property
    def num_seats(self) -> int:
        return 1

    def new_state(self, seed: int) -> PileState:
        s = PileState(pile=[5, 4, 3, 3], steps=[Count(2), Discard(0, n=2)])
        self.advance(s)
        return s


class OtherStep(Step):
    """Another game's family: its kinds are not the pile game's."""


class Elsewhere(OtherStep, Choice, tag="elsewhere"):
    pass


def test_an_auto_step_is_taken_off_before_it_runs_and_may_resume_after_what_it_pushes() -> None:
    s = PileGame().new_state(1)
    assert s.log == ["count 2", "deal", "count 1", "deal", "count 0"]
    assert s.pile == [5, 4]


def test_a_choice_without_a_real_choice_resolves_itself_until_done() -> None:
    game = PileGame()
    s = game.new_state(1)  # two 3s: the discard throws both by itself
    assert s.hand == [] and s.steps == []
    assert game.decision(s) is None and game.legal_actions(s) == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(s, "discard 3")


def test_a_choice_is_asked_until_it_is_done_and_its_kind_is_its_tag() -> None:
    game = PileGame()
    s = PileState(pile=[5, 4, 3], steps=[Count(3), Discard(0, n=2)])
    game.advance(s)
    decision = game.decision(s)
    assert decision is not None
    assert (decision.seat, decision.kind, decision.prompt) == (0, "discard", "Discard a card (2 to go)")
    assert game.legal_actions(s) == [act("discard", 3), act("discard", 4), act("discard", 5)]
    game.apply(s, "discard 4")
    assert game.decision(s).prompt == "Discard a card (1 to go)"
    game.apply(s, "discard 5")
    assert s.hand == [3] and s.steps == []


def test_an_illegal_action_changes_nothing() -> None:
    game = PileGame()
    s = PileState(pile=[5, 4, 3], steps=[Count(3), Discard(0, n=2)])
    game.advance(s)
    before = game.to_json(s)
    with pytest.raises(IllegalAction):
        game.apply(s, "discard 9")
    assert game.to_json(s) == before


def test_done_takes_the_step_off_from_behind_the_steps_it_pushed() -> None:
    game = PileGame()
    s = PileState(pile=[5, 4], steps=[Peek(0), Count(0)])
    game.apply(s, "deal")
    assert s.log == ["deal", "count 0"] and s.hand == [4] and s.steps == []


def test_the_state_round_trips_with_every_step_and_its_fields() -> None:
    game = PileGame()
    s = PileState(pile=[5, 4, 3], steps=[Count(3), Discard(0, n=2)])
    game.advance(s)
    game.apply(s, "discard 4")
    s.steps.append(Count(1))
    text = game.to_json(s)
    assert '{"type":"discard","seat":0,"n":1,"thrown":[4]}' in text
    assert '{"type":"count","left":1}' in text
    assert game.from_json(text) == s
    assert game.clone(s) == s and game.clone(s).steps[0] is not s.steps[0]


def test_an_unknown_kind_is_a_bad_record() -> None:
    game = PileGame()
    with pytest.raises(BadRecord, match="not a pile state"):
        game.from_json('{"pile":[],"steps":[{"type":"elsewhere","seat":0}]}')


def test_decision_kinds_are_the_games_choice_tags_sorted() -> None:
    assert PileGame().decision_kinds() == ("discard", "draw", "peek")
    assert list(step_kinds(PileStep)) == ["count", "deal", "discard", "draw", "peek"]
    assert list(step_kinds(OtherStep)) == ["elsewhere"]


def test_two_classes_of_one_kind_are_refused() -> None:
    class Family(Step):
        pass

    class First(Family, Auto, tag="same"):
        pass

    class Second(First):  # inherits the tag "same"
        pass

    with pytest.raises(TypeError, match="both steps of kind 'same'"):
        step_kinds(Family)


def test_a_step_without_its_methods_says_which() -> None:
    with pytest.raises(TypeError, match="elsewhere defines no prompt"):
        Elsewhere(0).prompt(None, None)


def test_done_if_resolves_a_choice_without_asking_only_when_nothing_is_to_ask() -> None:
    game = PileGame()
    empty = PileState(pile=[], steps=[Draw(0), Peek(0)])
    game.advance(empty)
    assert [step.kind for step in empty.steps] == ["peek"]
    s = PileState(pile=[7], steps=[Draw(0), Peek(0)])
    game.advance(s)
    decision = game.decision(s)
    assert decision is not None and decision.kind == "draw" and decision.prompt == "Draw a card, or not"
    game.apply(s, "draw")
    assert s.hand == [7] and [step.kind for step in s.steps] == ["peek"]
