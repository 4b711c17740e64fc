"""Seat names: seat 0 is A, seat 1 is B, ... in records, notation, views and logs (one spelling)."""

from __future__ import annotations

#: the letter of each seat, by seat number
SEAT_LETTERS = "ABCDEFGH"


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
