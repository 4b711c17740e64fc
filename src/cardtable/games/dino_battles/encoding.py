"""Biomechanic Dino Battles' observation encoding for the research adapters.

Built only from `view(state, seat)`; the same layout for 2, 3 and 4 players, with the players written
relative to the viewer (0 the viewer, 1 the next seat, ...) and empty places for seats a game lacks.
Card counts run over every card key of the card data (combat cards, items, strategies, species and
each Dinosaur by its tag), with one last place for any other key. RULES.md, "Observation encoding",
lists the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from cardtable.core.encoding import (
    DecisionField,
    Encoding,
    Layout,
    counts,
    one_hot,
    relative,
    scalar,
    vocabulary,
)
from cardtable.core.seats import seat_of_letter

MAX_SEATS = 4
PARTS = ("strategy", "combat", "buy")
OPS = ("hp", "damage", "discard", "purge", "draw", "poison", "paralyze", "wound")
STAGES = ("target", "react", "window")
REACTIONS = ("evade", "defend", "pass")
BENCH = 3
EFFECTS_SHOWN = 3


class DinoEncoding(Encoding):
    #: the vocabularies of the fixed word lists, made once (those of the card data, per encoding)
    parts = vocabulary(PARTS)
    ops = vocabulary(OPS)
    stages = vocabulary(STAGES)
    reactions = vocabulary(REACTIONS)

    def __init__(self, cards: list[str], kinds: tuple[str, ...], endings: tuple[str, ...]) -> None:
        self.cards = vocabulary(cards)
        self.endings = endings
        c = len(self.cards) + 1
        lay = self.layout = Layout()
        self.f_players = lay.add("players", MAX_SEATS, "one-hot: number of players (1..4)")
        self.f_turn = lay.add(
            "turn",
            MAX_SEATS + len(PARTS) + 1 + 6,
            "relative seat whose turn it is, part of the turn (strategy, combat, buy, other), turn number "
            "/ 50, actions, attaches, combats, buys left, 1 if the Dino Power was used",
        )
        self.decision = DecisionField(lay, MAX_SEATS, kinds)
        self.f_row = lay.add("row", c, "the revealed Dinosaurs for sale (counts over card keys)")
        self.f_dino_deck = lay.add("dino-deck", c, "Dinosaurs left in the Dinosaur deck (counts)")
        self.f_supply = lay.add("supply", c, "cards left in the supply, per key / 10")
        self.f_purgatory = lay.add("purgatory", c, "purged cards (counts)")
        self.f_hand = lay.add("hand", c, "the viewer's hand (counts)")
        self.f_seats = []
        for p in range(MAX_SEATS):
            who = "own" if p == 0 else f"relative seat {p}:"
            fields = {
                "numbers": lay.add(
                    f"seat-{p}-numbers",
                    7,
                    f"{who} present, hand size / 10, deck size / 20, KOs / 3, boosts (atk, eva, def) / 5",
                ),
                "discard": lay.add(f"seat-{p}-discard", c, f"{who} discard pile (counts)"),
                "unseen": lay.add(
                    f"seat-{p}-unseen",
                    c,
                    f"{who} cards the viewer has not seen: the own deck's contents, or all another player "
                    "holds unseen (hand, deck, attached cards)",
                ),
                "active": lay.add(
                    f"seat-{p}-active",
                    c + 7,
                    f"{who} the Active Dinosaur (one-hot tag), hp / 100, max hp / 100, attached cards / 5, "
                    "atk, eva, def / 10, 1 if present",
                ),
                "attached": lay.add(
                    f"seat-{p}-attached", c, f"{who} cards attached to the Dinosaurs (own only)"
                ),
                "bench": lay.add(
                    f"seat-{p}-bench",
                    BENCH * (c + 3),
                    f"{who} benched Dinosaurs (up to {BENCH}): one-hot tag, hp, max hp / 100, attached / 5",
                ),
            }
            self.f_seats.append(fields)
        self.f_attack = lay.add(
            "attack",
            1 + MAX_SEATS * 2 + 2 * c + len(STAGES) + 1 + len(REACTIONS) + 1 + MAX_SEATS,
            "attack under way: 1, attacker and target relative seats, attacker and defender tags, stage, "
            "reaction, seats still offered an Item window",
        )
        self.f_effects = lay.add(
            "effects",
            EFFECTS_SHOWN * (MAX_SEATS + len(OPS) + 1 + 1 + MAX_SEATS),
            f"the first {EFFECTS_SHOWN} pending effects: relative seat, op ({', '.join(OPS)}, other), "
            "amount / 5, relative target seat",
        )
        self.f_promote = lay.add("promote", MAX_SEATS, "relative seats that must promote a benched Dinosaur")
        self.f_ended = lay.add("ended", len(endings), f"how the game ended ({', '.join(endings)})")

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out = self.blank()
        cards = self.cards
        n = len(view["players"])
        me = _seat(view.get("viewer")) or 0

        def rel(letter: str | None) -> int | None:
            return relative(_seat(letter), me, n)

        one_hot(out, self.f_players, n - 1)
        turn = view["turn"]
        one_hot(out, self.f_turn, rel(turn["player"]))
        one_hot(out, self.f_turn, MAX_SEATS + self.parts.get(turn["part"], len(self.parts)))
        base = MAX_SEATS + len(PARTS) + 1
        scalar(out, self.f_turn, turn["number"], 50, at=base)
        for i, key in enumerate(("actions", "attaches", "combats", "buys", "power_used")):
            scalar(out, self.f_turn, float(turn[key]), at=base + 1 + i)
        self.decision.add(out, view.get("decision"), rel)
        counts(out, self.f_row, cards, view["row"])
        counts(out, self.f_dino_deck, cards, view["dino_deck"])
        for key, left in view["supply"].items():
            scalar(out, self.f_supply, left, 10, at=cards.get(key, len(cards)))
        counts(out, self.f_purgatory, cards, view["purgatory"])
        for player in view["players"]:
            f = self.f_seats[rel(player["seat"]) or 0]
            numbers = f["numbers"]
            scalar(out, numbers, 1.0)
            scalar(out, numbers, player["hand_size"], 10, at=1)
            scalar(out, numbers, player["deck_size"], 20, at=2)
            scalar(out, numbers, player["kos"], 3, at=3)
            for i, boost in enumerate(player["boosts"][:3]):
                scalar(out, numbers, boost, 5, at=4 + i)
            counts(out, f["discard"], cards, player["discard"])
            counts(out, f["unseen"], cards, player.get("unseen") or player.get("deck_contents") or ())
            if "hand" in player:
                counts(out, self.f_hand, cards, player["hand"])
            active = player["active"]
            if active is not None:
                self._dino(out, f["active"], 0, active)
                at = len(cards) + 4
                for i, stat in enumerate(("atk", "eva", "def")):
                    scalar(out, f["active"], active.get(stat), 10, at=at + i)
                scalar(out, f["active"], 1.0, at=at + 3)
                counts(out, f["attached"], cards, active.get("attached") or ())
            for slot, dino in enumerate(player["bench"][:BENCH]):
                self._dino(out, f["bench"], slot * (len(cards) + 4), dino)
                counts(out, f["attached"], cards, dino.get("attached") or ())
        attack = view.get("attack")
        if attack is not None:
            self._attack(out, attack, rel)
        width = MAX_SEATS + len(OPS) + 2 + MAX_SEATS
        for i, effect in enumerate(view["effects"][:EFFECTS_SHOWN]):
            at = i * width
            one_hot(out, self.f_effects, at + (rel(effect["seat"]) or 0))
            one_hot(out, self.f_effects, at + MAX_SEATS + self.ops.get(effect["op"], len(self.ops)))
            scalar(out, self.f_effects, effect["n"], 5, at=at + MAX_SEATS + len(OPS) + 1)
            target = relative(effect["target"], me, n)
            if target is not None:
                one_hot(out, self.f_effects, at + MAX_SEATS + len(OPS) + 2 + target)
        for letter in view["promote"]:
            one_hot(out, self.f_promote, rel(letter))
        if view["ended"] in self.endings:
            one_hot(out, self.f_ended, self.endings.index(view["ended"]))
        return out

    def _dino(self, out: np.ndarray, field: Any, at: int, dino: Mapping[str, Any]) -> None:
        c = len(self.cards)
        one_hot(out, field, at + self.cards.get(dino["tag"], c))
        scalar(out, field, dino["hp"], 100, at=at + c + 1)
        scalar(out, field, dino["max_hp"], 100, at=at + c + 2)
        scalar(out, field, dino["attached_count"], 5, at=at + c + 3)

    def _attack(self, out: np.ndarray, attack: Mapping[str, Any], rel: Any) -> None:
        c = len(self.cards) + 1
        f = self.f_attack
        one_hot(out, f, 0)
        one_hot(out, f, 1 + (rel(attack["attacker"]) or 0))
        target = rel(attack["target"])
        if target is not None:
            one_hot(out, f, 1 + MAX_SEATS + target)
        at = 1 + 2 * MAX_SEATS
        one_hot(out, f, at + self.cards.get(attack["attacker_tag"], c - 1))
        if attack["defender_tag"]:
            one_hot(out, f, at + c + self.cards.get(attack["defender_tag"], c - 1))
        at += 2 * c
        one_hot(out, f, at + self.stages.get(attack["stage"], len(STAGES)))
        at += len(STAGES) + 1
        if attack["reaction"]:
            one_hot(out, f, at + self.reactions.get(attack["reaction"], len(REACTIONS)))
        at += len(REACTIONS) + 1
        for letter in attack["window"]:
            one_hot(out, f, at + (rel(letter) or 0))


def _seat(letter: str | None) -> int | None:
    return seat_of_letter(letter) if letter else None


def encoding(game: Any) -> DinoEncoding:
    """The card keys of the largest game (4 players has every Dinosaur tag of the smaller ones), so
    every mode has the same layout."""
    largest = type(game)(**{**game.options, "players": MAX_SEATS})
    return DinoEncoding(list(largest.card_faces()), game.decision_kinds(), tuple(game.terminations))
