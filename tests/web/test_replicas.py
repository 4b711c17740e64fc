"""Issue 32, faults 1 and 7: two server processes on one PostgreSQL database. A take-back racing a move
(one through each process) never leaves a gap in the stored moves nor an unplayable table, over HTTP
and over the browser's WebSocket protocol; and a table that expires is gone from every process, its
watchers told. Real server processes on loopback, a real PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardtable import __version__
from cardtable.core import Move, Record, TakeBack, make_game, replay

from .helpers import LiveServer, free_port, new_table, play, run_apart, state, tokens, wait_until
from .patience import patience
from .test_postgres import BIN, postgres  # noqa: F401  (the PostgreSQL server fixture)
from .test_processes import fresh_database

pytestmark = pytest.mark.skipif(BIN is None, reason="no PostgreSQL server binaries (Debian's postgresql)")

#: Biosphere 5, seed 1: seat A's first turn; its last move (a discard) shows nothing and passes the
#: decision to B, so A may take it back until B acts
SEED = 1
FIRST_TURN = ["take pile", "take2", "take pile", "take pile", "discard peace-treaty", "discard storm-cellar"]
RACES = 200


def servers_on(
    url: str, tmp_path: Path, count: int = 2, env: dict[str, str] | None = None
) -> list[LiveServer]:
    servers = [LiveServer(url, free_port(), log=tmp_path / f"server{i}.log", env=env) for i in range(count)]
    for server in servers:
        server.start()
    return servers


@pytest.fixture
def two(postgres: str, tmp_path: Path) -> Iterator[tuple[str, LiveServer, LiveServer]]:  # noqa: F811
    url = fresh_database(postgres)
    servers = servers_on(url, tmp_path)
    try:
        yield url, servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()


def stored(url: str, table_id: str) -> Record:
    """The table as the database holds it, as a record (its moves and take-backs)."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as connection:
        header = connection.execute(
            text("select game, options, seed from tables where id = :t"), {"t": table_id}
        ).one()
        moves = connection.execute(
            text("select ply, seat, action from moves where table_id = :t order by ply"), {"t": table_id}
        ).all()
        taken = connection.execute(
            text("select at, seat, actions from takebacks where table_id = :t order by number"),
            {"t": table_id},
        ).all()
    engine.dispose()
    assert [ply for ply, _, _ in moves] == list(range(1, len(moves) + 1)), f"a gap in the moves: {moves}"
    return Record(
        game=header.game,
        engine=__version__,
        options=dict(header.options),
        seed=header.seed,
        seats=["A", "B"],
        moves=[Move(seat, action) for _, seat, action in moves],
        undone=[TakeBack(at, seat, list(actions)) for at, seat, actions in taken],
    )


def check_playable(url: str, clients: list[httpx.Client], table_id: str, seat_tokens: list[Any]) -> None:
    """The stored moves replay; every process serves that position; each plays a move on it."""
    for _ in range(2):
        record = stored(url, table_id)
        expected = replay(record)  # raises BadRecord when the stored moves do not replay
        game = expected.game
        for client in clients:
            plies = len(record.moves)
            wait_until(lambda c=client, n=plies: state(c, table_id)["move"] == n, timeout=10)
            for seat, token in enumerate(seat_tokens):
                mine = state(client, table_id, token)
                assert mine["view"] == game.view(expected.state, seat)
        decision = expected.decision
        assert decision is not None
        mover = clients[len(record.moves) % 2]
        token = seat_tokens[decision.seat]
        mine = state(mover, table_id, token)
        response = play(mover, table_id, token, mine["legal"][0], mine["move"])
        assert response.status_code == 200, response.text


def ready_to_race(client: httpx.Client) -> tuple[str, list[Any]]:
    """A table where seat A has just ended its first turn: A may take its last move back, B may move."""
    table = new_table(client, "biosphere5", seats=["human", "human"], seed=SEED)
    table_id, seat_tokens = table["table"], tokens(table)
    for move, action in enumerate(FIRST_TURN):
        assert play(client, table_id, seat_tokens[0], action, move).status_code == 200
    return table_id, seat_tokens


#: one race: (process 1, process 2, table, A's token, B's token, B's move) -> the two answers' outcomes
Race = Callable[[LiveServer, LiveServer, str, str, str, str], tuple[Any, Any]]


def race_again_and_again(two: tuple[str, LiveServer, LiveServer], race: Race) -> Counter[tuple[Any, Any]]:
    """`RACES` races in a row, each on a table made for it, then every table checked (`check_playable`);
    how many races ended each way. No server logged a traceback."""
    url, one, other = two
    with (
        httpx.Client(base_url=one.url, timeout=patience(20)) as on_one,
        httpx.Client(base_url=other.url, timeout=patience(20)) as on_two,
    ):
        outcomes: Counter[tuple[Any, Any]] = Counter()
        made = []
        for _ in range(RACES):
            table_id, (a, b) = ready_to_race(on_one)
            b_move = state(on_one, table_id, b)["legal"][0]  # process 1 holds the table
            assert state(on_two, table_id, a)["can_undo"]  # and process 2 too
            outcomes[race(one, other, table_id, a, b, b_move)] += 1
            made.append((table_id, [a, b]))
        for table_id, seat_tokens in made:
            check_playable(url, [on_one, on_two], table_id, seat_tokens)
    for server in (one, other):
        assert "Traceback" not in server.log.read_text(errors="replace")
    return outcomes


def _http_race(
    one: LiveServer, other: LiveServer, table_id: str, a: str, b: str, b_move: str
) -> tuple[int, int]:
    """Seat A's take-back sent to process 2 as seat B's move is sent to process 1: their statuses."""

    async def race() -> Any:
        async with (
            httpx.AsyncClient(base_url=one.url, timeout=patience(20)) as first,
            httpx.AsyncClient(base_url=other.url, timeout=patience(20)) as second,
        ):
            return await asyncio.gather(
                second.post(f"/api/tables/{table_id}/undo", json={"token": a, "move": 6}),
                first.post(f"/api/tables/{table_id}/actions", json={"token": b, "action": b_move, "move": 6}),
            )

    taken, moved = run_apart(race())
    assert sorted((taken.status_code, moved.status_code)) == [200, 409], (taken.text, moved.text)
    return taken.status_code, moved.status_code


def test_take_backs_racing_moves_over_http_leave_every_table_playable(
    two: tuple[str, LiveServer, LiveServer],
) -> None:
    print("HTTP races (take-back, move):", race_again_and_again(two, _http_race))


def _ws_race(
    one: LiveServer, other: LiveServer, table_id: str, a: str, b: str, b_move: str
) -> tuple[str, str]:
    """Seat A sends `undo` to process 2 while seat B sends its move to process 1, as the browser does
    (`"ack": "update"`): what each is answered ("ack", or the error's code)."""

    async def seat(server: LiveServer, token: str, message: dict[str, Any]) -> Any:
        async with websockets.connect(f"{server.url.replace('http', 'ws')}/ws/tables/{table_id}") as ws:
            await ws.recv()
            await ws.send(json.dumps({"type": "hello", "token": token}))
            first = json.loads(await ws.recv())
            assert first["move"] == 6
            greeted.append(token)
            if len(greeted) == 2:
                gate.set()
            await gate.wait()
            await ws.send(json.dumps({**message, "ack": "update", "id": 1}))
            while True:
                answer = json.loads(await asyncio.wait_for(ws.recv(), 20))
                if answer["type"] == "error" or "ack" in answer:
                    return "ack" if "ack" in answer else answer["error"]

    async def race() -> Any:
        return await asyncio.gather(
            seat(other, a, {"type": "undo", "move": 6}),
            seat(one, b, {"type": "action", "action": b_move, "move": 6}),
        )

    gate, greeted = asyncio.Event(), []  # both send once both sockets are open and greeted
    taken, moved = run_apart(race())
    assert sorted((taken, moved)) != ["ack", "ack"], (taken, moved)
    return taken, moved


def test_take_backs_racing_moves_over_websockets_leave_every_table_playable(
    two: tuple[str, LiveServer, LiveServer],
) -> None:
    print("WebSocket races (take-back, move):", race_again_and_again(two, _ws_race))


def test_an_expired_table_is_gone_from_every_process_and_its_watchers_are_told(
    postgres: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Fault 7: whichever process deletes an expired table, every other one forgets it: its seat's
    WebSocket is closed with 4410 'expired', and its GET answers 404."""
    url = fresh_database(postgres)
    servers = servers_on(url, tmp_path, env={"CARDTABLE_LIMIT_TABLE_TTL": "3"})
    one, other = servers
    try:
        with (
            httpx.Client(base_url=one.url, timeout=patience(10)) as on_one,
            httpx.Client(base_url=other.url, timeout=patience(10)) as on_two,
        ):
            tables = [new_table(on_one, "toy", seats=["human", "human"], seed=s) for s in range(6)]
            with contextlib.ExitStack() as stack:
                sockets = []
                for index, table in enumerate(tables):
                    server = (one, other)[index % 2]  # each process holds some of them, watched
                    url = f"{server.url.replace('http', 'ws')}/ws/tables/{table['table']}"
                    ws = stack.enter_context(connect(url))
                    ws.send(json.dumps({"type": "hello", "token": tokens(table)[0]}))
                    sockets.append(ws)
                    assert state(on_one, table["table"])["move"] == state(on_two, table["table"])["move"] == 0
                for ws in sockets:
                    json.loads(ws.recv(timeout=patience(10)))
                for ws in sockets:
                    with pytest.raises(ConnectionClosed) as closed:
                        while True:
                            ws.recv(timeout=patience(20))
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
            for table in tables:
                for client in (on_one, on_two):
                    assert client.get(f"/api/tables/{table['table']}").status_code == 404
                    response = play(client, table["table"], tokens(table)[0], "draw", 0)
                    assert response.status_code == 404, response.text
    finally:
        for server in servers:
            server.stop()


def test_a_move_stored_as_the_table_expires_is_refused_not_lost(
    two: tuple[str, LiveServer, LiveServer],
) -> None:
    """A move can never be stored for a table another process has just deleted (it would be acknowledged
    and then vanish): the move's statement finds no table and the move is refused 404."""
    url, one, _ = two
    with httpx.Client(base_url=one.url, timeout=patience(10)) as on_one:
        table = new_table(on_one, "toy", seats=["human", "human"], seed=3)
        a = tokens(table)[0]
        legal = state(on_one, table["table"], a)["legal"]
        engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
        with engine.begin() as connection:  # as another process's expiry would
            for name in ("moves", "takebacks", "seats"):
                connection.execute(text(f"delete from {name} where table_id = :t"), {"t": table["table"]})
            connection.execute(text("delete from tables where id = :t"), {"t": table["table"]})
        engine.dispose()
        time.sleep(0.2)
        response = play(on_one, table["table"], a, legal[0], 0)
        assert response.status_code in (404, 410), response.text
        assert on_one.get(f"/api/tables/{table['table']}").status_code == 404


def test_the_game_in_these_tests_gives_seat_a_a_take_back_after_its_first_turn() -> None:
    game = make_game("biosphere5")
    position = game.new_state(SEED)
    for action in FIRST_TURN:
        game.apply(position, action)
    decision = game.decision(position)
    assert decision is not None and decision.seat == 1
