"""Tables: matches being played on the server, stored move by move, seen by each seat through its view.

`Tables` is the only place that changes a table. An action is checked by the engine, committed to the
database, and only then applied in memory; so whatever a player was told happened is on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import msgspec
from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from cardtable.core import (
    Action,
    BadOption,
    CardtableError,
    Decision,
    Game,
    Match,
    Narrator,
    Record,
    Result,
    Told,
    UnknownGame,
    forced_action,
    make_game,
)
from cardtable.core.record import SEAT_LETTERS, Move
from cardtable.core.undo import Step, TakeBack, point, step, why_not

from .db import SeatRow, TableRow, now
from .hints import automata
from .kinds import kinds_for
from .store import Heard, Since, Store, StoredMove, StoredTakeBack

HUMAN = "human"
#: a seat the game plays by itself (e.g. the Machine of Biosphere 5 solo): it never has a decision
AUTOMATON = "automaton"
MAX_SEED = 2**31 - 1
#: what a table id and a seat token are made of (secrets.token_urlsafe): anything else names nothing
_URLSAFE = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: characters no name may hold (control characters; PostgreSQL text cannot even store NUL)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_encode = msgspec.json.Encoder().encode


class TableError(Exception):
    """A request the table refuses; `status` is the HTTP status, `code` a stable identifier."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


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


class LogEntry(msgspec.Struct, gc=False):
    """One line of a table's log (a move, or a take-back). Not tracked by the garbage collector: a table
    keeps one per move while it is played, and the collector's pauses grow with what it tracks."""

    ply: int
    seat: int
    action: str
    #: what each viewer (seat numbers, None for spectators) read of the move, as the game tells it
    told: dict[int | None, Told] = msgspec.field(default_factory=dict)
    #: a take-back's line (after move `ply`), not a move
    undo: bool = False


@dataclass
class Table:
    id: str
    match: Match
    seats: list[Seat]
    log: list[LogEntry] = field(default_factory=list)
    #: one narrator per viewer (each seat and the spectators): what the game tells each of them
    narrators: dict[int | None, Narrator] = field(default_factory=dict)
    #: the game's narration of the set-up, per viewer
    setup_events: dict[int | None, list[str]] = field(default_factory=dict)
    #: seats that asked to be asked at every window, even when their only move is forced
    ask_always: set[int] = field(default_factory=set)
    #: the address that created the table in this process ("" when loaded), for per-address caps
    creator: str = ""
    #: when the table was last used in this process (time.monotonic), for evicting idle tables
    touched: float = field(default_factory=time.monotonic)
    #: the table's revision in the database this copy is at (`store`): every write checks it
    revision: int = 0
    #: log lines per viewer, each encoded once when its move is played (bytes: nothing for the garbage
    #: collector to walk); payloads per viewer, encoded once per position
    _lines: dict[int | None, list[bytes]] = field(default_factory=dict, repr=False)
    _lines_upto: dict[int | None, int] = field(default_factory=dict, repr=False)
    _lines_over: bool = field(default=False, repr=False)
    #: the log's length and last entry when the lines were last made (a log cut short is noticed)
    _log_tip: tuple[int, LogEntry | None] = field(default=(0, None), repr=False)
    #: bumped whenever the lines are made anew (the end of the game shows every move): a watcher that
    #: holds lines of an older generation is sent the whole log
    lines_generation: int = field(default=0, repr=False)
    #: per viewer: [position key, payload without the log encoded, the whole payload encoded, state, lines]
    _built: dict[int | None, list[Any]] = field(default_factory=dict, repr=False)
    #: per viewer: the payload's part that never changes at this table, encoded once
    _prefixes: dict[int | None, bytes] = field(default_factory=dict, repr=False)
    #: facts of the current position (its decision, legal actions), worked out once: a table's state is
    #: replaced by a new object at every move, never changed in place
    _facts: tuple[Any, dict[str, Any]] = field(default=(None, {}), repr=False)
    #: held while an action is checked, stored and applied: one mover at a time at this table
    mover: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    #: per viewer: (position key, lines the watcher holds) -> the update sent to such watchers
    _updates: dict[int | None, tuple[tuple[Any, ...], bytes]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        state = self.match.state
        for viewer in self.viewers:
            self.narrators[viewer] = Narrator(self.game, state, viewer)
            self.setup_events[viewer] = self.narrators[viewer].setup

    def forced(self) -> Action | None:
        """The only move of the deciding person, when the table plays it for them (they did not ask
        to be asked at every decision): a person is asked only when they have a real choice."""
        decision = self.decision
        if decision is None or self.seats[decision.seat].is_bot or decision.seat in self.ask_always:
            return None
        return forced_action(self.game, self.match.state, legal=self.legal_actions())

    @property
    def decision(self) -> Decision | None:
        """`match.decision`, worked out once per position."""
        state, facts = self._facts
        if state is self.match.state and "decision" in facts:  # the usual case, asked many times a move
            return facts["decision"]  # type: ignore[no-any-return]
        return self._once("decision", lambda: self.match.decision)

    @property
    def result(self) -> Result | None:
        """`match.result`, worked out once per position."""
        return self._once("result", lambda: self.match.result)

    def legal_actions(self) -> list[Action]:
        """`match.legal_actions()`, worked out once per position."""
        return self._once("legal", self.match.legal_actions)

    def _once(self, name: str, work: Callable[[], Any]) -> Any:
        """What `work` says of the current position, worked out once per position."""
        state = self.match.state
        if self._facts[0] is not state:
            self._facts = (state, {})
        facts = self._facts[1]
        if name not in facts:
            facts[name] = work()
        return facts[name]

    @property
    def viewers(self) -> list[int | None]:
        return [*range(self.game.num_seats), None]

    @property
    def game(self) -> Game[Any]:
        return self.match.game

    @property
    def ply(self) -> int:
        """How many actions have been played: the number an action must carry to be current."""
        return len(self.match.moves)

    @property
    def over(self) -> bool:
        return self.decision is None

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens (None for no token: a spectator); a wrong token is refused."""
        if token is None or token == "":
            return None
        given = token.encode("utf-8", "replace") if isinstance(token, str) else b""
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), given):
                return seat.seat
        raise TableError(403, "bad-token", "this link's seat token is not valid for this table")

    def encoded_payload(self, seat: int | None) -> bytes:
        """`payload(seat)` as JSON, made once per position and viewer (every watcher of a seat shares it)."""
        built = self._build(seat)
        if built[2] is None:
            built[2] = b'%s,"log":[%s]}' % (built[1][:-1], b",".join(built[4]))
        return built[2]

    def encoded_update(self, seat: int | None, held: tuple[int, int] | None) -> tuple[bytes, tuple[int, int]]:
        """What a watcher of `seat` that holds `held` (the lines generation and how many log lines it
        has; None: nothing yet) is sent now, and what it then holds. It is the payload with only the
        log lines it lacks, after `"log_from": n` (the client keeps its first n lines and appends);
        the whole payload when it holds nothing, lines of another generation, or more lines than now."""
        built = self._build(seat)
        lines = built[4]
        now = (self.lines_generation, len(lines))
        if held is None or held[0] != self.lines_generation or not 0 < held[1] <= len(lines):
            return self.encoded_payload(seat), now
        key = (built[0], held[1])
        cached = self._updates.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1], now
        head: bytes = built[1]
        data = b'%s,"log_from":%d,"log":[%s]}' % (head[:-1], held[1], b",".join(lines[held[1] :]))
        self._updates[seat] = (key, data)
        return data, now

    def _build(self, seat: int | None) -> list[Any]:
        """`seat`'s payload at this position without its log, encoded once: [key, encoding, the whole
        payload's encoding (made when asked), the state (held so that its id is not reused while
        cached), the log lines]."""
        state = self.match.state
        lines = self._log_lines(seat)  # notices a log cut short, which makes a new generation
        key = (id(state), self.ply, seat in self.ask_always, self.over, self.lines_generation)
        built = self._built.get(seat)
        if built is None or built[0] != key:
            head = self._static(seat) + _encode(self._dynamic(seat))[1:]
            built = self._built[seat] = [key, head, None, state, lines]
        return built

    def payload(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` (None: a spectator) is shown, built from its view and public facts only:
        what never changes at this table, what changes with each position, and the log as it reads it.
        (`encoded_payload` is this, encoded part by part.)"""
        log = msgspec.json.decode(b"[%s]" % b",".join(self._log_lines(seat)))
        return {**self._public(seat), **self._dynamic(seat), "log": log}

    def _public(self, seat: int | None) -> dict[str, Any]:
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
            "setup_events": self.setup_events[seat],
        }

    def _static(self, seat: int | None) -> bytes:
        """`_public(seat)` encoded once, as the start of a JSON object (open, with a trailing comma)."""
        prefix = self._prefixes.get(seat)
        if prefix is None:
            prefix = self._prefixes[seat] = _encode(self._public(seat))[:-1] + b","
        return prefix

    def _dynamic(self, seat: int | None) -> dict[str, Any]:
        """The part of `seat`'s payload that changes with the position: its view and the public facts."""
        decision = self.decision
        result = self.result
        mine = decision is not None and decision.seat == seat
        return {
            "move": self.ply,
            "view": self._view(seat),
            "decision": None
            if decision is None
            else {"seat": decision.seat, "kind": decision.kind, "prompt": decision.prompt},
            "legal": self._legal_texts() if mine else [],
            "ask_always": seat in self.ask_always,
            "can_undo": self.why_not_undo(seat) is None,
            "result": None
            if result is None
            else {
                "winners": list(result.winners),
                "scores": list(result.scores),
                "reason": result.reason,
                "draw": result.draw,
                "text": result.describe([s.name for s in self.seats]),
            },
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s view of this position (`Game.view`). A game that shares work between viewers
        (`Game.views`) is asked for every viewer's view at once, once per position."""
        game = self.game
        if type(game).views is Game.views:
            return game.view(self.match.state, seat)
        views = self._once("views", lambda: game.views(self.match.state, self.viewers))
        return views[seat]  # type: ignore[no-any-return]

    def _legal_texts(self) -> list[str]:
        """The legal actions in notation, worked out once per position."""
        return self._once("legal_texts", lambda: [str(a) for a in self.legal_actions()])

    def _log_lines(self, viewer: int | None) -> list[bytes]:
        """The log as `viewer` reads it, each line encoded; each line is made once, when its move is
        played (and every line once more when the game ends, as every move is then shown in full)."""
        size, last = self._log_tip
        over = self.over
        cut = len(self.log) < size or (size > 0 and self.log[size - 1] is not last)
        if cut or (over and not self._lines_over):
            self._lines.clear()
            self._lines_upto.clear()
            self._lines_over = over
            self.lines_generation += 1
        self._log_tip = (len(self.log), self.log[-1] if self.log else None)
        lines = self._lines.setdefault(viewer, [])
        upto = self._lines_upto.get(viewer, 0)
        for entry in self.log[upto:]:
            line = self._log_line(entry, viewer, over)
            if line is not None:
                lines.append(line)
        self._lines_upto[viewer] = len(self.log)
        return lines

    def _log_line(self, entry: LogEntry, viewer: int | None, over: bool) -> bytes | None:
        """The move as `viewer` reads it (after the end, `over`, in full), encoded, or None when it
        reads no line."""
        told = entry.told[viewer]
        own = entry.told[entry.seat].text
        text = (entry.action if own is not None else None) if over else told.text
        if text is None and not told.events:
            return None
        return _encode(
            {
                "move": entry.ply,
                "seat": entry.seat,
                "letter": SEAT_LETTERS[entry.seat],
                "action": text or "",
                "events": told.events,
            }
        )

    def record(self) -> Record:
        return self.match.record()

    def adopt(self, fresh: Table) -> None:
        """Become `fresh`, this table replayed anew (after a take-back, or read again from the database),
        keeping this object, its lock and who holds it; every watcher is then sent the whole log anew."""
        self.match, self.seats, self.log, self.revision = fresh.match, fresh.seats, fresh.log, fresh.revision
        self.narrators, self.setup_events = fresh.narrators, fresh.setup_events
        self.ask_always = fresh.ask_always
        self._lines, self._lines_upto, self._lines_over, self._log_tip = {}, {}, False, (0, None)
        self._built, self._prefixes, self._facts, self._updates = {}, {}, (None, {}), {}
        self.lines_generation += 1

    def why_not_undo(self, seat: int | None) -> str | None:
        """None if `seat` may take back its latest move now (`core.undo`), else why not. At this table a
        bot never acts on a position that could still be taken back: once a bot holds the decision, the
        move stands (the bot may already be thinking about it)."""
        reason = why_not(self.match.steps, seat, over=self.over)
        decision = self.decision
        if reason is None and decision is not None and self.seats[decision.seat].is_bot:
            return "a bot is already deciding on your move: it stands"
        return reason


class Tables:
    """The tables of one server: created here, loaded from the database on first use, played here."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.live: dict[str, Table] = {}
        #: several server processes share a PostgreSQL database: moves and take-backs are serialised by
        #: the table's revision (`store`), announced with NOTIFY, and a table in memory catches up with
        #: the database before it is used
        self.shared = engine.dialect.name == "postgresql"
        #: the writes and reads of the hot path
        self.store = Store(engine)

    # --- creating -------------------------------------------------------------------------------
    def create(self, game_name: str, **choices: Any) -> Table:
        """A new table of `game_name` (the choices of `new_table`), stored and held."""
        table, row, seat_rows = self.new_table(game_name, **choices)
        with self._storing_table():
            self.store.write_table(row, seat_rows)
        self.live[table.id] = table
        return table

    async def create_waiting(self, game_name: str, **choices: Any) -> Table:
        """`create`; on PostgreSQL the event loop serves other tables while the database stores it."""
        if not self.shared:  # SQLite answers in well under a millisecond: no hand-over is worth it
            return self.create(game_name, **choices)
        table, row, seat_rows = self.new_table(game_name, **choices)
        with self._storing_table():
            await self.store.write_table_waiting(row, seat_rows)
        self.live[table.id] = table
        return table

    @contextlib.contextmanager
    def _storing_table(self) -> Iterator[None]:
        try:
            yield
        except SQLAlchemyError:
            raise TableError(503, "storage", "the table could not be stored; try again") from None

    def new_table(
        self,
        game_name: str,
        *,
        options: Mapping[str, Any] | None = None,
        mode: str | None = None,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        ask_every_window: bool = False,
        creator: str = "",
    ) -> tuple[Table, dict[str, Any], list[dict[str, Any]]]:
        """A new table, checked and set up but not stored, with the rows that store it (its `TableRow`'s
        columns and its seats')."""
        chosen = dict(_mode_options(game_name, mode)) if mode else {}
        chosen.update(options or {})
        try:
            game = shared_game(game_name, chosen)
        except UnknownGame as err:
            raise TableError(404, "unknown-game", str(err)) from None
        except BadOption as err:
            raise TableError(400, "bad-option", str(err)) from None
        kinds = list(seats) if seats is not None else [HUMAN] * game.num_seats
        if len(kinds) != game.num_seats:
            raise TableError(400, "bad-seats", f"{game.name} has {game.num_seats} seats, {len(kinds)} given")
        played_by_game = automata(game)
        # the game plays these seats by itself (the rulebook's automaton): no link, no bot
        kinds = [AUTOMATON if i in played_by_game else kind for i, kind in enumerate(kinds)]
        for kind in kinds:
            playable = (AUTOMATON, *kinds_for(game.name)) if played_by_game else kinds_for(game.name)
            if kind != HUMAN and kind not in playable:
                allowed = ", ".join([HUMAN, *playable])
                raise TableError(
                    400, "bad-seats", f"seat kind {kind!r} cannot play {game.name}; kinds: {allowed}"
                )
        given = list(names or [])
        if len(given) > game.num_seats or any(not isinstance(n, str) or len(n) > 40 for n in given):
            raise TableError(400, "bad-seats", "give at most one name of up to 40 characters per seat")
        if any(_CONTROL.search(n) for n in given):
            raise TableError(400, "bad-seats", "a name cannot hold control characters")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        elif not 0 <= seed <= MAX_SEED:
            raise TableError(400, "bad-seed", f"the seed must be between 0 and {MAX_SEED}")
        table_seats = [
            Seat(
                seat=i,
                kind=kind,
                name=(
                    given[i].strip() if i < len(given) and given[i].strip() else _default_name(game, i, kind)
                ),
                token=secrets.token_urlsafe(18) if kind == HUMAN else None,
            )
            for i, kind in enumerate(kinds)
        ]
        table_id = secrets.token_urlsafe(9)
        try:
            match = Match(game, seed, [s.name for s in table_seats])
        except CardtableError as err:
            raise TableError(400, "bad-option", str(err)) from None
        moment = now()
        row = {
            "id": table_id,
            "game": game.name,
            "options": dict(game.options),
            "seed": seed,
            "created": moment,
            "result": "*",
            "updated": moment,
            "revision": 0,
        }
        seat_rows = [
            {
                "table_id": table_id,
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "token": s.token,
                "ask_always": ask_every_window and s.kind == HUMAN,
            }
            for s in table_seats
        ]
        table = Table(table_id, match, table_seats, creator=creator)
        if ask_every_window:
            table.ask_always = {s.seat for s in table_seats if s.kind == HUMAN}
        return table, row, seat_rows

    # --- loading --------------------------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        """The table `table_id`, from memory or loaded (`catch_up_waiting` brings a table held in memory
        up to date with other server processes' moves)."""
        table = self.live.get(table_id)
        if table is None:
            table = self._load(table_id)
            self.live[table_id] = table
        table.touched = time.monotonic()
        return table

    def catch_up(self, table: Table) -> bool:
        """Bring `table` up to the database's copy (other processes' moves and take-backs); True if it
        changed. Raises TableError 404 when the table is gone (it expired)."""
        try:
            since = self.store.since(table.id, table.ply)
        except SQLAlchemyError:
            raise TableError(503, "storage", "the table could not be read; try again") from None
        return self._follow(table, since)

    async def catch_up_waiting(self, table: Table) -> bool:
        """`catch_up`, the database's answer awaited (`Store.since_waiting`): the event loop serves
        other tables meanwhile. Made under the table's `mover` lock, as a move is."""
        async with table.mover:
            return await self._catch_up_locked(table)

    async def _catch_up_locked(self, table: Table) -> bool:
        """`catch_up_waiting` for a caller that holds the table's `mover` lock."""
        try:
            since = await self.store.since_waiting(table.id, table.ply)
        except SQLAlchemyError:
            raise TableError(503, "storage", "the table could not be read; try again") from None
        return self._follow(table, since)

    def _follow(self, table: Table, since: Since | None) -> bool:
        """Bring `table` to what the database holds (`since`): its next moves applied, or, after a
        take-back this copy has not made, the table replayed anew from the database."""
        if since is None:
            self.live.pop(table.id, None)
            raise TableError(404, "unknown-table", "there is no such table (it expired)")
        if since.revision == table.revision:
            return False
        moves = since.moves
        follows = not moves or moves[0][0] == table.ply + 1
        only_moves = since.takebacks == len(table.match.undone)
        if only_moves and follows and since.revision == table.revision + len(moves):
            self._replay_rows(table, moves)
            table.revision = since.revision
        else:  # a take-back (or a copy read as the table changed): the table anew, in place
            table.adopt(self._load(table.id))
        return True

    def heard(self, table: Table, note: Heard) -> bool | None:
        """What another process's note (`store.note_of`) does to `table`: True when its move was applied
        here (the next one, as told: nothing is read), False when there is nothing to do (this copy has
        it already), None when the table must catch up from the database (`catch_up_waiting`)."""
        if note.kind in ("move", "undo") and note.revision <= table.revision:
            return False
        if note.kind == "move" and note.revision == table.revision + 1 and note.ply == table.ply + 1:
            self._replay_rows(table, [(note.ply, note.seat, note.action)])
            table.revision = note.revision
            return True
        return None

    def _replay_rows(self, table: Table, rows: Sequence[Any]) -> bool:
        applied = False
        for ply, seat, text_ in rows:
            if ply <= table.ply:
                continue  # applied here meanwhile
            if ply != table.ply + 1:
                break
            try:
                action = table.game.parse_action(text_)
            except CardtableError:
                self.live.pop(table.id, None)
                raise TableError(410, "unplayable-table", f"move {ply} does not replay") from None
            after = table.game.clone(table.match.state)
            table.game.apply(after, action, validate=False)
            self._apply(table, seat, action, after)
            applied = True
        return applied

    def _load(self, table_id: str) -> Table:
        if not isinstance(table_id, str) or not _URLSAFE.fullmatch(table_id):
            raise TableError(404, "unknown-table", "there is no such table")
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise TableError(404, "unknown-table", "there is no such table")
            # the table's row is read first, its moves after: a move stored in between is in the moves
            # but not in the revision, and the next write, checked against the older revision, is
            # refused and replays the table anew (the other way round, a write could pass on a
            # copy that lacks a move)
            revision = row.revision
            seats = [Seat(s.seat, s.kind, s.name, s.token) for s in row.seats]
            ask_always = {s.seat for s in row.seats if s.ask_always}
            moves = [(m.seat, m.action) for m in row.moves]
            undone = [TakeBack(t.at, t.seat, list(t.actions)) for t in row.takebacks]
            game_name, options, seed = row.game, dict(row.options), row.seed
        try:
            game = shared_game(game_name, options)
        except CardtableError as err:
            raise TableError(410, "unplayable-table", f"this table can no longer be played: {err}") from None
        match = Match(game, seed, [s.name for s in seats])
        table = Table(table_id, match, seats, ask_always=ask_always, revision=revision)
        settled = _settled(moves)
        for ply, (seat, text) in enumerate(moves, 1):
            decision = table.match.decision
            try:
                action = game.parse_action(text)
            except CardtableError as err:
                raise TableError(
                    410, "unplayable-table", f"this table no longer replays: move {ply}: {err}"
                ) from None
            if decision is None or decision.seat != seat or action not in table.match.legal_actions():
                message = f"this table no longer replays: move {ply} '{text}' is not legal with this engine"
                raise TableError(410, "unplayable-table", message)
            after = game.clone(table.match.state)
            game.apply(after, action, validate=False)
            self._apply(table, seat, action, after, steps=ply > settled)
        if undone:
            self._rebuild(table, table.match.moves, undone)
        return table

    def set_ask_always(self, table: Table, seat: int, ask: bool) -> None:
        """Store a person's choice to be asked at every decision (or not), then make it."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table.id, SeatRow.seat == seat)
                    .values(ask_always=ask)
                )
        except SQLAlchemyError:
            raise TableError(503, "storage", "the choice could not be stored; try again") from None
        if ask:
            table.ask_always.add(seat)
        else:
            table.ask_always.discard(seat)

    # --- keeping memory and storage bounded -----------------------------------------------------
    def expire(self, ttl: float, bot_ttl: float) -> list[str]:
        """Delete the unfinished tables without a move for `ttl` seconds (`bot_ttl` with a bot seat);
        finished ones stay."""
        moment = now()
        try:
            ids = self.store.expire(moment - timedelta(seconds=ttl), moment - timedelta(seconds=bot_ttl))
        except SQLAlchemyError:
            return []  # tried again at the next sweep
        for table_id in ids:
            self.live.pop(table_id, None)
        return ids

    async def expire_waiting(self, ttl: float, bot_ttl: float) -> list[str]:
        """`expire` on PostgreSQL, awaited; every server process is told of each table deleted."""
        moment = now()
        try:
            ids = await self.store.expire_waiting(
                moment - timedelta(seconds=ttl), moment - timedelta(seconds=bot_ttl)
            )
        except SQLAlchemyError:
            return []
        for table_id in ids:
            self.live.pop(table_id, None)
        return ids

    def evict(self, keep: Any, idle: float, most: int) -> list[str]:
        """Forget the tables in memory idle for `idle` seconds, then the least recently used ones past
        `most`, except those `keep(table_id)` holds (watched, or a bot is moving); reloaded on use."""
        moment = time.monotonic()
        gone = [i for i, t in self.live.items() if moment - t.touched > idle and not keep(i)]
        for table_id in gone:
            del self.live[table_id]
        if len(self.live) > most:
            by_age = sorted(self.live.items(), key=lambda item: item[1].touched)
            for table_id, _ in by_age[: len(self.live) - most]:
                if not keep(table_id):
                    del self.live[table_id]
                    gone.append(table_id)
        return gone

    def count_working_bot_tables(self) -> int:
        """Tables in memory whose bot is deciding (the thinking the server does); a bot table waiting
        for its person is not one."""
        return sum(1 for t in self.live.values() if (d := t.decision) is not None and t.seats[d.seat].is_bot)

    def count_unfinished_bot_tables(self, address: str) -> int:
        """Unfinished tables in memory with a seat a bot plays, created by `address` (`visitor`)."""
        return sum(
            1
            for t in self.live.values()
            if t.creator == address and not t.over and any(s.kind not in (HUMAN, AUTOMATON) for s in t.seats)
        )

    # --- playing --------------------------------------------------------------------------------
    def play(self, table: Table, seat: int | None, text: Any, move: Any) -> Action:
        """Play `text` for `seat` if it is that seat's legal, current action; commit it, then apply it."""
        action = self.check(table, seat, text, move)
        self.commit(table, seat, action, move)  # type: ignore[arg-type]
        return action

    def check(self, table: Table, seat: int | None, text: Any, move: Any) -> Action:
        """The action `seat` asks for, if it is legal and answers the current move; else TableError."""
        if seat is None:
            raise TableError(403, "spectator", "spectators cannot play; open a seat link to play")
        if isinstance(move, bool) or not isinstance(move, int):
            raise TableError(
                400, "bad-request", "an action must carry the move number it answers (an integer)"
            )
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise TableError(400, "bad-request", "an action must be a short text in the game's notation")
        decision = table.decision
        if decision is None:
            raise TableError(409, "game-over", "the game is over")
        if move != table.ply:
            raise TableError(409, "stale", f"move {move} is stale: the table is at move {table.ply}")
        if decision.seat != seat:
            who = table.game.seat_name(decision.seat)
            raise TableError(
                409, "not-your-turn", f"it is not your decision: seat {who} must {decision.prompt}"
            )
        try:
            action = table.game.parse_action(text)
        except CardtableError as err:
            raise TableError(400, "illegal", str(err)) from None
        legal = table.legal_actions()
        if action not in legal:
            raise TableError(400, "illegal", table.game.explain_illegal(table.match.state, action, legal))
        return action

    def readers(self, table: Table, action: Action) -> list[int | None]:
        """The viewers who read `action` in full (stored beside the move, for the record)."""
        return _readers(self._texts(table, action), action)

    @staticmethod
    def _texts(table: Table, action: Action) -> dict[int | None, str | None]:
        """What each viewer reads of `action` in the current position (`Game.describe`)."""
        game, state = table.game, table.match.state
        return {v: game.describe(state, action, v) for v in table.viewers}

    def commit(self, table: Table, seat: int, action: Action, move: int) -> None:
        """Store the checked `action` as move `move + 1`, then apply it; refused if the table moved on."""
        after, texts, stored = self._prepare(table, seat, action, move)
        with self._storing(table):
            written = self.store.write_move(stored)
        if not written:
            self.catch_up(table)
            raise self._outdated(table)
        self._apply(table, seat, action, after, texts=texts)
        table.revision += 1

    async def commit_waiting(self, table: Table, seat: int, action: Action, move: int) -> None:
        """`commit`, the database's answer awaited (`Store.write_move_waiting`): the event loop serves
        other tables meanwhile (PostgreSQL's round trip takes milliseconds). The caller holds the
        table's `mover` lock, so nothing else moves this table in this process meanwhile."""
        after, texts, stored = self._prepare(table, seat, action, move)
        with self._storing(table):
            written = await self.store.write_move_waiting(stored)
        if not written:
            await self._catch_up_locked(table)
            raise self._outdated(table)
        self._apply(table, seat, action, after, texts=texts)
        table.revision += 1

    @staticmethod
    def _outdated(table: Table) -> TableError:
        """The answer to a write refused because another process moved or took back first (the table
        has caught up with it since)."""
        return TableError(409, "stale", f"another move was made first: the table is at move {table.ply}")

    def _prepare(
        self, table: Table, seat: int, action: Action, move: int
    ) -> tuple[Any, dict[int | None, str | None], StoredMove]:
        """The position after `action`, what each viewer reads of it, and the move to store."""
        if move != table.ply:
            raise TableError(409, "stale", f"move {move} is stale: the table is at move {table.ply}")
        game = table.game
        after = game.clone(table.match.state)
        game.apply(after, action, validate=False)
        finished = self._result_after(table, after)
        texts = self._texts(table, action)
        stored = StoredMove(
            table.id, table.revision, table.ply + 1, seat, str(action), _readers(texts, action), finished
        )
        return after, texts, stored

    @contextlib.contextmanager
    def _storing(self, table: Table) -> Iterator[None]:
        """The database's refusals as the table's answers (nothing is applied when storing fails)."""
        try:
            yield
        except IntegrityError:
            # the ply is stored already (by a server without revisions): forget our copy, reload on use
            self.live.pop(table.id, None)
            raise TableError(409, "stale", "another move was stored first; reload the table") from None
        except SQLAlchemyError:
            raise TableError(
                503, "storage", "the move could not be stored; nothing changed, try again"
            ) from None

    def take_back(self, table: Table, seat: int | None, move: Any) -> TakeBack:
        """Take back `seat`'s latest moves (`core.undo`) if the table allows it now: the moves are
        deleted from storage and the take-back is stored beside them, then the table is replayed."""
        taken = self._take_back_point(table, seat, move)
        with self._storing(table):
            written = self.store.write_takeback(taken)
        if not written:
            self.catch_up(table)
            raise self._outdated(table)
        return self._taken_back(table, taken)

    async def take_back_waiting(self, table: Table, seat: int | None, move: Any) -> TakeBack:
        """`take_back`, the database's answer awaited (PostgreSQL); the caller holds the `mover` lock."""
        taken = self._take_back_point(table, seat, move)
        with self._storing(table):
            written = await self.store.write_takeback_waiting(taken)
        if not written:
            await self._catch_up_locked(table)
            raise self._outdated(table)
        return self._taken_back(table, taken)

    def _take_back_point(self, table: Table, seat: int | None, move: Any) -> StoredTakeBack:
        """The take-back `seat` asks for with `move`, if the table allows it now; else TableError."""
        if seat is None:
            raise TableError(403, "spectator", "spectators have no moves to take back")
        if isinstance(move, bool) or not isinstance(move, int):
            raise TableError(
                400, "bad-request", "a take-back must carry the move number it answers (an integer)"
            )
        if move != table.ply:
            raise TableError(409, "stale", f"move {move} is stale: the table is at move {table.ply}")
        reason = table.why_not_undo(seat)
        if reason is not None:
            raise TableError(409, "cannot-undo", reason)
        keep = point(table.match.steps, seat, over=table.over)
        actions = [m.action for m in table.match.moves[keep:]]
        return StoredTakeBack(table.id, table.revision, keep, seat, actions)

    def _taken_back(self, table: Table, stored: StoredTakeBack) -> TakeBack:
        """Replay `table` after its take-back `stored` was stored."""
        taken = TakeBack(stored.at, stored.seat, list(stored.actions))
        self._rebuild(table, table.match.moves[: stored.at], [*table.match.undone, taken])
        table.revision += 1
        return taken

    def _rebuild(self, table: Table, moves: Sequence[Move], undone: Sequence[TakeBack]) -> None:
        """Make `table` the replay of `moves` from its seed, with a log line for each take-back after the
        move it followed: every seat reads how many moves were taken back, the seat that took them back
        (and, once the game is over, everyone) reads which."""
        game = table.game
        fresh = Table(
            table.id,
            Match(game, table.match.seed, list(table.match.seats)),
            table.seats,
            ask_always=table.ask_always,
            creator=table.creator,
            revision=table.revision,
        )
        fresh.match.undone = list(undone)
        notes = sorted(undone, key=lambda t: t.at)

        def note_upto(ply: int, *, rest: bool = False) -> None:
            while notes and (rest or notes[0].at <= ply):
                taken = notes.pop(0)
                count = len(taken.actions)
                full = Told("took back: " + " | ".join(taken.actions), ())
                brief = Told(f"took back {count} move{'s' if count > 1 else ''}", ())
                told = {v: full if v == taken.seat else brief for v in fresh.viewers}
                fresh.log.append(LogEntry(ply, taken.seat, str(full.text), told, undo=True))

        note_upto(0)
        settled = _settled([(m.seat, m.action) for m in moves])
        for move in moves:
            action = game.parse_action(move.action)
            after = game.clone(fresh.match.state)
            game.apply(after, action, validate=False)
            self._apply(fresh, move.seat, action, after, steps=fresh.ply >= settled)
            note_upto(fresh.ply)
        note_upto(fresh.ply, rest=True)  # take-backs after moves a later take-back took back too
        table.adopt(fresh)

    def _result_after(self, table: Table, after: Any) -> str | None:
        """The result text if the position `after` the action ends the game."""
        game = table.game
        result = game.result(after)
        if game.decision(after) is not None or result is None:
            return None
        return result.describe([s.name for s in table.seats])

    def _apply(
        self,
        table: Table,
        seat: int,
        action: Action,
        after: Any,
        *,
        steps: bool = True,
        texts: Mapping[int | None, str | None] | None = None,
    ) -> None:
        """Make `after` (the position once `action` is applied) the table's state, and log the move.
        `steps=False`: a replayed move another seat's move followed, which no one can take back any more
        (`core.undo` never reads its step; working it out costs a listing of the legal actions).
        `texts`: what each viewer reads of the move, when `_prepare` has worked it out already."""
        before = table.match.state
        legal = table._facts[1].get("legal") if table._facts[0] is before else None
        table.match.state = after
        text = str(action)
        table.match.moves.append(Move(seat, text))
        table.match.steps.append(
            step(table.game, before, action, after, legal=legal) if steps else Step(seat, False, False)
        )
        if texts is None:
            told = {v: narrator.told(before, action, after) for v, narrator in table.narrators.items()}
        else:
            told = {v: Told(texts[v], narrator.heard(after)) for v, narrator in table.narrators.items()}
        table.log.append(LogEntry(table.ply, seat, text, told))


#: one Game per game and options, shared by its tables (a Game holds rules, card data and what it
#: works out once from them, never a match's state; the bots' processes keep theirs the same way)
_GAMES: dict[tuple[str, str], Game[Any]] = {}


def shared_game(name: str, options: Mapping[str, Any]) -> Game[Any]:
    """`make_game(name, options)`, made once per game and options (its errors are not kept)."""
    key = (name, repr(sorted(options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = make_game(name, options)
        if len(_GAMES) < 256:  # options come from visitors: a bounded cache
            _GAMES[key] = game
    return game


def _readers(texts: Mapping[int | None, str | None], action: Action) -> list[int | None]:
    """The viewers whose text of `action` (`texts`, from `Game.describe`) is the action in full."""
    full = str(action)
    return [v for v, text in texts.items() if text == full]


def _settled(moves: Sequence[tuple[int, str]]) -> int:
    """How many of `moves` another seat's move followed: no one can take them back (`core.undo`)."""
    settled = len(moves)
    while settled > 0 and moves[settled - 1][0] == moves[-1][0]:
        settled -= 1
    return settled


def _mode_options(game_name: str, mode: str) -> Mapping[str, Any]:
    from cardtable.core import game_class

    try:
        modes = game_class(game_name).modes
    except UnknownGame as err:
        raise TableError(404, "unknown-game", str(err)) from None
    for candidate in modes:
        if candidate.name == mode:
            return candidate.options
    known = ", ".join(m.name for m in modes) or "none"
    raise TableError(400, "bad-option", f"{game_name} has no mode {mode!r} (modes: {known})")


def _default_name(game: Game[Any], seat: int, kind: str) -> str:
    letter = game.seat_name(seat)
    if kind == AUTOMATON:
        return letter
    return f"Seat {letter}" if kind == HUMAN else f"{kind.capitalize()} bot {letter}"


__all__ = ["AUTOMATON", "HUMAN", "Seat", "Table", "TableError", "Tables"]
