"""The Buy part (rulebook "Buying Cards")."""

from __future__ import annotations

from cardtable.core import Action

from .cards import COMBAT_TYPES, Catalog, kind_of
from .state import DinoState
from .zones import can_pay, pay, place_dinosaur, refill_row

BENCH_SIZE = 3


def has_room(s: DinoState, seat: int) -> bool:
    p = s.players[seat]
    return p.active is None or len(p.bench) < BENCH_SIZE


def buy_actions(cat: Catalog, s: DinoState) -> list[Action]:
    if s.turn.buys <= 0:
        return []
    seat = s.turn.player
    hand = s.players[seat].hand
    keys = [k for k in COMBAT_TYPES if s.supply[k] > 0]
    keys += [k for k in cat.supply_cards if s.supply[k] > 0 and can_pay(hand, cat.cost_of(k))]
    if has_room(s, seat):
        in_row = {kind_of(tag) for tag in s.row}
        keys += [k for k in cat.dino_keys if k in in_row and can_pay(hand, cat.dinosaurs[k].cost)]
    return [Action("buy", (k,)) for k in keys]


def buy(cat: Catalog, s: DinoState, key: str) -> None:
    """Combat Cards are free; Strategies, Items and Dinosaurs cost Combat Cards from hand."""
    seat = s.turn.player
    p = s.players[seat]
    s.turn.buys -= 1
    if key in cat.dinosaurs:
        pay(p.hand, cat.dinosaurs[key].cost, p.discard)
        tag = next(t for t in s.row if kind_of(t) == key)  # the oldest revealed copy
        s.row.remove(tag)
        place_dinosaur(cat, s, seat, tag)
        refill_row(s, cat.setup.revealed, cat)
        return
    pay(p.hand, cat.cost_of(key), p.discard)
    s.supply[key] -= 1
    p.discard.append(key)
