"""A person is asked only when they have a real choice: the table plays a person's only legal move for
them at once, unless they asked to be asked at every decision (issue 11, item 2)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from .helpers import new_table, state, tokens


def wait_for_move(client: TestClient, table_id: str, move: int, timeout: float = 5.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        seen = state(client, table_id)
        if seen["move"] > move or time.monotonic() > deadline:
            return seen
        time.sleep(0.01)


def play_toy(client: TestClient, ask_every_window: bool) -> tuple[int, int, list[int]]:
    """Play a toy game, each person playing their highest card when they can (so the pile climbs and
    draws get forced); returns (moves sent, moves in all, the sizes of the choices people were shown)."""
    table = new_table(client, "toy", seats=["human", "human"], seed=5, ask_every_window=ask_every_window)
    table_id, seat_tokens = table["table"], tokens(table)
    sent, shown = 0, []
    for _ in range(200):
        spectator = wait_for_move(client, table_id, -1)
        if spectator["result"] is not None:
            return sent, spectator["move"], shown
        mover = seat_tokens[spectator["decision"]["seat"]]
        mine = state(client, table_id, mover)
        if mine["move"] != spectator["move"]:
            continue  # a forced move was played meanwhile
        if len(mine["legal"]) == 1 and not ask_every_window:
            after = wait_for_move(client, table_id, mine["move"])
            assert after["move"] > mine["move"], "a forced move was left waiting for the person"
            continue
        shown.append(len(mine["legal"]))
        plays = [text for text in mine["legal"] if text.startswith("play")]
        choice = plays[-1] if plays else mine["legal"][0]
        response = client.post(
            f"/api/tables/{table_id}/actions", json={"token": mover, "action": choice, "move": mine["move"]}
        )
        assert response.status_code == 200, response.text
        sent += 1
    raise AssertionError("the toy game did not end")


def test_a_forced_move_is_played_for_the_person(client: TestClient) -> None:
    sent, total, shown = play_toy(client, ask_every_window=False)
    assert total > sent, "no move was played for the people (the game had forced moves)"
    assert all(size > 1 for size in shown), "a person was asked with only one move to choose"


def test_a_person_who_asks_at_every_window_is_asked_even_when_forced(client: TestClient) -> None:
    sent, total, shown = play_toy(client, ask_every_window=True)
    assert total == sent and 1 in shown


def test_the_preference_can_be_changed_at_the_table(client: TestClient) -> None:
    table = new_table(client, "toy", seats=["human", "human"], seed=5)
    a = tokens(table)[0]
    with client.websocket_connect(f"/ws/tables/{table['table']}?token={a}") as socket:
        assert socket.receive_json()["ask_always"] is True
        socket.send_json({"type": "prefs", "ask_every_window": False})
        assert socket.receive_json()["ask_always"] is False
        socket.send_json({"type": "prefs", "ask_every_window": "maybe"})
        assert socket.receive_json()["type"] == "error"
    with client.websocket_connect(f"/ws/tables/{table['table']}") as spectator:
        spectator.receive_json()
        spectator.send_json({"type": "prefs", "ask_every_window": True})
        assert spectator.receive_json()["status"] == 403
