"""The toy game with cards drawn face up: everyone sees a drawn card join the hand (its public "shown"
part, as 51st State's Lookout picks) until it is played. A copy played is a shown one if the hand has
one, so the shown part after a move depends only on what everyone saw.

`ShownCutToTheHand` breaks that the way 51st State once did: the shown part is cut to the cards left,
so after a play it tells whether the hand held another, unseen copy. Every position still looks
consistent on its own; only the check that moves keep positions a seat cannot tell apart alike
(`check_moves_keep_lookalikes_alike`) catches it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from cardtable.core import Action, Rng

from .toygame import ToyGame, ToyState


@dataclass
class ShownToyState(ToyState):
    shown: list[list[int]] = field(default_factory=lambda: [[], []])


class DrawsFaceUp(ToyGame):
    state_type = ShownToyState

    def new_state(self, seed: int) -> ShownToyState:
        base = super().new_state(seed)
        return ShownToyState(**{f.name: getattr(base, f.name) for f in fields(base)})

    def _apply(self, state: ShownToyState, action: Action) -> None:
        seat = state.turn
        drawn = state.deck[-1] if action.verb == "draw" else None
        super()._apply(state, action)
        if drawn is not None:
            state.shown[seat] = sorted([*state.shown[seat], drawn])
        elif action.verb == "play":
            self.forget(state.shown[seat], state.hands[seat], int(action.args[0]))

    def forget(self, shown: list[int], hand: list[int], card: int) -> None:
        """`card` left `hand`: a shown copy if there is one."""
        if card in shown:
            shown.remove(card)

    def view(self, state: ShownToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "shown": [list(s) for s in state.shown]}

    def determinize(self, state: ShownToyState, seat: int, rng: Rng) -> ShownToyState:
        """Keep the other hand's shown cards; deal its unseen ones and the deck afresh."""
        sample = self.clone(state)
        other = 1 - seat
        unseen = Counter(sample.hands[other]) - Counter(sample.shown[other])
        pool = sorted([*unseen.elements(), *sample.deck])
        rng.shuffle(pool)
        n = len(sample.hands[other]) - len(sample.shown[other])
        sample.hands[other] = sorted(sample.shown[other] + pool[:n])
        sample.deck = pool[n:]
        sample.rng = rng.fork()
        return sample

    def check_invariants(self, state: ShownToyState) -> None:
        super().check_invariants(state)
        for shown, hand in zip(state.shown, state.hands, strict=True):
            assert not Counter(shown) - Counter(hand), "a shown card is not in the hand"


class ShownCutToTheHand(DrawsFaceUp):
    def forget(self, shown: list[int], hand: list[int], card: int) -> None:
        """The leak: as many shown copies as the hand still holds, which tells of an unseen copy."""
        while shown.count(card) > hand.count(card):
            shown.remove(card)
