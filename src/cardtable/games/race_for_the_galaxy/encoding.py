"""Race for the Galaxy's observation encoding for the research adapters: a seat's view as numbers.

Built only from what the adapters hand it: `view(state, seat)` and the public pending decision
(`cardtable.adapters.encoding.observed_view`). The same layout for every mode, the base game's and the
expansions': players are written relative to the viewer (0 the viewer, 1 the next seat in seat order,
...) with empty places for seats a mode lacks, card counts run over the card keys of every expansion
level, with one last place for any other key, and the expansions' goals, prestige, Search, start-world
offers, saved cards and takeovers have their own fields (zero in a mode without them). View keys this
module does not know (a mode added later may add some) are hashed into the `extras` field, so nothing a
view shows is dropped, and a key a player's entry lacks reads as 0.
RULES.md, "Observation encoding", lists the fields.
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
    two_player_utility,
    vocabulary,
)

from .cards import catalog
from .goals import goals
from .robot import ROBOT
from .setup import MAX_PLAYERS
from .view import ACTION_CARDS

#: the expansion levels, and the most seats any of them has
LEVELS = tuple(MAX_PLAYERS)
MAX_SEATS = max(MAX_PLAYERS.values())
#: the values of the view's `phase`, in the order of a round
PHASES = (
    "setup",
    "select",
    "explore",
    "develop",
    "develop2",
    "settle",
    "settle2",
    "consume",
    "produce",
    "round-end",
    "over",
)
#: the action cards by their printed names (what the view shows), then the level-3 prestige actions
#: and Search
CARDS = (
    *ACTION_CARDS.values(),
    *(f"Prestige {name}" for name in ACTION_CARDS.values()),
    "Search",
)
#: the numbers of each player, in order, with their scales
NUMBERS = (
    ("present", 1),
    ("chips", 10),
    ("hand_size", 12),
    ("drawn_size", 10),
    ("keep", 5),
    ("owe", 5),
    ("temp_military", 5),
    ("military", 10),
    ("score-chips", 20),
    ("score-cards", 40),
    ("score-bonus", 20),
    ("score-total", 60),
    ("actions_chosen", 1),
    ("picked", 1),
    ("used", 5),
    ("produced", 5),
    ("consumed", 5),
    ("prestige", 15),
    ("prestige_on_tile", 1),
    ("searched", 1),
    ("saved_size", 5),
    ("takeovers", 3),
    ("takeovers_failed", 3),
)
#: the view keys read here (any other is hashed into `extras`); `log` is words, not encoded
VIEW_KEYS = frozenset(
    (
        "game",
        "viewer",
        "round",
        "phase",
        "phases_left",
        "pool",
        "deck",
        "discard",
        "reshuffles",
        "players",
        "log",
        "ended",
        "decision",
        "expansion",
        "goals",
        "goals_available",
        "aside",
        "takeovers_allowed",
        "takeovers",
        "producing_on",
    )
)
PLAYER_KEYS = frozenset(
    (
        "seat",
        "start",
        "tableau",
        "goods",
        "chips",
        "hand_size",
        "drawn_size",
        "keep",
        "placing",
        "owe",
        "temp_military",
        "used",
        "produced",
        "consumed",
        "military",
        "score",
        "actions",
        "actions_chosen",
        "picked",
        "hand",
        "drawn",
        "pick",
        "hand_costs",
        "goals",
        "prestige",
        "prestige_on_tile",
        "searched",
        "saved_size",
        "offer",
        "saved",
    )
)


class RftgEncoding(Encoding):
    #: the vocabularies of the fixed word lists, made once (those of the card data, per encoding)
    phases = vocabulary(PHASES)
    action_cards = vocabulary(CARDS)

    def __init__(self, cards: list[str], kinds: tuple[str, ...], goal_keys: tuple[str, ...] = ()) -> None:
        """`cards`: the card keys; `kinds`: the game's decision kinds (`Game.decision_kinds`);
        `goal_keys`: the goals of the expansions."""
        self.cards = vocabulary(cards)
        self.goals = vocabulary(goal_keys)
        c = len(self.cards) + 1
        g = len(self.goals) + 1
        lay = self.layout = Layout()
        self.f_players = lay.add("players", MAX_SEATS, f"one-hot: number of seats (1..{MAX_SEATS})")
        self.f_expansion = lay.add(
            "expansion", len(LEVELS), "one-hot: the expansion level (0 the base game, 1, 2, 3)"
        )
        self.f_takeovers = lay.add("takeovers-allowed", 1, "1 if takeovers are played (levels 2-3)")
        self.decision = DecisionField(lay, MAX_SEATS, kinds)
        self.f_phase = lay.add(
            "phase", len(PHASES) + 1, f"one-hot: the current phase or step ({', '.join(PHASES)}, other)"
        )
        self.f_phases_left = lay.add(
            "phases-left", len(PHASES) + 1, "the phases still to run this round (multi-hot, same order)"
        )
        self.f_numbers = lay.add(
            "numbers",
            6,
            "round / 15, VP chips left in the pool / 50, deck size / 100, discard pile size / 100, "
            "reshuffles / 3, 1 once the game has ended",
        )
        self.f_goals = lay.add("goals", g, f"the goals in play (multi-hot: {', '.join(goal_keys)}, other)")
        self.f_available = lay.add("goals-available", g, "the goals in play nobody holds (same order)")
        self.f_aside = lay.add("aside", c, "cards set aside face up by a Search or an ante (counts)")
        self.f_producing = lay.add("producing-on", c, "the world chosen to discard a card to produce on")
        self.f_seats = [self._seat_fields(p, c, g) for p in range(MAX_SEATS)]
        self.f_hand = lay.add("hand", c, "own hand (counts)")
        self.f_drawn = lay.add("drawn", c, "own explored cards to keep or discard (counts)")
        self.f_pick = lay.add(
            "pick", c + 1, "own secret Develop or Settle pick: one-hot card key (other), then 1 for none"
        )
        self.f_cost = lay.add("hand-cost", c, "per card in hand: what placing it costs now / 10")
        self.f_defence = lay.add("hand-defence", c, "per military world in hand: its defence / 10")
        self.f_military = lay.add(
            "hand-military", c, "per military world in hand: own military against it / 10"
        )
        self.f_offer = lay.add("offer", c, "own start worlds offered to choose from (counts)")
        self.f_saved = lay.add("saved", c, "own cards saved under Galactic Scavengers (counts)")
        self.extras = ExtrasField(lay, VIEW_KEYS, PLAYER_KEYS)

    def _seat_fields(self, p: int, c: int, g: int) -> dict[str, Any]:
        """The fields of relative seat `p` (0: own), with `c` card and `g` goal places."""
        lay = self.layout
        who = "own:" if p == 0 else f"relative seat {p}:"
        return {
            "numbers": lay.add(
                f"seat-{p}-numbers",
                len(NUMBERS),
                f"{who} 1 if present, VP chips / 10, hand size / 12, explored cards held / 10, "
                "cards still to keep / 5, cards still owed / 5, temporary military / 5, military "
                "/ 10, score: chips / 20, cards / 40, 6-cost bonuses / 20, total / 60; 1 if its "
                "action cards are chosen but hidden, 1 if its secret pick is made; powers used, "
                "worlds produced on, goods consumed this phase / 5; prestige / 15, 1 if on the "
                "prestige tile, 1 once it has searched, cards saved / 5, takeovers declared this "
                "phase / 3, of which failed / 3",
            ),
            "tableau": lay.add(f"seat-{p}-tableau", c, f"{who} tableau (counts over card keys)"),
            "goods": lay.add(f"seat-{p}-goods", c, f"{who} worlds holding a good (counts)"),
            "placing": lay.add(f"seat-{p}-placing", c, f"{who} the card being placed (one-hot)"),
            "actions": lay.add(
                f"seat-{p}-actions",
                len(CARDS) + 1,
                f"{who} action cards chosen this round, once shown ({', '.join(CARDS)}, other)",
            ),
            "goals": lay.add(f"seat-{p}-goals", g, f"{who} goals held (multi-hot, as `goals`)"),
            "attacks": lay.add(
                f"seat-{p}-attacks", c, f"{who} worlds it declared a takeover of this phase (counts)"
            ),
        }

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out = self.blank()
        cards = self.cards
        players = view["players"]
        n = len(players)
        me = _seat(view.get("viewer")) or 0
        one_hot(out, self.f_players, n - 1)
        one_hot(out, self.f_expansion, int(view.get("expansion", 0)))
        scalar(out, self.f_takeovers, float(bool(view.get("takeovers_allowed"))), 1)
        self.decision.add(out, view.get("decision"), lambda seat: relative(_seat(seat), me, n))
        one_hot(out, self.f_phase, self.phases.get(view.get("phase", ""), len(PHASES)))
        for phase in view.get("phases_left", ()):
            one_hot(out, self.f_phases_left, self.phases.get(phase, len(PHASES)))
        for at, (key, scale) in enumerate(
            (("round", 15), ("pool", 50), ("deck", 100), ("discard", 100), ("reshuffles", 3), ("ended", 1))
        ):
            scalar(out, self.f_numbers, float(view.get(key, 0)), scale, at=at)
        counts(out, self.f_goals, self.goals, view.get("goals", ()))
        counts(out, self.f_available, self.goals, view.get("goals_available", ()))
        counts(out, self.f_aside, cards, view.get("aside", ()))
        if view.get("producing_on"):
            counts(out, self.f_producing, cards, [view["producing_on"]])
        attacks: dict[int, list[dict[str, Any]]] = {}
        for takeover in view.get("takeovers", ()):
            attacks.setdefault(_seat(takeover["attacker"]) or 0, []).append(takeover)
        for player in players:
            seat = _seat(player["seat"]) or 0
            rel = relative(seat, me, n) or 0
            f = self.f_seats[rel]
            self._numbers(out, f["numbers"], player, attacks.get(seat, []))
            counts(out, f["tableau"], cards, player.get("tableau", ()))
            counts(out, f["goods"], cards, player.get("goods", ()))
            if player.get("placing"):
                counts(out, f["placing"], cards, [player["placing"]])
            counts(out, f["actions"], self.action_cards, player.get("actions") or ())
            counts(out, f["goals"], self.goals, player.get("goals", ()))
            counts(out, f["attacks"], cards, [t["world"] for t in attacks.get(seat, [])])
            if "hand" in player:
                self._own(out, player)
            self.extras.add_player(out, player, rel)
        self.extras.add_view(out, view)
        return out

    def _numbers(
        self, out: np.ndarray, field: Any, player: Mapping[str, Any], attacks: list[dict[str, Any]]
    ) -> None:
        score = player.get("score", {})
        values = {
            "present": 1.0,
            "score-chips": score.get("chips", 0),
            "score-cards": score.get("cards", 0),
            "score-bonus": sum(score.get("bonus", {}).values()),
            "score-total": score.get("total", 0),
            "actions_chosen": float(player.get("actions_chosen", False)),
            "picked": float(player.get("picked", False) or bool(player.get("pick"))),
            "used": len(player.get("used", ())),
            "produced": len(player.get("produced", ())),
            "consumed": len(player.get("consumed", ())),
            "takeovers": len(attacks),
            "takeovers_failed": sum(1 for t in attacks if t.get("failed")),
        }
        for at, (key, scale) in enumerate(NUMBERS):
            value = values[key] if key in values else player.get(key, 0)
            scalar(out, field, float(value), scale, at=at)

    def _own(self, out: np.ndarray, player: Mapping[str, Any]) -> None:
        cards = self.cards
        other = len(cards)
        counts(out, self.f_hand, cards, player["hand"])
        counts(out, self.f_drawn, cards, player.get("drawn", ()))
        pick = player.get("pick")
        if pick == "-":
            one_hot(out, self.f_pick, other + 1)
        elif pick:
            one_hot(out, self.f_pick, cards.get(pick, other))
        for key, info in player.get("hand_costs", {}).items():
            at = cards.get(key, other)
            scalar(out, self.f_cost, info.get("cost"), 10, at=at)
            scalar(out, self.f_defence, info.get("defence"), 10, at=at)
            scalar(out, self.f_military, info.get("military"), 10, at=at)
        counts(out, self.f_offer, cards, player.get("offer", ()))
        counts(out, self.f_saved, cards, player.get("saved", ()))


def _seat(seat: str | int | None) -> int | None:
    """A seat as a number; the solitaire game names seat B "Robot" (`solo.py`)."""
    return seat_number(seat, {"Robot": ROBOT})


def card_keys() -> list[str]:
    """The card keys of every expansion level, in order (a key of a lower level only, such as the first
    Gambling World's, included)."""
    return sorted({key for level in LEVELS for key in catalog(level).keys})


def encoding(game: Any) -> RftgEncoding:
    """The card keys of every level, the game's decision kinds and the goals of the expansions, the same
    for every mode (so every mode has one layout)."""
    return RftgEncoding(card_keys(), game.decision_kinds(), tuple(g.key for g in goals(max(LEVELS))))


#: two players without an automaton: zero-sum; more players, or a solo game: general-sum
utility = two_player_utility
