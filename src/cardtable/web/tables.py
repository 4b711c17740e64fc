"""Tables: the matches a server holds, stored move by move, each played through core's `Match`.

`Tables` is the only place that changes a table. An action is checked by the engine, stored, and only
then made in memory; so whatever a player was told happened is stored. Every write checks the table's
revision (`store`): a copy of a table that another server process changed meanwhile is refused its
write, then caught up from the database (its moves applied, or, after a take-back, the table replayed
anew, in place, under its lock).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from cardtable.core import Action, CannotTakeBack, CardtableError, Match, Move, TakeBack

from .catalog import shared_game
from .db import SeatRow, TableRow, now
from .errors import TableError
from .newtable import Choices, new_table
from .store import Heard, Since, Store, StoredMove, StoredTakeBack
from .table import AUTOMATON, HUMAN, Seat, Table
from .tablelog import TableLog, Viewer

#: what a table id is made of (secrets.token_urlsafe): anything else names nothing
_URLSAFE = re.compile(r"[A-Za-z0-9_-]{1,64}")


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
    def create(self, game_name: str, *, creator: str = "", **choices: Any) -> Table:
        """A new table of `game_name` (the other `newtable.Choices`), stored and held."""
        table, rows = new_table(Choices(game_name, **choices), creator)
        with self._storing_table():
            self.store.write_table(rows.table, rows.seats)
        self.live[table.id] = table
        return table

    async def create_waiting(self, game_name: str, *, creator: str = "", **choices: Any) -> Table:
        """`create`; on PostgreSQL the event loop serves other tables while the database stores it."""
        if not self.shared:  # SQLite answers in well under a millisecond: no hand-over is worth it
            return self.create(game_name, creator=creator, **choices)
        table, rows = new_table(Choices(game_name, **choices), creator)
        with self._storing_table():
            await self.store.write_table_waiting(rows.table, rows.seats)
        self.live[table.id] = table
        return table

    @contextlib.contextmanager
    def _storing_table(self) -> Iterator[None]:
        try:
            yield
        except SQLAlchemyError:
            raise TableError(503, "storage", "the table could not be stored; try again") from None

    # --- loading and catching up ----------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        """The table `table_id`, from memory or loaded (`catch_up_waiting` brings a table held in memory
        up to date with other server processes' moves)."""
        table = self.live.get(table_id)
        if table is None:
            table = self._load(table_id)
            self.live[table_id] = table
        table.touched = time.monotonic()
        return table

    def _load(self, table_id: str) -> Table:
        """The table as stored: its moves replayed from its seed (`Match.resume`), each checked."""
        if not isinstance(table_id, str) or not _URLSAFE.fullmatch(table_id):
            raise TableError(404, "unknown-table", "there is no such table")
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise TableError(404, "unknown-table", "there is no such table")
            # the table's row is read first, its moves after: a move stored in between is in the moves
            # but not in the revision, and the next write, checked against the older revision, is
            # refused and replays the table anew (the other way round, a write could pass on a copy
            # that lacks a move)
            revision = row.revision
            seats = [Seat(s.seat, s.kind, s.name, s.token) for s in row.seats]
            ask_always = {s.seat for s in row.seats if s.ask_always}
            coach = {s.seat for s in row.seats if s.coach}, {s.seat for s in row.seats if s.coached}
            moves = [Move(m.seat, m.action) for m in row.moves]
            undone = [TakeBack(t.at, t.seat, list(t.actions)) for t in row.takebacks]
            game_name, options, seed = row.game, dict(row.options), row.seed
        try:
            game = shared_game(game_name, options)
        except CardtableError as err:
            raise TableError(410, "unplayable-table", f"this table can no longer be played: {err}") from None
        log = TableLog(game, game.new_state(seed), [*range(game.num_seats), None], undone)
        try:
            match = Match.resume(game, seed, [s.name for s in seats], moves, undone, observe=log.observe)
        except CardtableError as err:
            raise TableError(410, "unplayable-table", f"this table no longer replays: {err}") from None
        log.finish()
        table = Table(table_id, match, seats, log, ask_always=ask_always, revision=revision)
        table.coach_allowed, table.coached = coach
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
            self._make(table, moves)
            table.revision = since.revision
        else:  # a take-back (or a copy read as the table changed): the table anew, in place
            fresh = self._load(table.id)
            table.adopt(fresh.match, fresh.log, revision=fresh.revision)
        return True

    def heard(self, table: Table, note: Heard) -> bool | None:
        """What another process's note (`store.note_of`) does to `table`: True when its move was applied
        here (the next one, as told: nothing is read), False when there is nothing to do (this copy has
        it already), None when the table must catch up from the database (`catch_up_waiting`)."""
        if note.kind in ("move", "undo") and note.revision <= table.revision:
            return False
        if note.kind == "move" and note.revision == table.revision + 1 and note.ply == table.ply + 1:
            self._make(table, [(note.ply, note.seat, note.action)])
            table.revision = note.revision
            return True
        return None

    def _make(self, table: Table, moves: Sequence[tuple[int, int, str]]) -> None:
        """Make moves another process stored (ply, seat, action), in order, from the table's next one."""
        for ply, _, text in moves:
            if ply != table.ply + 1:
                break
            try:
                action = table.game.parse_action(text)
            except CardtableError:
                self.live.pop(table.id, None)
                raise TableError(410, "unplayable-table", f"move {ply} does not replay") from None
            table.advance(action, table.match.preview(action))

    # --- playing --------------------------------------------------------------------------------
    def play(self, table: Table, seat: int | None, text: Any, move: Any) -> Action:
        """Play `text` for `seat` if it is that seat's legal, current action; store it, then make it."""
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

    def commit(self, table: Table, seat: int, action: Action, move: int) -> None:
        """Store the checked `action` as move `move + 1`, then make it; refused if the table moved on."""
        after, texts, stored = self._prepare(table, seat, action, move)
        with self._storing(table):
            written = self.store.write_move(stored)
        if not written:
            self.catch_up(table)
            raise _outdated(table)
        table.advance(action, after, texts=texts)
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
            raise _outdated(table)
        table.advance(action, after, texts=texts)
        table.revision += 1

    def _prepare(
        self, table: Table, seat: int, action: Action, move: int
    ) -> tuple[Any, dict[Viewer, str | None], StoredMove]:
        """The position after `action` (`Match.preview`), what each viewer reads of it, and the move to
        store."""
        if move != table.ply:
            raise TableError(409, "stale", f"move {move} is stale: the table is at move {table.ply}")
        game, before = table.game, table.match.state
        after = table.match.preview(action)
        texts = {v: game.describe(before, action, v) for v in table.viewers}
        finished = None
        result = game.result(after)
        if game.decision(after) is None and result is not None:
            finished = result.describe([s.name for s in table.seats])
        full = str(action)
        readers = [v for v, text in texts.items() if text == full]
        return (
            after,
            texts,
            StoredMove(table.id, table.revision, table.ply + 1, seat, full, readers, finished),
        )

    @contextlib.contextmanager
    def _storing(self, table: Table) -> Iterator[None]:
        """The database's refusals as the table's answers (nothing is made when storing fails)."""
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

    # --- taking back ------------------------------------------------------------------------------
    def take_back(self, table: Table, seat: int | None, move: Any) -> TakeBack:
        """Take back `seat`'s latest moves (`core.undo`) if the table allows it now: the moves are
        deleted from storage and the take-back is stored beside them, then the table is replayed."""
        taken = self._take_back_point(table, seat, move)
        with self._storing(table):
            written = self.store.write_takeback(taken)
        if not written:
            self.catch_up(table)
            raise _outdated(table)
        return self._taken_back(table, taken)

    async def take_back_waiting(self, table: Table, seat: int | None, move: Any) -> TakeBack:
        """`take_back`, the database's answer awaited (PostgreSQL); the caller holds the `mover` lock."""
        taken = self._take_back_point(table, seat, move)
        with self._storing(table):
            written = await self.store.write_takeback_waiting(taken)
        if not written:
            await self._catch_up_locked(table)
            raise _outdated(table)
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
        try:
            taken = table.match.take_back_point(seat)
        except CannotTakeBack as err:
            raise TableError(409, "cannot-undo", str(err)) from None
        return StoredTakeBack(table.id, table.revision, taken.at, seat, taken.actions)

    def _taken_back(self, table: Table, stored: StoredTakeBack) -> TakeBack:
        """Make the take-back `stored` (stored already): the match replays the moves that stand
        (`Match.take_back`), and the log is written anew with every take-back where it happened."""
        match, game = table.match, table.game
        undone = [*match.undone, TakeBack(stored.at, stored.seat, list(stored.actions))]
        log = TableLog(game, game.new_state(match.seed), table.viewers, undone)
        taken = match.take_back(stored.seat, observe=log.observe)
        log.finish()
        table.adopt(match, log, revision=table.revision + 1)
        return taken

    # --- a person's choice ----------------------------------------------------------------------------
    def set_ask_always(self, table: Table, seat: int, ask: bool) -> None:
        """Store a person's choice to be asked at every decision (or not), then make it."""
        self._set_seat(table, seat, table.ask_always, ask_always=ask)

    def allow_coach(self, table: Table, seat: int, allow: bool) -> None:
        """Store a person's choice to allow the coach at this table (or not), then make it."""
        self._set_seat(table, seat, table.coach_allowed, coach=allow)

    def mark_coached(self, table: Table, seat: int) -> None:
        """Store that `seat` asked the coach (its game's record will say so), then make it."""
        if seat not in table.coached:
            self._set_seat(table, seat, table.coached, coached=True)

    def read_coach(self, table: Table) -> None:
        """Read the seats' coach choices and uses again (another server process may have stored one)."""
        try:
            with self.engine.connect() as connection:
                rows = connection.execute(
                    select(SeatRow.seat, SeatRow.coach, SeatRow.coached).where(SeatRow.table_id == table.id)
                ).all()
        except SQLAlchemyError:
            raise TableError(503, "storage", "the table could not be read; try again") from None
        table.coach_allowed = {seat for seat, allowed, _ in rows if allowed}
        table.coached = {seat for seat, _, used in rows if used}

    def _set_seat(self, table: Table, seat: int, seats: set[int], **flag: bool) -> None:
        """Store one of a seat's flags (a column of `SeatRow`), then make `seats` (its set at the
        table) hold `seat` or not as the flag says."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    update(SeatRow).where(SeatRow.table_id == table.id, SeatRow.seat == seat).values(**flag)
                )
        except SQLAlchemyError:
            raise TableError(503, "storage", "the choice could not be stored; try again") from None
        if next(iter(flag.values())):
            seats.add(seat)
        else:
            seats.discard(seat)

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


def _outdated(table: Table) -> TableError:
    """The answer to a write refused because another process moved or took back first (the table has
    caught up with it since)."""
    return TableError(409, "stale", f"another move was made first: the table is at move {table.ply}")


__all__ = ["AUTOMATON", "HUMAN", "Seat", "Table", "TableError", "Tables"]
