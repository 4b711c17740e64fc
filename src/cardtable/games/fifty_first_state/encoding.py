"""51st State's observation encoding for the research adapters: a seat's view as numbers.

Built only from `view(state, seat)` (which carries the public decision itself). The same layout for
2, 3 and 4 players: players are written relative to the viewer (0 the viewer, 1 the next seat in seat
order, ...) with empty places for seats a mode lacks. Card counts run over the location cards and
then the connection cards of the card data, with one last place for any other key. Each player's
first `SLOTS` locations are written slot by slot (the slot numbers actions name); all of them are
counted too. View keys this module does not know (a mode added later may add some) are hashed into
`extras`, and a key a player's entry lacks reads as 0. RULES.md, "Observation encoding", lists the
fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from cardtable.core.encoding import (
    DecisionField,
    Encoding,
    ExtrasField,
    Layout,
    counts,
    one_hot,
    relative,
    scalar,
    seat_number,
    vocabulary,
)

from .cards import TOKENS
from .state import PHASES

MAX_SEATS = 4
#: the locations written slot by slot, per player
SLOTS = 16
FACTIONS = ("new-york", "appalachian", "merchants-guild", "mutants-union")
CONTACTS = ("grey", "red", "blue")
COLOURS = ("blue", "red")
#: goods a location holds
HELD = ("fuel", "gun", "iron", "brick", "worker")
#: the first word of an action (the verbs of the Action phase that have a cost)
VERBS: tuple[str, ...] = ("pass", "build", "develop", "deal", "raze", "use", "attack", "open", "faction")
VERBS += ("work", "connect", "play")
#: the units a cost is made of (cards.CostAtom and payment.DEVELOP_MATCH)
UNITS = (
    "fuel",
    "gun",
    "iron",
    "brick",
    "ammo",
    "worker",
    "grey",
    "red",
    "blue",
    "universal",
    "development",
    "card",
    "vp",
    "any-basic",
    "discard-card",
    "discard-deal",
    "develop-match",
)
STAGES = ("pay", "steal")
CARD_COSTS = ("build", "develop", "deal", "raze")
#: the view keys read here (any other is hashed into `extras`); `events` is words, not encoded
VIEW_KEYS = frozenset(
    (
        "game",
        "viewer",
        "round",
        "phase",
        "first",
        "turn",
        "last_round",
        "end_vp",
        "decision",
        "deck_size",
        "discard_size",
        "connections",
        "lookout",
        "pending",
        "store_order",
        "costs",
        "players",
        "events",
    )
)
PLAYER_KEYS = frozenset(
    (
        "seat",
        "faction",
        "vp",
        "passed",
        "supply",
        "sites",
        "deals",
        "connections",
        "hand_size",
        "known",
        "faction_used",
        "to_discard",
        "hand",
    )
)


class FiftyEncoding(Encoding):
    #: the vocabularies of the fixed word lists, made once (those of the card data, per encoding)
    phases = vocabulary(PHASES)
    verbs = vocabulary(VERBS)
    units = vocabulary(UNITS)
    tokens = vocabulary(TOKENS)
    factions = vocabulary(FACTIONS)
    contacts = vocabulary(CONTACTS)
    held = vocabulary(HELD)
    stages = vocabulary(STAGES)

    def __init__(self, cards: list[str], connections: list[str], kinds: tuple[str, ...]) -> None:
        self.cards = vocabulary(cards + connections)
        self.connections = vocabulary(connections)
        c = len(self.cards) + 1
        k = len(self.connections) + 1
        self.slot_width = c + 2 + len(HELD) + 1
        self.layout = Layout()
        self._add_table(kinds, c, k)
        self._add_costs(c)
        self._add_seats(c, k)
        self.extras = ExtrasField(self.layout, VIEW_KEYS, PLAYER_KEYS)

    def _add_table(self, kinds: tuple[str, ...], c: int, k: int) -> None:
        """The fields every viewer reads alike: seats, the decision, the phase, the decks, the Lookout."""
        lay = self.layout
        self.f_players = lay.add("players", MAX_SEATS, "one-hot: number of seats (1..4)")
        self.decision = DecisionField(lay, MAX_SEATS, kinds)
        self.f_phase = lay.add("phase", len(PHASES) + 1, f"one-hot: phase ({', '.join(PHASES)}, other)")
        self.f_seats_of = lay.add(
            "first-and-turn",
            2 * MAX_SEATS,
            "one-hot relative seat of the first player, then of the seat whose turn it is",
        )
        self.f_numbers = lay.add(
            "numbers",
            5,
            "round / 10, 1 in the last round, VP that end the game / 30, deck size / 60, discard pile / 60",
        )
        self.f_conns = [
            lay.add(
                f"connections-{colour}",
                2 * k + 1,
                f"the {colour} connection deck: the face-up card (one-hot over the connection cards, "
                "other), deck size / 10, discard pile (counts)",
            )
            for colour in COLOURS
        ]
        self.f_lookout = lay.add(
            "lookout",
            c + MAX_SEATS + 1,
            "the Lookout: revealed cards (counts), each relative seat's place in the picking order "
            "(1 first, 2 second, ... / 4; 0 not to pick), 1 in the second reveal",
        )
        self.f_store = lay.add(
            "store-order", MAX_SEATS, "Cleanup: each relative seat's place in the storing order / 4"
        )
        self.f_pending = lay.add(
            "pending",
            1 + MAX_SEATS + len(VERBS) + 1 + c + len(UNITS) + 1 + 1 + 3 + len(STAGES) + 1,
            "an action being paid for: 1, its relative seat, its verb (one-hot over the verbs, other), "
            "the card played (one-hot), cost units (counts / 5 over the units, other), units paid / 5, "
            "card units still to give (discard-card, discard-deal, other), stage (pay, steal, other)",
        )

    def _add_costs(self, c: int) -> None:
        """What the viewer's actions would cost it now."""
        lay = self.layout
        self.f_card_costs = {
            verb: lay.add(
                f"cost-{verb}",
                c,
                f"own: per card, (1 + cost units) / 6 of '{verb} <card>' now (the cheapest slot for "
                "develop); 0 if not offered",
            )
            for verb in CARD_COSTS
        }
        self.f_verb_costs = lay.add(
            "cost-verbs",
            len(VERBS) + 1,
            "own: per verb, the cheapest action of the verb now, (1 + units) / 6; 0 if none is offered",
        )
        self.f_hand = lay.add("hand", c, "own hand (counts over the cards)")

    def _add_seats(self, c: int, k: int) -> None:
        """Each seat's board, the viewer's first."""
        lay = self.layout
        self.f_seats = []
        for p in range(MAX_SEATS):
            who = "own:" if p == 0 else f"relative seat {p}:"
            self.f_seats.append(
                {
                    "numbers": lay.add(
                        f"seat-{p}-numbers",
                        7,
                        f"{who} 1 if present, VP / 30, 1 if passed, hand size / 10, set-up discards "
                        "still to make / 3, locations / 20, deals / 5",
                    ),
                    "faction": lay.add(
                        f"seat-{p}-faction",
                        len(FACTIONS) + 1,
                        f"{who} faction ({', '.join(FACTIONS)}, other)",
                    ),
                    "supply": lay.add(
                        f"seat-{p}-supply",
                        len(TOKENS) + 1,
                        f"{who} supply tokens / 5 ({', '.join(TOKENS)}, other)",
                    ),
                    "faction-used": lay.add(
                        f"seat-{p}-faction-used",
                        len(CONTACTS) + 1,
                        f"{who} faction board actions used this round ({', '.join(CONTACTS)}, other)",
                    ),
                    "deals": lay.add(f"seat-{p}-deals", c, f"{who} deals (counts)"),
                    "connections": lay.add(
                        f"seat-{p}-connections", k, f"{who} connection cards held (counts)"
                    ),
                    "known": lay.add(
                        f"seat-{p}-known", c, f"{who} cards in hand every seat saw it take (counts)"
                    ),
                    "built": lay.add(f"seat-{p}-built", c, f"{who} locations in the State (counts)"),
                    "ruins": lay.add(f"seat-{p}-ruins", c, f"{who} ruins in the State (counts)"),
                    "slots": lay.add(
                        f"seat-{p}-slots",
                        SLOTS * self.slot_width,
                        f"{who} the first {SLOTS} locations by slot: card (one-hot), 1 if a ruin, uses this "
                        f"round / 2, goods on it / 3 ({', '.join(HELD)}, other)",
                    ),
                }
            )

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out = self.blank()
        cards = self.cards
        players = view["players"]
        n = len(players)
        me = seat_number(view.get("viewer")) or 0

        def rel(seat: str | int | None) -> int | None:
            return relative(seat_number(seat), me, n)

        one_hot(out, self.f_players, n - 1)
        self.decision.add(out, view.get("decision"), rel)
        one_hot(out, self.f_phase, self.phases.get(view.get("phase", ""), len(PHASES)))
        one_hot(out, self.f_seats_of, rel(view.get("first")))
        turn = rel(view.get("turn"))
        if turn is not None:
            one_hot(out, self.f_seats_of, MAX_SEATS + turn)
        numbers = (
            (view.get("round", 0), 10),
            (float(view.get("last_round", False)), 1),
            (view.get("end_vp", 0), 30),
            (view.get("deck_size", 0), 60),
            (view.get("discard_size", 0), 60),
        )
        for at, (value, scale) in enumerate(numbers):
            scalar(out, self.f_numbers, value, scale, at=at)
        self._connections(out, view.get("connections", {}))
        lookout = view.get("lookout", {})
        counts(out, self.f_lookout, cards, lookout.get("revealed", ()))
        self._order(out, self.f_lookout, lookout.get("order", []), rel, len(cards) + 1)
        scalar(out, self.f_lookout, float(lookout.get("second", False)), at=len(cards) + 1 + MAX_SEATS)
        self._order(out, self.f_store, view.get("store_order", []), rel, 0)
        if view.get("pending") is not None:
            self._pending(out, view["pending"], rel)
        self._costs(out, view.get("costs", {}))
        for player in players:
            where = rel(player["seat"]) or 0
            if where >= MAX_SEATS:
                continue
            self._player(out, self.f_seats[where], player)
            self.extras.add_player(out, player, where)
        self.extras.add_view(out, view)
        return out

    def _connections(self, out: np.ndarray, connections: Mapping[str, Any]) -> None:
        k = len(self.connections) + 1
        for colour, field in zip(COLOURS, self.f_conns, strict=True):
            deck = connections.get(colour)
            if deck is None:
                continue
            if deck["up"]:
                one_hot(out, field, self.connections.get(deck["up"], k - 1))
            scalar(out, field, deck["deck_size"], 10, at=k)
            for key in deck["discard"]:
                out[field.offset + k + 1 + self.connections.get(key, k - 1)] += 1.0

    def _order(self, out: np.ndarray, field: Any, order: list[str], rel: Any, at: int) -> None:
        for place, seat in enumerate(order):
            where = rel(seat)
            if where is not None and where < MAX_SEATS:
                scalar(out, field, place + 1, MAX_SEATS, at=at + where)

    def _pending(self, out: np.ndarray, pending: Mapping[str, Any], rel: Any) -> None:
        f = self.f_pending
        c = len(self.cards) + 1
        one_hot(out, f, 0)
        one_hot(out, f, 1 + (rel(pending["seat"]) or 0))
        at = 1 + MAX_SEATS
        verb = str(pending["action"]).split(" ", 1)[0]
        one_hot(out, f, at + self.verbs.get(verb, len(VERBS)))
        at += len(VERBS) + 1
        if pending["card"]:
            one_hot(out, f, at + self.cards.get(pending["card"], c - 1))
        at += c
        for unit in pending["cost"]:
            out[f.offset + at + self.units.get(unit, len(UNITS))] += 0.2
        at += len(UNITS) + 1
        scalar(out, f, len(pending["spent"]), 5, at=at)
        at += 1
        for unit in pending["cards_to_give"]:
            index = {"discard-card": 0, "discard-deal": 1}.get(unit, 2)
            out[f.offset + at + index] += 1.0
        at += 3
        one_hot(out, f, at + self.stages.get(pending["stage"], len(STAGES)))

    def _costs(self, out: np.ndarray, costs: Mapping[str, list[str]]) -> None:
        other = len(self.cards)
        for text, units in costs.items():
            words = text.split(" ")
            value = (1 + len(units)) / 6
            verb = words[0]
            if verb in self.f_card_costs and len(words) > 1:
                field = self.f_card_costs[verb]
                at = field.offset + self.cards.get(words[1], other)
                out[at] = value if out[at] == 0 else min(out[at], value)
            at = self.f_verb_costs.offset + self.verbs.get(verb, len(VERBS))
            out[at] = value if out[at] == 0 else min(out[at], value)

    def _player(self, out: np.ndarray, f: Mapping[str, Any], player: Mapping[str, Any]) -> None:
        cards = self.cards
        sites = player.get("sites", [])
        numbers = (
            (1.0, 1),
            (player.get("vp", 0), 30),
            (float(player.get("passed", False)), 1),
            (player.get("hand_size", 0), 10),
            (player.get("to_discard", 0), 3),
            (len(sites), 20),
            (len(player.get("deals", ())), 5),
        )
        for at, (value, scale) in enumerate(numbers):
            scalar(out, f["numbers"], value, scale, at=at)
        one_hot(out, f["faction"], self.factions.get(player.get("faction", ""), len(FACTIONS)))
        for token, amount in player.get("supply", {}).items():
            scalar(out, f["supply"], amount, 5, at=self.tokens.get(token, len(TOKENS)))
        for colour in player.get("faction_used", ()):
            one_hot(out, f["faction-used"], self.contacts.get(colour, len(CONTACTS)))
        counts(out, f["deals"], cards, player.get("deals", ()))
        counts(out, f["connections"], self.connections, player.get("connections", ()))
        counts(out, f["known"], cards, player.get("known", ()))
        if "hand" in player:
            counts(out, self.f_hand, cards, player["hand"])
        slots = f["slots"]
        for index, site in enumerate(sites):
            counts(out, f["ruins" if site["ruin"] else "built"], cards, [site["key"]])
            if index >= SLOTS:
                continue
            at = index * self.slot_width
            one_hot(out, slots, at + cards.get(site["key"], len(cards)))
            at += len(cards) + 1
            scalar(out, slots, float(site["ruin"]), at=at)
            scalar(out, slots, site["uses"], 2, at=at + 1)
            for good, amount in site["held"].items():
                scalar(out, slots, amount, 3, at=at + 2 + self.held.get(good, len(HELD)))


def encoding(game: Any) -> FiftyEncoding:
    """The card keys of the card data, the same for every mode (so every mode has one layout)."""
    catalog = type(game)().catalog
    return FiftyEncoding(list(catalog.location_keys), list(catalog.connection_keys), game.decision_kinds())
