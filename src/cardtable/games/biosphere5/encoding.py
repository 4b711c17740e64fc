"""Biosphere 5's observation encoding for the research adapters: a seat's view as numbers.

Built only from `view(state, seat)`; the same layout (and size) for every mode, with the seats
written relative to the viewer (board 0 is the viewer's own, then the seats after it in seat order)
and empty places for seats a mode does not have. RULES.md, "Observation encoding", lists the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from cardtable.core.encoding import Encoding, Layout, counts, one_hot, relative, scalar, vocabulary

MAX_SEATS = 4
MARKERS = ("take", "take2", "refresh", "play", "ease")
LEADERS = ("strategist", "commander", "fighter", "believer")
TASKS_SHOWN = 3


class Biosphere5Encoding(Encoding):
    #: the vocabulary of the move markers, made once (those of the card data and steps, per encoding)
    markers = vocabulary(MARKERS)

    def __init__(self, cards: list[str], kinds: tuple[str, ...], steps: tuple[str, ...]) -> None:
        self.cards = vocabulary(cards)
        self.kinds = vocabulary(kinds)
        self.steps = vocabulary(steps)
        c = len(self.cards) + 1
        k = len(self.kinds) + 1
        ks = len(self.steps) + 1
        lay = self.layout = Layout()
        self.f_players = lay.add("players", MAX_SEATS, "one-hot: number of seats (1..4)")
        self.f_solo = lay.add("solo", 1, "1 in the solo game against the Machine")
        self.f_decider = lay.add("decision-seat", MAX_SEATS, "one-hot: relative seat that must decide")
        self.f_kind = lay.add("decision-kind", k, f"one-hot: decision kind ({', '.join(kinds)}, other)")
        self.f_turn = lay.add("turn-seat", MAX_SEATS, "one-hot: relative seat whose turn it is")
        self.f_move = lay.add("move", 1, "move number within the turn / 3")
        self.f_markers = lay.add("markers", len(MARKERS) + 1, "moves already taken this turn (counts)")
        self.f_tasks = [
            lay.add(
                f"task-{i}",
                ks + MAX_SEATS,
                f"pending step {i + 1}: one-hot kind ({', '.join(steps)}, other), then relative seat",
            )
            for i in range(TASKS_SHOWN)
        ]
        self.f_order = lay.add("order", MAX_SEATS, "each relative seat's place in the turn order / 4")
        self.f_hand = lay.add("hand", c, "own hand: count of each card (card keys in card-data order, other)")
        self.f_boards = []
        for b in range(MAX_SEATS):
            who = "own board" if b == 0 else f"board of relative seat {b}"
            self.f_boards.append(
                {
                    "present": lay.add(f"board-{b}-present", 1, f"{who}: 1 if the seat exists"),
                    "status": lay.add(
                        f"board-{b}-status", 3, f"{who}: out of the game, team-mate of the viewer, opponent"
                    ),
                    "sizes": lay.add(f"board-{b}-sizes", 2, f"{who}: hand size / 10, draw pile size / 30"),
                    "level": lay.add(
                        f"board-{b}-level", 2, f"{who}: civilisation level / 5, red cards face up / 3"
                    ),
                    "faceup": lay.add(f"board-{b}-faceup", c, f"{who}: face-up cards (counts)"),
                    "discard": lay.add(f"board-{b}-discard", c, f"{who}: discard pile (counts)"),
                    "achievements": lay.add(f"board-{b}-achievements", c, f"{who}: achievements (counts)"),
                }
            )
        self.f_revealed = lay.add(
            "revealed", 1 + MAX_SEATS + c, "Espionage: 1 while looking at a hand, its relative seat, cards"
        )
        self.f_searching = lay.add("searching", c, "The Abyss: the own draw pile while searching it (counts)")
        self.f_doom = lay.add("doom", MAX_SEATS, "The Abyss: doom of each relative seat / 8")
        self.f_leaders = lay.add(
            "leaders",
            MAX_SEATS * len(LEADERS),
            f"The Abyss: leader tiers / 3 per relative seat ({', '.join(LEADERS)})",
        )
        self.f_abyss_flags = lay.add("abyss-flags", 2, "The Abyss: third move, concentrate troops")
        self.f_machine = lay.add(
            "machine",
            4,
            "the Machine: level / 8, cards it reveals / 6, catastrophes this round / 3, 1 if a card is kept",
        )
        self.f_machine_revealed = lay.add("machine-revealed", c, "the Machine: revealed cards (counts)")
        self.f_machine_kept = lay.add("machine-kept", c, "the Machine: the card set aside (one-hot)")
        self.f_machine_unveiled = lay.add("machine-unveiled", c, "the Machine: cards shown by Espionage")
        self.f_result = lay.add("result", 3, "game over, the viewer is among the winners, draw")

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out = self.blank()
        n = int(view["players"])
        me = view["seat"] or 0
        cards = self.cards
        one_hot(out, self.f_players, n - 1)
        decision = view.get("decision")
        if decision is not None:
            one_hot(out, self.f_decider, relative(decision["seat"], me, n))
            one_hot(out, self.f_kind, self.kinds.get(decision["kind"], len(self.kinds)))
        one_hot(out, self.f_turn, relative(view.get("turn"), me, n))
        scalar(out, self.f_move, view.get("move"), 3)
        counts(out, self.f_markers, self.markers, view.get("markers", ()))
        for field, task in zip(self.f_tasks, view.get("upcoming", ()), strict=False):
            kind, seat = task[0], task[1]
            one_hot(out, field, self.steps.get(kind, len(self.steps)))
            rel = relative(seat, me, n)
            if rel is not None:
                out[field.offset + len(self.steps) + 1 + rel] = 1.0
        for place, seat in enumerate(view.get("order", ())):
            scalar(out, self.f_order, place, MAX_SEATS, at=relative(seat, me, n) or 0)
        counts(out, self.f_hand, cards, view.get("hand") or ())
        my_team = view["boards"][me]["team"]
        for board in view["boards"]:
            f = self.f_boards[relative(board["seat"], me, n) or 0]
            out[f["present"].offset] = 1.0
            status = f["status"].offset
            out[status] = float(board["out"])
            if board["seat"] != me:
                mate = my_team is not None and board["team"] == my_team
                out[status + (1 if mate else 2)] = 1.0
            scalar(out, f["sizes"], board["hand_size"], 10)
            scalar(out, f["sizes"], board["pile_size"], 30, at=1)
            scalar(out, f["level"], board["level"], 5)
            scalar(out, f["level"], board["red"], 3, at=1)
            counts(out, f["faceup"], cards, board["faceup"])
            counts(out, f["discard"], cards, board["discard"])
            counts(out, f["achievements"], cards, board["achievements"])
        revealed = view.get("revealed")
        if revealed:
            base = self.f_revealed.offset
            out[base] = 1.0
            out[base + 1 + (relative(revealed["seat"], me, n) or 0)] = 1.0
            for key in revealed["hand"]:
                out[base + 1 + MAX_SEATS + cards.get(key, len(cards))] += 1.0
        counts(out, self.f_searching, cards, view.get("searching") or ())
        if "doom" in view:
            for seat, doom in enumerate(view["doom"]):
                rel = relative(seat, me, n) or 0
                scalar(out, self.f_doom, doom, 8, at=rel)
                tiers = view["leaders"][seat]
                for i, lead in enumerate(LEADERS):
                    scalar(out, self.f_leaders, tiers.get(lead, 0), 3, at=rel * len(LEADERS) + i)
            scalar(out, self.f_abyss_flags, float(view["third_move"]))
            scalar(out, self.f_abyss_flags, float(view["concentrate_troops"]), at=1)
        machine = view.get("machine")
        if machine is not None:
            out[self.f_solo.offset] = 1.0
            scalar(out, self.f_machine, machine["level"], 8)
            scalar(out, self.f_machine, machine["reveals"], 6, at=1)
            scalar(out, self.f_machine, machine["catastrophes_this_round"], 3, at=2)
            scalar(out, self.f_machine, 1.0 if machine["kept"] else 0.0, at=3)
            counts(out, self.f_machine_revealed, cards, machine["revealed"])
            counts(out, self.f_machine_kept, cards, [machine["kept"]] if machine["kept"] else ())
            counts(out, self.f_machine_unveiled, cards, machine["unveiled"])
        result = view.get("result")
        if result is not None:
            out[self.f_result.offset] = 1.0
            out[self.f_result.offset + 1] = float(me in result["winners"])
            out[self.f_result.offset + 2] = float(result["draw"])
        return out


def encoding(game: Any) -> Biosphere5Encoding:
    """The encoding of `game` (any mode: the layout is the same for all)."""
    return Biosphere5Encoding(list(game.card_faces()), game.decision_kinds(), game.step_kinds())
