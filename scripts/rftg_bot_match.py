"""Two player kinds against each other in a Race for the Galaxy mode, alternating seat orders game by
game (so that a run stopped at any even count has both orders alike), each game validated (every move
checked against the legal actions). One line per game as it ends, then wins per order with 95% Wilson
intervals.

    .venv/bin/python scripts/rftg_bot_match.py --first ismcts:300 --second heuristic \
        -o expansion=3 -o players=2 --games 40 --seed 800
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

from cardtable.core import make_game, mix_seed
from cardtable.sim import play_one


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of `wins` out of `games`."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play(args: tuple[str, str, dict[str, str], int, int]) -> tuple[int, bool, str]:
    """Game `index` of the match: (index, whether the measured kind won, the line to print)."""
    first, second, options, seed, index = args
    game = make_game("race-for-the-galaxy", options)
    order = index % 2
    kinds = [first, second] if order == 0 else [second, first]
    started, cpu = time.perf_counter(), time.process_time()
    match = play_one(game, mix_seed(seed, index), kinds, validate=True)
    result = match.result
    assert result is not None
    won = order in result.winners and not result.draw  # the measured kind sits in seat `order`
    line = (
        f"game {index} {first} as {'AB'[order]}: {'won' if won else 'lost'} ({result.reason}) "
        f"{len(match.moves)} actions, {time.perf_counter() - started:.0f} s wall, "
        f"{time.process_time() - cpu:.1f} s CPU"
    )
    return index, won, line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", required=True, help="the player kind measured")
    parser.add_argument("--second", required=True, help="its opponent's kind")
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=800)
    parser.add_argument("--workers", type=int, default=1, help="processes playing games at once")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    assert make_game("race-for-the-galaxy", options).num_seats == 2, (
        "a match of two kinds is played by two seats"
    )
    jobs = [(args.first, args.second, options, args.seed, index) for index in range(args.games)]
    wins = {0: [0, 0], 1: [0, 0]}  # order -> [wins, games]
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else nullcontext() as pool:
        results = pool.map(play, jobs) if pool is not None else map(play, jobs)
        for index, won, line in results:
            wins[index % 2][0] += won
            wins[index % 2][1] += 1
            print(line, flush=True)
    total = [wins[0][0] + wins[1][0], wins[0][1] + wins[1][1]]
    for name, (won, games) in (("as A", wins[0]), ("as B", wins[1]), ("both", total)):
        low, high = wilson(won, games)
        share = won / max(1, games)
        print(f"{args.first} {name}: {won}/{games} ({share:.0%}), Wilson 95% {low:.0%}-{high:.0%}")


if __name__ == "__main__":
    main()
