"""Set-up, and the true stall that ends a game at the start of a turn (RULES.md D2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardtable.core import Rng

from .cards import COMBAT_TYPES, STATUS_TYPES, Catalog, Cost, Effects, kind_of
from .state import DinoState, Player, Turn
from .zones import draw, refill_row

HAND_SIZE = 6
STARTING_DECK = {"attack": 3, "evade": 3, "defend": 3, "wound": 3}


def initial_supply(cat: Catalog, players: int) -> dict[str, int]:
    supply = {k: cat.setup.combat_stack for k in COMBAT_TYPES}
    supply |= {k: cat.setup.status_stack for k in STATUS_TYPES}
    supply["wound"] = cat.setup.wound_stack.at(players)
    supply |= {k: cat.setup.supply_stack for k in cat.supply_cards}
    return supply


def set_up(cat: Catalog, players: int, seed: int) -> DinoState:
    """Rulebook "Setup": 12-card decks, the shuffled Dino Deck with 5 revealed, the Supply, 6 cards each;
    the first turn is then started (`rules.start_turn`)."""
    rng = Rng(seed)
    dino_deck = cat.dino_tags(players)
    rng.shuffle(dino_deck)
    seats = []
    for _ in range(players):
        deck = [kind for kind, n in STARTING_DECK.items() for _ in range(n)]
        rng.shuffle(deck)
        seats.append(Player(deck=deck))
    s = DinoState(
        players=seats,
        dino_deck=dino_deck,
        row=[],
        supply=initial_supply(cat, players),
        turn=Turn(player=0, number=0),
        boosts=[[0, 0, 0] for _ in range(players)],
        rng=rng,
    )
    refill_row(s, cat.setup.revealed, cat)
    for seat in range(players):
        draw(s, seat, HAND_SIZE)
    return s


def _hurts(effects: Effects, dinosaurs: bool) -> bool:
    """Whether these effects can deal damage or give a Wound (Poison and damage need a Dinosaur)."""
    return effects.wound > 0 or (dinosaurs and (effects.damage > 0 or effects.poison > 0))


def stalled(cat: Catalog, s: DinoState) -> bool:
    """A true stall (RULES.md D2): no seat can ever again damage a Dinosaur or give a Wound or Poison, so
    neither ending of the rulebook can come. Judged generously from public facts: a seat could still act
    if a Dinosaur of its own could attack with its attached cards plus the Combat Cards it owns or could
    take from the Supply (and is active, or the active one can retreat), if it could buy a revealed
    Dinosaur, if it owns or could buy a card or Dino Power that damages or gives Wounds or Poison and
    could pay for it, or if it owns a Poison card and has an active Dinosaur. Only when none of this holds
    for anyone is the game over.
    """
    supplied = {k for k in COMBAT_TYPES if s.supply[k] > 0}
    dinosaurs = bool(s.row or s.dino_deck or any(p.dinos() for p in s.players))
    for p in s.players:
        owned = p.hand + p.deck + p.discard
        free = Counter(c for c in owned if c in COMBAT_TYPES)

        def payable(cost: Cost, extra: Sequence[str] = (), free: Counter[str] = free) -> bool:
            lacking = Counter(cost.as_dict()) - free - Counter(extra)
            return all(k in supplied for k in lacking)

        if "poison" in owned and p.active is not None:
            return False
        for key in (*cat.strategy_keys, *cat.item_keys):
            card = cat.strategies.get(key) or cat.items[key]
            if not _hurts(card.effects, dinosaurs):
                continue
            buyable = s.supply[key] > 0 and payable(card.cost)
            if (key in owned or buyable) and (key in cat.strategies or payable(card.cost)):
                return False
        can_swap = p.active is not None and payable(cat.dino(p.active.tag).retreat)
        for dino in p.dinos():
            if dino is not p.active and not can_swap:
                continue
            data = cat.dino(dino.tag)
            if any(payable(a.cost, dino.attached) for a in data.attacks):
                return False
            power = data.power
            if (
                power
                and power.kind == "activated"
                and _hurts(power.effects, dinosaurs)
                and payable(power.cost)
            ):
                return False
        room = p.active is None or len(p.bench) < 3
        if room and any(payable(cat.dinosaurs[kind_of(tag)].cost) for tag in s.row):
            return False
    return True
