"""The turn: its four parts as the active player's decisions, and how one part leads to the next.

A turn is the Strategy, Combat and Buy parts, then the end-of-turn discard ("keep"); each part is a
step of the queue, the decision of the active player (`Part`), with every other seat's Item window
between two parts (`items.ItemWindow`). What a part sets in motion (a card's effects, an attack, a
promotion after a knock-out) comes before it in the queue, in the order of the rules' priorities
(`state.DinoStep`): the part is asked again once they are resolved.
"""

from __future__ import annotations

from cardtable.core import Action
from cardtable.core.lines import opening
from cardtable.core.words import plural

from . import combat
from .buy import buy, buy_actions
from .cards import Catalog
from .items import (
    ItemWindow,
    attach,
    attach_actions,
    item_actions,
    play_item,
    play_strategy,
    power_actions,
    strategy_actions,
    use_power,
)
from .state import DinoChoice, DinoState, Turn, schedule
from .turn import HAND_SIZE, stalled
from .zones import dino_name, discard_from_hand, distinct, draw, end_game, refill_row, say, who

#: the part that follows each part of a turn
NEXT_PART = {"strategy": "combat", "combat": "buy", "buy": "keep"}


class Part(DinoChoice):
    """A part of the active player's turn (its kind the part's name); an Item may be played in any."""

    rank = 8

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        return [*self.moves(cat, s), *item_actions(cat, s, self.seat), Action("pass")]

    def moves(self, cat: Catalog, s: DinoState) -> list[Action]:
        """The part's own actions (before the Items and `pass`)."""
        return []

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        if action.verb == "item":
            play_item(cat, s, self.seat, str(action.args[0]))
        elif action.verb == "pass":
            say(s, f"{who(self.seat)} {PART_PASSES[self.kind]}.")
            self.done(s)
            next_part(s)
        else:
            self.act(cat, s, action)

    def act(self, cat: Catalog, s: DinoState, action: Action) -> None:
        """Carry out one of the part's own actions."""


class Strategy(Part, tag="strategy"):
    question = "play a Strategy or Item, attach a Combat Card, use a Dino Power, or pass to Combat"

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        items = item_actions(cat, s, self.seat)
        plays = strategy_actions(cat, s) + items + attach_actions(cat, s) + power_actions(cat, s)
        return [*plays, Action("pass")]

    def act(self, cat: Catalog, s: DinoState, action: Action) -> None:
        if action.verb == "play":
            play_strategy(cat, s, str(action.args[0]))
        elif action.verb == "attach":
            attach(s, str(action.args[0]), str(action.args[1]))
        else:
            use_power(cat, s)


class Combat(Part, tag="combat"):
    question = "attack, retreat, play an Item, or pass to the Buy part"

    def run(self, cat: Catalog, s: DinoState) -> bool:
        if s.players[self.seat].active is not None and s.turn.combats > 0:
            return False
        self.done(s)
        next_part(s)
        return True

    def moves(self, cat: Catalog, s: DinoState) -> list[Action]:
        return combat.combat_moves(cat, s)

    def act(self, cat: Catalog, s: DinoState, action: Action) -> None:
        if action.verb == "attack":
            combat.declare_attack(cat, s, int(action.args[0]))
        else:
            combat.retreat(cat, s, str(action.args[0]))


class Buy(Part, tag="buy"):
    question = "buy a card, play an Item, or pass"

    def run(self, cat: Catalog, s: DinoState) -> bool:
        if s.turn.buys > 0:
            return False
        self.done(s)
        next_part(s)
        return True

    def moves(self, cat: Catalog, s: DinoState) -> list[Action]:
        return buy_actions(cat, s)

    def act(self, cat: Catalog, s: DinoState, action: Action) -> None:
        buy(cat, s, str(action.args[0]))


class Keep(Part, tag="keep"):
    """The end of the turn: keep at most one card of the hand, discard the rest, draw 6."""

    question = "keep one card of your hand (or pass), then discard the rest and draw 6; or play an Item"

    def run(self, cat: Catalog, s: DinoState) -> bool:
        if s.players[self.seat].hand:
            return False
        self.done(s)
        end_turn(cat, s, None)
        return True

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        hand = s.players[self.seat].hand
        keep = [Action("keep", (k,)) for k in distinct(hand, cat.card_kinds)]
        return [*keep, *item_actions(cat, s, self.seat), Action("pass")]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        if action.verb == "item":
            play_item(cat, s, self.seat, str(action.args[0]))
            return
        self.done(s)
        end_turn(cat, s, str(action.args[0]) if action.verb == "keep" else None)


#: what a `pass` that ends a part of the turn is narrated as: the words of its button (the web table's
#: dino-battles.js PASS), so the log reads as the move did
PART_PASSES = {"strategy": "goes on to Combat", "combat": "goes on to Buy", "buy": "finishes buying"}

PARTS: dict[str, type[Part]] = {"strategy": Strategy, "combat": Combat, "buy": Buy, "keep": Keep}


def next_part(s: DinoState) -> None:
    """The active player's part ends: the next begins, and every other seat, clockwise, gets a window to
    play Items first ("at any point of the game, even during an opponent's turn"; RULES.md D7)."""
    s.turn.part = NEXT_PART[s.turn.part]
    n = len(s.players)
    player = s.turn.player
    schedule(s, *(ItemWindow((player + k) % n) for k in range(1, n)), PARTS[s.turn.part](player))


def start_turn(cat: Catalog, s: DinoState, seat: int) -> None:
    """The Strategy part begins: purge the oldest revealed Dinosaur and reveal another.

    With the Dino Deck empty there is nothing to reveal: the purge and the reveal are skipped and the
    revealed Dinosaurs stay to be bought; play goes on (RULES.md D2).
    """
    s.turn = Turn(player=seat, number=s.turn.number + 1)
    s.boosts = [[0, 0, 0] for _ in s.players]
    starts = f"{who(seat)} starts the turn."
    say(s, opening(s.turn.number, f"Turn {s.turn.number}: {starts}", starts))
    if s.dino_deck and s.row:
        purged = s.row.pop(0)
        s.purgatory.append(purged)
        say(s, f"{dino_name(cat, purged)} is purged from the revealed Dinosaurs.")
        refill_row(s, len(s.row) + 1, cat)
    if stalled(cat, s):
        say(
            s,
            "Nothing can ever again damage a Dinosaur or give a Wound: the game ends, the fewest Wounds win.",
        )
        end_game(s, "stall")
    else:
        schedule(s, Strategy(seat))


def end_turn(cat: Catalog, s: DinoState, keep: str | None) -> None:
    """Discard the hand, keeping at most one card, draw 6; the next player (clockwise) starts."""
    seat = s.turn.player
    p = s.players[seat]
    hand = list(p.hand)
    if keep is not None:
        hand.remove(keep)
    kept = "keeps a card" if keep is not None else "keeps no card"
    say(s, f"{who(seat)} {kept} and discards {plural(len(hand), 'card')}.")
    for kind in hand:
        discard_from_hand(cat, s, seat, kind)
    before = len(p.hand)
    draw(s, seat, HAND_SIZE)
    say(s, f"{who(seat)} draws {plural(len(p.hand) - before, 'card')}.")
    start_turn(cat, s, (seat + 1) % len(s.players))
