"""Seat names: seat 0 is A, seat 1 is B, ... in records, notation, views and logs (one spelling).

Narration and prompts name a seat by a mark (`seat_mark`, "{A}") that each reader replaces: the web
table by the seat's name at that table (`static/js/dom.js`'s `named`), the terminal and everything
else by its letter (`plain`). So the page names people without guessing which "A" is a seat.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: the letter of each seat, by seat number
SEAT_LETTERS = "ABCDEFGH"
#: a seat's mark in narration and prompts (`seat_mark`)
SEAT_MARK = re.compile(r"\{([A-H])\}")


def seat_letter(seat: int) -> str:
    """The letter of seat number `seat`.

    >>> seat_letter(0), seat_letter(3)
    ('A', 'D')
    """
    return SEAT_LETTERS[seat]


def seat_of_letter(letter: str) -> int:
    """The seat number a letter names (either case); ValueError if it names none.

    >>> seat_of_letter("b")
    1
    """
    if len(letter) != 1 or letter.upper() not in SEAT_LETTERS:
        raise ValueError(f"{letter!r} names no seat (seats are {', '.join(SEAT_LETTERS)})")
    return SEAT_LETTERS.index(letter.upper())


def seat_mark(seat: int) -> str:
    """How narration and prompts name seat number `seat`: its letter in braces, which every reader
    replaces (`plain`, `named`).

    >>> seat_mark(1)
    '{B}'
    """
    return "{" + seat_letter(seat) + "}"


def plain(text: str) -> str:
    """`text` with each seat's mark replaced by the seat's letter (the terminal, records, reports).

    >>> plain("{A} takes Tent; {B}'s doom rises")
    "A takes Tent; B's doom rises"
    """
    return SEAT_MARK.sub(r"\1", text)


def named(text: str, names: Sequence[str]) -> str:
    """`text` with each seat's mark replaced by the seat's name in `names` (its letter beyond them).

    >>> named("team {A}+{C} starts", ["Ann", "Bob", "Cleo"])
    'team Ann+Cleo starts'
    """

    def name(mark: re.Match[str]) -> str:
        seat = seat_of_letter(mark.group(1))
        return names[seat] if seat < len(names) else mark.group(1)

    return SEAT_MARK.sub(name, text)
