"""What the conformance tests share: the cases (every registered game x every mode) and playouts.

A case's random playouts are played once per test process and cached as their actions; each test then
examines the states they went through, replayed when it asks (`Playout.states`). Budget: a few seconds
per game mode for the whole suite.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.core import Action, Game, Match, Rng, game_class, game_names, make_game, mix_seed
from cardtable.players import RandomPlayer

#: seeds of the random playouts every case plays
PLAYOUT_SEEDS = tuple(range(10))
#: how many playouts, and how many states of each, the expensive checks examine
DEEP_PLAYOUTS = 4
STATES_PER_PLAYOUT = 8


@dataclass(frozen=True)
class Case:
    """One game in one of its modes."""

    game: str
    mode: str
    options: tuple[tuple[str, Any], ...]

    def make(self) -> Game[Any]:
        return make_game(self.game, dict(self.options))

    @property
    def id(self) -> str:
        return f"{self.game}-{self.mode}".replace(" ", "_")


def all_cases() -> list[Case]:
    """Every registered game in every mode it declares (its default options if none)."""
    found = []
    for name in game_names():
        modes = [(m.name, tuple(sorted(m.options.items()))) for m in game_class(name).modes]
        for mode, options in modes or [("default", ())]:
            found.append(Case(name, mode, options))
    return found


CASES = [pytest.param(case, id=case.id) for case in all_cases()]


@dataclass
class Playout:
    """A finished random game: its seed, the actions taken and the finished match.

    `states` replays every state on the way: `states[k]` is the state before `actions[k]`, and
    `states[-1]` is the final state. They are not kept: every state of the 10 playouts of every case,
    cached for the whole run, grew a test process to 2-3 GB (4-player Dino Battles alone held 0.5 GB),
    while replaying a playout costs about as much as playing it (0.3 s CPU for 2,600 actions).
    """

    game: Game[Any]
    seed: int
    actions: list[Action]
    match: Match

    @property
    def states(self) -> list[Any]:
        """A copy of every state of the game, from the set-up to the end (replayed from the seed)."""
        state = self.game.new_state(self.seed)
        states = [self.game.clone(state)]
        for action in self.actions:
            self.game.apply(state, action, validate=False)
            states.append(self.game.clone(state))
        return states

    @property
    def final(self) -> Any:
        """A copy of the final state."""
        return self.game.clone(self.match.state)

    def sample(self, count: int = STATES_PER_PLAYOUT) -> list[Any]:
        """`count` states spread evenly over the game, the first and the last included."""
        states = self.states
        if len(states) <= count:
            return states
        step = (len(states) - 1) / (count - 1)
        return [states[round(i * step)] for i in range(count)]


def play_random(game: Game[Any], seed: int) -> Playout:
    """Play `game` from `seed` with random players (validated moves).

    A game still going after its declared `max_actions` is taken not to end (each game's RULES.md,
    "Game length", says how likely a random game is to get there)."""
    players = [RandomPlayer(Rng(mix_seed(seed, seat))) for seat in range(game.num_seats)]
    match = Match(game, seed, [p.name for p in players])
    actions: list[Action] = []
    limit = game.max_actions
    while (decision := match.decision) is not None:
        assert len(actions) < limit, f"{game.name} seed {seed}: no end after {limit} actions"
        action = players[decision.seat].choose(game.observe(match.state, decision.seat))
        match.apply(action)
        actions.append(action)
    return Playout(game, seed, actions, match)


@functools.cache
def game_of(case: Case) -> Game[Any]:
    return case.make()


@functools.cache
def playouts(case: Case) -> tuple[Playout, ...]:
    game = game_of(case)
    return tuple(play_random(game, seed) for seed in PLAYOUT_SEEDS)


@functools.cache
def deep_states(case: Case) -> list[Any]:
    """The states the expensive checks examine: spread over the first DEEP_PLAYOUTS playouts."""
    return [state for playout in playouts(case)[:DEEP_PLAYOUTS] for state in playout.sample()]


@functools.cache
def kind_states(case: Case) -> list[Any]:
    """For each kind of decision the playouts meet, the first state that asks it and the state just
    before it: a leak often hides in the move that opens a rare decision (a catastrophe's answer, an
    attack's reaction window), which evenly spread states may never reach."""
    game = game_of(case)
    found: list[Any] = []
    for playout in playouts(case)[:DEEP_PLAYOUTS]:
        met: set[str] = set()
        for before, state in itertools.pairwise(playout.states):
            decision = game.decision(state)
            if decision is not None and decision.kind not in met:
                met.add(decision.kind)
                found += [before, state]
    return found


def hidden_information_states(case: Case) -> list[Any]:
    """The states the checks of hidden information examine: spread over the game, and around the
    first asking of every kind of decision."""
    return deep_states(case) + kind_states(case)


def without_rng(game: Game[Any], state: Any) -> str:
    """The state's JSON with its random generator zeroed (to compare only the cards)."""
    copy = game.clone(state)
    if hasattr(copy, "rng"):
        copy.rng = Rng(0)
    return game.to_json(copy)
