"""Leak audit: for random tables of every registered game and mode, nothing sent to a seat reveals what
another seat holds hidden, no message carries a seat token, and the log shows each viewer exactly what
the game says that viewer reads of each move (`Game.describe`)."""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.core import Action, Game, Rng, game_class, game_names, make_game

from .helpers import new_table, tokens, whole

MAX_MOVES = 30
SAMPLES = 1


def tables_to_audit() -> list[tuple[str, str | None]]:
    cases: list[tuple[str, str | None]] = []
    for name in game_names():
        modes = game_class(name).modes
        cases += [(name, mode.name) for mode in modes] if modes else [(name, None)]
    return cases


def strings(value: Any) -> set[str]:
    """Every string in a JSON value (dict keys too), and each word of them (log lines are notation)."""
    found: set[str] = set()
    if isinstance(value, str):
        found |= {value, *value.split()}
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= strings(key) | strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= strings(item)
    return found


def hidden_from(game: Game[Any], state: Any, viewer: int | None, rng: Rng, seen: set[str]) -> set[str]:
    """Strings another seat sees that `viewer` cannot know: they change when `viewer` resamples the
    hidden part of the state (determinize), and no view `viewer` had so far (`seen`) showed them."""
    observers = [viewer] if viewer is not None else list(range(game.num_seats))
    own = seen
    secret: set[str] = set()
    for other in range(game.num_seats):
        if other == viewer:
            continue
        theirs = strings(game.view(state, other))
        for observer in observers:
            if observer == other:
                continue
            for _ in range(SAMPLES):
                sample = game.determinize(state, observer, rng.fork())
                secret |= theirs - strings(game.view(sample, other))
    # a card the viewer saw taken is known even where the view names it in words ("Storm Cellar")
    known = " ".join(_normal(text) for text in own)
    return {text for text in secret - own if _normal(text) not in known}


def _normal(text: str) -> str:
    return "-".join(text.lower().replace("_", "-").split())


@dataclass
class Watcher:
    viewer: int | None
    socket: Any
    received: list[dict[str, Any]]


@pytest.mark.parametrize(("game_name", "mode"), tables_to_audit())
def test_no_payload_leaks_another_seats_hidden_cards(
    client: TestClient, game_name: str, mode: str | None
) -> None:
    options = {m.name: m.options for m in game_class(game_name).modes}.get(mode, {}) if mode else {}
    game = make_game(game_name, options)
    seats = game.num_seats
    table = new_table(client, game_name, mode=mode, seats=["human"] * seats, seed=len(game_name) * 7 + seats)
    seat_tokens = [t for t in tokens(table) if t]
    by_seat = dict(enumerate(tokens(table)))
    table_id = table["table"]
    chooser = random.Random(f"{game_name}/{mode}")
    rng = Rng(99)
    watchers: list[Watcher] = []
    sockets = []
    # every seat a person takes (a seat the game plays itself, like the Machine, has no link), and a spectator
    for viewer in [*(s for s in range(seats) if by_seat[s]), None]:
        path = f"/ws/tables/{table_id}" + (f"?token={by_seat[viewer]}" if viewer is not None else "")
        socket = client.websocket_connect(path)
        sockets.append(socket)
        watchers.append(Watcher(viewer, socket.__enter__(), []))
    try:
        for watcher in watchers:
            watcher.received.append(watcher.socket.receive_json())
        actions: list[str] = []
        for _ in range(MAX_MOVES):
            latest = watchers[-1].received[-1]
            if latest["decision"] is None:
                break
            mover = next(w for w in watchers if w.viewer == latest["decision"]["seat"])
            action = chooser.choice(mover.received[-1]["legal"])
            actions.append(action)
            mover.socket.send_json({"type": "action", "action": action, "move": latest["move"]})
            for watcher in watchers:  # each update made whole with the lines the watcher holds
                watcher.received.append(whole(watcher.socket.receive_json(), watcher.received[-1]))
            assert mover.socket.receive_json()["type"] == "ack"
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)

    state = game.new_state(table_seed(client, table_id, seat_tokens))
    states = [game.clone(state)]
    for action in actions:
        game.apply(state, action)
        states.append(game.clone(state))

    @functools.cache
    def told(ply: int, viewer: int | None) -> str | None:
        """What the game says `viewer` reads of move `ply`."""
        return game.describe(states[ply - 1], Action.parse(actions[ply - 1]), viewer)

    for watcher in watchers:
        seen: set[str] = set()  # what this viewer was shown by the game so far: once known, known
        for message in watcher.received:
            raw = json.dumps(message)
            assert all(token not in raw for token in seat_tokens), "a seat token was sent"
            at = states[message["move"]]
            seen |= strings(game.view(at, watcher.viewer))
            assert message["view"] == game.view(at, watcher.viewer)
            decision = game.decision(at)
            mine = decision is not None and decision.seat == watcher.viewer
            assert message["legal"] == ([str(a) for a in game.legal_actions(at)] if mine else [])
            if message["result"] is None:
                for line in message["log"]:
                    who, ply = watcher.viewer, line["move"]
                    assert line["action"] == (told(ply, who) or ""), f"{game_name}: {who} reads move {ply}"
                    seen.add(line["action"])  # what the game says the viewer reads of a move, it knows
                shown = {line["move"] for line in message["log"]}
                left_out = [p for p in range(1, message["move"] + 1) if p not in shown]
                assert all(told(p, watcher.viewer) is None for p in left_out), "a move left out of the log"
            leaked = hidden_from(game, at, watcher.viewer, rng, seen) & strings(message)
            assert not leaked, (
                f"{game_name}: seat {watcher.viewer} was sent hidden {sorted(leaked)[:5]} at move "
                f"{message['move']}: {[line for line in message['log'] if set(str(line).split()) & leaked]}"
                f" {raw[:3000]}"
            )


def table_seed(client: TestClient, table_id: str, seat_tokens: list[str]) -> int:
    """The seed, read from the server's own table (it is never sent to a browser before the end)."""
    server = client.app.state.server
    return server.tables.get(table_id).match.seed
