"""A position evaluation for search: the chance to win, estimated from a few features of each player.

`win_chance(game, state, seat)` is a logistic model over the difference between the seat's features
and the best opponent's: the VP it would score now (chips, printed VP, 6-cost bonuses), the same
weighted by how close the end is, cards in hand, goods, military, production worlds, the uses of
its consume powers, and its tableau size. Its weights are data (`evaluation.toml`), fitted by
`python -m cardtable.analysis.fit_evaluation race-for-the-galaxy` on positions from games between
heuristic players, labelled with who went on to win.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.core import logistic

from . import powers as pw
from . import scoring
from .cards import Catalog
from .robot import breakdown as robot_breakdown
from .rules import POOL_PER_PLAYER, TABLEAU_END
from .state import RftgState

WEIGHTS_FILE = Path(__file__).with_name("evaluation.toml")

#: the fitted model (of `WEIGHTS_FILE`, or `weights(path)`), its names checked against `features` in use
weights = logistic.weights_reader(WEIGHTS_FILE)


def progress(state: RftgState) -> float:
    """How close the end is, 0 to 1: the share of the VP pool gone or of the largest tableau's way to 12."""
    robot = state.robot
    pool = POOL_PER_PLAYER * (2 if robot is not None else len(state.players))
    spent = 1 - max(0, state.pool) / pool
    largest = max(len(p.tableau) for p in state.players)
    if robot is not None:
        largest = max(largest, len(robot.tableau) + robot.markers)
    built = largest / TABLEAU_END
    return min(1.0, max(spent, built))


def features(cat: Catalog, state: RftgState, seat: int, late: float) -> dict[str, float]:
    """The features of one player, by name; `late` is `progress(state)`."""
    p = state.players[seat]
    vp = scoring.breakdown(cat, state, seat)["total"]
    saved = p.powered
    p.powered = list(p.tableau)
    try:
        military = pw.military(cat, p) - p.temp_military
        uses = sum(power.times for _, _, power in pw.powers(cat, p, "consume", "consume"))
    finally:
        p.powered = saved
    return {
        "vp": float(vp),
        "vp_late": vp * late,
        "hand": float(len(p.hand)),
        "goods": float(len(p.goods)),
        "military": float(military),
        "production_worlds": float(sum(1 for k in p.tableau if cat[k].production)),
        "consume_uses": float(uses),
        "tableau": float(len(p.tableau)),
    }


def robot_features(cat: Catalog, state: RftgState, late: float) -> dict[str, float]:
    """The solitaire robot in the same features: its VP, its hand pile, no goods and no military (it
    needs none), its economy for both production and consume uses (it scores its economy), its cards."""
    robot = state.robot
    assert robot is not None
    vp = robot_breakdown(cat, robot)["total"]
    cards = len(robot.tableau) + robot.markers
    eco = float(robot.economy)
    return {
        "vp": float(vp),
        "vp_late": vp * late,
        "hand": float(len(robot.hand)),
        "goods": 0.0,
        "military": 0.0,
        "production_worlds": eco,
        "consume_uses": eco,
        "tableau": float(cards),
    }


def solitaire_logit(cat: Catalog, state: RftgState) -> float:
    """The model's log-odds that the player (seat 0) beats the robot of the solitaire game."""
    late = progress(state)
    return weights().logit(features(cat, state, 0, late), robot_features(cat, state, late))


def win_chance(game: Any, state: RftgState, seat: int) -> float:
    """The fitted chance that `seat` wins, against the best-placed opponent (in the solitaire game,
    the player against the robot in the same features, `solitaire_logit`; the robot's chance is the
    rest)."""
    cat: Catalog = game.catalog
    if state.robot is not None:
        human = logistic.sigmoid(solitaire_logit(cat, state))
        return human if seat == 0 else 1.0 - human
    late = progress(state)
    others = (features(cat, state, o, late) for o in range(len(state.players)) if o != seat)
    return logistic.chance_against_best(weights(), features(cat, state, seat, late), others)
