"""Compare player kinds in a solo mode on the same deals: wins, margins, and the paired difference.

    python -m cardtable.analysis.solo_paired race-for-the-galaxy -o solo=robot -o difficulty=easy \\
        --players heuristic,ismcts --games 40 --seed 4

Deal i (from `--start`, 0 by default) is played from `game_seed(seed, i)` and each player seeded
from it as `cardtable sim` does (`sim.play_one`), so each kind's games are those of `cardtable sim
GAME -o ... --players KIND -n N --seed S`. Every kind plays deal i before deal i + 1, one line per
game as it ends (a run stopped early keeps its pairs). At the end, per kind: wins with their 95%
Wilson interval, the mean VP margin (the person's VP less the automaton's, from the result's `vp_*`
details) with its 95% interval, seconds of CPU a game; and for each kind after the first, against
the first on the same deals: the deals won by one only, and the paired difference of the margins
with its 95% interval. A measurement, not a test: keep it out of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from cardtable.core import make_game
from cardtable.report.data import wilson
from cardtable.sim import game_seed, play_one


def margin(details: dict[str, Any]) -> int:
    """The person's VP less the automaton's: the first two `vp_*` details, in seat order."""
    first, second = [int(value) for key, value in details.items() if key.startswith("vp_")][:2]
    return first - second


def _interval(values: list[float]) -> float:
    """Half the width of the 95% interval of the mean (normal approximation)."""
    return 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("-o", "--option", action="append", default=[], help="an option, name=value")
    parser.add_argument("--players", default="heuristic,ismcts:16", help="player kinds, comma separated")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--start", type=int, default=0, help="the first deal (to split a run over processes)")
    args = parser.parse_args(argv)
    game = make_game(args.game, dict(option.split("=", 1) for option in args.option))
    kinds = args.players.split(",")
    if len(set(kinds)) != len(kinds):
        parser.error(f"each kind once: {args.players}")
    automaton = next(iter(game.automata().values()))
    won: dict[str, list[bool]] = {kind: [] for kind in kinds}
    margins: dict[str, list[float]] = {kind: [] for kind in kinds}
    seconds: dict[str, float] = dict.fromkeys(kinds, 0.0)
    for i in range(args.start, args.start + args.games):
        for kind in kinds:
            start = time.process_time()
            match = play_one(game, game_seed(args.seed, i), [kind, automaton])
            seconds[kind] += time.process_time() - start
            result = game.result(match.state)
            assert result is not None  # a solo game ends long before the cap
            won[kind].append(result.winners == (0,))
            margins[kind].append(margin(result.details))
            print(
                f"deal {i} {kind}: {'won' if won[kind][-1] else 'lost'}, margin {margins[kind][-1]:+}, "
                f"{len(match.moves)} actions, {time.process_time() - start:.1f} s",
                flush=True,
            )
    n = args.games
    base = kinds[0]
    for kind in kinds:
        wins = sum(won[kind])
        low, high = wilson(wins, n)
        print(
            f"{kind}: won {wins}/{n} ({wins / n:.1%}, Wilson {low:.1%}-{high:.1%}), margin "
            f"{statistics.mean(margins[kind]):+.1f} ± {_interval(margins[kind]):.1f} VP, "
            f"{seconds[kind] / n:.1f} s of CPU a game"
        )
        if kind != base:
            only = sum(a and not b for a, b in zip(won[kind], won[base], strict=True))
            not_it = sum(b and not a for a, b in zip(won[kind], won[base], strict=True))
            paired = [a - b for a, b in zip(margins[kind], margins[base], strict=True)]
            print(
                f"  against {base} on the same deals: won by {kind} only {only}, by {base} only "
                f"{not_it}; margin difference {statistics.mean(paired):+.1f} ± {_interval(paired):.1f} VP"
            )


if __name__ == "__main__":
    main()
