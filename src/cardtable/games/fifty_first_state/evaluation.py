"""A position evaluation for search: the chance to win, estimated from a few features of each player.

`win_chance(game, state, seat)` is a logistic model over the difference between the seat's features
and the best opponent's: its VP (and the same weighted by how close the end is), its standing
locations (each +1 VP at the end), the VP and the other goods its productions and deals bring each
round, the uses of its action locations, the cards and Connection cards in its hand, the tokens in
its supply and the goods lying on its locations, and the heuristic player's `worth` of it all. Its
weights are data (`evaluation.toml`), fitted by
`python -m cardtable.analysis.fit_evaluation 51st-state` on positions from games between
heuristic players, labelled with who went on to win.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.core import logistic

from .cards import Catalog
from .state import FiftyState
from .table import produced
from .worth import worth

WEIGHTS_FILE = Path(__file__).with_name("evaluation.toml")

#: the fitted model (of `WEIGHTS_FILE`, or `weights(path)`), its names checked against `features` in use
weights = logistic.weights_reader(WEIGHTS_FILE)


def progress(cat: Catalog, state: FiftyState) -> float:
    """How close the end is, 0 to 1: the leader's share of the end score (1 in the last round)."""
    if state.last_round:
        return 1.0
    return min(1.0, max(p.vp for p in state.players) / cat.rules.end_vp)


def features(cat: Catalog, state: FiftyState, seat: int, late: float | None = None) -> dict[str, float]:
    """The features of one player, by name; `late` is `progress(...)` if already known."""
    late = progress(cat, state) if late is None else late
    p = state.players[seat]
    locations = uses = held = 0
    vp_income = income = 0.0
    for site in p.sites:
        if site.ruin:
            continue
        locations += 1
        held += sum(site.held.values())
        loc = cat.locations[site.key]
        if loc.production is not None:
            goods = produced(cat, p, loc)
            vp_income += goods.count("vp")
            income += len(goods) - goods.count("vp")
        if loc.action is not None:
            uses += loc.action.uses
    for deal in p.deals:
        if cat.locations[deal].deal == "vp":
            vp_income += 1
        else:
            income += 1
    return {
        "vp": float(p.vp),
        "vp_late": p.vp * late,
        "locations": float(locations),
        "vp_income": vp_income,
        "income": income,
        "action_uses": float(uses),
        "hand": float(len(p.hand)),
        "connections": float(len(p.connections)),
        "supply": float(sum(p.supply.values())),
        "held": float(held),
        "worth": worth(cat, state, seat),
    }


def win_chance(game: Any, state: FiftyState, seat: int) -> float:
    """The fitted chance that `seat` wins, against the best-placed opponent."""
    cat: Catalog = game.catalog
    late = progress(cat, state)
    others = (features(cat, state, o, late) for o in range(len(state.players)) if o != seat)
    return logistic.chance_against_best(weights(), features(cat, state, seat, late), others)
