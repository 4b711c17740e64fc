"""The web table on a real PostgreSQL server, started here (initdb in a temporary folder, loopback port)."""

from __future__ import annotations

import asyncio
import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

from cardtable.web import create_app
from cardtable.web.db import SYNCHRONOUS_COMMIT_VARIABLE, connect, synchronous_commit
from cardtable.web.tables import TableError, Tables

from .helpers import free_port, new_table, play, play_out, run_apart, state, tokens, wait_until
from .patience import patience


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(os.path.realpath(initdb)).parent if initdb else None


BIN = _binaries()
pytestmark = pytest.mark.skipif(BIN is None, reason="no PostgreSQL server binaries (Debian's postgresql)")


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the `postgres` system user (or `nobody`)."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", _server_user(), "--", *command]


def _server_user() -> str:
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("no system user to run PostgreSQL as")


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """The URL of a fresh PostgreSQL server on a loopback port, stopped after the module."""
    assert BIN is not None
    folder = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    if os.geteuid() == 0:
        user = pwd.getpwnam(_server_user())
        os.chown(folder, user.pw_uid, user.pw_gid)
    data, port = folder / "data", free_port()
    run = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run(_as_server_user([str(BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "cardtable",
                                    "-E", "UTF8", "--no-sync"]), **run)  # fmt: skip
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off"
    subprocess.run(_as_server_user([str(BIN / "pg_ctl"), "-D", str(data), "-o", options, "-l",
                                    str(folder / "log"), "-w", "start"]), **run)  # fmt: skip
    try:
        yield f"postgresql://cardtable@127.0.0.1:{port}"
    finally:
        subprocess.run(_as_server_user([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True, timeout=patience(60))  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(postgres: str) -> str:
    """A new empty database on the server, for one test."""
    name = "t_" + secrets.token_hex(6)
    admin = create_engine(postgres.replace("postgresql://", "postgresql+psycopg://") + "/postgres",
                          isolation_level="AUTOCOMMIT")  # fmt: skip
    with admin.connect() as connection:
        connection.execute(text(f"create database {name}"))
    admin.dispose()
    return f"{postgres}/{name}"


def test_migrations_create_the_schema_on_postgresql(pg_url: str) -> None:
    engine = connect(pg_url)
    connect(pg_url).dispose()  # a second start is a no-op
    assert engine.dialect.name == "postgresql"
    assert {"tables", "seats", "moves", "alembic_version"} <= set(inspect(engine).get_table_names())
    engine.dispose()


def test_tables_are_played_and_survive_a_restart_on_postgresql(pg_url: str) -> None:
    with TestClient(create_app(pg_url, bot_delay=0)) as client:
        table = new_table(client, "toy", seats=["human", "human"], seed=17)
        a, b = tokens(table)
        first = state(client, table["table"], a)
        assert play(client, table["table"], a, first["legal"][0], 0).status_code == 200
        assert play(client, table["table"], a, "draw", 1).json()["error"] == "not-your-turn"
        before = [state(client, table["table"], t) for t in (a, b, None)]
    with TestClient(create_app(pg_url, bot_delay=0)) as client:
        assert [state(client, table["table"], t) for t in (a, b, None)] == before
        final = play_out(client, table)
        assert final["result"] is not None
        record = client.get(f"/api/tables/{table['table']}/record")
        assert record.status_code == 200 and '[Game "toy"]' in record.text


def test_bots_play_on_postgresql(pg_url: str) -> None:
    with TestClient(create_app(pg_url, bot_delay=0)) as client:
        table = new_table(client, "toy", seats=["random", "random"], seed=3)
        final = wait_until(lambda: (s := state(client, table["table"]))["result"] and s)
        assert final["move"] == len(final["log"])


def test_two_servers_on_one_postgresql_database_cannot_both_store_a_move(pg_url: str) -> None:
    first, second = Tables(connect(pg_url)), Tables(connect(pg_url))
    table = first.create("toy", seats=["human", "human"], seed=9)
    twin = second.get(table.id)
    first.play(table, 0, str(table.match.legal_actions()[0]), 0)
    with pytest.raises(TableError) as refused:
        second.play(twin, 0, str(twin.match.legal_actions()[-1]), 0)
    assert refused.value.code == "stale"
    assert second.get(table.id).match.moves == table.match.moves
    first.engine.dispose()
    second.engine.dispose()


def test_moves_stored_at_once_share_the_event_loops_one_pool_and_catch_up_a_twin(pg_url: str) -> None:
    """Moves of several tables stored at the same moment, the first ones of the process, open one pool
    of connections (not one each); another process's copy of a table catches up on that pool too."""
    first, second = Tables(connect(pg_url)), Tables(connect(pg_url))
    made = [first.create("toy", seats=["human", "human"], seed=seed) for seed in range(8)]
    twin = second.get(made[0].id)
    pools: list[object] = []
    new_pool = first.store._new_pool

    def counted() -> object:
        pools.append(new_pool())
        return pools[-1]

    first.store._new_pool = counted  # type: ignore[method-assign]

    async def play_all() -> bool:
        await asyncio.gather(*(first.commit_waiting(t, 0, t.match.legal_actions()[0], 0) for t in made))
        caught_up = await second.catch_up_waiting(twin)
        await first.store.aclose()
        await second.store.aclose()
        return caught_up

    assert run_apart(play_all())
    assert len(pools) == 1
    assert all(t.ply == 1 for t in made) and twin.match.moves == made[0].match.moves
    first.engine.dispose()
    second.engine.dispose()


@pytest.mark.parametrize(
    ("setting", "expected"), [(None, "off"), ("on", "on"), ("remote_write", "remote_write")]
)
def test_moves_wait_for_the_disk_as_cardtable_synchronous_commit_says(
    pg_url: str, monkeypatch: pytest.MonkeyPatch, setting: str | None, expected: str
) -> None:
    """Default "off": the durability of the SQLite default (see `db.synchronous_commit`)."""
    if setting is None:
        monkeypatch.delenv(SYNCHRONOUS_COMMIT_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(SYNCHRONOUS_COMMIT_VARIABLE, setting)
    tables = Tables(connect(pg_url))
    writer = tables.store

    async def on_the_pool() -> str:
        rows = await writer._on_pool("SHOW synchronous_commit", {}, fetch=True)
        await writer.aclose()
        return str(rows[0][0])

    assert run_apart(on_the_pool()) == expected
    connection = writer._open()  # the connection of the synchronous path
    assert connection.exec_driver_sql("SHOW synchronous_commit").scalar_one() == expected
    connection.close()
    tables.engine.dispose()


def test_a_synchronous_commit_postgresql_does_not_know_is_refused_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(SYNCHRONOUS_COMMIT_VARIABLE, "sometimes")
    with pytest.raises(ValueError, match="give one of off, local, on"):
        synchronous_commit()
