"""Persistence: what a table is made of in the database, and the connection to it.

A table is stored as its recipe, never as a state: the game, options, seed, seats and the list of
accepted actions. The state is rebuilt by replaying the actions, so the database can never hold a
state the engine did not produce.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
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
    false,
)
from sqlalchemy.engine import Engine
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
    #: advanced by one by every stored move and take-back, each checking the number it read: a write made
    #: on an outdated copy of the table (another process moved or took back meanwhile) changes nothing
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
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
    #: the person allows the coach at this table (it answers once every person seated allows it)
    coach: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: the person asked the coach at least once (the game's record says so)
    coached: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


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
        if engine.url.database is None:
            raise ValueError("checkpoints are for a SQLite database in a file")
        self.path: str = engine.url.database
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
