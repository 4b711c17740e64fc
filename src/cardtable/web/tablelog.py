"""A table's log: each move as every viewer reads it (the game says what each seat reads: `core.narrate`),
the take-backs where they happened, and each viewer's lines encoded once.

A log is made whole when a table is opened or replayed after a take-back (`Match.resume` and
`Match.take_back` tell it of every move, `observe`), and grows by one entry a move. A log replaced by
another, and a log whose game just ended (every move is then shown in full), starts a new `generation`:
a watcher that holds lines of another generation is sent the whole log again.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from cardtable.core import Action, Game, Move, Narrator, TakeBack, Told
from cardtable.core.lines import act
from cardtable.core.words import plural

_encode = msgspec.json.Encoder().encode
#: generations are numbered across every log of the process: a new log's is never an old one's
_GENERATIONS = itertools.count(1)

Viewer = int | None


class LogEntry(msgspec.Struct, gc=False):
    """One line of a table's log (a move, or a take-back). Not tracked by the garbage collector: a table
    keeps one per move while it is played, and the collector's pauses grow with what it tracks."""

    ply: int
    seat: int
    action: str
    #: what each viewer (seat numbers, None for spectators) read of the move, as the game tells it
    told: dict[Viewer, Told] = msgspec.field(default_factory=dict)
    #: a take-back's line (after move `ply`), not a move
    undo: bool = False


class TableLog:
    """The log of one table for its `viewers`, from the position `start` (the set-up), with the
    take-backs `undone` written after the moves they followed."""

    def __init__(
        self, game: Game[Any], start: Any, viewers: Iterable[Viewer], undone: Iterable[TakeBack] = ()
    ) -> None:
        self.game = game
        self.entries: list[LogEntry] = []
        self.narrators = {viewer: Narrator(game, start, viewer) for viewer in viewers}
        #: the game's narration of the set-up, per viewer
        self.setup = {viewer: narrator.setup for viewer, narrator in self.narrators.items()}
        #: the take-backs not written yet, by the move they followed
        self._notes = sorted(undone, key=lambda taken: taken.at)
        self.generation = next(_GENERATIONS)
        #: the moves written
        self.ply = 0
        #: each viewer's lines, encoded once (bytes: nothing for the garbage collector to walk), and how
        #: many entries they cover; `_over`: the lines show every move in full (the game is over)
        self._lines: dict[Viewer, list[bytes]] = {}
        self._upto: dict[Viewer, int] = {}
        self._over = False
        self._note_upto(0)

    # --- writing -----------------------------------------------------------------------------------
    def observe(self, before: Any, action: Action, after: Any, move: Move) -> None:
        """A move made again by a replay (`core.match.Observer`): written, with the take-backs after it."""
        self.add(self.ply + 1, move.seat, str(action), self.told(before, action, after))
        self._note_upto(self.ply)

    def finish(self) -> None:
        """After a replay: the take-backs after moves a later take-back took back too, at the end."""
        self._note_upto(None)

    def told(
        self, before: Any, action: Action, after: Any, texts: Mapping[Viewer, str | None] | None = None
    ) -> dict[Viewer, Told]:
        """What each viewer reads of `action`, taken in `before` and leading to `after`; `texts`: what
        each reads of the action itself, when worked out already (`Game.describe`)."""
        return {
            v: narrator.told(before, action, after, None if texts is None else texts[v])
            for v, narrator in self.narrators.items()
        }

    def add(self, ply: int, seat: int, action: str, told: dict[Viewer, Told]) -> None:
        """Move `ply`, `action` by `seat`, read by each viewer as `told` says."""
        self.entries.append(LogEntry(ply, seat, action, told))
        self.ply = ply

    def _note_upto(self, ply: int | None) -> None:
        """Write the take-backs made after move `ply` or before (None: all that are left): every seat
        reads how many moves were taken back, the seat that took them back reads which in notation."""
        while self._notes and (ply is None or self._notes[0].at <= ply):
            taken = self._notes.pop(0)
            count = plural(len(taken.actions), "move")
            said = (act(taken.seat, f"{self.game.seat_said(taken.seat)} takes back {count}."),)
            full = Told("took back: " + " | ".join(taken.actions), said)
            brief = Told(f"took back {count}", said)
            told = {v: full if v == taken.seat else brief for v in self.narrators}
            self.entries.append(LogEntry(self.ply, taken.seat, str(full.text), told, undo=True))

    # --- reading -----------------------------------------------------------------------------------
    def lines(self, viewer: Viewer, over: bool) -> list[bytes]:
        """The log as `viewer` reads it, each line encoded once, when its move is played; once the game
        is `over` every move is shown in full, so every line is made once more (a new generation)."""
        if over and not self._over:
            self._lines.clear()
            self._upto.clear()
            self._over = True
            self.generation = next(_GENERATIONS)
        lines = self._lines.setdefault(viewer, [])
        upto = self._upto.get(viewer, 0)
        for entry in self.entries[upto:]:
            line = self._line(entry, viewer, over)
            if line is not None:
                lines.append(line)
        self._upto[viewer] = len(self.entries)
        return lines

    def _line(self, entry: LogEntry, viewer: Viewer, over: bool) -> bytes | None:
        """The entry as `viewer` reads it (after the end, `over`, in full: as its seat read it), encoded;
        None when it reads no line."""
        own = entry.told[entry.seat]
        told = own if over and not entry.undo else entry.told[viewer]
        text = (entry.action if own.text is not None else None) if over else told.text
        if text is None and not told.events:
            return None
        line = {
            "move": entry.ply,
            "seat": entry.seat,
            "letter": self.game.seat_name(entry.seat),
            "action": text or "",
            "events": told.events,
        }
        return _encode(line)
