"""Strategies, Items and activated Dino Powers: playing them and paying for them."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.core.lines import act

from .cards import COMBAT_TYPES, Catalog
from .effects import queue
from .state import DinoChoice, DinoState
from .zones import can_pay, dino_name, distinct, pay, say, who

#: the ranks of the Item windows among the steps (`DinoStep`): before an attack resolves, between parts
ATTACK_WINDOW, TURN_WINDOW = 5, 7
#: the prompt of the Item window that follows a part of the turn, by the part that comes next
WINDOW_PROMPTS = {
    "combat": "play an Item after the Strategy part, or pass",
    "buy": "play an Item after the Combat part, or pass",
    "keep": "play an Item after the Buy part, or pass",
}


def playable_items(cat: Catalog, s: DinoState, seat: int) -> list[str]:
    """Items in hand whose cost the rest of the hand can pay (rulebook "Items")."""
    hand = s.players[seat].hand
    return [k for k in distinct(hand, cat.item_keys) if can_pay(hand, cat.items[k].cost)]


def may_play_item(cat: Catalog, s: DinoState, seat: int) -> bool:
    """Whether `seat` could hold a playable Item, judged only from what every seat knows: an Item among
    the cards it holds unseen (hand and deck; attached cards are Combat Cards) and enough cards in hand
    for such an Item and its cost. An Item window is offered exactly then, so being offered one tells
    nobody what the seat holds (RULES.md D7)."""
    p = s.players[seat]
    owned = set(p.hand) | set(p.deck)
    sizes = [1 + sum(cat.items[k].cost.as_dict().values()) for k in cat.item_keys if k in owned]
    return bool(sizes) and len(p.hand) >= min(sizes)


class ItemWindow(DinoChoice, tag="item-window"):
    """A seat may play Items, "at any point of the game, even during an opponent's turn" (RULES.md D7):
    before an attack resolves (`attack`), and between two parts of the turn. Offered exactly when every
    seat can see the seat might play one (`may_play_item`); it stays open while the seat plays Items."""

    rank = TURN_WINDOW
    attack: bool = False

    def priority(self) -> int:
        return ATTACK_WINDOW if self.attack else TURN_WINDOW

    def run(self, cat: Catalog, s: DinoState) -> bool:
        if may_play_item(cat, s, self.seat):
            return False
        self.done(s)
        return True

    def prompt(self, cat: Catalog, s: DinoState) -> str:
        if self.attack:
            return "play an Item before the attack resolves, or pass"
        return WINDOW_PROMPTS[s.turn.part]

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        return [*item_actions(cat, s, self.seat), Action("pass")]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        if action.verb == "item":
            play_item(cat, s, self.seat, str(action.args[0]))
        else:
            self.done(s)


def item_actions(cat: Catalog, s: DinoState, seat: int) -> list[Action]:
    return [Action("item", (k,)) for k in playable_items(cat, s, seat)]


def play_item(cat: Catalog, s: DinoState, seat: int, key: str) -> None:
    p = s.players[seat]
    p.hand.remove(key)
    p.discard.append(key)
    pay(p.hand, cat.items[key].cost, p.discard)
    queue(s, seat, cat.items[key].effects)


def strategy_actions(cat: Catalog, s: DinoState) -> list[Action]:
    if s.turn.actions <= 0:
        return []
    return [Action("play", (k,)) for k in distinct(s.players[s.turn.player].hand, cat.strategy_keys)]


def play_strategy(cat: Catalog, s: DinoState, key: str) -> None:
    """Playing a Strategy costs nothing: discard it and resolve its effects."""
    p = s.players[s.turn.player]
    p.hand.remove(key)
    p.discard.append(key)
    s.turn.actions -= 1
    queue(s, s.turn.player, cat.strategies[key].effects)


def power_actions(cat: Catalog, s: DinoState) -> list[Action]:
    p = s.players[s.turn.player]
    if p.active is None or s.turn.power_used:
        return []
    power = cat.dino(p.active.tag).power
    if power is None or power.kind != "activated" or not can_pay(p.hand, power.cost):
        return []
    return [Action("power")]


def use_power(cat: Catalog, s: DinoState) -> None:
    p = s.players[s.turn.player]
    assert p.active is not None
    power = cat.dino(p.active.tag).power
    assert power is not None
    pay(p.hand, power.cost, p.discard)
    s.turn.power_used = True
    said = f"{who(s.turn.player)}'s {dino_name(cat, p.active.tag)} uses its Dino Power {power.name}."
    say(s, act(s.turn.player, said))  # the seat's own act, though told by its Dinosaur
    queue(s, s.turn.player, power.effects)


def attach_actions(cat: Catalog, s: DinoState) -> list[Action]:
    p = s.players[s.turn.player]
    if s.turn.attaches <= 0:
        return []
    kinds = distinct(p.hand, COMBAT_TYPES)
    return [Action("attach", (k, d.tag)) for k in kinds for d in p.dinos()]


def attach(s: DinoState, kind: str, tag: str) -> None:
    p = s.players[s.turn.player]
    p.hand.remove(kind)
    next(d for d in p.dinos() if d.tag == tag).attached.append(kind)
    s.turn.attaches -= 1
