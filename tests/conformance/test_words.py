"""Issue 27, "Words": no prompt, button or log line a person reads holds a placeholder, "None", a raw
index, a field name or a card id; counts are spelled right; a seat with a name is called by it.

Random games of every game and mode are played to their end; at every decision the prompt, the words of
every legal move as the web table labels it (each game's `static/games/*.js`, run by node through
labels.mjs) and every log line the seat to move and a spectator read (the game's narration, or the
move's words where the game narrates nothing) are checked by `words.faults`. The game's own words name
seats by a mark (`core.seats.seat_mark`): they are checked as the terminal shows them (letters,
`core.plain`) and as the web table does (names, `core.named`).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.core import Rng, make_game, named, plain, text_of
from cardtable.core.narrate import new_lines
from tests.conformance.harness import CASES, Case
from tests.conformance.words import Vocabulary, faults

SEEDS = (0, 1)
LABELS = Path(__file__).with_name("labels.mjs")
#: the names the seats have at the table (a label that falls back to a seat's letter shows it)
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
PLAYED = [case for case in CASES if case.values[0].game != "toy"]
#: the kind of text -> how many faults of each are shown in a failure
SHOWN = 25


def web_labels(game: Any, asks: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The web table's words for the moves of each ask (`labels.mjs`)."""
    payload = {"game": game.name, "faces": game.card_faces()}
    payload |= {"options": dict(game.options), "seats": NAMES[: game.num_seats + 1], "asks": asks}
    done = subprocess.run(["node", str(LABELS)], input=json.dumps(payload), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def shown(text: str) -> set[str]:
    """The game's `text` as people read it: in the terminal (seats by letter) and at the web table (by
    name)."""
    return {plain(text), named(text, NAMES)}


def texts(game: Any, seed: int) -> Iterator[tuple[str, str, bool]]:
    """Every text a person reads in one random game: (what it is, the text, whether it is a sentence
    that must open with a capital)."""
    state = game.new_state(seed)
    rng = Rng(seed)
    viewers: list[int | None] = [None, *range(game.num_seats)]
    lines = {v: [text_of(line) for line in game.narration(state, v)] for v in viewers}
    for v in viewers:
        yield from (("set-up line", line, False) for text in lines[v] for line in shown(text))
    asks: list[dict[str, Any]] = []
    while (decision := game.decision(state)) is not None:
        yield from (("prompt", line, True) for line in shown(decision.prompt))
        legal = game.legal_actions(state)
        asks.append(
            {
                "view": game.view(state, decision.seat),
                "decision": {"seat": decision.seat, "kind": decision.kind, "prompt": decision.prompt},
                "seat": decision.seat,
                "actions": [str(a) for a in legal],
            }
        )
        action = rng.choice(legal)
        told = {v: game.describe(state, action, v) for v in (decision.seat, None)}
        game.apply(state, action)
        for v in viewers:
            after = [text_of(line) for line in game.narration(state, v)]
            events = new_lines(lines[v], after)
            lines[v] = after
            if v not in told:
                continue
            yield from (("log line", line, False) for text in events for line in shown(text))
            if not events and told[v] is not None:  # the web words the move (below) or shows the text
                asks.append({"view": game.view(state, v), "decision": None, "seat": v, "actions": [told[v]]})
    for ask, labels in zip(asks, web_labels(game, asks), strict=True):
        what = "move" if ask["decision"] else "log line"
        for action, label in zip(ask["actions"], labels, strict=True):
            if "error" in label:
                yield "move in notation", f"{action} ({label['error']})", False
            elif label["unknown"] and ask["decision"]:
                yield "move in notation", action, False
            else:
                yield what, label["label"], what == "move"


@pytest.mark.parametrize("case", PLAYED)
def test_every_text_a_person_reads_is_in_words(case: Case) -> None:
    game = make_game(case.game, dict(case.options))
    vocabulary = Vocabulary.of(game)
    found: dict[str, int] = {}
    for seed in SEEDS:
        for what, text, sentence in texts(game, seed):
            said = ["the web has no words for it"] if what == "move in notation" else []
            for fault in said or faults(text, vocabulary, sentence=sentence):
                key = f"{what}: {text!r}: {fault}"
                found[key] = found.get(key, 0) + 1
    shown = "\n".join(sorted(found)[:SHOWN])
    assert not found, f"{case.id}: {len(found)} texts with faults:\n{shown}"


#: what the checker must find in a text (51st State's vocabulary: its card ids and its notation)
BAD = {
    "Discard {1}": "a placeholder in braces",
    "Use None": "'None'",
    "hand_size 3": "a field name (underscore)",
    "Choose where to place the card in hand (put CELL)": "a placeholder 'CELL'",
    "B discards 1 cards to lower doom by one": "'1 cards'",
    "Pay 1 grey for build school": "a move in notation 'build school'",
    "Pay 1 grey contact to build gun-shop": "notation 'gun-shop'",
    "Pay 1 develop-match": "a word of notation 'develop-match'",
    "B doom -1 -> 0": "notation '->'",
    "Score: NaN": "'NaN'",
    "Take [object Object]": "'[object Object]'",
    "Discard undefined": "'undefined'",
    "2 6-cost marker(s)": "notation '(s)'",
    "Use an ability card, or pass (before seat C's turn)": "'seat C'",
    "take an action or pass": "opens in lower case",
}
GOOD = [
    "Choose a card to discard (2 to go)",
    "A passes.",
    "Pay 1 grey contact to build Gun Shop",
    "A Explore +5, Consume: Trade; B Produce.",
    "A gains 1 VP and 1 bonus",
    "Cleanup: supplies are discarded; A keeps the first-player token.",
]


def test_the_checker_finds_words_that_are_not_for_people() -> None:
    vocabulary = Vocabulary.of(make_game("51st-state", {"players": 2}))
    for text, fault in BAD.items():
        assert fault in faults(text, vocabulary, sentence=True), text
    for text in GOOD:
        assert faults(text, vocabulary, sentence=True) == [], text


def test_the_checker_knows_a_seat_with_a_name_by_its_letter() -> None:
    game = make_game("race-for-the-galaxy", {"solo": "robot"})
    vocabulary = Vocabulary.of(game)
    assert vocabulary.named_seats == {"B"}  # the robot
    assert "the letter B of a seat that has a name" in faults("B produces on nothing", vocabulary)
    assert faults("A produces on New Sparta. A card is drawn.", vocabulary) == []
    fifth = Vocabulary(frozenset(), frozenset({"D"}))  # a letter inside a card's name is no seat
    assert faults("Ann develops R&D Crash Program", fifth) == []


def test_a_move_the_web_has_no_words_for_is_found() -> None:
    game = make_game("dino-battles", {"players": 2})
    state = game.new_state(0)
    decision = game.decision(state)
    assert decision is not None
    ask = {
        "view": game.view(state, decision.seat),
        "seat": decision.seat,
        "actions": ["frobnicate 7", "pass"],
    }
    ask["decision"] = {"seat": decision.seat, "kind": decision.kind, "prompt": decision.prompt}
    unknown, known = web_labels(game, [ask])[0]
    assert unknown["unknown"] and not known["unknown"] and known["label"] == "Go on to Combat"
