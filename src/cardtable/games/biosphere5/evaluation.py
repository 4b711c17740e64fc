"""A position evaluation for search: the chance to win, estimated from a few features of each side.

`win_chance(game, state, seat)` is a logistic model over the difference between the seat's features
and the best opposing side's: achievements by level and quality, civilisation level, the Biosphere 5
card in hand (and whether it could be played), hand and pile sizes, needed achievement cards in hand,
and exposure to catastrophes. Its weights are data (`evaluation.toml`), fitted by
`python -m cardtable.analysis.fit_evaluation biosphere5` on positions from games between heuristic
players, labelled with who went on to win.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.core import logistic

from . import queries as q
from .cards import CardSet
from .state import State

WEIGHTS_FILE = Path(__file__).with_name("evaluation.toml")

BIOSPHERE_DISCARD = 5

#: the fitted model (of `WEIGHTS_FILE`, or `weights(path)`), its names checked against `features` in use
weights = logistic.weights_reader(WEIGHTS_FILE)


def features(cards: CardSet, state: State, seat: int) -> dict[str, float]:
    """The features of one player who is still in the game, by name."""
    board = state.boards[seat]
    built = {cards.cards[c].upper.category: cards.cards[c].upper for c in board.achievements}
    level = q.civilisation_level(cards, board)
    needed = rescue = 0
    for card in set(board.hand):
        upper = cards.cards[card].upper
        if upper.kind == "achievement" and upper.category not in built:
            needed += 1
        elif upper.kind == "rescue" and upper.category not in built:
            rescue += 1
    exposed = sum(
        1
        for category, spec in cards.categories.items()
        if spec.catastrophe and category not in built and not q.rescue_cards(cards, board, category)
    )
    biosphere = cards.biosphere in board.hand
    return {
        "achievement_levels": float(sum(option.level for option in built.values())),
        "perfect_achievements": float(sum(option.quality == "perfect" for option in built.values())),
        "civilisation_level": float(level),
        "biosphere_in_hand": float(biosphere),
        "biosphere_playable": float(biosphere and level == 4 and len(board.hand) > BIOSPHERE_DISCARD),
        "hand_cards": float(min(len(board.hand), 8)),
        "six_or_more_in_hand": float(len(board.hand) > BIOSPHERE_DISCARD),
        "needed_in_hand": float(needed),
        "rescue_in_hand": float(rescue),
        "exposed_categories": float(exposed),
        "pile_cards": len(board.pile) / 10,
    }


def win_chance(game: Any, state: State, seat: int) -> float:
    """The model's chance in [0, 1] that the seat's side wins: its best player still in the game
    against the best opposing player (0 when its side is out, 1 when every opponent is)."""
    model = weights()
    team = q.team_of(state, seat)
    ours: list[float] = []
    theirs: list[float] = []
    for other, board in enumerate(state.boards):
        if not board.out:
            score = model.score(features(game.cards, state, other))
            (ours if q.team_of(state, other) == team else theirs).append(score)
    if not ours or not theirs:
        return 1.0 if ours else 0.0
    return logistic.sigmoid(max(ours) - max(theirs))
