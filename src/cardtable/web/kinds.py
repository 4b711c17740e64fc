"""Which player kinds can take a seat at a game's table."""

from __future__ import annotations

import functools
import logging

from cardtable.core import make_game
from cardtable.players import PLAYER_KINDS, make_player

log = logging.getLogger(__name__)
#: the check needs one decision, not a strong one: the smallest budget of kinds that take one
PROBE_PARAMETERS = {"ismcts": "2"}


@functools.cache
def kinds_for(game_name: str) -> tuple[str, ...]:
    """The player kinds that can play `game_name`: those that choose a first move of a fresh game.

    Not every kind plays every game (a heuristic player exists only for some), so a table offers
    only the kinds that pass this check, done once per game.
    """
    game = make_game(game_name)
    state = game.new_state(0)
    decision = game.decision(state)
    playable = []
    for kind in PLAYER_KINDS:
        probe = f"{kind}:{PROBE_PARAMETERS[kind]}" if kind in PROBE_PARAMETERS else kind
        try:
            if decision is not None:
                make_player(probe, 0).choose(game.observe(game.clone(state), decision.seat))
        except Exception as err:
            log.info("player kind %s cannot play %s: %s", kind, game_name, err)
            continue
        playable.append(kind)
    return tuple(playable)
