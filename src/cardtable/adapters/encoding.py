"""Observations and legal-action masks as every adapter reads them.

A game declares its observation encoding (`Game.observation_encoding`, written with the toolkit of
`cardtable.core.encoding`); a game that declares none gets `HashedViewEncoding`, so the
adapters work for a newly registered game either way. What an encoding reads is `observed_view`: the
seat's view with the public pending decision. The legal-action mask is generic: a 0/1 vector over
`game.action_space()` (`game.encode`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import numpy as np

from cardtable.core import Game
from cardtable.core.encoding import Encoding, HashedViewEncoding

_CACHE: dict[tuple[str, str], Encoding] = {}


def observation_encoding(game: Game[Any]) -> Encoding:
    """The game's declared encoding (`Game.observation_encoding`), built once per game and options;
    `HashedViewEncoding` for a game that declares none."""
    key = (game.name, game.option_string())
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = game.observation_encoding() or HashedViewEncoding()
    return found


def observed_view(game: Game[Any], state: Any, seat: int | None) -> dict[str, Any]:
    """What an encoding reads: `game.view(state, seat)`, with the pending decision's seat (a number)
    and kind under "decision" where the view does not carry its own. The decision is public (every
    seat reads the same one, and it is the same in every state the seat cannot tell from this one,
    as the conformance suite checks), so this tells the seat nothing it does not know; views leave it
    out only so that interfaces read it from `Game.decision`."""
    view = game.view(state, seat)
    if "decision" not in view:
        decision = game.decision(state)
        public = None if decision is None else {"seat": decision.seat, "kind": decision.kind}
        view = {**view, "decision": public}
    return view


def observe(game: Game[Any], state: Any, seat: int | None) -> np.ndarray:
    """The encoding of what `seat` sees of `state` (`observed_view`: its view and the public decision)."""
    return observation_encoding(game).encode(observed_view(game, state, seat))


_SPACE_SIZES: dict[tuple[str, str], int] = {}


def num_actions(game: Game[Any]) -> int:
    """The size of `game.action_space()` (built once per game and options: a game may build it slowly)."""
    key = (game.name, game.option_string())
    found = _SPACE_SIZES.get(key)
    if found is None:
        found = _SPACE_SIZES[key] = len(game.action_space())
    return found


def action_mask(game: Game[Any], state: Any, dtype: Any = np.int8) -> np.ndarray:
    """1 at every legal action's number in `game.action_space()`, 0 elsewhere."""
    mask = np.zeros(num_actions(game), dtype=dtype)
    for action in game.legal_actions(state):
        mask[game.encode(action)] = 1
    return mask


def view_text(view: Mapping[str, Any]) -> str:
    """A view as one canonical line of JSON (sorted keys): the adapters' observation strings."""
    return msgspec.json.encode(view, order="sorted").decode()


def seat_list(game: Game[Any]) -> list[int]:
    """The seats players take: every seat except those the game plays itself (`Game.automata`)."""
    automata = game.automata()
    return [s for s in range(game.num_seats) if s not in automata]


def mode_cases() -> list[tuple[str, str, dict[str, Any]]]:
    """(game, mode, options) for every registered game in every mode it declares (defaults if none)."""
    from cardtable.core import game_class, game_names

    found: list[tuple[str, str, dict[str, Any]]] = []
    for name in game_names():
        modes: Sequence[Any] = game_class(name).modes
        if not modes:
            found.append((name, "default", {}))
        for mode in modes:
            found.append((name, mode.name, dict(mode.options)))
    return found


__all__ = [
    "action_mask",
    "mode_cases",
    "num_actions",
    "observation_encoding",
    "observe",
    "observed_view",
    "seat_list",
    "view_text",
]
