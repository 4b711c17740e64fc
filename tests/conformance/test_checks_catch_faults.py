"""The conformance checks catch what they claim to: each broken variant of the toy game fails one.

The toy game passes every check (it runs in the suite as `toy-*`); each variant below breaks one
house rule, and the check meant for that rule must fail on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import pytest

from cardtable.core import Action, Decision, Result, Rng
from tests.toygame import ToyGame, ToyState
from tests.toygame_shown import DrawsFaceUp, ShownCutToTheHand

from . import checks
from .harness import Playout, play_random


class ViewShowsOpponentHand(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "hands": [list(h) for h in state.hands]}


class ViewShowsDeckOrder(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "deck": list(state.deck)}


class SpectatorSeesHands(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        if seat is None:
            view["hand"] = list(state.hands[state.turn])
        return view


class ViewSharesTheStateLists(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "pile": state.pile}


class ViewsShowEveryoneTheFirstHand(ToyGame):
    """Every viewer at once (`views`) is shown the first viewer's view, its hand included."""

    def views(self, state: ToyState, viewers: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        first = self.view(state, viewers[0])
        return {viewer: first for viewer in viewers}


class RenderIsBrokenMarkup(ToyGame):
    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return "[bold]hand[/bold] [/oops]"


class DeterminizeKeepsOpponentHand(ToyGame):
    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        sample = self.clone(state)
        deck = sorted(sample.deck)
        rng.shuffle(deck)
        sample.deck = deck
        sample.rng = rng.fork()
        return sample


class DeterminizeKeepsDeckOrder(ToyGame):
    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        sample = self.clone(state)
        other = 1 - seat
        hand = sorted(sample.hands[other])
        rng.shuffle(hand)  # the hand is "resampled" among itself; the deck keeps its true order
        sample.hands[other] = sorted(hand)
        sample.rng = rng.fork()
        return sample


class DeterminizeReadsDeckOrder(ToyGame):
    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        sample = self.clone(state)
        other = 1 - seat
        unknown = sample.hands[other] + sample.deck  # not sorted: the true deck order leaks in
        rng.shuffle(unknown)
        n = len(sample.hands[other])
        sample.hands[other], sample.deck = sorted(unknown[:n]), unknown[n:]
        sample.rng = rng.fork()
        return sample


class DeterminizeKeepsTheRng(ToyGame):
    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        sample = super().determinize(state, seat, rng)
        sample.rng = Rng(state.rng.state)
        return sample


class RefusingAnActionTouchesTheState(ToyGame):
    def explain_illegal(self, state: ToyState, action: Action, legal: list[Action]) -> str:
        state.deck.reverse()  # e.g. a "helpful" message that peeks by rearranging the deck
        return super().explain_illegal(state, action, legal)


class NoResult(ToyGame):
    def result(self, state: ToyState) -> Result | None:
        return None


class UnstableActionOrder(ToyGame):
    def legal_actions(self, state: ToyState) -> list[Action]:
        actions = super().legal_actions(state)
        self.calls = getattr(self, "calls", 0) + 1
        return actions[::-1] if self.calls % 2 else actions


class CardsVanish(ToyGame):
    def _apply(self, state: ToyState, action: Action) -> None:
        super()._apply(state, action)
        if action.verb == "draw" and state.deck:
            state.deck.pop()


class NeverEnds(ToyGame):
    def _apply(self, state: ToyState, action: Action) -> None:
        super()._apply(state, action)
        state.winner, state.draw, state.passes = None, False, 0


class DecisionTellsTheHand(ToyGame):
    """A decision whose kind says whether the seat holds a playable card (as Biosphere 5's "rescue"
    decision said whether a player held a rescue card)."""

    def decision(self, state: ToyState) -> Decision | None:
        decision = super().decision(state)
        if decision is None:
            return None
        top = state.pile[-1] if state.pile else 0
        can_play = any(v >= top for v in state.hands[state.turn])
        return Decision(decision.seat, "play" if can_play else "draw", decision.prompt)


class FaceDown(ToyGame):
    """The toy game with cards played face down: only the size of the pile is public."""

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "pile": len(state.pile)}

    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        sample = self.clone(state)
        other = 1 - seat
        hidden = sorted(sample.hands[other] + sample.deck + sample.pile)
        rng.shuffle(hidden)
        n_other, n_pile = len(sample.hands[other]), len(sample.pile)
        sample.hands[other] = sorted(hidden[:n_other])
        sample.pile = hidden[n_other : n_other + n_pile]
        sample.deck = hidden[n_other + n_pile :]
        sample.rng = rng.fork()
        return sample

    def legal_actions(self, state: ToyState) -> list[Action]:
        # face down, any card may be played (nobody could check the pile's order)
        if self.decision(state) is None:
            return []
        actions = [Action("play", (v,)) for v in sorted(set(state.hands[state.turn]))]
        return actions + ([Action("draw")] if state.deck else []) or [Action("pass")]


class FaceDownLogged(FaceDown):
    """Face-down plays logged in full to everyone (as Dino Battles' "A: keep defend" was)."""


class FaceDownSecret(FaceDown):
    secret_verbs: ClassVar[Mapping[str, str]] = {"play": "plays a card face down"}


class NarrationNamesTheDraw(ToyGame):
    """A narration that names the card a seat drew, to every viewer."""

    def narration(self, state: ToyState, viewer: int | None) -> list[str]:
        return [f"{self.seat_name(s)} holds {max(h)}" for s, h in enumerate(state.hands) if h]


def _states(game: ToyGame) -> list[Any]:
    return [state for seed in range(4) for state in play_random(game, seed).states]


def _playout(game: ToyGame) -> Playout:
    return play_random(game, 1)


StateCheck = Callable[[Any, list[Any]], None]

STATE_CHECKS: list[tuple[type[ToyGame], StateCheck]] = [
    (ViewShowsOpponentHand, checks.check_views_survive_determinize),
    (ViewShowsDeckOrder, checks.check_views_survive_determinize),
    (SpectatorSeesHands, checks.check_spectator_sees_no_hidden_card),
    (ViewSharesTheStateLists, checks.check_views_are_plain_detached_data),
    (RenderIsBrokenMarkup, checks.check_views_are_plain_detached_data),
    (ViewsShowEveryoneTheFirstHand, checks.check_views_match_view),
    (DeterminizeKeepsOpponentHand, checks.check_determinize_resamples_other_seats),
    (DeterminizeReadsDeckOrder, checks.check_determinize_depends_only_on_view),
    (DeterminizeKeepsTheRng, checks.check_determinize_is_sound),
    (RefusingAnActionTouchesTheState, checks.check_illegal_actions_refused),
    (UnstableActionOrder, checks.check_legal_actions),
    (CardsVanish, checks.check_invariants),
    (DecisionTellsTheHand, checks.check_decision_is_public),
    (FaceDownLogged, checks.check_descriptions_reveal_nothing_hidden),
    (NarrationNamesTheDraw, checks.check_narration_survives_determinize),
    (ShownCutToTheHand, checks.check_moves_keep_lookalikes_alike),
]


@pytest.mark.parametrize(("broken", "check"), STATE_CHECKS, ids=[cls.__name__ for cls, _ in STATE_CHECKS])
def test_a_state_check_catches_its_fault(broken: type[ToyGame], check: StateCheck) -> None:
    game = broken()
    with pytest.raises((AssertionError, pytest.fail.Exception)):
        check(game, _states(game))


@pytest.mark.parametrize(
    "check",
    [
        checks.check_views_survive_determinize,
        checks.check_views_match_view,
        checks.check_invariants,
        checks.check_decision_is_public,
        checks.check_descriptions_reveal_nothing_hidden,
        checks.check_narration_survives_determinize,
        checks.check_moves_keep_lookalikes_alike,
    ],
)
def test_the_toy_game_itself_passes(check: StateCheck) -> None:
    check(ToyGame(), _states(ToyGame()))


def test_a_face_down_play_read_as_the_game_says_passes() -> None:
    """Declaring the secret (`secret_verbs`) is the fix the check asks for: others read no card."""
    game = FaceDownSecret()
    checks.check_descriptions_reveal_nothing_hidden(game, _states(game))
    state = game.new_state(4)
    play = next(a for a in game.legal_actions(state) if a.verb == "play")
    assert game.describe(state, play, 0) == str(play)
    assert game.describe(state, play, 1) == game.describe(state, play, None) == "plays a card face down"


def test_a_leak_that_appears_only_after_a_move_is_caught_by_the_pair_check_alone() -> None:
    """A shown part cut to the hand's size after a play: every position passes the checks of one state
    at a time, yet the move tells the other seat whether the hand held an unseen copy."""
    game = ShownCutToTheHand()
    states = _states(game)
    for check in (
        checks.check_views_survive_determinize,
        checks.check_determinize_depends_only_on_view,
        checks.check_determinize_is_sound,
        checks.check_spectator_sees_no_hidden_card,
        checks.check_decision_is_public,
        checks.check_narration_survives_determinize,
        checks.check_descriptions_reveal_nothing_hidden,
        checks.check_invariants,
    ):
        check(game, states)
    with pytest.raises(
        AssertionError, match=r"reads seat \d's move as 'play \d'.*its view after them differs"
    ):
        checks.check_moves_keep_lookalikes_alike(game, states)
    checks.check_moves_keep_lookalikes_alike(DrawsFaceUp(), _states(DrawsFaceUp()))


def test_a_sample_that_foretells_draws_is_caught() -> None:
    game = DeterminizeKeepsDeckOrder()
    playouts = [play_random(game, seed) for seed in range(4)]
    checks.check_views_survive_determinize(game, [s for p in playouts for s in p.states])
    with pytest.raises(AssertionError, match="foretell draws"):
        checks.check_determinize_does_not_foretell_draws(game, playouts)
    checks.check_determinize_does_not_foretell_draws(ToyGame(), [play_random(ToyGame(), s) for s in range(4)])


def test_a_missing_result_is_caught() -> None:
    game = NoResult()
    with pytest.raises(AssertionError, match="without a result"):
        checks.check_result_exactly_at_the_end(game, _playout(game))


def test_a_game_that_never_ends_is_caught() -> None:
    with pytest.raises(AssertionError, match="no end after"):
        play_random(NeverEnds(), 1)
