"""What the games' take-back tests share: reaching a scenario in a seeded random game, and asking the
game whether a move can be taken back (RULES.md "Taking back a move" of each game)."""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Rng


def reached(game: Any, seed: int, wanted: Any, limit: int = 2000) -> tuple[Any, Action]:
    """The first position of a seeded random game (seed `seed`) where `wanted(game, state, action)`
    holds for a legal action, with that action: the scenario a rule clause needs."""
    state, rng = game.new_state(seed), Rng(seed)
    for _ in range(limit):
        legal = game.legal_actions(state)
        assert legal, "the game ended before the scenario came up"
        for action in legal:
            if wanted(game, state, action):
                return state, action
        game.apply(state, legal[rng.below(len(legal))])
    raise AssertionError("the scenario never came up")


def taken_back(game: Any, state: Any, action: Action | str) -> bool:
    """Whether the game lets `action`, applied in `state`, be taken back (the state is left as it was)."""
    after = game.clone(state)
    game.apply(after, action)
    return game.reversible(state, Action.parse(str(action)), after)
