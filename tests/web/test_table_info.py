"""What the table tells people beyond the view: card faces, the game's own narration, automaton seats."""

from __future__ import annotations

from fastapi.testclient import TestClient

from cardtable.core import make_game, new_lines
from cardtable.web.hints import automata

from .helpers import new_table, state, tokens


def play(client: TestClient, table_id: str, token: str, action: str, move: int) -> dict:
    response = client.post(
        f"/api/tables/{table_id}/actions", json={"token": token, "action": action, "move": move}
    )
    assert response.status_code == 200, response.text
    return response.json()


# --- card faces -------------------------------------------------------------------------------------
def test_card_faces_are_served_per_game_and_options(client: TestClient) -> None:
    response = client.get("/api/games/biosphere5/cards", params={"abyss": "true", "players": "3"})
    assert response.status_code == 200
    body = response.json()
    assert body["game"] == "biosphere5" and body["options"]["abyss"] is True
    assert body["faces"] == make_game("biosphere5", {"abyss": True, "players": 3}).card_faces()
    assert body["faces"]["deep-well"]["name"] == "Deep Well"


def test_card_faces_are_the_same_whatever_the_tables_hold(client: TestClient) -> None:
    """Faces are static card data: playing tables changes nothing in them (no hidden state leaks in)."""
    before = client.get("/api/games/dino-battles/cards").json()
    table = new_table(client, "dino-battles", seats=["human", "random"], seed=3)
    token = tokens(table)[0]
    seen = state(client, table["table"], token)
    play(client, table["table"], token, seen["legal"][0], seen["move"])
    assert client.get("/api/games/dino-battles/cards").json() == before


def test_a_game_without_faces_serves_none(client: TestClient) -> None:
    assert client.get("/api/games/toy/cards").json()["faces"] == {}


# --- the game's narration in the log ----------------------------------------------------------------
def test_the_log_carries_the_games_own_narration_under_each_move(client: TestClient) -> None:
    """The set-up and each move carry the lines the game's narration (`Game.narration`) added."""
    game = make_game("biosphere5")
    table = new_table(client, "biosphere5", seats=["human", "human"], seed=4)
    a, b = tokens(table)
    first = state(client, table["table"], a)
    live = client.app.state.server.tables.get(table["table"]).match.state
    assert first["setup_events"] and first["setup_events"] == game.narration(live, 0)
    mover = a if first["decision"]["seat"] == 0 else b
    after = play(client, table["table"], mover, state(client, table["table"], mover)["legal"][0], 0)
    told = after["setup_events"] + [e for line in after["log"] for e in line["events"]]
    assert after["log"][0]["events"], "the move's narration is attached to it"
    live = client.app.state.server.tables.get(table["table"]).match.state
    assert told == game.narration(live, after["seat"])


def test_a_game_without_narration_logs_moves_only(client: TestClient) -> None:
    table = new_table(client, "toy", seats=["human", "human"], seed=4)
    a, _b = tokens(table)
    seen = state(client, table["table"], a)
    after = play(client, table["table"], a, seen["legal"][0], 0)
    assert after["setup_events"] == [] and after["log"][0]["events"] == []


def test_new_lines_finds_what_a_capped_narration_added() -> None:
    assert new_lines(["a", "b"], ["a", "b", "c"]) == ["c"]
    assert new_lines(["a", "b", "c"], ["b", "c", "d", "e"]) == ["d", "e"]
    assert new_lines([], ["x"]) == ["x"]
    assert new_lines(["a"], ["a"]) == []


# --- seats the game plays itself --------------------------------------------------------------------
def test_the_machine_of_solo_biosphere5_is_an_automaton_seat(client: TestClient) -> None:
    machine_seat = automata(make_game("biosphere5", {"solo": "machine"}))
    assert list(machine_seat) == [1] and "automaton" in machine_seat[1]
    assert automata(make_game("biosphere5")) == {}
    setup = client.get("/api/games/biosphere5/setup", params={"solo": "machine"}).json()
    assert list(setup["automata"]) == ["1"]
    table = new_table(client, "biosphere5", options={"solo": "machine"}, seats=["human", "heuristic"], seed=2)
    machine = table["seats"][1]
    assert machine["kind"] == "automaton" and "token" not in machine and machine["name"] == "Machine"
    seen = state(client, table["table"], tokens(table)[0])
    assert seen["decision"]["seat"] == 0 and seen["seats"][1]["kind"] == "automaton"


def test_an_automaton_seat_is_refused_where_the_game_has_none(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "biosphere5", "seats": ["human", "automaton"]})
    assert response.status_code == 400 and response.json()["error"] == "bad-seats"
