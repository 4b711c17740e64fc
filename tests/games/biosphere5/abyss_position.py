"""Exact positions of The Abyss (section 3): the basic position plus doom levels and leader tiers."""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.core import texts
from cardtable.games.biosphere5.abyss import AbyssGame
from cardtable.games.biosphere5.state import State

from .position import position

LEADERS = ("strategist", "commander", "fighter", "believer")


def abyss_position(
    players: int = 2,
    *,
    doom: Mapping[int, int] | None = None,
    tiers: Mapping[int, Mapping[str, int]] | None = None,
    **kwargs: object,
) -> tuple[AbyssGame, State]:
    """`position(...)` with The Abyss: `doom[s]` and `tiers[s][leader]` set as given (else 0)."""
    game, state = position(players, abyss=True, **kwargs)  # type: ignore[arg-type]
    assert isinstance(game, AbyssGame) and state.abyss is not None
    for seat, level in (doom or {}).items():
        state.abyss.doom[seat] = level
    for seat, ranks in (tiers or {}).items():
        for leader, tier in ranks.items():
            state.abyss.tiers[seat][LEADERS.index(leader)] = tier
    game.check_invariants(state)
    return game, state


def pass_move(game: AbyssGame, state: State) -> None:
    """Spend a move on refreshing the face-up cards (or taking from the pile) to move the turn on."""
    game.apply(state, "refresh" if state.boards[state.order[state.turn]].faceup else "take pile")


def doom(state: State) -> list[int]:
    assert state.abyss is not None
    return list(state.abyss.doom)


def show_strength(game: AbyssGame, state: State, ability: str) -> None:
    """Play Shown Strength (3.3) and use `ability`: chosen if there is a choice, else it applies at once."""
    game.apply(state, "play better-leadership lower")
    if game.decision(state).kind == "strength":
        game.apply(state, f"ability {ability}")
    name = game.abilities[ability][1].name
    assert any(e.endswith(f"shows strength: {name}") for e in texts(state.events)), f"{ability} was not used"
