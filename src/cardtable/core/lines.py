"""A line of a game's narration with what a reader may group it by: the round it opens, the automaton
whose act it tells and the seat whose act it tells. The web table groups and marks its log by these
fields and never reads them from the words; the terminal prints the text. All are public facts (a
round's number, an automaton's name, the seat the line names first), so a line's fields tell a seat
nothing its text does not.

A game keeps a line that opens no round and is no automaton's as its text alone (`str`), so its state
stays plain text where nothing is marked, and states written before lines had fields still load. A
plain line that opens with a seat's mark and its verb ("{B} buys Evade.") tells that seat's act: it
is read with that seat (`as_line`); a game sets `seat` itself where a line tells an act otherwise.

>>> as_line("Round 2: Explore.")
Line(text='Round 2: Explore.', round=None, body=None, author=None, seat=None)
>>> as_line("{B} buys Evade.").seat, as_line("{B}'s Raptor Blade is hit.").seat
(1, None)
>>> opening(2, "Round 2: Explore.", "Actions: Explore.").round
2
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

import msgspec

from .seats import SEAT_MARK, seat_of_letter


class Line(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """One narration line: its words, the round it opens (with the words to show under the round's
    heading: `body`, "" none) and the automaton that acts in it (its name as the table shows it).

    Not tracked by the garbage collector (it holds only strings and numbers): a web table keeps the
    lines of every move for as long as it is played."""

    text: str
    #: the round (Dino Battles: the turn) this line opens
    round: int | None = None
    #: a line that opens a round: what it says beside the round's number
    body: str | None = None
    #: the automaton (the solo game's robot, Machine, virtual player) whose act this line tells
    author: str | None = None
    #: the seat whose act this line tells (None: no seat's, or an automaton's: `author`)
    seat: int | None = None


#: a narration entry as a game keeps it: a plain line as its text, a marked one as a `Line`
Said = str | Line


#: a plain line that tells a seat's act: it opens with the seat's mark and a word (`core.seats.seat_mark`)
_ACT = re.compile(SEAT_MARK.pattern + r" \w")


def as_line(said: Said) -> Line:
    """`said` as a `Line`: a plain text has no fields but the seat whose act it tells, when it opens
    with that seat's mark and a word."""
    if isinstance(said, Line):
        return said
    act = _ACT.match(said)
    return Line(said, seat=seat_of_letter(act[1])) if act else Line(said)


def text_of(said: Said) -> str:
    """The words of `said`."""
    return said.text if isinstance(said, Line) else said


def texts(said: Iterable[Said]) -> list[str]:
    """The words of each line of `said` (what a view shows, and a terminal prints)."""
    return [text_of(line) for line in said]


def opening(round: int, text: str, body: str) -> Line:
    """The line `text` that opens round `round`, showing `body` under the round's heading."""
    return Line(text, round=round, body=body)


@functools.lru_cache(maxsize=8192)
def sentence(said: Said) -> Said:
    """`said` as a sentence: opening with a capital letter, ending with . ! or ? (a full stop added), in
    its body too (for a game that keeps its notes terse and narrates them as sentences).

    >>> sentence("the Machine plays Tent"), sentence(opening(2, "Round 2, led by {A}", "Led by {A}")).body
    ('The Machine plays Tent.', 'Led by {A}.')

    Cached: a narration is read as sentences at every view and move, and its lines repeat."""
    if isinstance(said, Line):
        body = None if said.body is None else _sentence(said.body)
        return msgspec.structs.replace(said, text=_sentence(said.text), body=body)
    return _sentence(said)


def sentences(said: Iterable[Said]) -> list[Said]:
    """Each line of `said` as a sentence (`sentence`)."""
    return [sentence(line) for line in said]


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) or not text else text + "."


def by(author: str, text: str) -> Line:
    """The line `text`, an act of the automaton `author`."""
    return Line(text, author=author)


def act(seat: int, text: str) -> Line:
    """The line `text`, an act of seat `seat`."""
    return Line(text, seat=seat)


def befalls(text: str) -> Line:
    """The line `text`, which tells no seat's act though it opens with a seat's mark: what befalls the
    seat ("{A} takes 4 Wound cards." when an attack hits it).

    >>> befalls("{A} takes 4 Wound cards.").seat is None
    True
    """
    return Line(text)
