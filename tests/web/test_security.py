"""Issue 16, fault 6: seat tokens stay out of every URL the server sees, every answer carries the headers a
public site needs, a WebSocket from another site's page is refused, and the API docs need no CDN."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .browser import new_context
from .helpers import LiveServer, new_table, state, tokens
from .patience import patience


def test_seat_links_keep_the_token_in_the_fragment(client: TestClient) -> None:
    table = new_table(client, seats=["human", "human"])
    for seat in table["seats"]:
        path, _, fragment = seat["link"].partition("#")
        assert fragment == seat["token"] and seat["token"] not in path
        # what the browser asks for (the fragment is never sent) is the seat page, with no token in it
        page = client.get(path)
        assert page.status_code == 200 and seat["token"] not in page.text


def test_a_seat_token_travels_in_a_header_or_the_first_websocket_message(client: TestClient) -> None:
    table = new_table(client, seats=["human", "human"], seed=4)
    table_id, (a, b) = table["table"], tokens(table)
    by_header = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": a})
    assert by_header.json() == state(client, table_id, a) and by_header.json()["seat"] == 0
    legal = by_header.json()["legal"][0]
    played = client.post(f"/api/tables/{table_id}/actions", headers={"X-Seat-Token": a},
                         json={"action": legal, "move": 0})  # fmt: skip
    assert played.status_code == 200 and played.json()["move"] == 1
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        assert socket.receive_json()["seat"] is None  # a spectator until it says who it is
        socket.send_json({"type": "hello", "token": b})
        hello = socket.receive_json()
        assert hello["seat"] == 1 and hello["legal"] == state(client, table_id, b)["legal"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.receive_json()
        socket.send_json({"type": "hello", "token": "forged"})
        assert socket.receive_json()["error"] == "bad-token"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    table = new_table(client, seats=["human", "human"])
    token = tokens(table)[0]
    for path in ["/", f"/t/{table['table']}", f"/t/{table['table']}/seat", "/api/games", "/static/table.js",
                 f"/api/tables/{table['table']}", "/api/docs", "/no/such/page"]:  # fmt: skip
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"
    for path in [
        f"/t/{table['table']}/seat",
        f"/t/{table['table']}/seat/{token}",
        f"/api/tables/{table['table']}",
    ]:
        assert client.get(path).headers["cache-control"] == "no-store"


def test_a_websocket_from_another_sites_page_is_refused(client: TestClient) -> None:
    table = new_table(client, seats=["human", "human"])
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(
            f"/ws/tables/{table['table']}", headers={"origin": "https://evil.example"}
        ) as socket,
    ):
        socket.receive_json()
    assert refused.value.code == 4403
    with client.websocket_connect(
        f"/ws/tables/{table['table']}", headers={"origin": "http://testserver"}
    ) as ok:
        assert ok.receive_json()["type"] == "state"


def test_the_api_docs_load_nothing_from_another_site(client: TestClient) -> None:
    docs = client.get("/api/docs")
    assert docs.status_code == 200 and "/api/tables/{table_id}/actions" in docs.text
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", docs.text)
    assert "<script" not in docs.text
    assert client.get("/api/openapi.json").json()["paths"]


CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.skipif(not CHROMIUM.exists() or shutil.which("chromium") is None, reason="no Debian chromium")
def test_a_seat_page_works_under_its_content_security_policy(live_server: LiveServer, browser: Any) -> None:
    """The real page in a real browser, with the policy enforced: it draws the seat's view and reports
    no violation."""
    with httpx.Client(base_url=live_server.url, timeout=patience(10)) as client:
        table = new_table(client, "toy", seats=["human", "human"], seed=3)
    context = new_context(browser)  # the policy enforced: no bypass_csp
    page = context.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security" in message.text else None,
    )
    page.goto(live_server.url + table["seats"][0]["link"])
    deadline = time.monotonic() + 30
    while page.evaluate("document.querySelectorAll('button.action').length") == 0:
        assert time.monotonic() < deadline, "the seat's moves were never drawn"
        time.sleep(0.2)
    assert page.evaluate("document.body.dataset.move") == "0"
    context.close()
    assert violations == []


def test_head_is_answered_on_every_get_route(live_server: LiveServer) -> None:
    """HEAD (monitors, link checkers, caches) gets GET's status and headers, and no body."""
    with httpx.Client(base_url=live_server.url, timeout=patience(10)) as client:
        table = new_table(client, seats=["human", "human"], seed=4)
        for path in ("/", "/api/games", f"/t/{table['table']}", f"/api/tables/{table['table']}",
                     "/games/toy/rules", "/static/table.js", "/api/games/toy/setup"):  # fmt: skip
            got, head = client.get(path), client.head(path)
            assert head.status_code == got.status_code == 200, (path, head.status_code)
            assert head.content == b"" and head.headers["content-type"] == got.headers["content-type"], path
            assert head.headers.get("content-length") in (None, str(len(got.content))), path
        assert client.head("/api/tables/nope").status_code == 404
        assert client.post("/api/games").status_code == 405  # other methods stay refused


@pytest.mark.skipif(not CHROMIUM.exists() or shutil.which("chromium") is None, reason="no Debian chromium")
def test_an_old_seat_link_sends_its_token_in_the_first_message_not_the_websocket_url(
    live_server: LiveServer, browser: Any
) -> None:
    """A link made before tokens left URLs (`/t/ID/seat/TOKEN`) still opens its seat; its page puts the
    token in the WebSocket's `hello`, never in the WebSocket's URL (where a proxy would log it)."""
    with httpx.Client(base_url=live_server.url, timeout=patience(10)) as client:
        table = new_table(client, "toy", seats=["human", "human"], seed=3)
    token = tokens(table)[0]
    page = new_context(browser).new_page()
    sockets: list[Any] = []
    sent: list[str] = []
    page.on(
        "websocket", lambda ws: (sockets.append(ws.url), ws.on("framesent", lambda frame: sent.append(frame)))
    )
    page.goto(f"{live_server.url}/t/{table['table']}/seat/{token}")
    deadline = time.monotonic() + 30
    while page.evaluate("document.querySelectorAll('button.action').length") == 0:
        assert time.monotonic() < deadline, "the seat's moves were never drawn"
        time.sleep(0.2)
    page.context.close()
    assert sockets and all(token not in url and "token" not in url for url in sockets), sockets
    assert any(token in str(frame) and "hello" in str(frame) for frame in sent), sent
