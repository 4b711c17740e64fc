"""Cards Against the Apocalypse's observation encoding for the research adapters.

Built only from `view(state, seat)`. The shelter is written cell by cell over the fixed frame of
`grid.CELLS` (9 columns a-i by 28 rows, row by row), so a convolutional network can reshape that
field to 28 x 9 x channels; seats are relative to the viewer (0 the viewer, 1 the next seat, ...).
RULES.md, "Observation encoding", lists the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from cardtable.core.encoding import Encoding, Layout, counts, one_hot, relative, scalar, vocabulary

from . import grid

SEATS = 3
ROUNDS = 7
STEPS = ("setup", "round-start", "draw", "window", "turn", "discard", "needs", "catastrophe", "end", "over")
AFTER = ("turn", "catastrophe", "draw", "discard", "needs")
#: per cell: the card (one-hot over the building and natural cards, other), then its flags
FLAGS = ("unstable", "disabled", "protected", "needs-met", "giving", "radiated", "endangered")


class ApocalypseEncoding(Encoding):
    def __init__(self, cards: list[str], board_cards: list[str], kinds: tuple[str, ...]) -> None:
        self.cards = vocabulary(cards)
        self.board_cards = vocabulary(board_cards)
        self.cells = {cell: i for i, cell in enumerate(grid.CELLS)}
        self.steps = vocabulary(STEPS)
        self.kinds = vocabulary(kinds)
        self.after = vocabulary(AFTER)
        c = len(self.cards) + 1
        self.channels = len(self.board_cards) + 1 + len(FLAGS)
        lay = self.layout = Layout()
        self.f_round = lay.add("round", ROUNDS + 1, "one-hot: round 0 (set-up) .. 7")
        self.f_step = lay.add("step", len(STEPS) + 1, f"one-hot: round step ({', '.join(STEPS)}, other)")
        self.f_leader = lay.add("leader", SEATS, "one-hot: relative seat of the round's leader")
        self.f_turn = lay.add("turn", 4, "one-hot: turn within the round (0-2), then 1 if turns are skipped")
        self.f_window = lay.add(
            "window", SEATS + 1 + len(AFTER) + 1, "ability window: relative seat, seats left / 3, what next"
        )
        self.f_task = lay.add(
            "task",
            len(kinds) + 1 + SEATS,
            f"pending task: one-hot kind ({', '.join(kinds)}, other), relative seat (with step, window, "
            "leader and turn it says who decides what)",
        )
        self.f_board = lay.add(
            "board",
            len(self.cells) * self.channels,
            f"per cell of the 28 x 9 frame (row by row): the card ({', '.join(board_cards)}, other), "
            f"then {', '.join(FLAGS)}",
        )
        self.f_pool = lay.add("pool", c, "card pool (counts over every card key, other)")
        self.f_discard = lay.add("discard", c, "discard pile (counts)")
        self.f_dead = lay.add("dead", c, "dead cards (counts)")
        self.f_abilities = lay.add("abilities", SEATS, "ability cards in hand per relative seat / 2")
        self.f_own_abilities = lay.add("own-abilities", c, "the viewer's own ability cards (counts)")
        self.f_used = lay.add("used-abilities", c, "used ability cards (counts)")
        self.f_catastrophe = lay.add("catastrophe", c, "the catastrophe of the round (one-hot)")
        self.f_resolved = lay.add("resolved-catastrophes", c, "catastrophes resolved (counts)")
        self.f_held = lay.add("held", c + 1, "the card in hand (one-hot), then 1 if it was unstable")
        self.f_research = lay.add("research", c, "cards being researched (counts)")
        self.f_research_order = lay.add("research-order", c, "cards put back so far (counts)")
        self.f_known_top = lay.add("building-known-top", c, "known top cards of the building deck (counts)")
        self.f_decks = lay.add(
            "decks",
            5,
            "building deck size / 40, catastrophe deck size / 8, 1 if its top is known, natural decks "
            "(energy, water) / 4",
        )
        self.f_known_catastrophe = lay.add("catastrophe-known-top", c, "the known next catastrophe (one-hot)")
        self.f_workforce = lay.add("workforce", 3, "workforce total, spent, left, each / 6")
        self.f_score = lay.add("score", 3, "trios / 5, points / 20, lost cards / 20")
        self.f_over = lay.add("over", 1, "1 when the game is over")

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out = self.blank()
        # the view names no seat: the viewer is the seat whose ability cards it shows
        me = next((s for s, a in enumerate(view["abilities"]) if a["cards"] is not None), 0)
        cards = self.cards
        other = len(cards)
        one_hot(out, self.f_round, int(view["round"]))
        one_hot(out, self.f_step, self.steps.get(view["step"], len(self.steps)))
        one_hot(out, self.f_leader, relative(view["leader"], me, SEATS))
        one_hot(out, self.f_turn, int(view["turn"]))
        scalar(out, self.f_turn, float(view["skip_turns"]), at=3)
        window = view["window"]
        one_hot(out, self.f_window, relative(window["seat"], me, SEATS))
        scalar(out, self.f_window, window["left"], SEATS, at=SEATS)
        if window["then"]:
            one_hot(out, self.f_window, SEATS + 1 + self.after.get(window["then"], len(self.after)))
        task = view["task"]
        if task["kind"]:
            one_hot(out, self.f_task, self.kinds.get(task["kind"], len(self.kinds)))
            one_hot(out, self.f_task, len(self.kinds) + 1 + (relative(task["seat"], me, SEATS) or 0))
        width = self.channels
        n_board = len(self.board_cards)
        for tile in view["board"]:
            place = self.cells.get(tile["cell"])
            if place is None:
                continue
            base = self.f_board.offset + place * width
            out[base + self.board_cards.get(tile["name"], n_board)] = 1.0
            flags = base + n_board + 1
            out[flags + 0] = float(tile["unstable"])
            out[flags + 1] = float(tile["disabled_by"] >= 0)
            out[flags + 2] = float(tile["protected"])
            out[flags + 3] = float(tile["needs_met"])
            out[flags + 4] = float(tile["giving"])
            out[flags + 5] = float(tile["radiated"])
            out[flags + 6] = float(tile["endangered"])
        names = _names
        counts(out, self.f_pool, cards, names(view["pool"]))
        counts(out, self.f_discard, cards, names(view["discard"]))
        counts(out, self.f_dead, cards, names(view["dead"]))
        for seat, hand in enumerate(view["abilities"]):
            scalar(out, self.f_abilities, hand["count"], 2, at=relative(seat, me, SEATS) or 0)
            if hand["cards"] is not None and seat == me:
                counts(out, self.f_own_abilities, cards, names(hand["cards"]))
        counts(out, self.f_used, cards, names(view["used_abilities"]))
        if view["catastrophe"]:
            counts(out, self.f_catastrophe, cards, [view["catastrophe"]["name"]])
        counts(out, self.f_resolved, cards, names(view["resolved_catastrophes"]))
        held = view["held"]
        if held:
            one_hot(out, self.f_held, cards.get(held["name"], other))
            scalar(out, self.f_held, float(held["unstable"]), at=other + 1)
        counts(out, self.f_research, cards, names(view.get("research", ())))
        counts(out, self.f_research_order, cards, names(view.get("research_order", ())))
        deck = view["building_deck"]
        counts(out, self.f_known_top, cards, names(deck["known_top"]))
        catastrophes = view["catastrophe_deck"]
        scalar(out, self.f_decks, deck["size"], 40)
        scalar(out, self.f_decks, catastrophes["size"], 8, at=1)
        scalar(out, self.f_decks, float(catastrophes["known_top"] is not None), at=2)
        natural = view["natural_decks"]
        scalar(out, self.f_decks, natural.get("energy", 0), 4, at=3)
        scalar(out, self.f_decks, natural.get("water", 0), 4, at=4)
        if catastrophes["known_top"]:
            counts(out, self.f_known_catastrophe, cards, [catastrophes["known_top"]["name"]])
        work = view["workforce"]
        for i, key in enumerate(("total", "spent", "left")):
            scalar(out, self.f_workforce, work[key], 6, at=i)
        score = view["score"]
        scalar(out, self.f_score, score["trios"], 5)
        scalar(out, self.f_score, score["points"], 20, at=1)
        scalar(out, self.f_score, score["lost"], 20, at=2)
        scalar(out, self.f_over, float(view["step"] == "over"))
        return out


def _names(cards: Any) -> list[str]:
    return [c["name"] for c in cards]


def encoding(game: Any) -> ApocalypseEncoding:
    faces = game.card_faces()
    on_board = [key for key, face in faces.items() if face.get("category") not in ("ability", "catastrophe")]
    return ApocalypseEncoding(list(faces), on_board, game.decision_kinds())
