"""Issue 16, fault 2: nothing a visitor sends gets a 500 or a traceback, on SQLite and on PostgreSQL.

First the inputs that did (non-ASCII tokens, superscript digits in an action, deeply nested JSON on the
WebSocket, NUL bytes on PostgreSQL), then every route fuzzed from the OpenAPI document (schemathesis:
no server error, and only the status codes the document lists) and every WebSocket message (hypothesis).
Each run is bounded: a few dozen examples per route and message kind.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import secrets
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import status_code_conformance
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .helpers import LiveServer, free_port, new_table, play, play_out, state, tokens
from .patience import patience
from .test_postgres import BIN, postgres  # noqa: F401  (the PostgreSQL server fixture)

EXAMPLES = 15  # per route and generation mode; per WebSocket test below


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("fuzz")
    if request.param == "postgresql":
        if BIN is None:
            pytest.skip("no PostgreSQL server binaries (Debian's postgresql)")
        base = request.getfixturevalue("postgres")
        name = "f_" + secrets.token_hex(6)
        admin = create_engine(base.replace("postgresql://", "postgresql+psycopg://") + "/postgres",
                              isolation_level="AUTOCOMMIT")  # fmt: skip
        with admin.connect() as connection:
            connection.execute(text(f"create database {name}"))
        admin.dispose()
        url = f"{base}/{name}"
    else:
        url = f"sqlite:///{folder / 'fuzz.db'}"
    live = LiveServer(url, free_port(), log=folder / "server.log")
    live.start()
    try:
        yield live
    finally:
        live.stop()


def no_traceback(server: LiveServer) -> None:
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log and "Exception in ASGI" not in log, log[-3000:]


def test_inputs_that_were_500s_are_refused_with_a_4xx(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
        table = new_table(client, "toy", seats=["human", "human"], seed=3)
        table_id, (a, _) = table["table"], tokens(table)
        # a non-ASCII seat token: in the query, the path, the body and the header
        assert client.get(f"/api/tables/{table_id}?token=%C3%A9").status_code == 403
        assert client.get(f"/t/{table_id}/seat/%C3%A9").status_code == 403
        assert play(client, table_id, "é", "draw", 0).status_code == 403
        header = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": "é".encode()})
        assert header.status_code == 403
        # superscript and other scripts' digits in an action: illegal, not a crash
        for action in ("take ²", "play ٣", "draw ¹²"):
            response = play(client, table_id, a, action, 0)
            assert response.status_code == 400 and response.json()["error"] == "illegal", response.text
        # NUL bytes (PostgreSQL text cannot hold them) in a path, a name, an option, a game, an action
        assert client.get("/t/%00").status_code == 404
        assert client.get("/api/tables/a%00b").status_code == 404
        named = client.post("/api/tables", json={"game": "toy", "names": ["A\x00"]})
        assert named.status_code == 400 and named.json()["error"] == "bad-seats"
        assert client.post("/api/tables", json={"game": "toy\x00"}).status_code == 404
        optioned = client.post("/api/tables", json={"game": "toy", "options": {"hand\x00": "\x00"}})
        assert optioned.status_code == 400
        assert play(client, table_id, a, "draw\x00", 0).status_code == 400
        assert state(client, table_id)["move"] == 0
        # deeply nested JSON on the WebSocket: an error message, and the connection still serves
        with connect(f"{server.url.replace('http', 'ws')}/ws/tables/{table_id}") as socket:
            assert json.loads(socket.recv(timeout=patience(5)))["type"] == "state"
            socket.send("[" * 5000)
            assert json.loads(socket.recv(timeout=patience(5)))["error"] == "bad-request"
            socket.send('{"type": "sync", "id": ' + "[" * 3000 + "]" * 3000 + "}")
            assert json.loads(socket.recv(timeout=patience(5)))["error"] == "bad-request"
            socket.send(json.dumps({"type": "sync"}))
            assert json.loads(socket.recv(timeout=patience(5)))["type"] == "state"
    no_traceback(server)


def test_every_route_fuzzed_from_the_openapi_document(server: LiveServer) -> None:
    """Every operation, with valid and invalid data, now and then at a real table: no status >= 500
    and no status the document does not list for that operation."""
    with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
        playing = new_table(client, "toy", seats=["human", "human"], seed=8)
        finished = new_table(client, "toy", seats=["human", "human"], seed=9)
        play_out(client, finished)
    real_ids = [playing["table"], finished["table"]]
    schema = schemathesis.openapi.from_url(f"{server.url}/api/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/api/tables", "/api/tables/{table_id}/actions"}
    checks = [not_a_server_error, status_code_conformance]
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(
                max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck)
            )
            @given(case=operation.as_strategy(generation_mode=mode), real=st.sampled_from([None, *real_ids]))
            def call(case: Any, real: str | None) -> None:
                if real is not None and "table_id" in (case.path_parameters or {}):
                    case.path_parameters["table_id"] = real
                case.call_and_validate(base_url=server.url, checks=checks, timeout=patience(10))

            try:
                call()
            except Unsatisfiable:  # nothing invalid can be sent to it (no parameter, no body)
                assert mode == GenerationMode.NEGATIVE
    no_traceback(server)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
messages = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["action", "sync", "prefs", "hello", "nope"]) | json_values},
        optional={
            "action": st.sampled_from(["draw", "pass", "play 1", "take ²"]) | json_values,
            "move": st.integers(-2, 3) | json_values,
            "id": json_values,
            "token": json_values,
            "ask_every_window": json_values,
        },
    ).map(json.dumps),
    json_values.map(json.dumps),
    st.text(max_size=50),
    st.binary(max_size=50),
)


def test_every_websocket_message_fuzzed(server: LiveServer) -> None:
    """Any frame, as a seat and as a spectator: answered (an error, a state or an ack) or, for a wrong
    token in a hello, closed with 4403; never a server error or a traceback."""
    with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
        table = new_table(client, "toy", seats=["human", "human"], seed=12)
    base = f"{server.url.replace('http', 'ws')}/ws/tables/{table['table']}"
    for query in ("", f"?token={tokens(table)[0]}"):
        fuzz_one_socket(base + query)
    no_traceback(server)


def fuzz_one_socket(url: str) -> None:
    sockets: list[Any] = []  # the one open now (a socket the server closed is replaced)
    opened = contextlib.ExitStack()  # every socket opened, closed at the end

    def socket() -> Any:
        if not sockets:
            sockets.append(opened.enter_context(connect(url)))
            assert json.loads(sockets[0].recv(timeout=patience(5)))["type"] == "state"
        return sockets[0]

    @settings(
        max_examples=EXAMPLES * 4, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(frame=messages)
    def send(frame: str | bytes) -> None:
        ws = socket()
        ws.send(frame)
        try:
            answer = json.loads(ws.recv(timeout=patience(5)))
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4403, closed
            sockets.clear()
            return
        assert answer["type"] in ("state", "ack", "error"), answer
        if answer["type"] == "error":
            assert 400 <= answer["status"] < 500, answer
        if answer["type"] == "ack":  # a legal move was played: the state follows
            assert json.loads(ws.recv(timeout=patience(5)))["type"] == "state"

    with opened:
        send()


def test_oversized_websocket_frames_are_refused(server: LiveServer, tmp_path: Path) -> None:
    with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
        table = new_table(client, "toy", seats=["human", "human"], seed=13)
    with connect(f"{server.url.replace('http', 'ws')}/ws/tables/{table['table']}", max_size=None) as ws:
        json.loads(ws.recv(timeout=patience(5)))
        ws.send("x" * (1 << 17))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=patience(5))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    no_traceback(server)


def test_text_frames_that_are_not_utf8_are_closed_without_a_traceback(server: LiveServer) -> None:
    """A text frame that is not UTF-8 closes its WebSocket (1007), and the server logs no traceback:
    an unauthenticated client could otherwise fill the log, a frame at a time."""
    with httpx.Client(base_url=server.url, timeout=patience(10)) as client:
        table = new_table(client, "toy", seats=["human", "human"], seed=13)
    for _ in range(20):
        with socket.create_connection(("127.0.0.1", server.port), timeout=patience(10)) as sock:
            key = base64.b64encode(os.urandom(16)).decode()
            sock.sendall(
                f"GET /ws/tables/{table['table']} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            received = b""
            while b'"type":"state"' not in received:  # the handshake's answer, then the first state
                received += sock.recv(65536)
            payload, mask = b"\xff\xfe\xfd", os.urandom(4)
            sock.sendall(
                bytes([0x81, 0x80 | len(payload)])
                + mask
                + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            )
            received = b""
            while b"\x88\x02\x03\xef" not in received:  # a close frame: 1007, invalid frame payload data
                received += sock.recv(65536)
    no_traceback(server)
