"""Issue 32, fault 5: a request has a total deadline, and one address a cap on its open HTTP connections;
so clients that send their bodies a byte at a time can neither hold a connection for ever nor take
every file descriptor from the other visitors. Against real server processes on loopback."""

from __future__ import annotations

import contextlib
import socket
import time
from pathlib import Path

import httpx

from .helpers import LiveServer, free_port
from .patience import patience

TRICKLE = (
    b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
)


def test_a_body_sent_a_byte_at_a_time_is_cut_off_at_the_request_deadline(tmp_path: Path) -> None:
    """One byte every 0.5 s never trips the 2 s limit between two chunks; the total deadline (3 s)
    answers 408 and closes the connection."""
    limits = {"CARDTABLE_LIMIT_BODY_TIMEOUT": "2", "CARDTABLE_LIMIT_REQUEST_TIMEOUT": "3"}
    server = LiveServer(
        f"sqlite:///{tmp_path / 'live.db'}", free_port(), log=tmp_path / "server.log", env=limits
    )
    server.start()
    try:
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            started = time.monotonic()
            sock.sendall(TRICKLE)
            sock.settimeout(0.5)
            answer = b""
            while time.monotonic() - started < 12 and not answer:
                with contextlib.suppress(TimeoutError):
                    answer = sock.recv(1000)
                if not answer:
                    with contextlib.suppress(OSError):
                        sock.sendall(b" ")
            took = time.monotonic() - started
        assert b" 408 " in answer.split(b"\r\n")[0], answer
        assert took < 6, took
    finally:
        server.stop()


def test_one_address_cannot_take_every_connection(tmp_path: Path) -> None:
    """The server may open 256 files; one address opens 300 connections that send a body slowly. Its
    connections past its cap (32 here) are refused at once, and another visitor is served meanwhile."""
    limits = {"CARDTABLE_LIMIT_CONNECTIONS_PER_ADDRESS": "32"}
    server = LiveServer(
        f"sqlite:///{tmp_path / 'live.db'}",
        free_port(),
        log=tmp_path / "server.log",
        env=limits,
        prefix=["prlimit", "--nofile=256:256", "--"],
    )
    server.start()
    try:
        with contextlib.ExitStack() as stack:
            slow = []
            for _ in range(300):
                sock = stack.enter_context(socket.socket())
                sock.bind(("127.0.0.2", 0))
                sock.settimeout(5)
                try:
                    sock.connect(("127.0.0.1", server.port))
                    sock.sendall(TRICKLE)
                except OSError:
                    continue
                slow.append(sock)
            time.sleep(0.5)
            transport = httpx.HTTPTransport(local_address="127.0.0.3")
            with httpx.Client(base_url=server.url, timeout=patience(3), transport=transport) as other:
                for _ in range(5):
                    assert other.get("/api/games").status_code == 200
            refused = 0
            for sock in slow:
                sock.settimeout(0.05)
                with contextlib.suppress(TimeoutError):
                    answer = sock.recv(200)
                    refused += answer == b"" or b" 429 " in answer.split(b"\r\n")[0]
            assert refused >= 300 - 32 - 10, refused  # (a few may still be in the listen queue)
    finally:
        server.stop()
