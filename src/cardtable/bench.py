"""Benchmark: random playouts per game and mode on one core, beside OpenSpiel's C++ crazy_eights.

Both sides run in the same harness: a Python loop that lists the legal actions, picks one with a
seeded `Rng`, and applies it. Our games run with `validate=False` (the pick is always legal), the
games come from fixed seeds, and only player decisions count as actions (OpenSpiel's chance nodes,
the deal, are sampled and applied but not counted; our games shuffle inside the state).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from .core import Game, Rng, game_class, make_game, mix_seed

BENCH_SEED = 20240601
OPENSPIEL_GAME = "crazy_eights"


@dataclass(frozen=True)
class BenchResult:
    """Random playouts of one game and mode: how many, how long."""

    game: str
    mode: str
    seats: int
    games: int
    actions: int
    seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def plus(self, other: BenchResult) -> BenchResult:
        """Both runs of the same game and mode taken together."""
        assert (self.game, self.mode, self.seats) == (other.game, other.mode, other.seats)
        return BenchResult(
            self.game,
            self.mode,
            self.seats,
            self.games + other.games,
            self.actions + other.actions,
            self.seconds + other.seconds,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "mode": self.mode,
            "seats": self.seats,
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 4),
            "actions_per_second": round(self.actions_per_second, 1),
            "games_per_second": round(self.games_per_second, 2),
            "average_length": round(self.actions / self.games, 2) if self.games else 0.0,
        }


def random_playout(game: Game[Any], seed: int, max_actions: int = 100_000) -> int:
    """Play one game from `seed` with uniformly random choices; returns the number of actions."""
    state = game.new_state(seed)
    rng = Rng(mix_seed(seed, 1))
    actions = 0
    while game.decision(state) is not None:
        if actions >= max_actions:
            raise RuntimeError(f"{game.name} seed {seed}: no end after {max_actions} actions")
        game.apply(state, rng.choice(game.legal_actions(state)), validate=False)
        actions += 1
    return actions


def openspiel_playout(game: Any, seed: int) -> int:
    """The same loop over a pyspiel game; chance outcomes sampled by their probabilities."""
    state = game.new_initial_state()
    rng = Rng(mix_seed(seed, 1))
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions


def _sample_outcome(outcomes: list[tuple[int, float]], rng: Rng) -> int:
    point = rng.next64() / 2**64
    for action, probability in outcomes:
        point -= probability
        if point < 0:
            return action
    return outcomes[-1][0]


def timed_playouts(
    playout: Callable[[int], int], seconds: float, seed: int = BENCH_SEED
) -> tuple[int, int, float]:
    """Play games from fixed seeds until `seconds` have passed (at least one game).

    Returns (games, actions, seconds).
    """
    games = actions = 0
    started = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        actions += playout(mix_seed(seed, games))
        games += 1
        elapsed = time.perf_counter() - started
    return games, actions, elapsed


def bench_game(name: str, seconds: float) -> list[BenchResult]:
    """Benchmark every mode of game `name` (its default options if it declares no mode)."""
    modes = [(mode.name, dict(mode.options)) for mode in game_class(name).modes] or [("default", {})]
    results = []
    for mode_name, options in modes:
        game = make_game(name, options)
        games, actions, elapsed = timed_playouts(partial(random_playout, game), seconds)
        results.append(BenchResult(name, mode_name, game.num_seats, games, actions, elapsed))
    return results


def bench_games(names: Iterable[str], seconds: float) -> list[BenchResult]:
    return [result for name in names for result in bench_game(name, seconds)]


def bench_openspiel(seconds: float, name: str = OPENSPIEL_GAME) -> BenchResult | None:
    """OpenSpiel's C++ game `name` in the same harness, or None when pyspiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    games, actions, elapsed = timed_playouts(lambda seed: openspiel_playout(game, seed), seconds)
    return BenchResult(name, "openspiel", game.num_players(), games, actions, elapsed)


def bench_side_by_side(
    names: Iterable[str], seconds: float, openspiel: bool = True
) -> tuple[list[BenchResult], BenchResult | None]:
    """Our games, and OpenSpiel's (half its time before ours, half after, so that a change in the
    machine's load during the run weighs on both sides alike); None if pyspiel is missing or unwanted.
    """
    before = bench_openspiel(seconds / 2) if openspiel else None
    ours = bench_games(names, seconds)
    if before is None:
        return ours, None
    after = bench_openspiel(seconds / 2)
    assert after is not None
    return ours, before.plus(after)


@dataclass(frozen=True)
class SearchBench:
    """Seconds per decision of the ISMCTS player with a fixed iteration budget, in one game mode:
    CPU seconds of this process (what one core spends, whatever else the machine runs) and wall
    seconds."""

    game: str
    mode: str
    iterations: int
    seconds: tuple[float, ...]
    wall_seconds: tuple[float, ...]

    @property
    def mean(self) -> float:
        return sum(self.seconds) / len(self.seconds)

    @property
    def median(self) -> float:
        ordered = sorted(self.seconds)
        return ordered[len(ordered) // 2]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "mode": self.mode,
            "iterations": self.iterations,
            "decisions": len(self.seconds),
            "mean_seconds": round(self.mean, 4),
            "median_seconds": round(self.median, 4),
            "max_seconds": round(max(self.seconds), 4),
            "mean_wall_seconds": round(sum(self.wall_seconds) / len(self.wall_seconds), 4),
        }


def search_positions(game: Game[Any], count: int, seed: int = BENCH_SEED) -> list[tuple[Any, int]]:
    """`count` positions with a real choice, from games between heuristic players (random ones for
    a game without a heuristic), every 7th such decision over fixed seeds, as (state, seat to decide)."""
    from .players import make_player
    from .players.heuristic import game_heuristic

    try:
        game_heuristic(game, Rng(seed))
        kind = "heuristic"
    except ValueError:
        kind = "random"
    positions: list[tuple[Any, int]] = []
    index = 0
    while len(positions) < count:
        game_seed = mix_seed(seed, index)
        state = game.new_state(game_seed)
        players = [make_player(kind, mix_seed(game_seed, s)) for s in range(game.num_seats)]
        choices = 0
        while (decision := game.decision(state)) is not None and len(positions) < count:
            observation = game.observe(state, decision.seat)
            if len(observation.legal_actions) > 1:
                choices += 1
                if choices % 7 == 0:
                    positions.append((game.clone(state), decision.seat))
            game.apply(state, players[decision.seat].choose(observation), validate=False)
        index += 1
    return positions


def bench_search(name: str, iterations: int, decisions: int = 10) -> SearchBench:
    """Time `ismcts:<iterations>` on `decisions` positions of game `name` (its first mode)."""
    from .players import make_player

    mode = game_class(name).modes[0] if game_class(name).modes else None
    game = make_game(name, dict(mode.options) if mode else {})
    cpu, wall = [], []
    for number, (state, seat) in enumerate(search_positions(game, decisions)):
        player = make_player(f"ismcts:{iterations}", number)
        started, started_cpu = time.perf_counter(), time.process_time()
        player.choose(game.observe(state, seat))
        cpu.append(time.process_time() - started_cpu)
        wall.append(time.perf_counter() - started)
    return SearchBench(name, mode.name if mode else "default", iterations, tuple(cpu), tuple(wall))
