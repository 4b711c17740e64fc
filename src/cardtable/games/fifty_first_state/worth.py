"""What a 51st State position is worth to a player, by rules of thumb (RULES.md "Bots"): the heuristic
player's yardstick, and a feature of the fitted evaluation (`evaluation.py`)."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import cards_to_give
from .cards import Catalog, Location
from .state import VIRTUAL, FiftyState

#: what one token, card or VP is worth, in VP-like points
VALUE = {
    "vp": 1.0,
    "fuel": 0.4,
    "gun": 0.45,
    "iron": 0.4,
    "brick": 0.45,
    "ammo": 0.5,
    "worker": 0.22,
    "card": 0.45,
    "grey": 0.35,
    "red": 0.25,
    "blue": 0.3,
    "universal": 0.45,
    "development": 0.5,
    "develop-match": 0.45,
    "defence": 0.2,
    "any-basic": 0.4,
    "discard-card": 0.4,
    "discard-deal": 1.2,
    "steal-basic": 0.7,
}
#: a supply token's value as a share of VALUE: Cleanup discards what is left
SUPPLY_SHARE = 0.7
#: rounds a new production, deal or action location is expected to serve
HORIZON = 2.5


def card_worth(cat: Catalog, loc: Location) -> float:
    """`_card_worth`, computed once per card."""
    key = (id(cat), loc.key)
    found = _WORTH.get(key)
    if found is None:
        found = _WORTH[key] = _card_worth(loc)
    return found


_WORTH: dict[tuple[int, str], float] = {}


def _card_worth(loc: Location) -> float:
    """What a location is worth to own, per the rules of thumb: its production or its action over
    a few rounds, the +1 VP it scores at the end, and its building bonus."""
    worth = 1.0 + sum(VALUE[a] for a in loc.bonus)
    if loc.production is not None:
        prod = loc.production
        per_round = sum(VALUE[g] for g in prod.goods) if prod.goods else 1.5 * VALUE.get(prod.good or "", 0)
        worth += per_round * (HORIZON + 1)
    if loc.action is not None:
        gain = sum(VALUE[a] for a in loc.action.gain)
        cost = sum(VALUE[a] for a in loc.action.cost)
        worth += max(0.2, gain - cost) * loc.action.uses * HORIZON
    if loc.bonus_vp_per_type is not None:
        worth += 2.0
    if loc.cache is not None:
        worth += loc.cache.count * VALUE[loc.cache.good]
    if loc.storage:
        worth += 0.5
    return worth - 0.3 * loc.distance


def worth(cat: Catalog, s: FiftyState, seat: int, late: bool | None = None) -> float:
    """How good `s` looks for `seat`, in VP-like points; in the last round (or if `late`), what
    counts is what scores at the end."""
    p = s.players[seat]
    if s.virtual is not None and seat == VIRTUAL:  # the solo game's virtual player: its locations
        return p.vp + float(len(p.sites))  # do nothing for it but score 1 VP each at the end
    late = s.last_round if late is None else late
    total = float(p.vp)
    for site in p.sites:
        if site.ruin:
            continue
        loc = cat.locations[site.key]
        total += 1.0 if late else card_worth(cat, loc)
        if loc.action is not None and not late:
            total -= 0.3 * site.uses  # an action used this round serves less until Cleanup
        total += sum(VALUE[k] * n for k, n in site.held.items())
    if not late:
        total += sum(VALUE[cat.locations[d].deal] * HORIZON for d in p.deals)
        total += 0.45 * len(p.hand)
        total += sum(SUPPLY_SHARE * _gain_value(cat.connections[c].gain) for c in p.connections)
    total += SUPPLY_SHARE * sum(VALUE.get(k, 0) * n for k, n in p.supply.items())
    pend = s.pending
    if pend is not None and pend.seat == seat:  # what is still to pay counts as paid
        total -= sum(VALUE[u] for u in pend.units[len(pend.spent) :]) * SUPPLY_SHARE
        total -= sum(VALUE[u] for u in cards_to_give(s))
    return total


def standing(cat: Catalog, s: FiftyState, seat: int, late: bool | None = None) -> float:
    """Own worth against the best opponent's."""
    mine = worth(cat, s, seat, late)
    others = [worth(cat, s, i, late) for i in range(len(s.players)) if i != seat]
    return mine - 0.5 * max(others)


def _gain_value(atoms: Sequence[str]) -> float:
    return sum(VALUE[a] for a in atoms)
