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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", required=True, help="the player kind measured")
    parser.add_argument("--second", required=True, help="its opponent's kind")
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=800)
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    game = make_game("race-for-the-galaxy", options)
    assert game.num_seats == 2, "a match of two kinds is played by two seats"
    wins = {0: [0, 0], 1: [0, 0]}  # order -> [wins, games]
    for index in range(args.games):
        order = index % 2
        kinds = [args.first, args.second] if order == 0 else [args.second, args.first]
        seat = order  # the measured kind's seat
        started, cpu = time.perf_counter(), time.process_time()
        match = play_one(game, mix_seed(args.seed, index), kinds, validate=True)
        result = match.result
        assert result is not None
        won = seat in result.winners and not result.draw
        wins[order][0] += won
        wins[order][1] += 1
        print(
            f"game {index} {args.first} as {'AB'[seat]}: {'won' if won else 'lost'} ({result.reason}) "
            f"{len(match.moves)} actions, {time.perf_counter() - started:.0f} s wall, "
            f"{time.process_time() - cpu:.1f} s CPU",
            flush=True,
        )
    total = [wins[0][0] + wins[1][0], wins[0][1] + wins[1][1]]
    for name, (won, games) in (("as A", wins[0]), ("as B", wins[1]), ("both", total)):
        low, high = wilson(won, games)
        share = won / max(1, games)
        print(f"{args.first} {name}: {won}/{games} ({share:.0%}), Wilson 95% {low:.0%}-{high:.0%}")


if __name__ == "__main__":
    main()
