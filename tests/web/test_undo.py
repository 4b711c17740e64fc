"""Taking back a move at the web table: offered only when the game and the table allow it, refused with a
clear error otherwise, told to the other seats without revealing anything, stored across a restart, and
kept in the record beside the moves that stand."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from websockets.sync.client import connect as ws_connect

from cardtable.core import Record, make_game, replay
from cardtable.web import create_app
from cardtable.web.db import connect

from .helpers import ROOT, LiveServer, free_port, new_table, play, state, tokens, wait_until
from .patience import patience
from .test_postgres import BIN, postgres  # noqa: F401  (the PostgreSQL server fixture)
from .test_processes import fresh_database

SEED = 7  # Biosphere 5 with two people; seat A starts (fewer red cards face up)


def undo(client: Any, table_id: str, token: str | None, move: Any) -> Any:
    body: dict[str, Any] = {"move": move}
    if token is not None:
        body["token"] = token
    return client.post(f"/api/tables/{table_id}/undo", json=body)


def biosphere(client: TestClient, seats: list[str] | None = None) -> tuple[str, list[str | None]]:
    table = new_table(client, game="biosphere5", seats=seats or ["human", "human"], seed=SEED)
    return table["table"], tokens(table)


def test_a_move_that_showed_nothing_is_offered_back_and_taken_back(client: TestClient) -> None:
    table_id, (a, b) = biosphere(client)
    start = [state(client, table_id, t) for t in (a, b, None)]
    assert not any(s["can_undo"] for s in start)
    assert play(client, table_id, a, "take2", 0).status_code == 200  # 2.1: take two, then discard two
    assert play(client, table_id, a, "take guard-dogs", 1).status_code == 200  # a face-up card
    mine, theirs, spectator = (state(client, table_id, t) for t in (a, b, None))
    assert mine["can_undo"] and not theirs["can_undo"] and not spectator["can_undo"]
    response = undo(client, table_id, a, 2)
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["move"] == 1 and after["legal"] == state(client, table_id, a)["legal"]
    game = make_game("biosphere5")
    position = game.new_state(SEED)
    game.apply(position, "take2")
    assert after["view"] == game.view(position, 0)
    # the seat reads what it took back; the others read only that a move was taken back
    assert after["log"][-1]["action"] == "took back: take guard-dogs"
    assert state(client, table_id, b)["log"][-1]["action"] == "took back 1 move"
    assert state(client, table_id, None)["log"][-1]["action"] == "took back 1 move"
    assert undo(client, table_id, a, 1).status_code == 200  # and the move before it, one at a time
    assert state(client, table_id, a)["view"] == start[0]["view"]


def test_a_take_back_is_refused_with_a_reason_and_changes_nothing(client: TestClient) -> None:
    table_id, (a, b) = biosphere(client)
    refused = undo(client, table_id, a, 0)
    assert refused.status_code == 409 and refused.json() == {
        "error": "cannot-undo",
        "message": "no move has been played yet",
    }
    assert play(client, table_id, a, "take pile", 0).status_code == 200  # shows A the top card of its pile
    before = [state(client, table_id, t) for t in (a, b, None)]
    hidden = undo(client, table_id, a, 1)
    assert hidden.status_code == 409 and "showed something hidden" in hidden.json()["message"]
    not_yours = undo(client, table_id, b, 1)
    assert not_yours.status_code == 409 and "not yours" in not_yours.json()["message"]
    assert undo(client, table_id, a, 0).json()["error"] == "stale"
    assert undo(client, table_id, None, 1).json()["error"] == "bad-request"  # a spectator has no token
    assert undo(client, table_id, "not-a-token", 1).json()["error"] == "bad-token"
    assert undo(client, table_id, a, "1").status_code == 400
    assert [state(client, table_id, t) for t in (a, b, None)] == before


def test_the_undo_message_on_the_websocket_updates_every_watcher(client: TestClient) -> None:
    table_id, (a, b) = biosphere(client)
    assert play(client, table_id, a, "take2", 0).status_code == 200
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={a}") as seat_a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={b}") as seat_b,
    ):
        assert seat_a.receive_json()["can_undo"] and not seat_b.receive_json()["can_undo"]
        seat_b.send_json({"type": "undo", "move": 1, "id": 4})
        error = seat_b.receive_json()
        assert error["type"] == "error" and error["error"] == "cannot-undo" and error["id"] == 4
        seat_a.send_json({"type": "undo", "move": 1, "id": 5})
        update_a, ack = seat_a.receive_json(), seat_a.receive_json()
        update_b = seat_b.receive_json()
    assert ack == {"type": "ack", "id": 5, "move": 0}
    assert update_a["move"] == update_b["move"] == 0 and not update_a["can_undo"]
    assert update_b["log"][-1]["action"] == "took back 1 move"


#: Biosphere 5, seed 1: seat A's first turn, whose last move (a discard, 2.1 take two) ends the turn
#: and shows nothing: the decision passes to B
FIRST_TURN = ["take pile", "take2", "take pile", "take pile", "discard peace-treaty", "discard storm-cellar"]


def play_first_turn(client: TestClient, table_id: str, token: str | None) -> None:
    for move, action in enumerate(FIRST_TURN):
        assert play(client, table_id, token, action, move).status_code == 200


def test_another_person_may_still_be_deciding_but_once_they_act_the_move_stands(client: TestClient) -> None:
    table = new_table(client, game="biosphere5", seats=["human", "human"], seed=1)
    table_id, (a, b) = table["table"], tokens(table)
    play_first_turn(client, table_id, a)
    theirs = state(client, table_id, b)
    assert theirs["decision"]["seat"] == 1 and state(client, table_id, a)["can_undo"]
    assert undo(client, table_id, a, 6).json()["move"] == 5  # back to A's last discard
    assert play(client, table_id, a, FIRST_TURN[-1], 5).status_code == 200
    theirs = state(client, table_id, b)
    assert play(client, table_id, b, theirs["legal"][0], theirs["move"]).status_code == 200
    response = undo(client, table_id, a, 7)
    assert response.status_code == 409 and "not yours" in response.json()["message"]


def test_a_bot_never_acts_on_a_position_that_can_still_be_taken_back(db_url: str) -> None:
    """At this table a move stands once a bot holds the decision (it may be thinking about it)."""
    with TestClient(create_app(db_url, bot_delay=60)) as client:
        table = new_table(client, game="biosphere5", seats=["human", "random"], seed=1)
        table_id, (a, _) = table["table"], tokens(table)
        play(client, table_id, a, "take pile", 0)
        play(client, table_id, a, "take2", 1)
        assert state(client, table_id, a)["can_undo"]  # A still holds the decision
        play_first_turn_rest = FIRST_TURN[2:]
        for move, action in enumerate(play_first_turn_rest, 2):
            assert play(client, table_id, a, action, move).status_code == 200
        mine = state(client, table_id, a)
        assert mine["decision"]["seat"] == 1 and not mine["can_undo"]
        response = undo(client, table_id, a, 6)
        assert response.status_code == 409
        assert response.json()["message"] == "a bot is already deciding on your move: it stands"


def test_a_take_back_is_stored_and_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        table_id, (a, b) = biosphere(client)
        play(client, table_id, a, "take2", 0)
        play(client, table_id, a, "take guard-dogs", 1)
        assert undo(client, table_id, a, 2).status_code == 200
        play(client, table_id, a, "take herbal-remedies", 1)
        before = [state(client, table_id, t) for t in (a, b, None)]
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        after = [state(client, table_id, t) for t in (a, b, None)]
        assert after == before and after[0]["can_undo"]
        assert undo(client, table_id, a, 2).status_code == 200  # the take-back rule reads the replayed steps
        play(client, table_id, a, "take herbal-remedies", 1)
    engine = connect(db_url)
    with engine.connect() as connection:
        moves = connection.execute(
            text("select ply, action from moves where table_id = :t order by ply"), {"t": table_id}
        )
        assert [tuple(row) for row in moves] == [(1, "take2"), (2, "take herbal-remedies")]
        taken = connection.execute(
            text("select at, seat, actions from takebacks where table_id = :t order by number"),
            {"t": table_id},
        )
        assert [(at, seat, actions) for at, seat, actions in taken] == [
            (1, 0, '["take guard-dogs"]'),
            (1, 0, '["take herbal-remedies"]'),
        ]
    engine.dispose()


def test_the_record_of_a_finished_table_keeps_the_take_back_and_replays(client: TestClient) -> None:
    table_id, (a, _) = biosphere(client, seats=["human", "random"])
    play(client, table_id, a, "take2", 0)
    assert undo(client, table_id, a, 1).status_code == 200
    wait_until(lambda: _play_first(client, table_id, a), timeout=60)
    text_record = client.get(f"/api/tables/{table_id}/record").text
    assert "\n; A took back after move 0: take2\n1. A: " in text_record
    record = Record.from_text(text_record)
    assert record.undone[0].actions == ["take2"]
    finished = replay(record)
    assert finished.result is not None and [m.action for m in finished.moves] == [
        m.action for m in record.moves
    ]
    frames = client.get(f"/api/tables/{table_id}/replay").json()["frames"]
    assert len(frames) == len(record.moves) + 1


def _play_first(client: TestClient, table_id: str, token: str) -> bool:
    """Play seat A's first legal move when it has one; True once the game is over."""
    mine = state(client, table_id, token)
    if mine["result"] is not None:
        return True
    if mine["legal"]:
        play(client, table_id, token, mine["legal"][0], mine["move"])
    return False


@pytest.mark.skipif(BIN is None, reason="no PostgreSQL server binaries (Debian's postgresql)")
def test_a_take_back_reaches_every_server_process_sharing_the_database(
    postgres: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Several processes on one PostgreSQL database: a take-back is announced like a move (NOTIFY); the
    other process replays the table and tells its watchers."""
    url = fresh_database(postgres)
    paths = os.pathsep.join([str(ROOT / "src"), str(ROOT)])  # this checkout's code, src/ first
    servers = [
        LiveServer(url, free_port(), log=tmp_path / f"server{i}.log", env={"PYTHONPATH": paths})
        for i in range(2)
    ]
    for server in servers:
        server.start()
    try:
        one, two = servers
        with (
            httpx.Client(base_url=one.url, timeout=patience(10)) as on_one,
            httpx.Client(base_url=two.url, timeout=patience(10)) as on_two,
        ):
            table_id, (a, _) = biosphere(on_one)
            assert state(on_two, table_id)["move"] == 0  # the second process loads it and keeps it
            with ws_connect(f"{two.url.replace('http', 'ws')}/ws/tables/{table_id}") as watcher:
                assert json.loads(watcher.recv(timeout=patience(10)))["move"] == 0
                assert play(on_one, table_id, a, "take2", 0).status_code == 200
                assert json.loads(watcher.recv(timeout=patience(10)))["move"] == 1
                assert undo(on_one, table_id, a, 1).status_code == 200
                told = json.loads(watcher.recv(timeout=patience(10)))
                assert told["move"] == 0 and told["log"][-1]["action"] == "took back 1 move"
            assert state(on_two, table_id, a)["legal"] == state(on_one, table_id, a)["legal"]
            assert play(on_two, table_id, a, "take pile", 0).status_code == 200
    finally:
        for server in servers:
            server.stop()
