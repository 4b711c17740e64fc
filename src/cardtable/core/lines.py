"""A line of a game's narration with what a reader may group it by: the round it opens and the automaton
whose act it tells. The web table groups its log by these fields and never reads them from the words;
the terminal prints the text. Both are public facts (a round's number, an automaton's name), so a line's
fields tell a seat nothing its text does not.

A game keeps a line that opens no round and is no automaton's as its text alone (`str`), so its state
stays plain text where nothing is marked, and states written before lines had fields still load.

>>> as_line("Round 2: Explore.")
Line(text='Round 2: Explore.', round=None, body=None, author=None)
>>> opening(2, "Round 2: Explore.", "Actions: Explore.").round
2
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec


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


#: a narration entry as a game keeps it: a plain line as its text, a marked one as a `Line`
Said = str | Line


def as_line(said: Said) -> Line:
    """`said` as a `Line` (a plain text has no fields)."""
    return said if isinstance(said, Line) else Line(said)


def text_of(said: Said) -> str:
    """The words of `said`."""
    return said.text if isinstance(said, Line) else said


def texts(said: Iterable[Said]) -> list[str]:
    """The words of each line of `said` (what a view shows, and a terminal prints)."""
    return [text_of(line) for line in said]


def opening(round: int, text: str, body: str) -> Line:
    """The line `text` that opens round `round`, showing `body` under the round's heading."""
    return Line(text, round=round, body=body)


def by(author: str, text: str) -> Line:
    """The line `text`, an act of the automaton `author`."""
    return Line(text, author=author)
