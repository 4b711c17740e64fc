"""Issue 16, fault 1: a watcher that never reads (or reads too slowly) cannot freeze a table; watchers
per table and per address are limited. Against a real server process on loopback."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardtable.web.hub import TOO_SLOW, Connection
from cardtable.web.limits import Limits

from .helpers import LiveServer, free_port, new_table, play, run_apart, state, tokens
from .patience import patience


@pytest.fixture
def strict_server(tmp_path: Path) -> Iterator[LiveServer]:
    limits = {
        "CARDTABLE_LIMIT_WATCHERS_PER_TABLE": "4",
        "CARDTABLE_LIMIT_WATCHERS_PER_ADDRESS": "6",
        "CARDTABLE_LIMIT_SEND_TIMEOUT": "1",
        "CARDTABLE_LIMIT_SEND_QUEUE": "8",
    }
    server = LiveServer(
        f"sqlite:///{tmp_path / 'live.db'}", free_port(), log=tmp_path / "server.log", env=limits
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


class DeafWatcher:
    """A WebSocket client that sends frames but never reads one: its receive buffer is tiny and full."""

    def __init__(self, server: LiveServer, path: str) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        self.sock.settimeout(0.5)

    def send(self, text: str) -> bool:
        """One masked text frame; False once the server stopped taking them (it dropped us)."""
        payload = text.encode()
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        frame = bytes([0x81, 0x80 | len(payload)]) + mask + masked
        try:
            self.sock.sendall(frame)
        except OSError:
            return False
        return True

    def close(self) -> None:
        self.sock.close()


def test_a_watcher_that_never_reads_cannot_freeze_the_table(strict_server: LiveServer) -> None:
    with httpx.Client(base_url=strict_server.url, timeout=patience(10)) as client:
        table = new_table(client, "biosphere5", seats=["human", "human"], seed=4)
        deaf = DeafWatcher(strict_server, f"/ws/tables/{table['table']}")
        # it asks for the whole table over and over, and never reads an answer: megabytes pile up
        sync = json.dumps({"type": "sync"})
        for _ in range(3000):
            if not deaf.send(sync):
                break
        # the people at the table play on: every action is acknowledged at once
        seat_tokens = tokens(table)
        for _ in range(12):
            spectator = state(client, table["table"])
            token = seat_tokens[spectator["decision"]["seat"]]
            mine = state(client, table["table"], token)
            started = time.monotonic()
            response = play(client, table["table"], token, mine["legal"][0], mine["move"])
            assert response.status_code == 200, response.text
            assert time.monotonic() - started < 2.0
        # and a watcher that reads is told every move while the deaf one is still connected
        with connect(strict_server.url.replace("http", "ws") + f"/ws/tables/{table['table']}") as reader:
            first = json.loads(reader.recv(timeout=patience(5)))
            spectator = state(client, table["table"])
            token = seat_tokens[spectator["decision"]["seat"]]
            mine = state(client, table["table"], token)
            assert play(client, table["table"], token, mine["legal"][0], mine["move"]).status_code == 200
            assert json.loads(reader.recv(timeout=patience(5)))["move"] == first["move"] + 1
        deaf.close()
    assert "Traceback" not in strict_server.log.read_text(errors="replace")


def test_watchers_per_table_and_per_address_are_limited(strict_server: LiveServer) -> None:
    ws = strict_server.url.replace("http", "ws")
    with (
        httpx.Client(base_url=strict_server.url, timeout=patience(10)) as client,
        contextlib.ExitStack() as sockets,
    ):
        first = new_table(client, "toy", seats=["human", "human"])
        second = new_table(client, "toy", seats=["human", "human"])
        opened = [sockets.enter_context(connect(f"{ws}/ws/tables/{first['table']}")) for _ in range(4)]
        for socket_ in opened:
            assert json.loads(socket_.recv(timeout=patience(5)))["type"] == "state"
        # a fifth watcher of the same table is refused with a clear message and close code (once it has
        # not said hello with a seat's token within hello_timeout: a seat always gets in)
        with connect(f"{ws}/ws/tables/{first['table']}") as refused:
            message = json.loads(refused.recv(timeout=patience(10)))
            assert message["error"] == "too-many-watchers"
            with pytest.raises(ConnectionClosed) as closed:
                refused.recv(timeout=patience(5))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        # two more on another table reach the per-address limit of six; a seventh is refused
        more = [sockets.enter_context(connect(f"{ws}/ws/tables/{second['table']}")) for _ in range(2)]
        for socket_ in more:
            assert json.loads(socket_.recv(timeout=patience(5)))["type"] == "state"
        with connect(f"{ws}/ws/tables/{second['table']}") as refused:
            assert json.loads(refused.recv(timeout=patience(5)))["error"] == "too-many-watchers"
        # one leaves: there is room again
        opened.pop().close()
        time.sleep(0.3)
        with connect(f"{ws}/ws/tables/{second['table']}") as welcome:
            assert json.loads(welcome.recv(timeout=patience(5)))["type"] == "state"


class _SlowSocket:
    """A watcher's socket whose sends wait while `room` is clear (its buffer is full), as a real one does."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.room = asyncio.Event()
        self.room.set()
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        await self.room.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = code


def test_a_send_the_socket_cannot_take_at_once_is_finished_in_order_or_dropped_on_time() -> None:
    """Sent at once while the socket takes them; one that must wait is finished by the watcher's own
    task, the later ones queued behind it in order; one that waits past the time limit drops the watcher."""

    async def scenario() -> tuple[list[str], list[str], int | None, bool]:
        limits = Limits(send_timeout=0.2)
        socket_ = _SlowSocket()
        watcher = Connection(socket_, None, limits=limits)  # type: ignore[arg-type]
        watcher.start()
        assert watcher.send("1") and socket_.sent == ["1"]  # at once, before any task switch
        socket_.room.clear()  # the buffer fills up
        assert watcher.send("2") and watcher.send("3") and socket_.sent == ["1"]
        await asyncio.sleep(0.05)
        socket_.room.set()  # the client reads again
        await asyncio.sleep(0.05)
        in_order = list(socket_.sent)
        socket_.room.clear()
        watcher.send("4")
        await asyncio.sleep(0.5)  # past the time limit
        dropped = watcher.closed.is_set()
        await watcher.stop()
        return in_order, socket_.sent, socket_.closed_with, dropped

    in_order, sent, closed_with, dropped = run_apart(scenario())
    assert in_order == ["1", "2", "3"]
    assert sent == ["1", "2", "3"] and dropped and closed_with == TOO_SLOW
