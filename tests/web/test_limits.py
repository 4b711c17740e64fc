"""Issue 16, fault 3: a request body has a size limit, headers and bodies a time limit, each address a
rate of new tables and actions, bot tables a cap; and bots think in their own processes, so a person's
action is acknowledged at once while searching bots think at other tables. Against a real server."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from .helpers import LiveServer, free_port, new_table, play, served, state, tokens, wait_until
from .patience import patience


@pytest.fixture
def public_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server with the per-address rates of a public one (small numbers, so the test is short)."""
    limits = {
        "CARDTABLE_LIMIT_HEADER_TIMEOUT": "1",
        "CARDTABLE_LIMIT_BODY_TIMEOUT": "1",
        "CARDTABLE_LIMIT_CREATE_BURST": "5",
        "CARDTABLE_LIMIT_CREATE_EVERY": "60",
        "CARDTABLE_LIMIT_ACTION_BURST": "10",
        "CARDTABLE_LIMIT_ACTIONS_PER_SECOND": "1",
        "CARDTABLE_LIMIT_BOT_TABLES_PER_ADDRESS": "2",
    }
    server = served(tmp_path, limits)
    try:
        yield server
    finally:
        server.stop()


def test_a_large_body_is_refused_before_it_is_read(public_server: LiveServer) -> None:
    with httpx.Client(base_url=public_server.url, timeout=patience(10)) as client:
        huge = client.post("/api/tables", content=b"{" + b" " * (300 * 1024) + b"}",
                           headers={"content-type": "application/json"})  # fmt: skip
        assert huge.status_code == 413 and huge.json()["error"] == "too-large"

        def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it comes
            for _ in range(100):
                yield b" " * 4096

        streamed = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        assert streamed.status_code == 413
        assert client.get("/api/games").status_code == 200


def test_half_sent_headers_and_bodies_are_cut_off(public_server: LiveServer) -> None:
    slow = []
    for _ in range(50):  # fifty clients that never finish their headers
        sock = socket.create_connection(("127.0.0.1", public_server.port))
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        slow.append(sock)
    body = socket.create_connection(("127.0.0.1", public_server.port))
    body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 100\r\n\r\n{")  # fmt: skip
    time.sleep(2.5)  # past the header and body timeouts (1 s each here)
    for sock in slow:
        sock.settimeout(2)
        assert sock.recv(100) == b""  # closed by the server
        sock.close()
    body.settimeout(2)
    assert b" 408 " in body.recv(1000).split(b"\r\n")[0]
    body.close()
    with httpx.Client(base_url=public_server.url, timeout=patience(10)) as client:
        assert client.get("/api/games").status_code == 200


def test_table_creation_and_actions_are_rate_limited_per_address(public_server: LiveServer) -> None:
    with httpx.Client(base_url=public_server.url, timeout=patience(10)) as client:
        tables = [new_table(client, "biosphere5", seats=["human", "human"], seed=4) for _ in range(5)]
        refused = client.post("/api/tables", json={"game": "toy"})
        assert refused.status_code == 429 and refused.json()["error"] == "rate-limited"
        table = tables[0]
        seat_tokens = tokens(table)
        statuses = []
        for _ in range(14):
            spectator = state(client, table["table"])
            token = seat_tokens[spectator["decision"]["seat"]]
            mine = state(client, table["table"], token)
            statuses.append(play(client, table["table"], token, mine["legal"][0], mine["move"]).status_code)
        assert statuses[:10] == [200] * 10 and 429 in statuses[10:]
        # the WebSocket counts against the same rate
        with connect(f"{public_server.url.replace('http', 'ws')}/ws/tables/{table['table']}") as ws:
            json.loads(ws.recv(timeout=patience(5)))
            ws.send(json.dumps({"type": "hello", "token": seat_tokens[0]}))
            json.loads(ws.recv(timeout=patience(5)))
            ws.send(json.dumps({"type": "action", "action": "draw", "move": 0}))
            assert json.loads(ws.recv(timeout=patience(5)))["error"] in (
                "rate-limited",
                "stale",
                "not-your-turn",
            )


def test_bot_tables_are_capped_per_address(public_server: LiveServer) -> None:
    with httpx.Client(base_url=public_server.url, timeout=patience(10)) as client:
        for _ in range(2):
            new_table(client, "toy", seats=["human", "random"])
        refused = client.post("/api/tables", json={"game": "toy", "seats": ["human", "random"]})
        assert refused.status_code == 429 and refused.json()["error"] == "too-many-bot-tables"
        new_table(client, "toy", seats=["human", "human"])  # tables of people only are not capped


def test_a_persons_action_is_acknowledged_at_once_while_bots_think(tmp_path: Path) -> None:
    """Ten tables of searching bots think in their worker process; a person at another table is
    acknowledged within the latency target all the while."""
    server = LiveServer(f"sqlite:///{tmp_path / 'live.db'}", free_port(), log=tmp_path / "server.log")
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=patience(30)) as client:
            bots = [new_table(client, "biosphere5", seats=["ismcts", "ismcts"]) for _ in range(10)]
            time.sleep(1.0)  # the bots are thinking now
            table = new_table(client, "toy", seats=["human", "human"], seed=21)
            seat_tokens = tokens(table)
            ws_url = f"{server.url.replace('http', 'ws')}/ws/tables/{table['table']}"
            with connect(ws_url) as first, connect(ws_url) as second:
                sockets = [first, second]
                for ws, token in zip(sockets, seat_tokens, strict=True):
                    json.loads(ws.recv(timeout=patience(10)))
                    ws.send(json.dumps({"type": "hello", "token": token}))
                latest = [json.loads(ws.recv(timeout=patience(10))) for ws in sockets]
                trips = []
                for _ in range(20):
                    seat = latest[0]["decision"]["seat"]
                    started = time.perf_counter()
                    sockets[seat].send(json.dumps({"type": "action", "action": latest[seat]["legal"][0],
                                                   "move": latest[seat]["move"]}))  # fmt: skip
                    while True:  # the new state, then the acknowledgement
                        message = json.loads(sockets[seat].recv(timeout=patience(10)))
                        if message["type"] == "ack":
                            trips.append(time.perf_counter() - started)
                            break
                        latest[seat] = message
                    latest[1 - seat] = json.loads(sockets[1 - seat].recv(timeout=patience(10)))
                    if latest[0]["result"] is not None:
                        break
            # the bots think on in their own process: their tables move on
            assert wait_until(lambda: any(state(client, t["table"])["move"] > 0 for t in bots), timeout=120)
        trips.sort()
        assert trips[len(trips) // 2] < 0.05, trips  # median well within a frame
        assert trips[-1] < 0.5, trips  # no action waits for a bot's thinking
    finally:
        server.stop()
