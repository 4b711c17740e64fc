"""What a person reads at the table (prompts, the words of the moves, log lines) checked for words that
are not for people: placeholders, "None", braces, field names, raw card ids and notation, "1 cards",
a bare seat letter where the seat has a name, a prompt that does not open as a sentence.

`faults(text, vocabulary)` lists what is wrong with one text; `Vocabulary.of(game)` gathers what a game
calls its cards and its notation, so a card id or a notation word in prose is recognised as such.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from cardtable.core.seats import seat_letter

#: all-capital words people read in these games (stats, card levels, the SETI of card names)
CAPITALS = frozenset({"ATK", "EVA", "DEF", "SETI", "VP", "HP", "ID", "III", "JSON"})
#: nouns whose one is spelled like their many ("1 goods" is wrong, but these are right)
SINGULAR_S = frozenset(
    {"bonus", "status", "chaos", "gas", "boss", "loss", "class", "canvas", "series", "species"}
    | {"as", "is", "was", "has", "its", "this", "plus"}  # not nouns: "its defence -1 as cost"
)

#: hyphenated words of English these games use (any other lower-case hyphenated word is notation)
COMPOUNDS = frozenset(
    {
        "face-up",
        "face-down",
        "tie-breaker",
        "first-player",
        "set-up",
        "6-cost",
        "highest-level",
        "one-shot",
        "non-military",
    }
)

_NONE = re.compile(r"\bNone\b")
#: what JavaScript prints for a value that is not words
_SCRIPT_RAW = re.compile(r"\b(?:undefined|null|NaN)\b|\[object \w+\]")
_UNDERSCORED = re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]")
_CAPITALS = re.compile(r"\b[A-Z]{3,}\b")
_ONE_MANY = re.compile(r"\b(?<![.,])1 ([a-z]+s)\b")
_SLUG = re.compile(r"\b[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+\b")
_SEAT = re.compile(r"\b[Ss]eat ([A-H])\b")
_NOTATION_MARKS = re.compile(r"->|\(s\)")


@dataclass(frozen=True)
class Vocabulary:
    """What a game's notation spells that prose must not: card ids and the hyphenated words of its
    actions (lower case), and the letters of the seats that have a name (its automata)."""

    raw: frozenset[str]
    named_seats: frozenset[str]
    #: the first two words of every action with arguments ("build school", "use 8")
    moves: frozenset[str] = frozenset()

    @classmethod
    def of(cls, game: Any) -> Vocabulary:
        raw = {key.lower() for key in game.card_faces() if "-" in key or any(c.isdigit() for c in key)}
        moves = set()
        for action in game.action_space():
            words = str(action).split()
            raw.update(word.lower() for word in words[1:] if "-" in word)
            if len(words) > 1:
                moves.add(" ".join(words[:2]))
        named = frozenset(seat_letter(seat) for seat in game.automata())
        return cls(frozenset(raw), named, frozenset(moves))


def faults(text: str, vocabulary: Vocabulary, *, sentence: bool = False) -> list[str]:
    """What is wrong with `text` as words for a person (empty: nothing). `sentence`: it must open with
    a capital letter (a prompt)."""
    found = []
    if not text.strip():
        found.append("empty")
    if _NONE.search(text):
        found.append("'None'")
    for raw in _SCRIPT_RAW.findall(text):
        found.append(f"{raw!r}")
    if "{" in text or "}" in text:
        found.append("a placeholder in braces")
    if _UNDERSCORED.search(text):
        found.append("a field name (underscore)")
    for word in _CAPITALS.findall(text):
        if word not in CAPITALS:
            found.append(f"a placeholder {word!r}")
    for noun in _ONE_MANY.findall(text):
        if noun not in SINGULAR_S and not noun.endswith("ss"):
            found.append(f"'1 {noun}'")
    for slug in _SLUG.findall(text):
        bare = slug.lower()
        if bare in vocabulary.raw or re.sub(r"-\d+$", "", bare) in vocabulary.raw:
            found.append(f"notation {slug!r}")
        elif slug == bare and slug not in COMPOUNDS:
            found.append(f"a word of notation {slug!r}")
    words = text.split()
    for pair in itertools.pairwise(words):
        if " ".join(pair) in vocabulary.moves:
            found.append(f"a move in notation {' '.join(pair)!r}")
    for mark in _NOTATION_MARKS.findall(text):
        found.append(f"notation {mark!r}")
    for letter in _SEAT.findall(text):
        found.append(f"'seat {letter}'")
    for letter in vocabulary.named_seats:
        if re.search(rf"(?<![-+'’&])\b{letter}\b(?![-+'’&])", text) and not _article(text, letter):
            found.append(f"the letter {letter} of a seat that has a name")
    if sentence and text[:1].islower():
        found.append("opens in lower case")
    return found


def _article(text: str, letter: str) -> bool:
    """Whether every `letter` in `text` is the article "A" opening a sentence."""
    if letter != "A":
        return False
    return all(
        m.start() == 0 or text[: m.start()].rstrip().endswith((".", ":", ";", "("))
        for m in re.finditer(r"\bA\b", text)
    )
