"""The live WebSocket: each seat receives its own payload; bad messages get an error and change nothing."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.core import make_game

from .helpers import new_table, state, tokens, whole


def open_table(
    client: TestClient, seats: list[str] | None = None, seed: int = 3
) -> tuple[str, list[str | None]]:
    table = new_table(client, seats=seats or ["human", "human"], seed=seed)
    return table["table"], tokens(table)


def ws_path(table_id: str, token: str | None = None) -> str:
    return f"/ws/tables/{table_id}" + (f"?token={token}" if token else "")


def test_each_connection_starts_with_its_own_payload(client: TestClient) -> None:
    table_id, (a, b) = open_table(client)
    game = make_game("toy")
    start = game.new_state(3)
    with (
        client.websocket_connect(ws_path(table_id, a)) as seat_a,
        client.websocket_connect(ws_path(table_id, b)) as seat_b,
        client.websocket_connect(ws_path(table_id)) as spectator,
    ):
        first_a, first_b, first_s = seat_a.receive_json(), seat_b.receive_json(), spectator.receive_json()
    assert first_a["type"] == "state" and first_a["view"] == game.view(start, 0)
    assert first_b["view"] == game.view(start, 1) and first_b["legal"] == []
    assert first_s["view"] == game.view(start, None) and first_s["seat"] is None
    assert first_a == state(client, table_id, a)


def test_an_action_is_acknowledged_and_every_watcher_gets_its_own_update(client: TestClient) -> None:
    table_id, (a, b) = open_table(client)
    with (
        client.websocket_connect(ws_path(table_id, a)) as seat_a,
        client.websocket_connect(ws_path(table_id, b)) as seat_b,
        client.websocket_connect(ws_path(table_id)) as spectator,
    ):
        legal = seat_a.receive_json()["legal"]
        seat_b.receive_json(), spectator.receive_json()
        seat_a.send_json({"type": "action", "action": legal[0], "move": 0, "id": 7})
        update_a, ack = seat_a.receive_json(), seat_a.receive_json()
        update_b, update_s = seat_b.receive_json(), spectator.receive_json()
    assert ack == {"type": "ack", "id": 7, "move": 1}
    assert update_a["move"] == update_b["move"] == update_s["move"] == 1
    assert update_a["seat"] == 0 and update_b["seat"] == 1 and update_s["seat"] is None
    assert update_b["legal"] and not update_a["legal"]
    assert update_b == state(client, table_id, b)
    assert update_s == state(client, table_id)


def test_an_action_can_be_acknowledged_in_the_senders_own_update(client: TestClient) -> None:
    """`"ack": "update"` (the browser's way): the sender's update carries the acknowledgement, and no
    message of its own follows; the other watchers' updates carry none."""
    table_id, (a, b) = open_table(client)
    with (
        client.websocket_connect(ws_path(table_id, a)) as seat_a,
        client.websocket_connect(ws_path(table_id, b)) as seat_b,
    ):
        legal = seat_a.receive_json()["legal"]
        seat_b.receive_json()
        seat_a.send_json({"type": "action", "action": legal[0], "move": 0, "id": 8, "ack": "update"})
        update_a, update_b = seat_a.receive_json(), seat_b.receive_json()
        seat_a.send_json({"type": "sync"})
        after = seat_a.receive_json()
    assert update_a["ack"] == {"id": 8, "move": 1} and update_a["move"] == 1
    assert "ack" not in update_b and update_b["move"] == 1
    assert after["type"] == "state" and "ack" not in after, "no ack message followed the update"
    assert {k: v for k, v in update_a.items() if k != "ack"} == state(client, table_id, a)


def test_an_action_can_go_unacknowledged_and_a_bad_ack_changes_nothing(client: TestClient) -> None:
    table_id, (a, _) = open_table(client)
    with client.websocket_connect(ws_path(table_id, a)) as seat_a:
        legal = seat_a.receive_json()["legal"]
        seat_a.send_json({"type": "action", "action": legal[0], "move": 0, "id": 1, "ack": "loudly"})
        refused = seat_a.receive_json()
        assert refused["type"] == "error" and refused["error"] == "bad-request" and refused["id"] == 1
        assert state(client, table_id, a)["move"] == 0
        seat_a.send_json({"type": "action", "action": legal[0], "move": 0, "id": 2, "ack": "none"})
        update = seat_a.receive_json()
        seat_a.send_json({"type": "sync"})
        after = seat_a.receive_json()
    assert update["type"] == "state" and update["move"] == 1 and "ack" not in update
    assert after["type"] == "state", "no acknowledgement was sent"


def test_actions_over_http_reach_websocket_watchers(client: TestClient) -> None:
    table_id, (a, b) = open_table(client)
    with client.websocket_connect(ws_path(table_id, b)) as seat_b:
        seat_b.receive_json()
        legal = state(client, table_id, a)["legal"]
        client.post(f"/api/tables/{table_id}/actions", json={"token": a, "action": legal[0], "move": 0})
        assert seat_b.receive_json()["move"] == 1


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("not json", "bad-request"),
        ("[1, 2]", "bad-request"),
        (json.dumps({"type": "dance"}), "bad-request"),
        (json.dumps({"type": "action", "action": "play 9", "move": 0}), "illegal"),
        (json.dumps({"type": "action", "action": "draw", "move": 5}), "stale"),
        (json.dumps({"type": "action", "action": "draw"}), "bad-request"),
        (json.dumps({"type": "action", "action": "draw", "move": "0"}), "bad-request"),
        (json.dumps({"type": "action", "action": "draw", "move": True}), "bad-request"),
        (json.dumps({"type": "action", "action": 5, "move": 0}), "bad-request"),
        (json.dumps({"type": "action", "move": 0}), "bad-request"),
    ],
)
def test_bad_messages_get_an_error_and_change_nothing(client: TestClient, message: str, error: str) -> None:
    table_id, (a, _) = open_table(client)
    with client.websocket_connect(ws_path(table_id, a)) as seat_a:
        before = seat_a.receive_json()
        seat_a.send_text(message)
        reply = seat_a.receive_json()
        assert reply["type"] == "error" and reply["error"] == error and reply["message"]
        seat_a.send_json({"type": "sync"})  # the connection is still open and the table unchanged
        assert seat_a.receive_json() == before


def test_out_of_turn_and_spectator_actions_are_refused(client: TestClient) -> None:
    table_id, (_, b) = open_table(client)
    with (
        client.websocket_connect(ws_path(table_id, b)) as seat_b,
        client.websocket_connect(ws_path(table_id)) as spy,
    ):
        seat_b.receive_json(), spy.receive_json()
        seat_b.send_json({"type": "action", "action": "draw", "move": 0, "id": "x1"})
        reply = seat_b.receive_json()
        assert reply["error"] == "not-your-turn" and reply["id"] == "x1"
        spy.send_json({"type": "action", "action": "draw", "move": 0})
        assert spy.receive_json()["error"] == "spectator"
    assert state(client, table_id)["move"] == 0


def test_binary_frames_are_read_as_text(client: TestClient) -> None:
    table_id, (a, _) = open_table(client)
    with client.websocket_connect(ws_path(table_id, a)) as seat_a:
        seat_a.receive_json()
        seat_a.send_bytes(b'{"type": "sync"}')
        assert seat_a.receive_json()["type"] == "state"


@pytest.mark.parametrize(
    ("which", "code", "error"), [("table", 4404, "unknown-table"), ("token", 4403, "bad-token")]
)
def test_unknown_tables_and_wrong_tokens_are_closed_with_a_reason(
    client: TestClient, which: str, code: int, error: str
) -> None:
    table_id, _ = open_table(client)
    path = ws_path("nope") if which == "table" else ws_path(table_id, "forged")
    with client.websocket_connect(path) as ws:
        assert ws.receive_json()["error"] == error
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == code


def test_a_reconnecting_browser_resumes_where_it_was(client: TestClient) -> None:
    table_id, (a, b) = open_table(client)
    with client.websocket_connect(ws_path(table_id, a)) as seat_a:
        legal = seat_a.receive_json()["legal"]
        seat_a.send_json({"type": "action", "action": legal[0], "move": 0})
        seen = seat_a.receive_json()
        seat_a.receive_json()  # ack
    legal_b = state(client, table_id, b)["legal"]
    client.post(f"/api/tables/{table_id}/actions", json={"token": b, "action": legal_b[0], "move": 1})
    with client.websocket_connect(ws_path(table_id, a)) as again:
        resumed = again.receive_json()
    assert resumed["move"] == 2 and resumed["log"][0] == seen["log"][0]
    assert resumed == state(client, table_id, a)


def test_bots_moves_are_pushed_to_the_people_watching(client: TestClient) -> None:
    table_id, (a, _) = open_table(client, ["human", "random"], seed=11)
    with client.websocket_connect(ws_path(table_id, a)) as seat_a:
        legal = seat_a.receive_json()["legal"]
        seat_a.send_json({"type": "action", "action": legal[0], "move": 0})
        moves = set()
        while 2 not in moves:
            message = seat_a.receive_json()
            if message["type"] == "state":
                moves.add(message["move"])
                if message["result"]:
                    break
    assert {1, 2} <= moves or message["result"]


def test_an_update_after_a_move_carries_only_the_log_lines_the_watcher_lacks(client: TestClient) -> None:
    """Made whole with the lines the watcher holds (as the browser does), every update is the seat's
    whole payload; at the end of the game every move is shown in full, so the whole log is sent again."""
    table = new_table(client, seats=["human", "human"], seed=3)
    table_id, seat_tokens = table["table"], tokens(table)
    with (
        client.websocket_connect(ws_path(table_id, seat_tokens[0])) as seat_a,
        client.websocket_connect(ws_path(table_id, seat_tokens[1])) as seat_b,
        client.websocket_connect(ws_path(table_id)) as spectator,
    ):
        sockets = [seat_a, seat_b, spectator]
        held = [socket.receive_json() for socket in sockets]
        assert all("log_from" not in first for first in held), "the first state is whole"
        updates = []
        while held[2]["result"] is None:
            mover = held[2]["decision"]["seat"]
            sockets[mover].send_json(
                {"type": "action", "action": held[mover]["legal"][0], "move": held[2]["move"]}
            )
            received = [socket.receive_json() for socket in sockets]
            assert sockets[mover].receive_json()["type"] == "ack"
            updates += received
            held = [whole(message, before) for message, before in zip(received, held, strict=True)]
            for viewer, message in zip((*seat_tokens, None), held, strict=True):
                assert message == state(client, table_id, viewer)
    # from the second move on (the first finds no line held), an update holds the one new line at most
    during = [u for u in updates if u["result"] is None and u["move"] > 1]
    assert during and all(u["log_from"] >= u["move"] - 2 and len(u["log"]) <= 1 for u in during)
    assert sum(len(u["log"]) for u in during) >= len(during) // 3, "new lines are sent"
    assert all("log_from" not in u for u in updates if u["result"] is not None), "the end resends the log"
