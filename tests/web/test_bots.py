"""Issue 32, fault 4: bots think in pools of processes sized to the machine, a quick lane (random,
heuristic) apart from the slow one (ISMCTS), each lane serving the visitors' addresses in turn; so a quick
bot answers at once whatever other visitors' searching bots do. The fair queue alone, then a real
server with two visitors' searching tables thinking."""

from __future__ import annotations

import contextlib
import json
import statistics
import time
from pathlib import Path

import pytest

from cardtable.web.thinking import FairQueue, lane_of

from .helpers import LiveServer, free_port
from .patience import patience
from .test_crowds import client_from, made, watcher_from


def test_the_fair_queue_serves_addresses_in_turn_and_each_address_in_order() -> None:
    queue: FairQueue[str] = FairQueue()
    for table in range(8):  # a visitor with eight searching tables asks first
        queue.push("198.51.100.1", f"many-{table}")
    queue.push("198.51.100.2", "one")
    queue.push("198.51.100.3", "other")
    order = [queue.pop() for _ in range(4)]
    assert order == ["many-0", "one", "other", "many-1"]  # the others wait one job, not eight
    queue.push("198.51.100.2", "again")  # back in line, behind the address whose turn it is
    assert [queue.pop() for _ in range(len(queue))] == [
        "many-2",
        "again",
        *[f"many-{t}" for t in range(3, 8)],
    ]
    assert queue.pop() is None


def test_quick_and_searching_bots_think_in_lanes_of_their_own() -> None:
    assert lane_of("random") == lane_of("heuristic") == "quick"
    assert lane_of("ismcts") == lane_of("ismcts:200") == "slow"


@pytest.fixture
def busy_server(tmp_path: Path) -> LiveServer:
    server = LiveServer(f"sqlite:///{tmp_path / 'live.db'}", free_port(), log=tmp_path / "server.log")
    server.start()
    return server


def test_a_quick_bot_answers_at_once_while_other_visitors_searching_bots_think(
    busy_server: LiveServer,
) -> None:
    """Two visitors fill the server with 16 tables of searching bots playing each other; a third plays
    against a heuristic bot, whose every turn comes back within 2 s (before: a median of 11.8 s, at
    most 21.5 s)."""
    replies = []
    try:
        with contextlib.ExitStack() as stack:
            for address in ("127.0.0.2", "127.0.0.3"):
                crowd = stack.enter_context(client_from(busy_server, address))
                for _ in range(8):
                    made(crowd, game="biosphere5", seats=["ismcts", "ismcts"])
            time.sleep(2.0)  # the searching bots are thinking now
            me = stack.enter_context(client_from(busy_server, "127.0.0.4"))
            table = made(me, game="biosphere5", seats=["human", "heuristic"], seed=7)  # A starts
            ws = stack.enter_context(watcher_from(busy_server, f"/ws/tables/{table['table']}", "127.0.0.4"))
            json.loads(ws.recv(timeout=patience(10)))
            ws.send(json.dumps({"type": "hello", "token": table["seats"][0]["token"]}))
            latest = json.loads(ws.recv(timeout=patience(10)))
            while len(replies) < 15 and latest["result"] is None:
                assert latest["decision"]["seat"] == 0 and latest["legal"], latest["decision"]
                request = {
                    "type": "action",
                    "action": latest["legal"][0],
                    "move": latest["move"],
                    "ack": "update",
                }
                ws.send(json.dumps(request))
                latest = json.loads(ws.recv(timeout=patience(60)))
                while "ack" not in latest:
                    latest = json.loads(ws.recv(timeout=patience(60)))
                if latest["result"] is None and latest["decision"]["seat"] == 1:  # the bot's turn
                    acknowledged = time.monotonic()
                    while latest["result"] is None and latest["decision"]["seat"] == 1:
                        latest = json.loads(ws.recv(timeout=patience(60)))
                    replies.append(time.monotonic() - acknowledged)
    finally:
        busy_server.stop()
    print(f"heuristic bot turns: median {statistics.median(replies):.3f} s, max {max(replies):.3f} s")
    assert len(replies) >= 10
    assert max(replies) < 2.0, replies
