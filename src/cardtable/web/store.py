"""The table server's writes and reads on the hot path: moves, take-backs, new tables, catching up.

SQL written once and sent as is (no ORM object, no statement compiled per move, no pool checkout on
SQLite). Every move and every take-back advances the table's `revision` by one, and is stored only if the
revision is still the one the server checked it against (`UPDATE tables ... WHERE revision = :expected`):
the table's row is the one point where the moves and take-backs of a table are serialised, across every
server process. A write made on an outdated copy (another process moved or took back meanwhile, or the
table expired) changes nothing and returns False.

On PostgreSQL a move (or a take-back), the table's touch and the NOTIFY that tells every server process
are one statement, atomic by itself and one round trip, run on the event loop's own connections
(psycopg's async pool); its `synchronous_commit` is `db.synchronous_commit()`. On SQLite one connection,
kept open, stores tables, moves and take-backs (a write from another connection would make it drop its
page cache).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import Any, Literal

import msgspec
from sqlalchemy import delete, insert
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeout

from .db import MoveRow, SeatRow, TableRow, TakebackRow, now, synchronous_commit

#: the PostgreSQL channel on which every server process hears of every stored move, take-back and expiry
CHANNEL = "cardtable_moves"
#: connections on which the event loop stores moves on PostgreSQL (at most; each one move at a time)
WRITER_CONNECTIONS = 4
#: SQLite: the page cache of the connection that stores moves and tables, in KiB (the default is 2 MiB)
WRITER_CACHE_KIB = 64 * 1024


class StoredMove(msgspec.Struct, frozen=True):
    """Move `ply` of `table`, checked against the table at `revision`; `result`: the result text when
    the move ends the game; `readers`: the viewers who read it in full (`Game.describe`)."""

    table: str
    revision: int
    ply: int
    seat: int
    action: str
    readers: list[int | None]
    result: str | None = None


class StoredTakeBack(msgspec.Struct, frozen=True):
    """A take-back at `table`, checked against the table at `revision`: the first `at` moves stand,
    `seat` took back `actions`."""

    table: str
    revision: int
    at: int
    seat: int
    actions: list[str]


class Since(msgspec.Struct, frozen=True):
    """What the database holds of a table beyond a copy at move `ply`: its revision, how many take-backs
    it has, and the moves after `ply` as (ply, seat, action) (read in one statement: one snapshot)."""

    revision: int
    takebacks: int
    moves: list[tuple[int, int, str]]


class Heard(msgspec.Struct, frozen=True):
    """A note another server process sent on `CHANNEL` (`note_of` reads it): a move stored (with the
    move itself), a take-back, a table expired; `any`: something changed (catch up from the database)."""

    table: str
    kind: Literal["move", "undo", "expired", "any"]
    revision: int = 0
    ply: int = 0
    seat: int = 0
    action: str = ""


def move_note(move: StoredMove) -> str:
    """What a stored move tells the other processes (`note_of` reads it back)."""
    return f"{move.table} move {move.revision + 1} {move.ply} {move.seat} {move.action}"


def note_of(payload: str) -> Heard:
    """The note `payload` (`move_note`, "ID undo REVISION", "ID expired"); anything else is `any`."""
    table, _, rest = payload.partition(" ")
    kind, _, rest = rest.partition(" ")
    numbers = rest.split(" ", 3)
    if kind == "move" and len(numbers) == 4 and all(n.isdecimal() for n in numbers[:3]) and numbers[3]:
        return Heard(table, "move", int(numbers[0]), int(numbers[1]), int(numbers[2]), numbers[3])
    if kind == "undo" and rest.isdecimal():
        return Heard(table, "undo", int(rest))
    if kind == "expired" and not rest:
        return Heard(table, "expired")
    return Heard(table, "any")


_SQLITE_MOVE = (
    "UPDATE tables SET updated = :played, result = COALESCE(:result, result), revision = revision + 1 "
    "WHERE id = :table AND revision = :revision",
    "INSERT INTO moves (table_id, ply, seat, action, readers, played) "
    "VALUES (:table, :ply, :seat, :action, :readers, :played)",
)
_POSTGRESQL_MOVE = (
    "WITH t AS (UPDATE tables SET updated = %(played)s, result = COALESCE(%(result)s, result), "
    "revision = revision + 1 WHERE id = %(table)s AND revision = %(revision)s RETURNING id), "
    "m AS (INSERT INTO moves (table_id, ply, seat, action, readers, played) "
    "SELECT id, %(ply)s, %(seat)s, %(action)s, %(readers)s, %(played)s FROM t) "
    "SELECT pg_notify(%(channel)s, %(note)s) FROM t"
)
_SQLITE_TAKEBACK = (
    "UPDATE tables SET updated = :taken, revision = revision + 1 WHERE id = :table AND revision = :revision",
    "DELETE FROM moves WHERE table_id = :table AND ply > :at",
    "INSERT INTO takebacks (table_id, number, at, seat, actions, taken) "
    "SELECT :table, COALESCE(MAX(number), 0) + 1, :at, :seat, :actions, :taken FROM takebacks "
    "WHERE table_id = :table",
)
_POSTGRESQL_TAKEBACK = (
    "WITH t AS (UPDATE tables SET updated = %(taken)s, revision = revision + 1 "
    "WHERE id = %(table)s AND revision = %(revision)s RETURNING id), "
    "d AS (DELETE FROM moves WHERE table_id IN (SELECT id FROM t) AND ply > %(at)s), "
    "k AS (INSERT INTO takebacks (table_id, number, at, seat, actions, taken) "
    "SELECT id, (SELECT COALESCE(MAX(number), 0) + 1 FROM takebacks WHERE table_id = %(table)s), "
    "%(at)s, %(seat)s, %(actions)s, %(taken)s FROM t) "
    "SELECT pg_notify(%(channel)s, %(note)s) FROM t"
)
_SINCE = (
    "SELECT t.revision, (SELECT COUNT(*) FROM takebacks k WHERE k.table_id = t.id), m.ply, m.seat, m.action "
    "FROM tables t LEFT JOIN moves m ON m.table_id = t.id AND m.ply > {ply} WHERE t.id = {table} "
    "ORDER BY m.ply"
)
#: an unfinished table without a move since `cutoff`, or since `bot_cutoff` if a bot sits at it
_STALE = (
    "result = '*' AND (updated < {cutoff} OR (updated < {bot_cutoff} AND EXISTS (SELECT 1 FROM seats s "
    "WHERE s.table_id = tables.id AND s.kind NOT IN ('human', 'automaton'))))"
)
#: stale tables deleted (their seats, moves and take-backs go with them: ON DELETE CASCADE), checked
#: again row by row (a move stored meanwhile saves its table)
_EXPIRE = (
    f"DELETE FROM tables WHERE id IN (SELECT id FROM tables WHERE {_STALE} LIMIT {{most}}) "
    f"AND {_STALE} RETURNING id"
)


class Store:
    """A server's reads and writes of tables (see the module); `shared`: PostgreSQL, which several
    server processes may share. A failure drops the connection: the next write opens a fresh one (a
    database that restarted costs one refused move)."""

    def __init__(self, engine: Engine, channel: str = CHANNEL) -> None:
        self.engine = engine
        self.channel = channel
        #: PostgreSQL: how each stored move waits for the disk (`synchronous_commit`)
        self.synchronous_commit = synchronous_commit()
        dialect = engine.dialect
        self.shared = dialect.name == "postgresql"
        self._driver_error: type[Exception] = dialect.dbapi.Error  # type: ignore[union-attr]
        self._json = MoveRow.__table__.c.readers.type.dialect_impl(dialect).bind_processor(dialect)
        self._time = MoveRow.__table__.c.played.type.dialect_impl(dialect).bind_processor(dialect)
        self._options = TableRow.__table__.c.options.type.dialect_impl(dialect).bind_processor(dialect)
        style = ("%({})s" if self.shared else ":{}").format
        self._since = _SINCE.format(ply=style("ply"), table=style("table"))
        self._expire = _EXPIRE.format(
            cutoff=style("cutoff"), bot_cutoff=style("bot_cutoff"), most=style("most")
        )
        #: PostgreSQL: the statements that store a new table and its seats, compiled at first use
        self._new_table: tuple[str, str] | None = None
        #: the connection of the synchronous path (SQLite's one writer; PostgreSQL in tests and tools)
        self.connection: Connection | None = None
        self.raw: Any = None
        #: PostgreSQL: the event loop's own connections (psycopg's async pool), opened at first use
        self._pool: Any = None

    # --- moves and take-backs ----------------------------------------------------------------------
    def write_move(self, move: StoredMove) -> bool:
        """Store `move` (and the table's touch and result) in one transaction if the table is still at
        `move.revision`; False (nothing stored) if it is not, or is gone. Raises a SQLAlchemyError when
        the database fails (nothing is stored then)."""
        params = self._move_params(move)
        return self._write(_SQLITE_MOVE if not self.shared else (_POSTGRESQL_MOVE,), params)

    async def write_move_waiting(self, move: StoredMove) -> bool:
        """`write_move` on PostgreSQL, awaited on one of the event loop's own connections: other tables
        are served while the database answers, with no thread to hand the move to and back (nor the
        interpreter lock to wait for), and concurrent commits share the database's flushes to disk."""
        rows = await self._on_pool(_POSTGRESQL_MOVE, self._move_params(move), fetch=True)
        return bool(rows)

    def write_takeback(self, taken: StoredTakeBack) -> bool:
        """Store the take-back `taken` (the moves after `taken.at` deleted, the take-back kept beside
        them) in one transaction if the table is still at `taken.revision`; else False, as `write_move`."""
        params = self._takeback_params(taken)
        return self._write(_SQLITE_TAKEBACK if not self.shared else (_POSTGRESQL_TAKEBACK,), params)

    async def write_takeback_waiting(self, taken: StoredTakeBack) -> bool:
        """`write_takeback` on PostgreSQL, awaited on the event loop's own connections."""
        return bool(await self._on_pool(_POSTGRESQL_TAKEBACK, self._takeback_params(taken), fetch=True))

    def since(self, table_id: str, ply: int) -> Since | None:
        """What the database holds of `table_id` beyond move `ply` (None: no such table)."""
        connection = self._connection()
        try:
            rows = connection.exec_driver_sql(self._since, {"table": table_id, "ply": ply}).all()
            if not self.shared:
                connection.commit()  # (the read's transaction: SQLite keeps its snapshot until then)
        except SQLAlchemyError:
            self.close()
            raise
        return _since(rows)

    async def since_waiting(self, table_id: str, ply: int) -> Since | None:
        """`since` on PostgreSQL, awaited on the event loop's own connections."""
        return _since(await self._on_pool(self._since, {"table": table_id, "ply": ply}, fetch=True))

    def _move_params(self, move: StoredMove) -> dict[str, Any]:
        """The statement's parameters: the move's fields, its readers as JSON, when it was played, and the
        notice to the other processes (the move itself rides along: they apply it without reading it)."""
        return msgspec.structs.asdict(move) | {
            "readers": self._bind_json(move.readers),
            "played": self._bind_time(now()),
            "channel": self.channel,
            "note": move_note(move),
        }

    def _takeback_params(self, taken: StoredTakeBack) -> dict[str, Any]:
        """The statement's parameters: the take-back's fields, its actions as JSON, when, and the notice."""
        return msgspec.structs.asdict(taken) | {
            "actions": self._bind_json(taken.actions),
            "taken": self._bind_time(now()),
            "channel": self.channel,
            "note": f"{taken.table} undo {taken.revision + 1}",
        }

    def _bind_json(self, value: Any) -> Any:
        return self._json(value) if self._json else value

    def _bind_time(self, moment: datetime) -> Any:
        return self._time(moment) if self._time else moment

    # --- tables ------------------------------------------------------------------------------------
    def write_table(self, table: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """Store a new table (a `TableRow`'s columns) and its seats (`SeatRow`'s) in one transaction, by
        two Core statements (the ORM's unit of work took a millisecond more of the event loop's time).

        On SQLite this is the connection that stores moves: a write from another connection would make
        it drop its page cache at its next move, and read the pages again, from the disk if the
        operating system has let them go (the event loop waited up to 0.9 s for such a read)."""
        if self.shared:
            with self.engine.begin() as connection:
                self._insert_table(connection, table, seats)
            return
        try:
            connection = self._connection()
            self._insert_table(connection, table, seats)
            connection.commit()
        except SQLAlchemyError:
            self.close()  # rolls the transaction back
            raise

    @staticmethod
    def _insert_table(connection: Connection, table: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        connection.execute(insert(TableRow), [table])
        connection.execute(insert(SeatRow), seats)

    async def write_table_waiting(self, table: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """`write_table` on PostgreSQL, in one transaction on the event loop's own connections (the loop
        serves other tables while the database answers)."""
        if self._new_table is None:
            dialect = self.engine.dialect
            self._new_table = (
                insert(TableRow).compile(dialect=dialect, column_keys=list(table)).string,
                insert(SeatRow).compile(dialect=dialect, column_keys=list(seats[0])).string,
            )
        table_sql, seat_sql = self._new_table
        table = {**table, "options": self._options(table["options"]) if self._options else table["options"]}
        async with self._pool_connection(table_sql, table) as connection, connection.transaction():
            await connection.execute(table_sql, table)
            async with connection.cursor() as cursor:
                await cursor.executemany(seat_sql, seats)

    def expire(self, cutoff: datetime, bot_cutoff: datetime, most: int = 1000) -> list[str]:
        """Delete the unfinished tables without a move since `cutoff`, or since `bot_cutoff` if a bot
        sits at them (at most `most`); their ids."""
        params = {"cutoff": self._bind_time(cutoff), "bot_cutoff": self._bind_time(bot_cutoff), "most": most}
        connection = self._connection()
        try:
            ids = [row[0] for row in connection.exec_driver_sql(self._expire, params)]
            for child in (MoveRow, TakebackRow, SeatRow):  # (ON DELETE CASCADE did it already)
                connection.execute(delete(child).where(child.__table__.c.table_id.in_(ids)))
            connection.commit()
        except SQLAlchemyError:
            self.close()
            raise
        return ids

    async def expire_waiting(self, cutoff: datetime, bot_cutoff: datetime, most: int = 1000) -> list[str]:
        """`expire` on PostgreSQL, each deleted table announced to every server process ("ID expired")
        by the same transaction."""
        notify = "SELECT id, pg_notify(%(channel)s, id || ' expired') FROM gone"
        statement = f"WITH gone AS ({self._expire}) {notify}"
        params = {"cutoff": cutoff, "bot_cutoff": bot_cutoff, "most": most, "channel": self.channel}
        return [row[0] for row in await self._on_pool(statement, params, fetch=True)]

    # --- connections -------------------------------------------------------------------------------
    def _write(self, statements: Sequence[str], params: dict[str, Any]) -> bool:
        """Run a write's statements on the synchronous path's connection, in one transaction; False (and
        nothing stored) when the first, the table's `UPDATE ... WHERE revision`, finds no row (SQLite) or
        the statement returns no row (PostgreSQL: its NOTIFY runs only when the table was updated)."""
        try:
            if self.raw is None:
                self._connection()
            return self._execute(self.raw, statements, params)
        except SQLAlchemyError:
            self.close()
            raise

    def _execute(self, raw: Any, statements: Sequence[str], params: dict[str, Any]) -> bool:
        """The statements on the driver's own connection (SQLAlchemy's work per statement is skipped on
        this hot path); the driver's errors become SQLAlchemy's (IntegrityError, ...). SQLite: the
        driver's transaction, begun by the first statement, is the write's (SQLAlchemy's own took a
        third of a move's write); PostgreSQL: autocommit, the one statement is the transaction."""
        statement = statements[0]
        try:
            cursor = raw.cursor()
            try:
                cursor.execute(statement, params)
                if self.shared:
                    return bool(cursor.fetchall())
                if cursor.rowcount != 1:
                    raw.rollback()
                    return False
                for statement in statements[1:]:
                    cursor.execute(statement, params)
            finally:
                cursor.close()
            self._commit(raw, params)
        except self._driver_error as err:
            with contextlib.suppress(self._driver_error):
                raw.rollback()
            raise DBAPIError.instance(statement, params, err, self._driver_error) from err
        return True

    def _commit(self, raw: Any, params: dict[str, Any]) -> None:
        """Commit the driver's transaction on `raw`; on failure it is rolled back (nothing is stored),
        and the driver's error becomes SQLAlchemy's."""
        try:
            raw.commit()
        except self._driver_error as err:
            with contextlib.suppress(self._driver_error):
                raw.rollback()
            raise DBAPIError.instance("COMMIT", params, err, self._driver_error) from err

    def _connection(self) -> Connection:
        """The synchronous path's connection, opened when there is none (its driver's as `raw`)."""
        if self.connection is None:
            self.connection = self._open()
            self.raw = self.connection.connection.dbapi_connection
        return self.connection

    def _open(self) -> Connection:
        connection = self.engine.connect()
        if self.shared:
            connection = connection.execution_options(isolation_level="AUTOCOMMIT")
            connection.exec_driver_sql(f"SET synchronous_commit = {self.synchronous_commit}")
        else:  # the pages a move reads stay in the process (the operating system's cache can drop them)
            connection.exec_driver_sql(f"PRAGMA cache_size = -{WRITER_CACHE_KIB}")
            connection.commit()  # (SQLAlchemy began a transaction for the PRAGMA)
        return connection

    async def _on_pool(self, statement: str, params: dict[str, Any], *, fetch: bool = False) -> list[Any]:
        """Run `statement` on a connection of the pool, its rows if `fetch`."""
        async with self._pool_connection(statement, params) as connection:
            cursor = await connection.execute(statement, params)
            return await cursor.fetchall() if fetch else []

    @contextlib.asynccontextmanager
    async def _pool_connection(self, statement: str, params: dict[str, Any]) -> AsyncIterator[Any]:
        """A connection of the pool (opened at first use); the driver's errors in the block become
        SQLAlchemy's, as callers expect (IntegrityError: a ply stored already)."""
        from psycopg_pool import PoolTimeout

        try:
            pool = self._pool or self._new_pool()
            if pool.closed:  # opened at first use (by one caller: the others wait on the pool's lock)
                await pool.open()
            async with pool.connection() as connection:
                yield connection
        except self._driver_error as err:
            raise DBAPIError.instance(statement, params, err, self._driver_error) from err
        except PoolTimeout as err:
            raise SQLAlchemyTimeout(f"no connection to the database: {err}") from err

    def _new_pool(self) -> Any:
        from psycopg_pool import AsyncConnectionPool

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._pool = AsyncConnectionPool(
            url,
            min_size=1,
            max_size=WRITER_CONNECTIONS,
            # the one statement is the transaction
            kwargs={"autocommit": True, "options": f"-c synchronous_commit={self.synchronous_commit}"},
            timeout=10,
            open=False,
            name="cardtable-moves",
        )
        return self._pool

    def close(self) -> None:
        """Close the synchronous path's connection (call when nothing is being stored)."""
        connection, self.connection, self.raw = self.connection, None, None
        if connection is not None:
            with contextlib.suppress(Exception):
                connection.close()

    async def aclose(self) -> None:
        """Close every connection, the event loop's pool too (call when nothing is being stored)."""
        self.close()
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()


def _since(rows: Sequence[Any]) -> Since | None:
    if not rows:
        return None
    revision, takebacks = rows[0][0], rows[0][1]
    moves = [(int(row[2]), int(row[3]), str(row[4])) for row in rows if row[2] is not None]
    return Since(int(revision), int(takebacks), moves)
