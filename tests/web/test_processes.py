"""Issue 16, fault 5: several server processes share one PostgreSQL database. Moves are serialised per
table, every process serves the current table, and every process's watchers are told every move
(PostgreSQL LISTEN/NOTIFY). Two real server processes on loopback, and `cardtable serve --workers 2`."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from .helpers import LiveServer, free_port, new_table, play, state, tokens
from .patience import patience
from .test_postgres import BIN, postgres  # noqa: F401  (the PostgreSQL server fixture)

pytestmark = pytest.mark.skipif(BIN is None, reason="no PostgreSQL server binaries (Debian's postgresql)")


def fresh_database(base: str) -> str:
    name = "p_" + secrets.token_hex(6)
    admin = create_engine(base.replace("postgresql://", "postgresql+psycopg://") + "/postgres",
                          isolation_level="AUTOCOMMIT")  # fmt: skip
    with admin.connect() as connection:
        connection.execute(text(f"create database {name}"))
    admin.dispose()
    return f"{base}/{name}"


@pytest.fixture
def two_servers(postgres: str, tmp_path: Path) -> Iterator[tuple[LiveServer, LiveServer]]:  # noqa: F811
    url = fresh_database(postgres)
    servers = [LiveServer(url, free_port(), log=tmp_path / f"server{i}.log") for i in range(2)]
    for server in servers:
        server.start()
    try:
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()


def test_two_processes_serve_one_table_and_tell_each_others_watchers(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    a, b = two_servers
    with (
        httpx.Client(base_url=a.url, timeout=patience(10)) as on_a,
        httpx.Client(base_url=b.url, timeout=patience(10)) as on_b,
    ):
        table = new_table(on_a, "toy", seats=["human", "human"], seed=5)
        table_id, seat_tokens = table["table"], tokens(table)
        assert state(on_b, table_id)["move"] == 0  # B loads it (and keeps it in memory)
        with connect(f"{b.url.replace('http', 'ws')}/ws/tables/{table_id}") as watcher_on_b:
            assert json.loads(watcher_on_b.recv(timeout=patience(10)))["move"] == 0
            for move in range(6):
                mover, other = (on_a, on_b) if move % 2 == 0 else (on_b, on_a)
                spectator = state(mover, table_id)
                assert spectator["move"] == move
                if spectator["result"] is not None:
                    break
                token = seat_tokens[spectator["decision"]["seat"]]
                mine = state(mover, table_id, token)
                assert play(mover, table_id, token, mine["legal"][0], move).status_code == 200
                # the other process serves the new move at once, and B's watcher is told it
                assert state(other, table_id)["move"] == move + 1
                assert json.loads(watcher_on_b.recv(timeout=patience(10)))["move"] == move + 1


def test_the_same_move_sent_to_both_processes_is_stored_once(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    a, b = two_servers
    with httpx.Client(base_url=a.url, timeout=patience(10)) as on_a:
        tables = [new_table(on_a, "toy", seats=["human", "human"], seed=s) for s in range(8)]
        legal = {t["table"]: state(on_a, t["table"], tokens(t)[0])["legal"] for t in tables}
    results: dict[str, list[int]] = {t["table"]: [] for t in tables}

    def race(server: LiveServer, table: dict, action_index: int) -> None:
        with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
            moves = legal[table["table"]]
            response = play(client, table["table"], tokens(table)[0], moves[action_index % len(moves)], 0)
            results[table["table"]].append(response.status_code)

    threads = [
        threading.Thread(target=race, args=(server, table, i))
        for table in tables
        for i, server in enumerate((a, b))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    with (
        httpx.Client(base_url=b.url, timeout=patience(10)) as on_b,
        httpx.Client(base_url=a.url, timeout=patience(10)) as on_a,
    ):
        for table in tables:
            assert sorted(results[table["table"]]) == [200, 409], results
            assert state(on_a, table["table"]) == state(on_b, table["table"])
            assert state(on_a, table["table"])["move"] == 1


def test_serve_with_two_workers_shares_the_database(postgres: str, tmp_path: Path) -> None:  # noqa: F811
    server = LiveServer(fresh_database(postgres), free_port(), log=tmp_path / "server.log", workers=2)
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
            table = new_table(client, "toy", seats=["human", "human"], seed=6)
            for move in range(4):
                # a new connection each time: the kernel hands it to either process
                with httpx.Client(base_url=server.url, timeout=patience(10)) as fresh:
                    spectator = state(fresh, table["table"])
                    assert spectator["move"] == move
                    token = tokens(table)[spectator["decision"]["seat"]]
                    mine = state(fresh, table["table"], token)
                    assert play(fresh, table["table"], token, mine["legal"][0], move).status_code == 200
    finally:
        server.stop()
    assert "Traceback" not in server.log.read_text(errors="replace")
