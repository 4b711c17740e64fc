"""Persistence: what a table is made of in the database, and the connection to it.

A table is stored as its recipe, never as a state: the game, options, seed, seats and the list of
accepted actions. The state is rebuilt by replaying the actions, so the database can never hold a
state the engine did not produce.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    insert,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeout
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).parent / "migrations"
DATABASE_URL_VARIABLE = "CARDTABLE_DATABASE_URL"
#: PostgreSQL's `synchronous_commit` for the server's moves and new tables (default "off", see
#: `synchronous_commit`)
SYNCHRONOUS_COMMIT_VARIABLE = "CARDTABLE_SYNCHRONOUS_COMMIT"
_SYNCHRONOUS_COMMIT_VALUES = ("off", "local", "on", "remote_write", "remote_apply")


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: the result text once the game is over ("*" while it is played)
    result: Mapped[str] = mapped_column(Text, default="*")
    #: when the table was created or last moved (unfinished tables idle too long expire)
    updated: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=now, nullable=True)
    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.seat", lazy="selectin")
    moves: Mapped[list[MoveRow]] = relationship(order_by="MoveRow.ply", lazy="selectin")
    takebacks: Mapped[list[TakebackRow]] = relationship(order_by="TakebackRow.number", lazy="selectin")


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: "human" or a player kind of `cardtable.players.PLAYER_KINDS` (played by the server)
    kind: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(64))
    #: the secret of the seat's link (human seats only)
    token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    #: the person asked to be asked at every decision, even when their only move is forced
    ask_always: Mapped[bool] = mapped_column(Boolean, default=False)


class MoveRow(Base):
    """One accepted action. The primary key (table, ply) makes a second action for the same ply fail."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    #: the viewers who read the action in full (seats, null for spectators), as `Game.describe` says
    readers: Mapped[list | None] = mapped_column(JSON, nullable=True)
    played: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class TakebackRow(Base):
    """A take-back (`cardtable.core.undo`): after move `at`, `seat` took back `actions`; those moves
    were deleted from `moves`, and the record keeps them as an annotation."""

    __tablename__ = "takebacks"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    actions: Mapped[list] = mapped_column(JSON)
    taken: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=now, nullable=True)


def default_database_url() -> str:
    """`CARDTABLE_DATABASE_URL` if set, else a SQLite file in the user's data folder."""
    url = os.environ.get(DATABASE_URL_VARIABLE)
    if url:
        return url
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "cardtable"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.db'}"


def synchronous_commit() -> str:
    """PostgreSQL's `synchronous_commit` for the moves and new tables the server stores:
    `CARDTABLE_SYNCHRONOUS_COMMIT`, else "off".

    "off" is the durability of the SQLite default (WAL, synchronous=NORMAL): a move is acknowledged once
    PostgreSQL has committed it in memory, and written to disk within PostgreSQL's WAL writer delay
    (0.2 s by default). Killing the cardtable server loses nothing; a crash of PostgreSQL itself or of
    its machine can lose the last moves of that fraction of a second (never the database's
    consistency). With "on", each move also waits for its flush to disk, whose time the disk decides:
    on the benchmark's machine, at 200 tables, the p99 of a move's round trip was 12-376 ms in six runs
    with it on, 7-17.5 ms with it off. Any of PostgreSQL's values may be given.
    """
    value = os.environ.get(SYNCHRONOUS_COMMIT_VARIABLE, "off").strip().lower() or "off"
    if value not in _SYNCHRONOUS_COMMIT_VALUES:
        raise ValueError(
            f"{SYNCHRONOUS_COMMIT_VARIABLE}={value!r}: give one of {', '.join(_SYNCHRONOUS_COMMIT_VALUES)}"
        )
    return value


def connect(url: str, *, background_checkpoints: bool = False) -> Engine:
    """An engine for `url`, with the schema migrated to the newest version. `background_checkpoints`
    (SQLite): no connection of this engine copies the write-ahead log into the database file by itself;
    a `Checkpointer` does (see there)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    # no ping before each use (a query per move): a connection that dropped (PostgreSQL restarted) fails
    # its move with a 503 "try again", and SQLAlchemy then replaces every pooled connection
    engine = create_engine(url, pool_size=10, max_overflow=20, pool_timeout=10)
    if engine.dialect.name == "sqlite":
        pragmas = [*_SQLITE_PRAGMAS, *(["PRAGMA wal_autocheckpoint=0"] if background_checkpoints else [])]
        event.listen(engine, "connect", lambda connection, _record: _run_pragmas(connection, pragmas))
    migrate(engine)
    return engine


#: WAL with synchronous=NORMAL: a committed transaction survives the server being killed (only a power
#: cut can lose the last ones), and commits take microseconds, not an fsync each
_SQLITE_PRAGMAS = [
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=5000",
]


def _run_pragmas(dbapi_connection: Any, pragmas: list[str]) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in pragmas:
        cursor.execute(pragma)
    cursor.close()


class Checkpointer:
    """SQLite: copies the write-ahead log into the database file every `every` seconds, in a thread of
    its own (PASSIVE checkpoints: they never wait for the server's readers or writers).

    By default the commit that fills the log makes this copy itself, with an fsync of the log and of the
    database file: on the event loop, which it held for 3-5 ms each time, and for 150 ms when the disk
    was busy (seen with strace at 200 tables) while every other table waited. Here the fsyncs wait in
    this thread instead (the sqlite3 module lets the interpreter go while SQLite waits for the disk), and
    the engine's own connections never checkpoint (`connect(..., background_checkpoints=True)`).
    """

    def __init__(self, engine: Engine, every: float = 1.0) -> None:
        self.path = engine.url.database
        self.every = every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def needed_for(cls, engine: Engine) -> Checkpointer | None:
        """A checkpointer for `engine` if it is a SQLite file (a database in memory has no log)."""
        in_file = engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:")
        return cls(engine) if in_file else None

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop, after a last checkpoint (returns once it is done)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        connection = sqlite3.connect(self.path, timeout=5)  # made, used and closed in this thread
        try:
            while not self._stop.wait(self.every):
                self._checkpoint(connection)
            self._checkpoint(connection)  # the log's last moves, as the server stops
        finally:
            connection.close()

    @staticmethod
    def _checkpoint(connection: sqlite3.Connection) -> None:
        try:
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error as err:  # e.g. a full disk: the log keeps every move meanwhile, and grows
            log.warning("checkpointing the SQLite log failed: %s", err)


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with Alembic (run at every start; a no-op when current)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


#: connections on which the event loop stores moves on PostgreSQL (at most; each one move at a time)
WRITER_CONNECTIONS = 4
#: SQLite: the page cache of the connection that stores moves and tables, in KiB (the default is 2 MiB)
WRITER_CACHE_KIB = 64 * 1024


class MoveWriter:
    """Stores moves on the hot path: one transaction per action on a connection kept open, with SQL
    written once and sent as is (no ORM object, no statement compiled, no pool checkout per move).

    On PostgreSQL the move, the table's touch and the NOTIFY to every server process are one statement
    (atomic by itself, one round trip); the primary key (table, ply) refuses a second move for the same
    ply, so two processes can never both store one. A failure drops the connection: the next move
    opens a fresh one (a database that restarted costs one refused move, as before).
    """

    _SQLITE = (
        "INSERT INTO moves (table_id, ply, seat, action, readers, played) "
        "VALUES (:table, :ply, :seat, :action, :readers, :played)",
        "UPDATE tables SET updated = :played, result = COALESCE(:result, result) WHERE id = :table",
    )
    _POSTGRESQL = (
        "WITH m AS (INSERT INTO moves (table_id, ply, seat, action, readers, played) "
        "VALUES (%(table)s, %(ply)s, %(seat)s, %(action)s, %(readers)s, %(played)s)), "
        "t AS (UPDATE tables SET updated = %(played)s, result = COALESCE(%(result)s, result) "
        "WHERE id = %(table)s) SELECT pg_notify(%(channel)s, %(note)s)",
    )

    _MOVES_AFTER = (
        "SELECT ply, seat, action FROM moves WHERE table_id = %(table)s AND ply > %(ply)s ORDER BY ply"
    )

    def __init__(self, engine: Engine, channel: str) -> None:
        self.engine = engine
        self.channel = channel
        #: PostgreSQL: how each stored move waits for the disk (`synchronous_commit`)
        self.synchronous_commit = synchronous_commit()
        dialect = engine.dialect
        self.shared = dialect.name == "postgresql"
        self.statements = self._POSTGRESQL if self.shared else self._SQLITE
        self._driver_error: type[Exception] = dialect.dbapi.Error  # type: ignore[union-attr]
        columns = MoveRow.__table__.c
        self._readers = columns.readers.type.dialect_impl(dialect).bind_processor(dialect)
        self._time = columns.played.type.dialect_impl(dialect).bind_processor(dialect)
        self._options = TableRow.__table__.c.options.type.dialect_impl(dialect).bind_processor(dialect)
        #: PostgreSQL: the statements that store a new table and its seats, compiled at first use
        self._new_table: tuple[str, str] | None = None
        #: the connection `write` uses
        self.connection: Connection | None = None
        self.raw: Any = None
        #: PostgreSQL: the event loop's own connections for `write_waiting` (psycopg's async pool)
        self._pool: Any = None

    def write(
        self, table_id: str, ply: int, seat: int, action: str, readers: list, result: str | None
    ) -> None:
        """Store move `ply` of `table_id` (and the result, when it ends the game) in one transaction;
        raises SQLAlchemy's IntegrityError when that ply is already stored, another SQLAlchemyError
        when the database fails (nothing is stored then)."""
        self._write((table_id, ply, seat, action, readers, result))

    async def write_waiting(
        self, table_id: str, ply: int, seat: int, action: str, readers: list, result: str | None
    ) -> None:
        """`write` on PostgreSQL, awaited on one of a few connections of the event loop's own (psycopg's
        async pool): other tables are served while the database answers, with no thread to hand the
        move to and back (nor the interpreter lock to wait for), and concurrent commits share the
        database's flushes to disk. A connection that fails is dropped by the pool."""
        params = self._params((table_id, ply, seat, action, readers, result))
        await self._on_pool(self.statements[0], params)

    async def moves_after(self, table_id: str, ply: int) -> list[tuple[int, int, str]]:
        """PostgreSQL: the moves of `table_id` after move `ply` (ply, seat, action), read on the event
        loop's own connections, as `write_waiting` stores them: the loop is not held while it waits."""
        rows = await self._on_pool(self._MOVES_AFTER, {"table": table_id, "ply": ply}, fetch=True)
        return [tuple(row) for row in rows]  # type: ignore[misc]

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

    def _write(self, row: tuple[Any, ...]) -> None:
        """Run the move's statements on `self.connection` (opened when there is none)."""
        params = self._params(row)
        try:
            if self.raw is None:
                self._connection()
            self._execute(self.raw, params)  # PostgreSQL: autocommit, the one statement is the transaction
            if not self.shared:  # SQLite: the driver's transaction, begun by the INSERT, is the move's
                self._commit(self.raw, params)  # (SQLAlchemy's own took a third of a move's write)
        except SQLAlchemyError:
            self.close()
            raise

    def _params(self, row: tuple[Any, ...]) -> dict[str, Any]:
        """The parameters of the move's statements."""
        table_id, ply, seat, action, readers, result = row
        moment = now()
        return {
            "table": table_id,
            "ply": ply,
            "seat": seat,
            "action": action,
            "readers": self._readers(readers) if self._readers else readers,
            "played": self._time(moment) if self._time else moment,
            "result": result,
            "channel": self.channel,
            # the move itself rides along: the other processes apply it without reading it back
            "note": f"{table_id} {ply} {seat} {action}",
        }

    def _execute(self, raw: Any, params: dict[str, Any]) -> None:
        """The move's statements on the driver's own connection (SQLAlchemy's work per statement is
        skipped on this hot path); the driver's errors become SQLAlchemy's, as callers expect
        (IntegrityError: that ply is stored already)."""
        statement = self.statements[0]
        try:
            cursor = raw.cursor()
            try:
                for statement in self.statements:
                    cursor.execute(statement, params)
            finally:
                cursor.close()
        except self._driver_error as err:
            raise DBAPIError.instance(statement, params, err, self._driver_error) from err

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
        """`write`'s connection, opened when there is none (and its driver's connection as `raw`)."""
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

    def close(self) -> None:
        """Close `write`'s connection (call when no move is being stored)."""
        connection, self.connection, self.raw = self.connection, None, None
        if connection is not None:
            with contextlib.suppress(Exception):
                connection.close()

    async def aclose(self) -> None:
        """Close every connection, `write_waiting`'s pool too (call when no move is being stored)."""
        self.close()
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()
