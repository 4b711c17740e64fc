"""Game records: a header and the actions, as PGN-like text or JSON, both round-tripping.

    [Game "biosphere5"]
    [Engine "0.1.0"]
    [Options "players=2"]
    [Seed "7"]
    [Seats "you, random"]
    [Result "you won (built Biosphere 5)"]

    1. A: take pile
    2. A: play catch-basin upper
    ...

Lines starting with ';' are comments. Each move line is `N. SEAT: ACTION` where SEAT is the seat's
letter (A, B, ...) and ACTION the game's notation. A take-back (`core.undo`) is a comment where it
happened, naming the moves taken back, which are not among the moves:

    3. A: play seed-vault upper
    ; A took back after move 3: play catch-basin upper | take pile
    4. A: take2

A replay reads it as the comment it is; `Record.undone` keeps it. Take-backs are listed in the order of
the moves they followed (a take-back after a move a later take-back removed too comes last).

A game in which a seat asked the table's coach for a suggestion says so in a header naming those seats,
`[Coach "A"]` (`Record.coached`); a record without it is a game played without the coach.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import msgspec

from .errors import BadRecord
from .seats import SEAT_LETTERS
from .undo import TakeBack

_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_MOVE = re.compile(r"^(\d+)\.\s+([A-Z]):\s+(\S.*)$")
_TOOK_BACK = re.compile(r"^;\s*([A-Z]) took back after move (\d+):\s+(\S.*)$")
#: how a take-back comment separates the actions taken back (no game's notation holds it)
_BETWEEN = " | "


class Move(msgspec.Struct, array_like=True):
    """One applied action: the seat that took it and the action in notation."""

    seat: int
    action: str


@dataclass
class Record:
    game: str
    engine: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    moves: list[Move] = field(default_factory=list)
    result: str = "*"
    #: the take-backs during the game, beside the moves that stand (annotations a replay skips)
    undone: list[TakeBack] = field(default_factory=list)
    #: the seats that asked the coach for a suggestion during the game
    coached: list[int] = field(default_factory=list)
    #: the text line each move came from, when parsed from text (for error messages)
    lines: list[int] = field(default_factory=list, compare=False)

    # --- text ----------------------------------------------------------------------------------
    def to_text(self) -> str:
        options = " ".join(f"{k}={_opt(v)}" for k, v in sorted(self.options.items()))
        header = [
            ("Game", self.game),
            ("Engine", self.engine),
            ("Options", options),
            ("Seed", str(self.seed)),
            ("Seats", ", ".join(self.seats)),
            ("Result", self.result),
        ]
        if self.coached:
            header.append(("Coach", ", ".join(SEAT_LETTERS[seat] for seat in self.coached)))
        out = [f'[{key} "{_escape(value)}"]' for key, value in header]
        out.append("")
        notes: dict[int, list[TakeBack]] = {}
        for taken in self.undone:
            notes.setdefault(min(taken.at, len(self.moves)), []).append(taken)
        for i in range(len(self.moves) + 1):
            if i:
                move = self.moves[i - 1]
                out.append(f"{i}. {SEAT_LETTERS[move.seat]}: {move.action}")
            for taken in notes.get(i, ()):
                letter = SEAT_LETTERS[taken.seat]
                out.append(f"; {letter} took back after move {taken.at}: {_BETWEEN.join(taken.actions)}")
        return "\n".join(out) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Record:
        headers: dict[str, str] = {}
        moves: list[Move] = []
        lines: list[int] = []
        undone: list[TakeBack] = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            took = _TOOK_BACK.match(line)
            if took:
                actions = [a.strip() for a in took.group(3).split(_BETWEEN.strip())]
                undone.append(TakeBack(int(took.group(2)), SEAT_LETTERS.index(took.group(1)), actions))
                continue
            if not line or line.startswith(";"):
                continue
            if line.startswith("["):
                match = _HEADER.match(line)
                if not match:
                    raise BadRecord(f"line {number}: malformed header {line!r}")
                headers[match.group(1)] = _unescape(match.group(2))
                continue
            match = _MOVE.match(line)
            if not match:
                raise BadRecord(f"line {number}: expected 'N. SEAT: action', got {line!r}")
            ply, letter, action = int(match.group(1)), match.group(2), match.group(3).strip()
            if ply != len(moves) + 1:
                raise BadRecord(f"line {number}: move number {ply}, expected {len(moves) + 1}")
            moves.append(Move(SEAT_LETTERS.index(letter), action))
            lines.append(number)
        for key in ("Game", "Seed"):
            if key not in headers:
                raise BadRecord(f"the record has no [{key} ...] header")
        try:
            seed = int(headers["Seed"])
        except ValueError:
            raise BadRecord(f"the Seed header {headers['Seed']!r} is not a number") from None
        options: dict[str, Any] = {}
        for pair in headers.get("Options", "").split():
            key, sep, value = pair.partition("=")
            if not sep:
                raise BadRecord(f"the Options header has a malformed pair {pair!r}")
            options[key] = value
        seats = [s.strip() for s in headers.get("Seats", "").split(",")] if headers.get("Seats") else []
        coached = [
            _seat_of(letter.strip()) for letter in headers.get("Coach", "").split(",") if letter.strip()
        ]
        return cls(
            game=headers["Game"],
            engine=headers.get("Engine", "?"),
            options=options,
            seed=seed,
            seats=seats,
            moves=moves,
            result=headers.get("Result", "*"),
            undone=undone,
            coached=coached,
            lines=lines,
        )

    # --- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> str:
        data = {
            "game": self.game,
            "engine": self.engine,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "moves": self.moves,
            "result": self.result,
        }
        if self.undone:
            data["undone"] = self.undone
        if self.coached:
            data["coached"] = self.coached
        return msgspec.json.encode(data).decode()

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        try:
            data = msgspec.json.decode(text, type=_RecordData)
        except (msgspec.DecodeError, msgspec.ValidationError) as err:
            raise BadRecord(f"not a game record: {err}") from None
        return cls(**msgspec.structs.asdict(data))

    @classmethod
    def load(cls, text: str) -> Record:
        """Read a record in either form (JSON if it starts with '{')."""
        return cls.from_json(text) if text.lstrip().startswith("{") else cls.from_text(text)

    def where(self, index: int) -> str:
        """Human position of move `index` (0-based): its line if known, else its number."""
        if index < len(self.lines):
            return f"line {self.lines[index]} (move {index + 1})"
        return f"move {index + 1}"


class _RecordData(msgspec.Struct):
    game: str
    engine: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    moves: list[Move]
    result: str = "*"
    undone: list[TakeBack] = []
    coached: list[int] = []


def _seat_of(letter: str) -> int:
    """The seat a letter of the Coach header names; BadRecord if it names none."""
    if len(letter) != 1 or letter not in SEAT_LETTERS:
        raise BadRecord(f"the Coach header names {letter!r}, which is no seat letter")
    return SEAT_LETTERS.index(letter)


def _opt(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)
