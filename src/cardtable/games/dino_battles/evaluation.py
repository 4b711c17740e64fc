"""A position evaluation for search: the chance to win, estimated from a few features of each player.

`win_chance(game, state, seat)` is a logistic model over the difference between the seat's features
and the best opponent's: knock-outs (and being one from winning), Wounds (weighing more as the Wound
supply runs down), the active Dinosaur's HP (0 without one) and its attack ready to be paid, the bench's
HP, and Poison and Paralyze cards owned. What a player owns besides (Combat Cards, Strategies, Items) is
left out on purpose: fitted weights on them reflect who buys them, not what they are worth, and misled
the search into not buying at all.
Its weights are data (`evaluation.toml`), fitted by `python -m cardtable.analysis.fit_evaluation dino-battles`
on positions from games between heuristic players, labelled with who went on to win.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.core import logistic

from .cards import Attack, Catalog, kind_of
from .state import DinoState
from .zones import KOS_TO_WIN

WEIGHTS_FILE = Path(__file__).with_name("evaluation.toml")

#: the fitted model (of `WEIGHTS_FILE`, or `weights(path)`), its names checked against `features` in use
weights = logistic.weights_reader(WEIGHTS_FILE)


class _Tables:
    """What the features need of a card set, looked up once: HP and attacks (cost, value) by Dinosaur."""

    def __init__(self, cat: Catalog) -> None:
        self.hp = {key: d.hp for key, d in cat.dinosaurs.items()}
        self.attacks = {
            key: [(tuple(a.cost.as_dict().values()), _attack_value(a)) for a in d.attacks]
            for key, d in cat.dinosaurs.items()
        }
        self.wounds = {n: cat.setup.wound_stack.at(n) or 1 for n in (2, 3, 4)}


@cache
def _tables(cat: Catalog) -> _Tables:
    return _Tables(cat)


def progress(cat: Catalog, state: DinoState) -> float:
    """How far the game's clock, the Wound supply, has run, 0 to 1 (the Dino Deck ends nothing)."""
    t, n = _tables(cat), len(state.players)
    return 1 - state.supply["wound"] / t.wounds[n]


def _attack_value(attack: Attack) -> float:
    return attack.damage + 10 * attack.wound + 5 * (attack.poison + attack.paralyze)


def features(cat: Catalog, state: DinoState, seat: int, late: float | None = None) -> dict[str, float]:
    """The features of one player, by name; `late` is `progress(...)` if already known."""
    t = _tables(cat)
    p = state.players[seat]
    late = progress(cat, state) if late is None else late
    cards = Counter(p.hand)
    cards.update(p.deck)
    cards.update(p.discard)
    wounds = cards["wound"]
    active = p.active
    active_hp = ready = 0.0
    if active is not None:
        key = kind_of(active.tag)
        active_hp = (t.hp[key] - active.damage) / 10
        have = Counter(active.attached)
        atk, eva, dfn = have["attack"], have["evade"], have["defend"]
        for (a, e, d), value in t.attacks[key]:
            if a <= atk and e <= eva and d <= dfn and value > ready:
                ready = value
        ready /= 10
    bench_hp = sum(t.hp[kind_of(d.tag)] - d.damage for d in p.bench)
    return {
        "knockouts": float(p.kos),
        "one_knockout_from_winning": float(p.kos >= KOS_TO_WIN - 1),
        "wounds": float(wounds),
        "wounds_late": wounds * late,
        "active_hp": active_hp,
        "ready_attack": ready,
        "bench_hp": bench_hp / 10,
        "poison_paralyze_cards": float(cards["poison"] + cards["paralyze"]),
    }


def score(cat: Catalog, state: DinoState, seat: int, late: float) -> float:
    return weights().score(features(cat, state, seat, late))


def win_chance(game: Any, state: DinoState, seat: int) -> float:
    """The model's chance in [0, 1] that `seat` wins: its score against the best opponent's."""
    cat = game.catalog
    late = progress(cat, state)
    mine = score(cat, state, seat, late)
    best = max(score(cat, state, other, late) for other in range(len(state.players)) if other != seat)
    return logistic.sigmoid(mine - best)
