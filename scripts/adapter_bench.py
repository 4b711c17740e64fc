"""Measure the research adapters: environment steps per second, and our ISMCTS against OpenSpiel's.

    python scripts/adapter_bench.py steps --seconds 3           # every game, one core, CPU time
    python scripts/adapter_bench.py ismcts --games 24 --iterations 50

`steps` plays random games (a uniformly random legal action at every step) for `--seconds` of CPU
time per game and loop, in one process pinned to one core, and counts actions per CPU second:

- raw: the engine's own loop (`legal_actions`, then `apply` without re-validation);
- raw + encode: the same, plus what every adapter adds per step: the deciding seat's observation
  encoding and the legal-action mask;
- OpenSpiel: `pyspiel` Python game (`legal_actions`, `apply_action`); + tensor: also the acting
  player's `observation_tensor`;
- PettingZoo: the AEC loop (`last()`, which encodes the observation and the mask, then `step`);
- Gymnasium: `env.step` for seat 0 against random players for the other seats (their moves happen
  inside the step and are not counted: steps are the agent's).

Each figure is one run on a shared machine (CPU time of this process, so other processes' load
counts less than in wall time, but caches and frequency still vary): read the ratios between
columns more than the absolute numbers.

`ismcts` plays Biosphere 5 (2 players) through the OpenSpiel adapter: our `ismcts` player against
OpenSpiel's ISMCTSBot (its Python implementation: the C++ one cannot sample a Python game, see the
README) with the same number of iterations per decision, on `--games` deals, each deal twice with the
seats swapped. It prints our wins per seat order with 95% Wilson intervals and the CPU time per
decision of each side.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cardtable.core import Game, Rng, game_names, make_game, mix_seed

SEED = 1


# --- steps per second ---------------------------------------------------------------------------
def _timed(seconds: float, episode: Callable[[int], int]) -> float:
    """Play episodes (numbered from 0) until `seconds` of CPU time are spent; actions per CPU second."""
    steps, index = 0, 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        steps += episode(index)
        index += 1
    return steps / spent


def raw_loop(game: Game[Any], encode: bool) -> Callable[[int], int]:
    from cardtable.adapters.encoding import action_mask, observe

    def episode(index: int) -> int:
        rng = Rng(mix_seed(SEED, index, 1))
        state = game.new_state(mix_seed(SEED, index))
        steps = 0
        while (decision := game.decision(state)) is not None:
            if encode:
                observe(game, state, decision.seat)
                action_mask(game, state)
            game.apply(state, rng.choice(game.legal_actions(state)), validate=False)
            steps += 1
        return steps

    return episode


def openspiel_loop(name: str, tensor: bool) -> Callable[[int], int]:
    import pyspiel

    from cardtable.adapters.openspiel import short_name

    game = pyspiel.load_game(short_name(name), {"rng_seed": SEED})

    def episode(index: int) -> int:
        rng = Rng(mix_seed(SEED, index, 2))
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return episode


def pettingzoo_loop(name: str) -> Callable[[int], int]:
    from cardtable.adapters.pettingzoo import env

    table = env(name)

    def episode(index: int) -> int:
        rng = np.random.default_rng(mix_seed(SEED, index, 3))
        table.reset(seed=mix_seed(SEED, index))
        steps = 0
        for _agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return episode


def gymnasium_loop(name: str) -> Callable[[int], int]:
    import gymnasium

    from cardtable.adapters.gymnasium import env_id

    table = gymnasium.make(env_id(name), opponents="random")

    def episode(index: int) -> int:
        rng = np.random.default_rng(mix_seed(SEED, index, 4))
        _, info = table.reset(seed=mix_seed(SEED, index))
        steps, done = 0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = table.step(action)
            done = terminated or truncated
            steps += 1
        return steps

    return episode


COLUMNS = ("raw", "raw + encode", "OpenSpiel", "OpenSpiel + tensor", "PettingZoo", "Gymnasium")


def bench_steps(names: list[str], seconds: float) -> dict[str, dict[str, float]]:
    import cardtable.adapters.gymnasium  # registers the environments
    import cardtable.adapters.openspiel  # noqa: F401  (registers the games)

    found: dict[str, dict[str, float]] = {}
    for name in names:
        game = make_game(name)
        loops = {
            "raw": raw_loop(game, encode=False),
            "raw + encode": raw_loop(game, encode=True),
            "OpenSpiel": openspiel_loop(name, tensor=False),
            "OpenSpiel + tensor": openspiel_loop(name, tensor=True),
            "PettingZoo": pettingzoo_loop(name),
            "Gymnasium": gymnasium_loop(name),
        }
        found[name] = {}
        for column, loop in loops.items():
            loop(0)  # warm-up: caches (action space, encoding) are built outside the timing
            found[name][column] = _timed(seconds, loop)
            print(f"{name:<22} {column:<20} {found[name][column]:>10,.0f} steps/s", flush=True)
    return found


def steps_table(found: dict[str, dict[str, float]]) -> str:
    rows = ["| Game | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    for name, figures in found.items():
        rows.append(f"| {name} | " + " | ".join(f"{figures[c]:,.0f}" for c in COLUMNS) + " |")
    return "\n".join(rows)


# --- ISMCTS against OpenSpiel's ----------------------------------------------------------------------
def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (a draw counts half a win)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def ismcts_match(pairs: int, iterations: int, name: str = "biosphere5") -> dict[str, Any]:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from cardtable.adapters.openspiel import short_name
    from cardtable.players import IsmctsPlayer

    results: dict[int, list[float]] = {0: [], 1: []}
    cpu = {"ours": [0.0, 0], "openspiel": [0.0, 0]}
    try:  # Ctrl-C ends the match early; the games played so far are still summarised
        for pair in range(pairs):
            for ours in (0, 1):
                game = pyspiel.load_game(short_name(name), {"rng_seed": 1000 * SEED + pair})
                engine = game.cardtable
                state = game.new_initial_state()  # the same deal for both seat orders
                player = IsmctsPlayer(Rng(mix_seed(SEED, pair, ours, 5)), iterations=iterations)
                rollouts = mcts.RandomRolloutEvaluator(
                    n_rollouts=1, random_state=np.random.RandomState(mix_seed(SEED, pair, ours, 6) % 2**32)
                )
                bot = ismcts.ISMCTSBot(
                    game,
                    rollouts,
                    uct_c=2.0,
                    max_simulations=iterations,
                    random_state=np.random.RandomState(mix_seed(SEED, pair, ours, 7) % 2**32),
                )
                while not state.is_terminal():
                    current = state.current_player()
                    began = time.process_time()
                    if current == ours:
                        seat = game.seats[current]
                        action = engine.encode(player.choose(engine.observe(state.cardtable_state, seat)))
                        side = "ours"
                    else:
                        action = bot.step(state)
                        side = "openspiel"
                    cpu[side][0] += time.process_time() - began
                    cpu[side][1] += 1
                    state.apply_action(action)
                score = state.returns()[ours]
                results[ours].append((score + 1) / 2)  # win 1, draw 0.5, loss 0
                print(f"deal {pair} ours as {'AB'[ours]}: {score:+.0f}", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the games played so far", flush=True)
    summary: dict[str, Any] = {"game": name, "iterations": iterations, "deals": pairs}
    summary["cpu_seconds"] = {side: total for side, (total, _) in cpu.items()}
    summary["decisions"] = {side: n for side, (_, n) in cpu.items()}
    for label, scores in (("A", results[0]), ("B", results[1]), ("both", results[0] + results[1])):
        wins = sum(scores)
        low, high = wilson(wins, len(scores))
        summary[label] = {"wins": wins, "games": len(scores), "low": low, "high": high}
    summary["cpu_per_decision"] = {side: total / max(1, n) for side, (total, n) in cpu.items()}
    return summary


def ismcts_table(summary: dict[str, Any]) -> str:
    rows = ["| Our seat | Wins | 95% interval (Wilson) |", "|---|---|---|"]
    for label in ("A", "B", "both"):
        s = summary[label]
        rows.append(f"| {label} | {s['wins']:g}/{s['games']} | {s['low']:.2f}-{s['high']:.2f} |")
    return "\n".join(rows)


def pin_to_one_core() -> None:
    """Run on one core (the first this process may use), where the platform allows it."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    steps = commands.add_parser("steps", help="environment steps per second per adapter and game")
    steps.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game and loop")
    steps.add_argument("--game", action="append", help="only this game (repeatable); default all")
    steps.add_argument("--json", type=str, help="also write the figures to this file")
    match = commands.add_parser("ismcts", help="our ismcts against OpenSpiel's ISMCTSBot")
    match.add_argument("--games", type=int, default=24, help="games in all (each deal played twice)")
    match.add_argument("--iterations", type=int, default=50, help="iterations per decision, both sides")
    match.add_argument("--json", type=str, help="also write the summary to this file")
    args = parser.parse_args(argv)
    pin_to_one_core()
    if args.command == "steps":
        found = bench_steps(args.game or game_names(), args.seconds)
        print(steps_table(found))
        output: Any = found
    else:
        output = ismcts_match(max(1, args.games // 2), args.iterations)
        print(ismcts_table(output))
        print(
            "CPU per decision:",
            ", ".join(f"{k} {v * 1000:.1f} ms" for k, v in output["cpu_per_decision"].items()),
        )
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(output, handle, indent=1)


if __name__ == "__main__":
    main()
