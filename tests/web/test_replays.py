"""Issue 32, fault 6: a finished game's replay is built once, off the event loop, compact, and each
address may ask for it a few times a minute; sixteen clients looping on a long game's replay neither
slow another table's acknowledgements nor swell the server's memory. A real server on loopback."""

from __future__ import annotations

import json
import statistics
import threading
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from cardtable.core import Match, make_game
from cardtable.players import make_player

from .helpers import LiveServer, free_port, new_table, play, tokens
from .patience import patience

#: Dino Battles with four players, seed 4, random players seeded so: a game of 1,142 moves, whose replay
#: is 27.7 MB of JSON
PLAYERS, SEED = 4, 4


def long_game() -> Match:
    game = make_game("dino-battles", {"players": PLAYERS})
    match = Match(game, SEED)
    players = [make_player("random", SEED * 10 + seat) for seat in range(game.num_seats)]
    while (decision := match.decision) is not None:
        match.apply(players[decision.seat].choose(game.observe(match.state, decision.seat)), validate=False)
    return match


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_sixteen_replay_clients_neither_slow_another_table_nor_swell_the_server(tmp_path: Path) -> None:
    """Each looping client takes the replay as a browser does (gzip) but does not unpack it: the test's
    own processor is the server's, and a browser unpacks on its own machine."""
    limits = {"CARDTABLE_LIMIT_REPLAY_BURST": "10", "CARDTABLE_LIMIT_REPLAY_EVERY": "6"}
    server = LiveServer(
        f"sqlite:///{tmp_path / 'live.db'}", free_port(), log=tmp_path / "server.log", env=limits
    )
    server.start()
    assert server.process is not None
    try:
        finished = long_game()
        assert len(finished.moves) == 1142
        with httpx.Client(base_url=server.url, timeout=patience(30)) as client:
            table = new_table(
                client, "dino-battles", options={"players": PLAYERS}, seats=["human"] * PLAYERS, seed=SEED
            )
            seat_tokens = tokens(table)
            for ply, move in enumerate(finished.moves):
                response = play(client, table["table"], seat_tokens[move.seat], move.action, ply)
                assert response.status_code == 200, response.text
            replay_path = f"/api/tables/{table['table']}/replay"
            first = client.get(replay_path)
            assert first.status_code == 200 and first.headers["content-encoding"] == "gzip"
            frames = first.json()["frames"]
            assert len(frames) == len(finished.moves) + 1
            assert frames[-1]["spectator"] == finished.game.view(finished.state, None)
            assert int(first.headers["content-length"]) < 1_000_000  # compact on the wire: 27.7 MB unzipped
            other = new_table(client, "toy", seats=["human", "human"], seed=3)
        rss_before = rss_mb(server.process.pid)
        stop = threading.Event()
        answers: list[int] = []

        def loop_on_the_replay() -> None:
            with httpx.Client(base_url=server.url, timeout=patience(60)) as looping:
                while not stop.is_set():
                    with looping.stream("GET", replay_path) as response:
                        for _ in response.iter_raw():
                            pass
                    answers.append(response.status_code)

        clients = [threading.Thread(target=loop_on_the_replay) for _ in range(16)]
        for thread in clients:
            thread.start()
        acks = []
        try:
            ws_url = f"{server.url.replace('http', 'ws')}/ws/tables/{other['table']}"
            with connect(ws_url) as first_seat, connect(ws_url) as second_seat:
                sockets = [first_seat, second_seat]
                latest = []
                for ws, token in zip(sockets, tokens(other), strict=True):
                    json.loads(ws.recv(timeout=patience(10)))
                    ws.send(json.dumps({"type": "hello", "token": token}))
                    latest.append(json.loads(ws.recv(timeout=patience(10))))
                started = time.monotonic()
                while time.monotonic() - started < 10:
                    if latest[0]["result"] is not None:
                        break
                    seat = latest[0]["decision"]["seat"]
                    mine = latest[seat]
                    sent = time.perf_counter()
                    request = {
                        "type": "action",
                        "action": mine["legal"][0],
                        "move": mine["move"],
                        "ack": "update",
                    }
                    sockets[seat].send(json.dumps(request))
                    latest[seat] = json.loads(sockets[seat].recv(timeout=patience(30)))
                    acks.append(time.perf_counter() - sent)
                    latest[1 - seat] = json.loads(sockets[1 - seat].recv(timeout=patience(30)))
                    time.sleep(0.2)
            rss_after = rss_mb(server.process.pid)
        finally:
            stop.set()
            for thread in clients:
                thread.join(60)
    finally:
        server.stop()
    print(
        f"acks: p50 {statistics.median(acks) * 1000:.1f} ms, max {max(acks) * 1000:.1f} ms; "
        f"RSS {rss_before:.0f} -> {rss_after:.0f} MB; replays: {answers.count(200)} sent, "
        f"{answers.count(429)} refused"
    )
    assert len(acks) >= 5
    assert max(acks) < 0.5, acks
    assert rss_after - rss_before < 100
    assert set(answers) <= {200, 429} and 429 in answers  # each address may ask a few times a minute


def test_a_record_file_replays_through_the_same_builder_and_a_broken_one_is_refused(tmp_path: Path) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'live.db'}", free_port(), log=tmp_path / "server.log")
    server.start()
    try:
        match = Match(make_game("toy"), 3, ["A", "B"])
        while match.decision is not None and len(match.moves) < 6:
            match.apply(match.legal_actions()[0])
        record = match.record()
        with httpx.Client(base_url=server.url, timeout=patience(30)) as client:
            answer = client.post("/api/replay", content=record.to_text().encode())
            assert answer.status_code == 200, answer.text
            assert len(answer.json()["frames"]) == len(record.moves) + 1
            plain = client.post(
                "/api/replay", content=record.to_text().encode(), headers={"accept-encoding": "identity"}
            )
            assert "content-encoding" not in plain.headers and plain.json() == answer.json()
            broken = record.to_text().replace(record.moves[1].action, "play 99", 1)
            refused = client.post("/api/replay", content=broken.encode())
            assert refused.status_code == 400 and "does not replay" in refused.json()["message"]
    finally:
        server.stop()
