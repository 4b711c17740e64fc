"""The actions the expansions add to the action space (the integer encoding): every action a step of
levels 1-3 can offer, listed from the card data of the level, in a fixed order after the base game's."""

from __future__ import annotations

from cardtable.core import Action

from .cards import GOODS, Catalog
from .consume import PRESTIGE_TRADE
from .search import CATEGORIES

#: powers chosen by their card and index, per verb
POWER_VERBS = {
    "reduce": ("develop", ("discard-reduce", "reduce")),
    "power": ("settle", ("place-second", "place-military", "upgrade-world")),
    "produce": ("produce", ("discard-produce", "discard-windfall", "draw-per-good", "draw-per-kind")),
}
#: settle powers discarded or spent for military, or for a discount when settling
BOOSTS = ("military", "tactics", "conquer-peaceful")
#: ways of settling that name their card when several cards offer them
NAMED_WAYS = {
    "colony-ship": "colony-ship",
    "tactics": "tactics",
    "conquer-peaceful": "conquer-peaceful",
    "contact": "pay-military",
}


def _powers(cat: Catalog, phase: str, names: tuple[str, ...]) -> list[tuple[str, int]]:
    return [
        (key, index + 1)
        for key in cat.keys
        for index, power in cat[key].phase_powers(phase)
        if power.power in names
    ]


def _upgrade_pairs(cat: Catalog) -> list[tuple[str, str]]:
    """Every (old, new) pair of non-military worlds Terraforming Engineers could ever allow."""
    worlds = [k for k in cat.keys if cat[k].is_world and not cat[k].military]
    pairs = []
    for old in worlds:
        a = cat[old]
        for new in worlds:
            b = cat[new]
            if a.good != b.good and (not a.good or not b.good or "any" not in (a.good, b.good)):
                continue
            if a.cost <= b.cost <= a.cost + 3:
                pairs.append((old, new))
    return pairs


def expansion_actions(cat: Catalog) -> list[Action]:
    keys = cat.keys
    worlds = [k for k in keys if cat[k].is_world]
    space = [Action("start", (k,)) for k in cat.start_worlds]
    for verb in ("save", "military", "produce-with", "take"):
        space += [Action(verb, (k,)) for k in keys]
    space += [Action("ante", (k,)) for k in keys if 1 <= cat[k].cost <= 6] + [Action("ante", ("none",))]
    for method, power in NAMED_WAYS.items():
        if method == "conquer-peaceful":
            space.append(Action("method", (method,)))
        cards = sorted({k for k in keys for p in cat[k].powers if p.phase == "settle" and p.power == power})
        space += [Action("method", (method, k)) for k in cards]
    for verb, (phase, names) in POWER_VERBS.items():
        space += [Action(verb, ref) for ref in _powers(cat, phase, names)]
    space.append(Action("consume", (PRESTIGE_TRADE,)))
    space += [Action("reduce", ref) for ref in _powers(cat, "settle", ("reduce",))]
    space += [Action("boost", ref) for ref in _powers(cat, "settle", BOOSTS)]
    space += [Action("done"), Action("decline")]
    space += [Action("upgrade", pair) for pair in _upgrade_pairs(cat)] + [Action("upgrade", ("none",))]
    takers = sorted({k for k in keys for p in cat[k].powers if p.power == "takeover"})
    space += [Action("takeover", (w, k)) for w in worlds for k in takers] + [Action("takeover", ("none",))]
    space += [Action("prevent", (w,)) for w in worlds] + [Action("prevent", ("none",))]
    space += [Action("kind", (k,)) for k in GOODS]
    space += [Action("search", (c,)) for c in CATEGORIES]
    return list(dict.fromkeys(space))
