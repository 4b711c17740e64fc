"""What the table tells people beyond the view: card faces, the game's own narration, automaton seats."""

from __future__ import annotations

import msgspec
from fastapi.testclient import TestClient

from cardtable.core import make_game, new_lines
from cardtable.core.narrate import narration
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
    assert first["setup_events"] and first["setup_events"] == msgspec.to_builtins(narration(game, live, 0))
    mover = a if first["decision"]["seat"] == 0 else b
    after = play(client, table["table"], mover, state(client, table["table"], mover)["legal"][0], 0)
    told = after["setup_events"] + [e for line in after["log"] for e in line["events"]]
    assert after["log"][0]["events"], "the move's narration is attached to it"
    live = client.app.state.server.tables.get(table["table"]).match.state
    assert told == msgspec.to_builtins(narration(game, live, after["seat"]))


def test_the_log_sends_the_round_a_line_opens_and_the_automaton_whose_act_it_tells(
    client: TestClient,
) -> None:
    """Issue 27: the engine marks a round's opening line and each automaton's line (`core.lines.Line`),
    and the table sends those fields, so the web log groups by them and reads nothing from the words."""
    table = new_table(
        client, "race-for-the-galaxy", options={"solo": "robot"}, seats=["human", "heuristic"], seed=3
    )
    token = tokens(table)[0]
    seen = state(client, table["table"], token)
    setup = seen["setup_events"]
    assert {"text": "Robot takes 4 cards face down as its hand.", "author": "Robot"} in setup
    assert all(line.get("author") in (None, "Robot") and "round" not in line for line in setup)
    while seen["move"] < 12 and seen["decision"] is not None:
        seen = play(client, table["table"], token, seen["legal"][0], seen["move"])
    lines = [said for line in seen["log"] for said in line["events"]]
    openings = [line for line in lines if "round" in line]
    assert openings and openings[0]["round"] == 1
    assert openings[0]["text"] == "Round 1: action cards are chosen."
    assert openings[0]["body"] == "Action cards are chosen."
    assert any(line["text"].startswith("Actions: {A} ") and "round" not in line for line in lines)
    robot = [line for line in lines if line.get("author") == "Robot"]
    assert robot and all(line["text"].startswith("Robot") for line in robot)
    assert all(line["text"].startswith("Robot") == ("author" in line) for line in lines)


def test_no_seat_is_sent_the_kind_of_decision_a_move_answered(client: TestClient) -> None:
    """The game words every move in its lines (`Game.tell`): no log line carries the kind of decision
    the move answered (once sent to the mover for the button's words), so no seat learns that another
    was asked; the mover reads its move as the game's sentence, the act of its seat."""
    table = new_table(client, "biosphere5", seats=["human", "human"], seed=4)
    seat_tokens = tokens(table)
    mover = state(client, table["table"])["decision"]["seat"]
    first = state(client, table["table"], seat_tokens[mover])
    play(client, table["table"], seat_tokens[mover], first["legal"][0], 0)
    [mine] = state(client, table["table"], seat_tokens[mover])["log"]
    others = (
        state(client, table["table"], seat_tokens[1 - mover])["log"] + state(client, table["table"])["log"]
    )
    assert not any("kind" in line for line in [mine, *others])
    assert mine["events"] and mine["events"][0]["seat"] == mover and mine["events"][0]["text"].endswith(".")


def test_a_game_without_narration_logs_its_sentence_for_each_move(client: TestClient) -> None:
    """The toy game narrates nothing: each move reads as the game's sentence for it (`Game.tell`)."""
    table = new_table(client, "toy", seats=["human", "human"], seed=4)
    a, _b = tokens(table)
    seen = state(client, table["table"], a)
    after = play(client, table["table"], a, seen["legal"][0], 0)
    told = [{"text": f"{{A}} plays {seen['legal'][0].split()[1]}.", "seat": 0}]
    assert after["setup_events"] == [] and after["log"][0]["events"] == told


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
