"""Issue 31, the coach without a browser: "What would you play?" answers a person's own decision with the
best player's suggestion, its chance and the two next-best moves, within the budget, from that seat's
view only; it is refused (and nothing changes) where not every person seated allows it, for a spectator,
for another seat's decision, after the game, and too often; the record names the seats that asked."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.core import BadRecord, Observation, Record, game_class
from cardtable.web import coach, create_app
from cardtable.web.limits import Limits
from cardtable.web.tables import Tables

from .helpers import new_table, play_out, state, tokens, wait_until

SOLO = {"game": "biosphere5", "options": {"solo": "machine", "level": 0}, "seats": ["human", "automaton"]}


def ask(client: TestClient, table: str, token: str | None) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(f"/api/tables/{table}/coach", headers=headers)


def allow(client: TestClient, table: str, token: str, yes: bool = True) -> dict[str, Any]:
    response = client.post(f"/api/tables/{table}/coach/allow", json={"token": token, "allow": yes})
    assert response.status_code == 200, response.text
    return response.json()


def two_people(client: TestClient) -> tuple[str, tuple[str, str]]:
    """A two-person Biosphere 5 table: its id, and the tokens of the seat deciding first and the other."""
    table = new_table(client, "biosphere5", seats=["human", "human"], seed=11)
    first = state(client, table["table"])["decision"]["seat"]
    people = tokens(table)
    return table["table"], (people[first], people[1 - first])  # type: ignore[return-value]


@pytest.fixture
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shorter budget for the tests that are not about the time (the one that is keeps 2 s)."""
    monkeypatch.setattr(coach, "BUDGET", 0.7)
    monkeypatch.setattr(coach, "MARGIN", 0.3)


def test_a_solo_person_who_allows_the_coach_gets_its_suggestions_within_the_budget(
    client: TestClient,
) -> None:
    table = new_table(client, ask_every_window=False, seed=5, **SOLO)
    table_id, (token, _) = table["table"], tokens(table)
    before = state(client, table_id, token)
    assert before["coach"] == {"open": False, "allowed": [], "used": False}  # off by default
    assert allow(client, table_id, token)["coach"] == {"open": True, "allowed": [0], "used": False}
    response = ask(client, table_id, token)
    assert response.status_code == 200, response.text
    answer = response.json()
    figures = f"{answer['seconds']:.2f} s, {answer['iterations']} iterations, chance {answer['chance']:.2f}"
    print(f"\ncoach: {figures}")
    assert answer["seconds"] <= coach.BUDGET  # the server's own clock, from the request to the answer
    assert answer["move"] == before["move"]
    moves = [move["action"] for move in answer["moves"]]
    assert len(moves) == 3 and len(set(moves)) == 3  # the suggestion and the two next-best
    assert set(moves) <= set(before["legal"])  # only the asker's legal moves
    visits = [move["visits"] for move in answer["moves"]]
    assert visits == sorted(visits, reverse=True) and visits[0] > 0
    assert 0 <= answer["chance"] <= 1 and all(0 <= move["chance"] <= 1 for move in answer["moves"])
    assert answer["iterations"] >= sum(visits)
    after = state(client, table_id, token)
    assert after["move"] == before["move"] and after["coach"]["used"]  # asking moves nothing


def test_the_coach_searches_the_askers_observation_only(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, quick_coach: None
) -> None:
    """The search gets the asking seat's Observation (as a bot seat does), and every sample it draws is a
    determinisation of that seat's view: never a state sampled from another seat's hand."""
    table_id, (a, b) = two_people(client)
    for token in (a, b):
        allow(client, table_id, token)
    observed: list[Observation[Any]] = []
    sampled: list[int] = []
    observe, determinize = coach.observe, game_class("biosphere5").determinize

    def spy_observe(*args: Any) -> Observation[Any]:
        observed.append(observe(*args))
        return observed[-1]

    def spy_determinize(self: Any, state: Any, seat: int, rng: Any) -> Any:
        sampled.append(seat)
        return determinize(self, state, seat, rng)

    monkeypatch.setattr(coach, "observe", spy_observe)
    monkeypatch.setattr(game_class("biosphere5"), "determinize", spy_determinize)
    seen = state(client, table_id, a)
    asker = seen["seat"]
    answer = ask(client, table_id, a).json()
    assert [o.seat for o in observed] == [asker]
    assert observed[0].view == seen["view"]  # the bot's input is the seat's view, as the table shows it
    assert sampled and set(sampled) == {asker}
    assert {move["action"] for move in answer["moves"]} <= set(seen["legal"])


def test_the_coach_is_refused_where_it_may_not_answer_and_nothing_changes(
    client: TestClient, quick_coach: None
) -> None:
    table_id, (a, b) = two_people(client)

    def refused(token: str | None, status: int, code: str) -> None:
        before = state(client, table_id, a)
        response = ask(client, table_id, token)
        assert (response.status_code, response.json()["error"]) == (status, code), response.text
        assert state(client, table_id, a) == before

    refused(a, 403, "coach-off")  # nobody allowed it
    allow(client, table_id, a)
    refused(a, 403, "coach-off")  # B has not
    refused(None, 403, "spectator")
    allow(client, table_id, b)
    refused(b, 409, "not-your-decision")  # A decides: B's coach says nothing of it
    assert ask(client, table_id, a).status_code == 200
    allow(client, table_id, b, yes=False)  # B takes it back: off again
    refused(a, 403, "coach-off")
    bad = client.post(f"/api/tables/{table_id}/coach/allow", json={"token": b, "allow": "yes"})
    assert bad.status_code == 400
    table_now = client.app.state.server.tables.get(table_id)  # type: ignore[attr-defined]
    assert table_now.coached == {state(client, table_id, a)["seat"]}


def test_asking_too_often_is_rate_limited(db_url: str) -> None:
    """Every question counts against the address's rate (`Limits.coach_burst`), refused ones too."""
    limits = Limits.relaxed(bot_workers=0, coach_burst=3, coach_every=60)
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as client:
        table_id, (a, _) = two_people(client)
        codes = [ask(client, table_id, a).status_code for _ in range(4)]
        assert codes == [403, 403, 403, 429]
        assert "questions to the coach" in ask(client, table_id, a).json()["message"]


def test_the_coach_over_the_websocket_and_in_the_record(client: TestClient, quick_coach: None) -> None:
    table = new_table(client, ask_every_window=False, seed=5, **SOLO)
    table_id, (token, _) = table["table"], tokens(table)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": token})
        first = socket.receive_json()
        socket.receive_json() if first["seat"] is None else None  # the hello's own state
        socket.send_json({"type": "coach", "id": 1})
        error = socket.receive_json()
        assert (error["type"], error["error"], error["id"]) == ("error", "coach-off", 1)
        socket.send_json({"type": "allow-coach", "allow": True})
        assert socket.receive_json()["coach"]["open"]
        socket.send_json({"type": "coach", "id": 2})
        answer = socket.receive_json()
        assert (answer["type"], answer["id"]) == ("coach", 2)
        assert {move["action"] for move in answer["moves"]} <= set(
            first["legal"] or state(client, table_id, token)["legal"]
        )
    server = client.app.state.server  # type: ignore[attr-defined]
    text = server.tables.get(table_id).record().to_text()
    assert '[Coach "A"]' in text
    server.tables.live.pop(table_id)  # read again from the database: the choices and the use are kept
    again = server.tables.get(table_id)
    assert (again.coach_allowed, again.coached) == ({0}, {0})
    assert Record.from_text(text).coached == [0]


def test_the_record_header_round_trips_and_old_records_still_parse() -> None:
    record = Record("biosphere5", "0.1", {"players": "2"}, 7, ["you", "bot"], coached=[0, 1])
    text = record.to_text()
    assert '[Coach "A, B"]' in text
    assert Record.from_text(text) == record and Record.from_json(record.to_json()) == record
    old = Record("biosphere5", "0.1", {"players": 2}, 7, ["you", "bot"])
    assert "Coach" not in old.to_text() and "coached" not in old.to_json()
    assert Record.from_text(old.to_text()).coached == [] and Record.from_json(old.to_json()).coached == []
    with pytest.raises(BadRecord, match="Coach header names 'AB'"):
        Record.from_text(text.replace('"A, B"', '"AB"'))


def test_a_finished_games_record_and_replay_name_the_seat_that_asked(
    client: TestClient, quick_coach: None
) -> None:
    table = new_table(client, "toy", seats=["human", "random"], seed=3, ask_every_window=False)
    table_id, (token, _) = table["table"], tokens(table)
    allow(client, table_id, token)
    wait_until(lambda: state(client, table_id, token)["legal"])  # the random bot may move first
    assert ask(client, table_id, token).status_code == 200
    play_out(client, table)
    text = client.get(f"/api/tables/{table_id}/record").text
    assert '[Coach "A"]' in text.splitlines()[6]  # after the Result header
    assert client.get(f"/api/tables/{table_id}/record", params={"format": "json"}).json()["coached"] == [0]
    assert client.get(f"/api/tables/{table_id}/replay").json()["coached"] == [0]
    assert client.post("/api/replay", content=text.encode()).json()["coached"] == [0]
    plain = text.replace('[Coach "A"]\n', "")
    assert client.post("/api/replay", content=plain.encode()).json()["coached"] == []


def test_a_copy_of_the_table_in_another_process_reads_the_seats_choices_again(client: TestClient) -> None:
    """Several server processes share PostgreSQL: the coach reads the seats' choices again before it
    answers (`Tables.read_coach`), so a seat that withdrew its allowance in another process is heeded."""
    table_id, (a, b) = two_people(client)
    server = client.app.state.server  # type: ignore[attr-defined]
    twin = Tables(server.engine)  # another process's view of the same database
    copy = twin.get(table_id)
    for token in (a, b):
        allow(client, table_id, token)
    assert not copy.coach_open
    twin.read_coach(copy)
    assert copy.coach_open and copy.coached == set()
    allow(client, table_id, b, yes=False)
    twin.read_coach(copy)
    assert not copy.coach_open
