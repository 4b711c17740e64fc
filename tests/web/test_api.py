"""The HTTP API and pages: every route; every bad request is refused with a clear 4xx and changes nothing."""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from cardtable.core import Record, make_game, replay
from cardtable.players import PLAYER_KINDS
from cardtable.web import create_app
from cardtable.web.kinds import kinds_for
from cardtable.web.routes.rules import SECTION_REFERENCE

from .helpers import new_table, play, play_out, state, tokens, wait_until


def two_humans(client: TestClient, seed: int = 3) -> tuple[str, list[str]]:
    table = new_table(client, seats=["human", "human"], seed=seed)
    return table["table"], [t for t in tokens(table) if t]


# --- games ---------------------------------------------------------------------------------------
def test_start_page_lists_every_game_and_mode(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "Toy (test game)" in page.text
    for game in client.get("/api/games").json():
        assert game["title"] in page.text
        for mode in game["modes"]:
            words = SECTION_REFERENCE.sub("", mode["description"]).strip()
            assert str(escape(words)) in page.text  # as the template escapes it (Jinja: markupsafe)


def test_the_start_page_is_served_without_the_rulebooks_section_numbers(client: TestClient) -> None:
    """The API keeps a mode's section reference ("(1-2.4)"); the page people read does not."""
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert any("(1-2.4)" in mode["description"] for mode in games["biosphere5"]["modes"])
    page = client.get("/").text
    assert "(1-2.4)" not in page and not SECTION_REFERENCE.search(page)


def test_games_api_describes_options_modes_and_seat_kinds(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    toy = games["toy"]
    assert toy["num_seats"] == 2
    assert [m["name"] for m in toy["modes"]] == ["standard", "short"]
    assert toy["options"][0] == {
        "name": "hand",
        "default": 3,
        "help": "cards dealt to each seat",
        "choices": [2, 3, 4],
        "when": {},
        "unused": {},
    }
    assert toy["seat_kinds"][:2] == ["human", "random"]
    goals = next(o for o in games["race-for-the-galaxy"]["options"] if o["name"] == "goals")
    assert goals["when"] == {"expansion": [1, 2, 3]}  # where it applies
    assert goals["unused"] == {"solo": ["robot"]}  # where it applies but the solitaire game ignores it


def test_setup_gives_seats_for_options(client: TestClient) -> None:
    response = client.get("/api/games/toy/setup", params={"hand": "2"})
    assert response.json() == {
        "game": "toy",
        "options": {"hand": 2},
        "num_seats": 2,
        "seat_names": ["A", "B"],
        "automata": {},
    }


@pytest.mark.parametrize(
    ("path", "status", "error"),
    [
        ("/api/games/nope/setup", 404, "unknown-game"),
        ("/api/games/toy/setup?hand=9", 400, "bad-option"),
        ("/api/games/toy/setup?colour=red", 400, "bad-option"),
        ("/api/games/nope/cards", 404, "unknown-game"),
        ("/api/games/biosphere5/cards?players=7", 400, "bad-option"),
    ],
)
def test_setup_refuses_bad_games_and_options(client: TestClient, path: str, status: int, error: str) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert response.json()["error"] == error


# --- creating tables ------------------------------------------------------------------------------
def test_new_table_gives_a_secret_link_per_human_seat_and_a_spectator_link(client: TestClient) -> None:
    table = new_table(client, seats=["human", "random"], names=["Ada", ""], seed=5, mode="short")
    assert table["options"] == {"hand": 2}
    ada, bot = table["seats"]
    assert ada["name"] == "Ada" and ada["kind"] == "human"
    # the token is in the fragment, which a browser never sends: no server or proxy log keeps it
    assert ada["link"] == f"/t/{table['table']}/seat#{ada['token']}" and len(ada["token"]) >= 24
    assert bot["kind"] == "random" and "token" not in bot and "link" not in bot
    assert table["spectator"] == f"/t/{table['table']}"
    assert client.get(ada["link"]).status_code == 200
    assert client.get(table["spectator"]).status_code == 200


def test_options_override_the_mode(client: TestClient) -> None:
    table = new_table(client, mode="short", options={"hand": 4})
    assert table["options"] == {"hand": 4}
    assert len(state(client, table["table"], tokens(table)[0])["view"]["hand"]) == 4


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"game": "nope"}, 404, "unknown-game"),
        ({"game": "toy", "options": {"hand": 7}}, 400, "bad-option"),
        ({"game": "toy", "options": {"colour": "red"}}, 400, "bad-option"),
        ({"game": "toy", "mode": "long"}, 400, "bad-option"),
        ({"game": "toy", "seats": ["human"]}, 400, "bad-seats"),
        ({"game": "toy", "seats": ["human", "human", "human"]}, 400, "bad-seats"),
        ({"game": "toy", "seats": ["human", "wizard"]}, 400, "bad-seats"),
        ({"game": "toy", "seats": ["human", "human "]}, 400, "bad-seats"),
        ({"game": "toy", "names": ["x" * 41]}, 400, "bad-seats"),
        ({"game": "toy", "names": ["a", "b", "c"]}, 400, "bad-seats"),
        ({"game": "toy", "seed": -1}, 400, "bad-seed"),
        ({"game": "toy", "seed": 2**40}, 400, "bad-seed"),
        ({"game": "toy", "seed": "7"}, 400, "bad-request"),
        ({"game": 5}, 400, "bad-request"),
        ({}, 400, "bad-request"),
        ({"game": "toy", "deck": "stacked"}, 400, "bad-request"),
        ({"game": "toy", "options": {"hand": [3]}}, 400, "bad-request"),
    ],
)
def test_new_table_refuses_bad_requests(client: TestClient, body: dict, status: int, error: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    assert response.json()["error"] == error
    assert response.json()["message"]


def test_new_table_refuses_a_body_that_is_not_json(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"] == "bad-request"


# --- reading a table ------------------------------------------------------------------------------
def test_each_seat_sees_its_own_view_and_spectators_the_public_one(client: TestClient) -> None:
    table_id, (a, b) = two_humans(client)
    game = make_game("toy")
    true_state = game.new_state(3)
    seat_a, seat_b, spectator = (
        state(client, table_id, a),
        state(client, table_id, b),
        state(client, table_id),
    )
    assert seat_a["view"] == game.view(true_state, 0) and seat_a["seat"] == 0
    assert seat_b["view"] == game.view(true_state, 1) and seat_b["seat"] == 1
    assert spectator["view"] == game.view(true_state, None) and spectator["seat"] is None
    assert seat_a["legal"] == [str(x) for x in game.legal_actions(true_state)]
    assert seat_b["legal"] == [] and spectator["legal"] == []
    assert seat_a["decision"] == {"seat": 0, "kind": "move", "prompt": "play a card, draw, or pass"}
    for payload in (seat_a, seat_b, spectator):
        assert a not in str(payload) and b not in str(payload)


@pytest.mark.parametrize("path", ["/api/tables/nope", "/api/tables/" + "x" * 40])
def test_unknown_table_is_404(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.json() == {"error": "unknown-table", "message": "there is no such table"}


def test_wrong_token_is_403(client: TestClient) -> None:
    table_id, _ = two_humans(client)
    response = client.get(f"/api/tables/{table_id}", params={"token": "forged"})
    assert response.status_code == 403
    assert response.json()["error"] == "bad-token"


def test_a_token_opens_only_its_own_table(client: TestClient) -> None:
    _first, (a, _) = two_humans(client)
    second, _ = two_humans(client)
    assert client.get(f"/api/tables/{second}", params={"token": a}).status_code == 403


# --- playing ----------------------------------------------------------------------------------------
def test_a_legal_action_is_played_logged_and_shown(client: TestClient) -> None:
    table_id, (a, b) = two_humans(client)
    seen = state(client, table_id, a)
    first = seen["legal"][0]
    response = play(client, table_id, a, first, 0)
    assert response.status_code == 200
    after = response.json()
    assert after["move"] == 1
    # the toy game narrates nothing: the move reads as the game's sentence for it, the mover's act
    told = {"text": f"{{A}} plays {first.split()[1]}.", "seat": 0}
    line = {"move": 1, "seat": 0, "letter": "A", "action": first, "events": [told]}
    assert after["log"] == [line]
    assert state(client, table_id, b)["decision"]["seat"] == 1


@pytest.mark.parametrize(
    ("action", "move", "who", "status", "error"),
    [
        ("play 9", 0, 0, 400, "illegal"),
        ("fly away", 0, 0, 400, "illegal"),
        ("   ", 0, 0, 400, "bad-request"),
        ("x" * 300, 0, 0, 400, "bad-request"),
        ("draw", 1, 0, 409, "stale"),
        ("draw", -1, 0, 409, "stale"),
        ("draw", 0, 1, 409, "not-your-turn"),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(
    client: TestClient, action: str, move: int, who: int, status: int, error: str
) -> None:
    table_id, seat_tokens = two_humans(client)
    before = [state(client, table_id, t) for t in seat_tokens]
    response = play(client, table_id, seat_tokens[who], action, move)
    assert response.status_code == status, response.text
    assert response.json()["error"] == error
    assert "Traceback" not in response.text
    assert [state(client, table_id, t) for t in seat_tokens] == before


@pytest.mark.parametrize(
    "body",
    [
        {"action": "draw", "move": 0},
        {"token": "T", "move": 0},
        {"token": "T", "action": "draw"},
        {"token": "T", "action": "draw", "move": "0"},
        {"token": "T", "action": "draw", "move": 0.5},
        {"token": "T", "action": ["draw"], "move": 0},
        {"token": "T", "action": "draw", "move": 0, "extra": 1},
    ],
)
def test_malformed_action_bodies_are_400(client: TestClient, body: dict) -> None:
    table_id, (a, _) = two_humans(client)
    body = {k: (a if v == "T" else v) for k, v in body.items()}
    response = client.post(f"/api/tables/{table_id}/actions", json=body)
    assert response.status_code == 400
    assert response.json()["error"] == "bad-request"
    assert state(client, table_id)["move"] == 0


def test_actions_need_a_valid_seat_token(client: TestClient) -> None:
    table_id, _ = two_humans(client)
    assert play(client, table_id, "forged", "draw", 0).status_code == 403
    spectator = play(client, table_id, "", "draw", 0)
    assert spectator.status_code == 403 and spectator.json()["error"] == "spectator"
    assert play(client, "nope", "forged", "draw", 0).status_code == 404
    assert state(client, table_id)["move"] == 0


def test_no_action_after_the_end(client: TestClient) -> None:
    table = new_table(client, seats=["human", "human"], seed=3)
    final = play_out(client, table)
    response = play(client, table["table"], tokens(table)[0], "draw", final["move"])
    assert response.status_code == 409 and response.json()["error"] == "game-over"


# --- bots -------------------------------------------------------------------------------------------
def test_bot_seats_are_played_by_the_server(client: TestClient) -> None:
    table = new_table(client, seats=["human", "random"], seed=11)
    a = tokens(table)[0]
    mine = state(client, table["table"], a)
    assert play(client, table["table"], a, mine["legal"][0], 0).status_code == 200
    after = wait_until(lambda: ((s := state(client, table["table"], a))["move"] >= 2 or s["result"]) and s)
    assert after["log"][1]["seat"] == 1


def test_a_table_of_bots_plays_to_the_end_by_itself(client: TestClient) -> None:
    table = new_table(client, seats=["random", "random"], seed=2)
    final = wait_until(lambda: (s := state(client, table["table"]))["result"] and s)
    assert final["decision"] is None and final["move"] == len(final["log"])


# --- records and replay ---------------------------------------------------------------------------
def test_record_and_replay_are_kept_secret_until_the_end(client: TestClient) -> None:
    table_id, _ = two_humans(client)
    for path in (f"/api/tables/{table_id}/record", f"/api/tables/{table_id}/replay", f"/t/{table_id}/replay"):
        response = client.get(path)
        assert response.status_code == 409, path
    assert client.get(f"/api/tables/{table_id}/record").json()["error"] == "not-over"


def test_the_record_of_a_finished_table_replays_to_its_state(client: TestClient) -> None:
    table = new_table(client, seats=["human", "random"], names=["Ada"], seed=8)
    final = play_out(client, table)
    text = client.get(f"/api/tables/{table['table']}/record")
    assert text.status_code == 200
    assert "attachment" in text.headers["content-disposition"]
    assert text.text.startswith('[Game "toy"]')
    as_json = client.get(f"/api/tables/{table['table']}/record", params={"format": "json"})
    from_json, from_text = Record.load(as_json.text), Record.load(text.text)
    assert from_json.moves == from_text.moves and from_json.seed == from_text.seed == 8
    assert from_json.to_text() == text.text
    match = replay(Record.load(text.text))
    assert match.game.view(match.state, None) == final["view"]
    assert match.result.describe(match.seats) == final["result"]["text"]
    assert [m.action for m in match.moves] == [line["action"] for line in final["log"]]
    bad = client.get(f"/api/tables/{table['table']}/record", params={"format": "pdf"})
    assert bad.status_code == 400


def test_replay_frames_show_every_position_to_every_seat(client: TestClient) -> None:
    table = new_table(client, seats=["random", "random"], seed=4)
    final = wait_until(lambda: (s := state(client, table["table"]))["result"] and s)
    data = client.get(f"/api/tables/{table['table']}/replay").json()
    frames = data["frames"]
    assert len(frames) == final["move"] + 1
    game = make_game("toy")
    start = game.new_state(4)
    assert frames[0]["views"] == [game.view(start, 0), game.view(start, 1)]
    assert frames[0]["last"] is None
    assert frames[-1]["spectator"] == final["view"]
    assert [f["last"]["action"] for f in frames[1:]] == [line["action"] for line in final["log"]]
    assert client.get(f"/t/{table['table']}/replay").status_code == 200


# --- pages and errors -------------------------------------------------------------------------------
def test_pages_refuse_unknown_tables_and_wrong_tokens_with_an_html_error(client: TestClient) -> None:
    table_id, _ = two_humans(client)
    html = {"accept": "text/html"}
    missing = client.get("/t/nope", headers=html)
    assert missing.status_code == 404 and "no such table" in missing.text and "<html" in missing.text
    forged = client.get(f"/t/{table_id}/seat/forged", headers=html)
    assert forged.status_code == 403 and "not valid" in forged.text
    assert client.get("/no/such/page", headers=html).status_code == 404


def test_unknown_routes_and_methods_get_json_errors(client: TestClient) -> None:
    assert client.get("/api/nothing").json()["error"] == "not-found"
    response = client.delete("/api/tables")
    assert response.status_code == 405 and response.json()["error"] == "method-not-allowed"


def test_static_files_are_served(client: TestClient) -> None:
    for name in ("table.js", "render.js", "index.js", "replay.js", "style.css", "hints.json"):
        assert client.get(f"/static/{name}").status_code == 200, name


def test_only_player_kinds_that_can_play_the_game_are_offered(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Clueless:
        name = "clueless"

        def choose(self, observation: object) -> object:
            raise ValueError("no idea how to play")

    monkeypatch.setitem(PLAYER_KINDS, "clueless", lambda seed: Clueless())
    kinds_for.cache_clear()
    try:
        toy = next(g for g in client.get("/api/games").json() if g["name"] == "toy")
        assert "random" in toy["seat_kinds"] and "clueless" not in toy["seat_kinds"]
        response = client.post("/api/tables", json={"game": "toy", "seats": ["human", "clueless"]})
        assert response.status_code == 400 and "cannot play toy" in response.json()["message"]
    finally:
        kinds_for.cache_clear()


def test_fastapi_telemetry_is_on_only_when_the_environment_configures_opentelemetry(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [n for n in os.environ if n.startswith(("OTEL_", "FASTAPI_OTEL_"))]:
        monkeypatch.delenv(name)
    quiet = create_app(db_url)
    assert not quiet._telemetry["tracing"] and not quiet._native_telemetry.enabled()  # type: ignore[attr-defined]
    monkeypatch.setenv("OTEL_SERVICE_NAME", "cardtable")
    assert create_app(db_url)._telemetry["tracing"]  # type: ignore[attr-defined]
