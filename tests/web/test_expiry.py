"""Issue 16, fault 4: unfinished tables without a move for a configurable time expire, finished ones stay
downloadable; start-up replays no table; tables leave memory when idle and come back on use."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import text

from cardtable.web import create_app
from cardtable.web.limits import Limits

from .helpers import LiveServer, free_port, new_table, play, play_out, state, tokens, wait_until
from .patience import patience


def test_abandoned_tables_expire_and_finished_ones_stay(tmp_path: Path) -> None:
    limits = {"CARDTABLE_LIMIT_TABLE_TTL": "2"}
    server = LiveServer(
        f"sqlite:///{tmp_path / 'live.db'}", free_port(), log=tmp_path / "server.log", env=limits
    )
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
            finished = new_table(client, "toy", seats=["human", "human"], seed=2)
            play_out(client, finished)
            abandoned = new_table(client, "toy", seats=["human", "human"], seed=3)
            busy = new_table(client, "toy", seats=["human", "human"], seed=4)
            # the busy table keeps moving; the abandoned one does not
            deadline = time.monotonic() + 4
            while time.monotonic() < deadline:
                spectator = state(client, busy["table"])
                if spectator["result"] is not None:
                    break
                token = tokens(busy)[spectator["decision"]["seat"]]
                mine = state(client, busy["table"], token)
                assert play(client, busy["table"], token, mine["legal"][0], mine["move"]).status_code == 200
                time.sleep(0.5)
            gone = wait_until(lambda: client.get(f"/api/tables/{abandoned['table']}").status_code == 404, 10)
            assert gone
            assert client.get(f"/api/tables/{busy['table']}").status_code == 200
            record = client.get(f"/api/tables/{finished['table']}/record")
            assert record.status_code == 200 and '[Game "toy"]' in record.text
    finally:
        server.stop()


def test_start_up_replays_no_table_and_idle_tables_leave_memory(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    relaxed = Limits.relaxed(bot_workers=0)
    with TestClient(create_app(url, bot_delay=0, limits=relaxed)) as client:
        made = [new_table(client, "toy", seats=["human", "human"], seed=s) for s in range(30)]
        a = tokens(made[0])[0]
        assert (
            play(client, made[0]["table"], a, state(client, made[0]["table"], a)["legal"][0], 0).status_code
            == 200
        )
        before = state(client, made[0]["table"], a)
    # a restart loads nothing: tables are loaded when first used
    limits = Limits.relaxed(bot_workers=0, idle_eviction=0.5)
    with TestClient(create_app(url, bot_delay=0, limits=limits)) as client:
        server = client.app.state.server
        assert server.tables.live == {}
        assert state(client, made[0]["table"], a) == before
        assert set(server.tables.live) == {made[0]["table"]}
        # idle (no watcher, no move) for longer than idle_eviction: evicted, then reloaded on use
        time.sleep(0.7)
        server.sweep()
        assert server.tables.live == {}
        assert state(client, made[0]["table"], a) == before
        # a watched table stays in memory however long it is idle
        with client.websocket_connect(f"/ws/tables/{made[1]['table']}") as socket:
            socket.receive_json()
            time.sleep(0.7)
            server.sweep()
            assert made[1]["table"] in server.tables.live
    # memory holds at most max_live_tables tables
    limits = Limits.relaxed(bot_workers=0, max_live_tables=5)
    with TestClient(create_app(url, bot_delay=0, limits=limits)) as client:
        server = client.app.state.server
        for table in made:
            state(client, table["table"])
        server.sweep()
        assert len(server.tables.live) <= 5
        with server.engine.connect() as connection:
            assert connection.execute(text("select count(*) from tables")).scalar_one() == 30
