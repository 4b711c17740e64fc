"""A table being played: its seats, core's `Match` (with take-backs), its log, and what each viewer (a
seat, or None: a spectator) is shown, built from its view and public facts only, encoded once per
position and shared by every watcher of that viewer.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import msgspec

from cardtable.core import Action, Decision, Game, Match, Record, Result, forced_action, named
from cardtable.core.undo import why_not

from .errors import TableError
from .tablelog import TableLog, Viewer

HUMAN = "human"
#: a seat the game plays by itself (e.g. the Machine of Biosphere 5 solo): it never has a decision
AUTOMATON = "automaton"
_encode = msgspec.json.Encoder().encode


@dataclass
class Seat:
    seat: int
    kind: str
    name: str
    token: str | None

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN

    def public(self, game: Game[Any]) -> dict[str, Any]:
        return {"seat": self.seat, "letter": game.seat_name(self.seat), "name": self.name, "kind": self.kind}


class Position:
    """What the engine says of one position, each worked out once, when first asked (a table's state is
    a new object at every move, never changed in place: `Match.advance`)."""

    def __init__(self, game: Game[Any], state: Any, viewers: list[Viewer]) -> None:
        self.game = game
        self.state = state
        self.viewers = viewers

    @cached_property
    def decision(self) -> Decision | None:
        return self.game.decision(self.state)

    @cached_property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    @cached_property
    def legal(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    @cached_property
    def legal_texts(self) -> list[str]:
        return [str(action) for action in self.legal]

    def known_legal(self) -> list[Action] | None:
        """The legal actions if they were worked out already (a move's step reuses them), else None."""
        return self.__dict__.get("legal")

    @cached_property
    def views(self) -> dict[Viewer, Any]:
        """Every viewer's view, for a game that shares work between viewers (`Game.views`)."""
        return self.game.views(self.state, self.viewers)  # type: ignore[no-any-return]

    def view(self, viewer: Viewer) -> Any:
        if type(self.game).views is Game.views:
            return self.game.view(self.state, viewer)
        return self.views[viewer]


@dataclass
class Built:
    """A viewer's payload at one position (`key`), its log aside, encoded once."""

    key: tuple[Any, ...]
    #: the payload without its log, encoded (a JSON object)
    head: bytes
    #: the viewer's log lines (the log's own list: it grows with the log)
    lines: list[bytes]
    #: the position's state, held so that its id is not reused while this is kept
    state: Any
    #: the whole payload encoded, made when first asked
    whole: bytes | None = None


@dataclass
class Table:
    id: str
    match: Match
    seats: list[Seat]
    log: TableLog
    #: seats that asked to be asked at every window, even when their only move is forced
    ask_always: set[int] = field(default_factory=set)
    #: seats whose person allows the coach (`coach_open`), and seats whose person asked it
    coach_allowed: set[int] = field(default_factory=set)
    coached: set[int] = field(default_factory=set)
    #: the address that created the table in this process ("" when loaded), for per-address caps
    creator: str = ""
    #: when the table was last used in this process (time.monotonic), for evicting idle tables
    touched: float = field(default_factory=time.monotonic)
    #: the table's revision in the database this copy is at (`store`): every write checks it
    revision: int = 0
    #: held while an action is checked, stored and applied: one mover at a time at this table
    mover: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    _position: Position | None = field(default=None, repr=False)
    _built: dict[Viewer, Built] = field(default_factory=dict, repr=False)
    #: per viewer: the payload's part that never changes at this table, encoded once
    _prefixes: dict[Viewer, bytes] = field(default_factory=dict, repr=False)
    #: per viewer: (position key, lines the watcher holds) and the update sent to such watchers
    _updates: dict[Viewer, tuple[tuple[Any, ...], bytes]] = field(default_factory=dict, repr=False)

    # --- the position --------------------------------------------------------------------------------
    @property
    def game(self) -> Game[Any]:
        return self.match.game

    @property
    def viewers(self) -> list[Viewer]:
        return [*range(self.game.num_seats), None]

    @property
    def position(self) -> Position:
        """The engine's facts of the current position, worked out once each."""
        position = self._position
        if position is None or position.state is not self.match.state:
            position = self._position = Position(self.game, self.match.state, self.viewers)
        return position

    @property
    def decision(self) -> Decision | None:
        return self.position.decision

    @property
    def result(self) -> Result | None:
        return self.position.result

    def legal_actions(self) -> list[Action]:
        return self.position.legal

    @property
    def ply(self) -> int:
        """How many actions have been played: the number an action must carry to be current."""
        return len(self.match.moves)

    @property
    def over(self) -> bool:
        return self.decision is None

    def forced(self) -> Action | None:
        """The only move of the deciding person, when the table plays it for them (they did not ask
        to be asked at every decision): a person is asked only when they have a real choice."""
        decision = self.decision
        if decision is None or self.seats[decision.seat].is_bot or decision.seat in self.ask_always:
            return None
        return forced_action(self.game, self.match.state, legal=self.legal_actions())

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens (None for no token: a spectator); a wrong token is refused."""
        if token is None or token == "":
            return None
        given = token.encode("utf-8", "replace") if isinstance(token, str) else b""
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), given):
                return seat.seat
        raise TableError(403, "bad-token", "this link's seat token is not valid for this table")

    def why_not_undo(self, seat: Viewer) -> str | None:
        """None if `seat` may take back its latest move now (`core.undo`), else why not. At this table a
        bot never acts on a position that could still be taken back: once a bot holds the decision, the
        move stands (the bot may already be thinking about it)."""
        reason = why_not(self.match.steps, seat, over=self.over)
        decision = self.decision
        if reason is None and decision is not None and self.seats[decision.seat].is_bot:
            return "a bot is already deciding on your move: it stands"
        return reason

    def record(self) -> Record:
        record = self.match.record()
        record.coached = sorted(self.coached)
        return record

    @property
    def coach_open(self) -> bool:
        """Whether the coach answers here: every person seated allows it (a solo table: its one person)."""
        people = {seat.seat for seat in self.seats if not seat.is_bot}
        return bool(people) and people <= self.coach_allowed

    # --- changing it ---------------------------------------------------------------------------------
    def advance(self, action: Action, after: Any, *, texts: dict[Viewer, str | None] | None = None) -> None:
        """Make `after` (the position `action` leads to: `Match.preview`) the table's, and log the move;
        `texts`: what each viewer reads of the action, when worked out already (`Game.describe`)."""
        before = self.match.state
        move = self.match.advance(action, after, legal=self.position.known_legal())
        self.log.add(self.ply, move.seat, move.action, self.log.told(before, action, after, texts))

    def adopt(self, match: Match, log: TableLog, *, revision: int) -> None:
        """Take `match` and `log` (this table replayed anew: after a take-back, or read again from the
        database) at `revision`; every watcher is then sent the whole log anew (a new log generation)."""
        self.match, self.log, self.revision = match, log, revision
        self._position = None
        self._built.clear()
        self._updates.clear()

    # --- what each viewer is shown -------------------------------------------------------------------
    def encoded_payload(self, seat: Viewer) -> bytes:
        """`payload(seat)` as JSON, made once per position and viewer (every watcher of a seat shares it)."""
        built = self._build(seat)
        if built.whole is None:
            built.whole = b'%s,"log":[%s]}' % (built.head[:-1], b",".join(built.lines))
        return built.whole

    def encoded_update(self, seat: Viewer, held: tuple[int, int] | None) -> tuple[bytes, tuple[int, int]]:
        """What a watcher of `seat` that holds `held` (the log's generation and how many lines it has;
        None: nothing yet) is sent now, and what it then holds. It is the payload with only the log lines
        it lacks, after `"log_from": n` (the client keeps its first n lines and appends); the whole
        payload when it holds nothing, lines of another generation, or more lines than now."""
        built = self._build(seat)
        lines = built.lines
        now = (self.log.generation, len(lines))
        if held is None or held[0] != self.log.generation or not 0 < held[1] <= len(lines):
            return self.encoded_payload(seat), now
        key = (built.key, held[1])
        cached = self._updates.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1], now
        data = b'%s,"log_from":%d,"log":[%s]}' % (built.head[:-1], held[1], b",".join(lines[held[1] :]))
        self._updates[seat] = (key, data)
        return data, now

    def payload(self, seat: Viewer) -> dict[str, Any]:
        """Everything `seat` (None: a spectator) is shown, built from its view and public facts only:
        what never changes at this table, what changes with each position, and the log as it reads it.
        (`encoded_payload` is this, encoded part by part.)"""
        log = msgspec.json.decode(b"[%s]" % b",".join(self.log.lines(seat, self.over)))
        return {**self._public(seat), **self._dynamic(seat), "log": log}

    def _build(self, seat: Viewer) -> Built:
        """`seat`'s payload at this position, its log aside, encoded once."""
        state = self.match.state
        lines = self.log.lines(seat, self.over)  # a game just over starts a new generation of lines
        coach = (frozenset(self.coach_allowed), seat in self.coached)
        key = (id(state), self.ply, seat in self.ask_always, coach, self.over, self.log.generation)
        built = self._built.get(seat)
        if built is None or built.key != key:
            head = self._static(seat) + _encode(self._dynamic(seat))[1:]
            built = self._built[seat] = Built(key, head, lines, state)
        return built

    def _public(self, seat: Viewer) -> dict[str, Any]:
        """The part of `seat`'s payload that is the same at every position of this table."""
        game = self.game
        return {
            "type": "state",
            "table": self.id,
            "game": game.name,
            "title": game.title,
            "options": dict(game.options),
            "seat": seat,
            "seats": [s.public(game) for s in self.seats],
            "setup_events": self.log.setup[seat],
        }

    def _static(self, seat: Viewer) -> bytes:
        """`_public(seat)` encoded once, as the start of a JSON object (open, with a trailing comma)."""
        prefix = self._prefixes.get(seat)
        if prefix is None:
            prefix = self._prefixes[seat] = _encode(self._public(seat))[:-1] + b","
        return prefix

    def _dynamic(self, seat: Viewer) -> dict[str, Any]:
        """The part of `seat`'s payload that changes with the position: its view and the public facts."""
        position = self.position
        decision, result = position.decision, position.result
        mine = decision is not None and decision.seat == seat
        names = [s.name for s in self.seats]
        return {
            "move": self.ply,
            "view": position.view(seat),
            "decision": None
            if decision is None
            else {"seat": decision.seat, "kind": decision.kind, "prompt": decision.prompt},
            "legal": position.legal_texts if mine else [],
            "ask_always": seat in self.ask_always,
            "coach": {
                "open": self.coach_open,
                "allowed": sorted(self.coach_allowed),
                "used": seat in self.coached,
            },
            "can_undo": self.why_not_undo(seat) is None,
            "result": None
            if result is None
            else {
                "winners": list(result.winners),
                "scores": list(result.scores),
                "reason": named(result.reason, names),
                "draw": result.draw,
                "termination": result.termination,
                "text": named(result.describe(names), names),
            },
        }
