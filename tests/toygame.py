"""A tiny hidden-information game used to test the core (and as the smallest example of a Game).

Two seats, twelve cards (values 1-6, twice). Each seat is dealt three. On your turn play a card at
least as high as the top of the pile, or draw, or pass when you can do neither. Empty your hand to
win; two passes in a row end the game in a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardtable.core import Action, Decision, Game, Mode, OptionSpec, Result, Rng, register


@dataclass
class ToyState:
    hands: list[list[int]]
    deck: list[int]
    pile: list[int] = field(default_factory=list)
    turn: int = 0
    passes: int = 0
    winner: int | None = None
    draw: bool = False
    rng: Rng = field(default_factory=Rng)


@register
class ToyGame(Game[ToyState]):
    name = "toy"
    title = "Toy (test game)"
    option_specs = (OptionSpec("hand", 3, "cards dealt to each seat", (2, 3, 4)),)
    modes = (Mode("standard", {"hand": 3}, "three cards each"), Mode("short", {"hand": 2}, "two cards"))

    @property
    def num_seats(self) -> int:
        return 2

    @property
    def max_actions(self) -> int:
        """The longest game: 12 plays and the draws of the undealt cards at most, and no two passes in a
        row but the two that end it (at most one more pass than plays and draws, plus one)."""
        return 2 * (12 + 12 - 2 * int(self.options["hand"])) + 2

    def new_state(self, seed: int) -> ToyState:
        rng = Rng(seed)
        deck = [v for v in range(1, 7) for _ in range(2)]
        rng.shuffle(deck)
        n = int(self.options["hand"])
        hands = [sorted(deck[:n]), sorted(deck[n : 2 * n])]
        return ToyState(hands=hands, deck=deck[2 * n :], rng=rng)

    def decision(self, state: ToyState) -> Decision | None:
        if state.winner is not None or state.draw:
            return None
        return Decision(state.turn, "move", "play a card, draw, or pass")

    def legal_actions(self, state: ToyState) -> list[Action]:
        if self.decision(state) is None:
            return []
        top = state.pile[-1] if state.pile else 0
        plays = sorted({v for v in state.hands[state.turn] if v >= top})
        actions = [Action("play", (v,)) for v in plays]
        if state.deck:
            actions.append(Action("draw"))
        if not actions:
            actions.append(Action("pass"))
        return actions

    def _apply(self, state: ToyState, action: Action) -> None:
        hand = state.hands[state.turn]
        if action.verb == "play":
            hand.remove(int(action.args[0]))
            state.pile.append(int(action.args[0]))
            state.passes = 0
            if not hand:
                state.winner = state.turn
                return
        elif action.verb == "draw":
            hand.append(state.deck.pop())
            hand.sort()
            state.passes = 0
        else:
            state.passes += 1
            if state.passes == 2:
                state.draw = True
                return
        state.turn = 1 - state.turn

    def move_words(self, state: ToyState, action: Action) -> str:
        if action.verb == "play":
            return f"plays {action.args[0]}"
        return "draws a card" if action.verb == "draw" else "passes"

    def result(self, state: ToyState) -> Result | None:
        if state.draw:
            return Result((), (0.0, 0.0), "both passed", draw=True)
        if state.winner is None:
            return None
        scores = tuple(1.0 if s == state.winner else -1.0 for s in range(2))
        return Result((state.winner,), scores, "emptied the hand")

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {
            "hand": list(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "deck_size": len(state.deck),
            "pile": list(state.pile),
            "turn": state.turn,
            "passes": state.passes,
        }

    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        sample = self.clone(state)
        other = 1 - seat
        unknown = sample.hands[other] + sample.deck
        unknown.sort()
        rng.shuffle(unknown)
        n = len(sample.hands[other])
        sample.hands[other] = sorted(unknown[:n])
        sample.deck = unknown[n:]
        sample.rng = rng.fork()  # the true generator would foretell future shuffles
        return sample

    def reversible(self, before: ToyState, action: Action, after: ToyState) -> bool:
        """A play or a pass shows nothing but itself; a draw shows the drawer a card, so it stands."""
        return after.deck == before.deck and after.rng == before.rng

    def action_space(self) -> list[Action]:
        return [Action("play", (v,)) for v in range(1, 7)] + [Action("draw"), Action("pass")]

    def check_invariants(self, state: ToyState) -> None:
        cards = sorted(state.hands[0] + state.hands[1] + state.deck + state.pile)
        assert cards == sorted(v for v in range(1, 7) for _ in range(2)), "cards not conserved"
