"""Persistence: tables are stored move by move, survive a restart, and a failed commit changes nothing."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError

from cardtable.web import create_app
from cardtable.web.db import Checkpointer, connect
from cardtable.web.store import WRITER_CACHE_KIB
from cardtable.web.tables import TableError, Tables

from .helpers import new_table, play, play_out, state, tokens


def test_a_restarted_server_shows_every_table_exactly_as_before(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        table = new_table(client, seats=["human", "human"], seed=21)
        seat_tokens = tokens(table)
        for _ in range(3):
            spectator = state(client, table["table"])
            token = seat_tokens[spectator["decision"]["seat"]]
            mine = state(client, table["table"], token)
            assert play(client, table["table"], token, mine["legal"][-1], mine["move"]).status_code == 200
        before = [state(client, table["table"], t) for t in [*seat_tokens, None]]
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        after = [state(client, table["table"], t) for t in [*seat_tokens, None]]
    assert after == before and before[0]["move"] == 3


def test_the_schema_is_migrated_once_and_every_start_is_a_no_op(db_url: str) -> None:
    connect(db_url).dispose()
    engine = connect(db_url)
    assert {"tables", "seats", "moves", "alembic_version"} <= set(inspect(engine).get_table_names())
    with engine.connect() as connection:
        assert connection.execute(text("select version_num from alembic_version")).scalar_one() == "0006"


def test_moves_and_the_result_are_in_the_database(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        table = new_table(client, seats=["human", "random"], seed=8)
        final = play_out(client, table)
        engine = client.app.state.server.engine
        with engine.connect() as connection:
            rows = connection.execute(
                text("select ply, seat, action from moves where table_id = :t order by ply"),
                {"t": table["table"]},
            ).all()
            result = connection.execute(
                text("select result from tables where id = :t"), {"t": table["table"]}
            )
            assert result.scalar_one() == final["result"]["text"]
    assert [(ply, seat, action) for ply, seat, action in rows] == [
        (line["move"], line["seat"], line["action"]) for line in final["log"]
    ]


class _RefusingCommits:
    """A SQLite connection of the driver whose commits fail (a full disk), all else as the real one's."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)

    def commit(self) -> None:
        raise sqlite3.OperationalError("database or disk is full")


def test_a_move_that_cannot_be_stored_is_refused_and_changes_nothing(client: TestClient) -> None:
    table = new_table(client, seats=["human", "human"], seed=5)
    a, b = tokens(table)
    assert play(client, table["table"], a, state(client, table["table"], a)["legal"][0], 0).status_code == 200
    before = state(client, table["table"], b)
    writer = client.app.state.server.tables.store
    writer.raw = _RefusingCommits(writer.raw)  # the connection that stores moves: its commits fail
    response = play(client, table["table"], b, before["legal"][0], 1)
    assert response.status_code == 503 and response.json()["error"] == "storage"
    assert state(client, table["table"], b) == before
    # the failed move was rolled back: the next try stores it as move 2 (on a fresh connection)
    assert play(client, table["table"], b, before["legal"][0], 1).status_code == 200
    with client.app.state.server.engine.connect() as connection:
        plies = connection.execute(text("select ply from moves where table_id = :t"), {"t": table["table"]})
        assert sorted(plies.scalars()) == [1, 2]


def test_a_table_that_cannot_be_stored_is_refused_and_not_held(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_commit(self: Connection) -> None:
        raise OperationalError("commit", {}, Exception("disk full"))

    monkeypatch.setattr(Connection, "_commit_impl", broken_commit)  # the database refuses every commit
    response = client.post("/api/tables", json={"game": "toy", "seats": ["human", "human"]})
    monkeypatch.undo()
    assert response.status_code == 503 and response.json()["error"] == "storage"
    assert client.app.state.server.tables.live == {}


def test_two_servers_on_one_database_cannot_both_store_the_same_move(db_url: str) -> None:
    first, second = Tables(connect(db_url)), Tables(connect(db_url))
    table = first.create("toy", seats=["human", "human"], seed=9)
    twin = second.get(table.id)
    first.play(table, 0, str(table.match.legal_actions()[0]), 0)
    with pytest.raises(TableError) as refused:
        second.play(twin, 0, str(twin.match.legal_actions()[-1]), 0)
    assert refused.value.status == 409 and refused.value.code == "stale"
    reloaded = second.get(table.id)  # the loser reloads and sees the stored move
    assert reloaded.ply == 1 and reloaded.match.moves == table.match.moves


def test_a_table_whose_game_is_gone_is_refused_cleanly(db_url: str) -> None:
    tables = Tables(connect(db_url))
    table = tables.create("toy", seed=1)
    with tables.engine.begin() as connection:
        connection.execute(text("update tables set game = 'vanished' where id = :t"), {"t": table.id})
    fresh = Tables(tables.engine)
    with pytest.raises(TableError) as refused:
        fresh.get(table.id)
    assert refused.value.status == 410


def test_a_table_whose_moves_no_longer_replay_is_refused_cleanly(db_url: str) -> None:
    tables = Tables(connect(db_url))
    table = tables.create("toy", seats=["human", "human"], seed=1)
    tables.play(table, 0, str(table.match.legal_actions()[0]), 0)
    with tables.engine.begin() as connection:
        connection.execute(text("update moves set action = 'fly' where table_id = :t"), {"t": table.id})
    with pytest.raises(TableError) as refused:
        Tables(tables.engine).get(table.id)
    assert refused.value.status == 410 and "no longer replays" in refused.value.message


def _database_file_size(engine: Engine) -> int:
    """The size of a SQLite database's own file: what is still only in its log is not counted."""
    return Path(str(engine.url.database)).stat().st_size


def test_the_sqlite_log_is_copied_into_the_database_by_a_thread_of_its_own_not_by_a_move(
    db_url: str,
) -> None:
    # Before, the commit that filled the log copied it, with its fsyncs, on the event loop.
    engine = connect(db_url, background_checkpoints=True)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one() == 0
        for table in range(400):  # more pages than SQLite's own threshold (1000) would have let be
            connection.exec_driver_sql(
                "INSERT INTO tables (id, game, options, seed, created, result) "
                "VALUES (?, 'g', '{}', 1, '2026-01-01', ?)",
                (f"t{table}", "x" * 10_000),
            )
            connection.commit()
    assert _database_file_size(engine) < 1_000_000  # about 4 MB of rows, all in the log still
    checkpointer = Checkpointer.needed_for(engine)
    assert checkpointer is not None
    checkpointer.every = 0.01
    checkpointer.start()
    try:
        deadline = time.monotonic() + 10
        while _database_file_size(engine) < 4_000_000 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _database_file_size(engine) >= 4_000_000  # copied by the checkpointer's thread
    finally:
        checkpointer.stop()
    assert Checkpointer.needed_for(create_engine("sqlite://")) is None  # a database in memory has no log
    engine.dispose()


def test_on_sqlite_one_connection_stores_tables_and_moves_and_keeps_its_pages(db_url: str) -> None:
    # A write from another connection makes SQLite drop a connection's page cache at its next
    # transaction: the connection that stores moves then read its pages again, from the disk if the
    # operating system had let them go (the event loop once waited 0.9 s for such a read).
    tables = Tables(connect(db_url, background_checkpoints=True))

    def move(table: Any) -> None:
        tables.play(table, table.decision.seat, str(table.match.legal_actions()[0]), table.ply)

    first = tables.create("toy", seats=["human", "human"], seed=3)
    move(first)
    raw = tables.store.raw
    assert raw.execute("PRAGMA cache_size").fetchone()[0] == -WRITER_CACHE_KIB
    before = raw.execute("PRAGMA data_version").fetchone()[0]
    second = tables.create("toy", seats=["human", "human"], seed=4)
    move(second)
    move(first)
    assert tables.store.raw is raw
    assert raw.execute("PRAGMA data_version").fetchone()[0] == before  # no other connection wrote
    assert Tables(connect(db_url)).get(second.id).ply == 1  # and everything is stored


def test_a_server_on_a_sqlite_file_checkpoints_in_its_own_thread_while_it_runs(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        server = client.app.state.server
        assert server.checkpointer is not None and server.checkpointer._thread is not None
        with server.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one() == 0
    assert server.checkpointer._thread is None  # stopped, after a last checkpoint, with the server
