"""Race for the Galaxy's expansion levels beside the base game: random playouts per CPU second, and
the final states of seeded random games, for one source tree or two side by side.

    .venv/bin/python scripts/rftg_level_bench.py time --games 100 [--against /tmp/base/src] [--rounds 2]
    .venv/bin/python scripts/rftg_level_bench.py states --games 40 --against /tmp/base/src

`time` plays `--games` seeded random games per mode (every level 0-3, every number of players the
level seats), in the loop of `cardtable bench` (`random_playout`: a uniformly random legal action,
applied without re-validation), and counts actions per CPU second of the process
(`time.process_time`, so other processes' load weighs less than in wall time). Each mode runs in a
fresh process per source tree; with `--against` the two trees alternate mode by mode, and their order
flips each round, so that a drift in the machine's load weighs on both alike. It prints per mode the
actions per CPU second and the ratio to the base game at the same number of players (5 and 6 players
beside the base game's 4), and with `--against` the ratio of the two trees.

`states` plays `--games` seeded random games per mode in each tree and compares the SHA-256 of every
final state's JSON (every mode of `time`, and the solitaire game against the robot at every level, as
mode LEVEL:1): a change that only makes the engine faster leaves every one the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SEED = 2029
HERE = Path(__file__).resolve()
OWN_SRC = HERE.parent.parent / "src"
MAX_PLAYERS = {0: 4, 1: 5, 2: 6, 3: 6}


def modes() -> list[tuple[int, int]]:
    """(level, players) for every level and number of players it seats."""
    return [(level, n) for level, most in MAX_PLAYERS.items() for n in range(2, most + 1)]


#: the solitaire game against the robot at every level, as (level, 1)
SOLO_MODES = [(level, 1) for level in MAX_PLAYERS]


def _game(level: int, players: int) -> Any:
    """The game of a mode; 1 player: the solitaire game against the robot."""
    from cardtable.core import make_game

    if players == 1:
        return make_game("race-for-the-galaxy", {"expansion": level, "solo": "robot"})
    return make_game("race-for-the-galaxy", {"expansion": level, "players": players})


def _play(game: Any, seed: int) -> tuple[Any, int]:
    """`cardtable bench`'s random playout (`bench.random_playout`), keeping the final state."""
    from cardtable.core import Rng, mix_seed

    state = game.new_state(seed)
    rng = Rng(mix_seed(seed, 1))
    actions = 0
    while game.decision(state) is not None:
        game.apply(state, rng.choice(game.legal_actions(state)), validate=False)
        actions += 1
    return state, actions


def _seeds(games: int) -> list[int]:
    from cardtable.core import mix_seed

    return [mix_seed(SEED, index) for index in range(games)]


def timed(level: int, players: int, games: int) -> dict[str, Any]:
    """Actions and CPU seconds of `games` seeded random games of one mode (the catalog is built
    before the clock starts)."""
    game = _game(level, players)
    actions = 0
    start = time.process_time()
    for seed in _seeds(games):
        actions += _play(game, seed)[1]
    return {"actions": actions, "seconds": time.process_time() - start}


def digests(level: int, players: int, games: int) -> list[str]:
    """SHA-256 of the final state JSON of `games` seeded random games of one mode."""
    game = _game(level, players)
    return [hashlib.sha256(game.to_json(_play(game, seed)[0]).encode()).hexdigest() for seed in _seeds(games)]


def _child(src: Path, *args: str) -> Any:
    """Run this script's `one` command with `src` first on the import path; its JSON answer."""
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, str(HERE), "one", *args], env=env, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)


def run_time(games: int, rounds: int, trees: list[Path], only: list[tuple[int, int]]) -> None:
    totals = {(tree, mode): [0, 0.0] for tree in trees for mode in only}
    for number in range(rounds):
        for mode in only:
            order = trees if number % 2 == 0 else trees[::-1]
            for tree in order:
                answer = _child(tree, "time", str(mode[0]), str(mode[1]), str(games))
                totals[tree, mode][0] += answer["actions"]
                totals[tree, mode][1] += answer["seconds"]
                print(f"  round {number + 1} {tree} E{mode[0]} P{mode[1]}: {answer}", file=sys.stderr)
    speed = {key: actions / seconds for key, (actions, seconds) in totals.items()}
    header = "mode       " + "".join(f"{'actions/s':>11} {'vs base':>8}  " for _ in trees)
    print(header + ("  this/that" if len(trees) == 2 else ""))
    for level, players in only:
        row = f"E{level} P{players}      "
        for tree in trees:
            base = speed.get((tree, (0, min(players, 4))))
            ratio = f"{speed[tree, (level, players)] / base:8.1%}" if base else f"{'':>8}"
            row += f"{speed[tree, (level, players)]:11.0f} {ratio}  "
        if len(trees) == 2:
            row += f"  {speed[trees[0], (level, players)] / speed[trees[1], (level, players)]:9.3f}"
        print(row)
    print(f"trees: {', '.join(str(t) for t in trees)}; {games} games per mode and round, {rounds} rounds")


def run_states(games: int, trees: list[Path], only: list[tuple[int, int]]) -> int:
    differ = 0
    for level, players in only:
        found = [_child(tree, "states", str(level), str(players), str(games)) for tree in trees]
        same = sum(all(d[i] == found[0][i] for d in found) for i in range(games))
        differ += games - same
        print(f"E{level} P{players}: {same}/{games} final states identical")
    return differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("command", choices=("time", "states", "one"))
    parser.add_argument("rest", nargs="*", help="(for `one`: time|states LEVEL PLAYERS GAMES)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--against", type=Path, help="a second source tree (its `src` directory)")
    parser.add_argument("--modes", nargs="*", default=[], help="only these modes, as LEVEL:PLAYERS")
    options = parser.parse_args()
    if options.command == "one":
        what, level, players, games = options.rest
        work = timed if what == "time" else digests
        print(json.dumps(work(int(level), int(players), int(games))))
        return 0
    trees = [OWN_SRC] + ([options.against.resolve()] if options.against else [])
    only = [_mode(m) for m in options.modes] or modes()
    if options.command == "time":
        run_time(options.games, options.rounds, trees, sorted(set(only) | {(0, min(p, 4)) for _, p in only}))
        return 0
    only = only if options.modes else only + SOLO_MODES
    return 1 if run_states(options.games, trees, only) else 0


def _mode(text: str) -> tuple[int, int]:
    level, players = text.split(":")
    return int(level), int(players)


if __name__ == "__main__":
    sys.exit(main())
