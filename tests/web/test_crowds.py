"""Issue 32, faults 2 and 3 and the trusted proxies: spectators never lock a table's own players out; idle
bot tables do not hold the server's cap on bot tables (an IPv6 /64 is one address; idle bot tables
expire); `X-Forwarded-For` is believed only from the proxies the deployment names. Real server processes
on loopback; each visitor has an address of its own (127.0.0.x: the whole of 127/8 is loopback).
"""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .helpers import LiveServer, served, state, tokens, wait_until
from .patience import patience


def client_from(server: LiveServer, address: str) -> httpx.Client:
    """An HTTP client of the visitor at `address` (a loopback address of its own)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.url, timeout=patience(10), transport=transport)


def watcher_from(server: LiveServer, path: str, address: str) -> ClientConnection:
    """A WebSocket of the visitor at `address`."""
    sock = socket.create_connection(
        ("127.0.0.1", server.port), timeout=patience(10), source_address=(address, 0)
    )
    return connect(f"ws://127.0.0.1:{server.port}{path}", sock=sock)


def made(client: httpx.Client, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "toy", "ask_every_window": True, **body})
    assert response.status_code == 201, response.text
    return response.json()


def first(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first message `wanted` accepts (an error fails the test)."""
    while True:
        message = json.loads(ws.recv(timeout=patience(10)))
        assert message["type"] != "error", message
        if wanted(message):
            return message


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[LiveServer]:
    server = served(
        tmp_path, {"CARDTABLE_LIMIT_WATCHERS_PER_TABLE": "4", "CARDTABLE_LIMIT_WATCHERS_PER_ADDRESS": "2"}
    )
    try:
        yield server
    finally:
        server.stop()


def test_spectators_filling_a_table_never_lock_its_seats_out(crowded: LiveServer) -> None:
    """Fault 2: spectators from two addresses fill the table's watchers; both seats still get in, from
    their own addresses, by the browser's `hello` and by an old link's token in the URL."""
    with client_from(crowded, "127.0.0.1") as client, contextlib.ExitStack() as stack:
        table = made(client, seats=["human", "human"])
        table_id, (a, b) = table["table"], tokens(table)
        path = f"/ws/tables/{table_id}"
        for address in ("127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3"):
            spectator = stack.enter_context(watcher_from(crowded, path, address))
            assert json.loads(spectator.recv(timeout=patience(10)))["seat"] is None
        with watcher_from(crowded, path, "127.0.0.4") as refused:  # a fifth spectator is refused
            assert json.loads(refused.recv(timeout=patience(10)))["error"] == "too-many-watchers"
            with pytest.raises(ConnectionClosed) as closed:
                refused.recv(timeout=patience(10))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        seat_a = stack.enter_context(watcher_from(crowded, path, "127.0.0.5"))
        seat_a.send(json.dumps({"type": "hello", "token": a}))
        mine = first(seat_a, lambda m: m["type"] == "state" and m["seat"] == 0)
        seat_b = stack.enter_context(watcher_from(crowded, f"{path}?token={b}", "127.0.0.6"))
        assert first(seat_b, lambda m: m["type"] == "state")["seat"] == 1
        seat_a.send(json.dumps({"type": "action", "action": mine["legal"][0], "move": 0, "id": 1}))
        assert first(seat_a, lambda m: m["type"] == "ack") == {"type": "ack", "id": 1, "move": 1}
        assert first(seat_b, lambda m: m["type"] == "state")["move"] == 1


def test_a_seat_open_in_too_many_windows_is_refused_there(tmp_path: Path) -> None:
    """A seat's token opens the seat whatever the spectators do, but in a bounded number of windows."""
    server = served(tmp_path, {"CARDTABLE_LIMIT_CONNECTIONS_PER_SEAT": "2"})
    try:
        with client_from(server, "127.0.0.1") as client, contextlib.ExitStack() as stack:
            table = made(client, seats=["human", "human"])
            path = f"/ws/tables/{table['table']}?token={tokens(table)[0]}"
            for _ in range(2):
                assert (
                    json.loads(stack.enter_context(watcher_from(server, path, "127.0.0.2")).recv(10))["seat"]
                    == 0
                )
            with watcher_from(server, path, "127.0.0.2") as third:
                assert json.loads(third.recv(timeout=patience(10)))["error"] == "too-many-watchers"
    finally:
        server.stop()


@pytest.fixture
def few_bots(tmp_path: Path) -> Iterator[LiveServer]:
    server = served(
        tmp_path,
        {
            "CARDTABLE_LIMIT_BOT_TABLES": "4",
            "CARDTABLE_LIMIT_BOT_TABLES_PER_ADDRESS": "2",
            "CARDTABLE_LIMIT_CREATE_BURST": "100",
            "CARDTABLE_TRUSTED_PROXIES": "127.0.0.9",
        },
    )
    try:
        yield server
    finally:
        server.stop()


def test_idle_bot_tables_do_not_hold_the_servers_cap(few_bots: LiveServer) -> None:
    """Fault 3: two addresses make as many bot tables as the server runs at once (4 here), each waiting
    for its person's move and watched; another visitor's bot table is still made, and its bot plays."""
    with contextlib.ExitStack() as stack:
        for address in ("127.0.0.2", "127.0.0.3"):
            client = stack.enter_context(client_from(few_bots, address))
            for _ in range(2):
                table = made(client, seats=["human", "random"])  # seat A (a person) moves first
                watcher = stack.enter_context(watcher_from(few_bots, f"/ws/tables/{table['table']}", address))
                json.loads(watcher.recv(timeout=patience(10)))
        newcomer = stack.enter_context(client_from(few_bots, "127.0.0.4"))
        table = made(newcomer, seats=["human", "random"])
        a = tokens(table)[0]
        mine = state(newcomer, table["table"], a)
        moved = newcomer.post(
            f"/api/tables/{table['table']}/actions", json={"action": mine["legal"][0], "move": 0, "token": a}
        )
        assert moved.status_code == 200, moved.text
        assert wait_until(lambda: state(newcomer, table["table"])["move"] >= 2, timeout=20)


def test_an_ipv6_64_is_one_address_for_the_bot_table_cap(few_bots: LiveServer) -> None:
    """The visitor's address comes from the trusted proxy (127.0.0.9 here); addresses of one IPv6 /64
    share one allowance of bot tables (2 here), another /64 has its own."""
    with client_from(few_bots, "127.0.0.9") as proxy:

        def create(visitor: str) -> httpx.Response:
            return proxy.post(
                "/api/tables",
                json={"game": "toy", "seats": ["human", "random"]},
                headers={"X-Forwarded-For": visitor},
            )

        assert create("2001:db8::1").status_code == 201
        assert create("2001:db8::2").status_code == 201
        refused = create("2001:db8::ffff:3")
        assert refused.status_code == 429 and refused.json()["error"] == "too-many-bot-tables"
        assert create("2001:db8:0:1::1").status_code == 201


def test_idle_bot_tables_expire_soon_and_their_watchers_are_told(tmp_path: Path) -> None:
    """A bot table waiting for its person expires after `bot_table_ttl` (2 s here), while a table of
    people only, as idle, stays for `table_ttl`."""
    server = served(tmp_path, {"CARDTABLE_LIMIT_BOT_TABLE_TTL": "2"}, rate_limits=False)
    try:
        with client_from(server, "127.0.0.1") as client:
            bots = made(client, seats=["human", "random"])
            people = made(client, seats=["human", "human"])
            with watcher_from(server, f"/ws/tables/{bots['table']}", "127.0.0.2") as watcher:
                json.loads(watcher.recv(timeout=patience(10)))
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        watcher.recv(timeout=patience(15))
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
            assert client.get(f"/api/tables/{bots['table']}").status_code == 404
            assert client.get(f"/api/tables/{people['table']}").status_code == 200
    finally:
        server.stop()


def test_forwarded_for_is_ignored_unless_its_proxy_is_trusted(tmp_path: Path) -> None:
    """By default no proxy is trusted: a visitor that claims other addresses in `X-Forwarded-For` is
    still one address (here: two new tables per address, the third refused)."""
    server = served(tmp_path, {"CARDTABLE_LIMIT_CREATE_BURST": "2", "CARDTABLE_LIMIT_CREATE_EVERY": "600"})
    try:
        with client_from(server, "127.0.0.1") as client:
            statuses = [
                client.post("/api/tables", json={"game": "toy"}, headers={"X-Forwarded-For": f"10.0.0.{i}"})
                for i in range(3)
            ]
            assert [s.status_code for s in statuses] == [201, 201, 429]
    finally:
        server.stop()
