"""Measure the solo game: the virtual player against a player kind in the person's seat.

    python -m cardtable.analysis.fifty_first_state_solo --players heuristic --games 30

Plays `--games` games (seeds as `cardtable sim` gives them, `sim.game_seed(seed, i)`) and prints the
virtual player's win rate with its 95% Wilson interval, the person's final score against the rows of
the achievement table (all games, and wins only), the virtual player's score, and game lengths in
rounds and in the person's decisions. The figures of RULES.md "The solo game: measurements" come
from here. A measurement, not a test: keep it out of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from cardtable.games.fifty_first_state import table
from cardtable.games.fifty_first_state.game import FiftyFirstState
from cardtable.games.fifty_first_state.virtual_player import AUTOMATON, virtual_rules
from cardtable.report.data import wilson
from cardtable.sim import game_seed, play_one


def _band(score: int) -> str:
    """The achievement-table row a score falls in (the rows the seed gives, and the gap between)."""
    rows = virtual_rules().achievement
    for row in rows:
        if (row.below is None or score < row.below) and (row.at_least is None or score >= row.at_least):
            return f"{row.title} ({_bounds(row.below, row.at_least)})"
    return "no known row"


def _bounds(below: int | None, at_least: int | None) -> str:
    if below is not None and at_least is not None:
        return f"{at_least}-{below - 1}"
    return f"below {below}" if below is not None else f"{at_least}+"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--players", default="random", help="the person's player kind (random, heuristic, ismcts:N)"
    )
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--each", action="store_true", help="also print one line per game as it ends")
    args = parser.parse_args(argv)
    game = FiftyFirstState(solo="virtual")
    mine, its, rounds, moves = [], [], [], []
    bands: Counter[str] = Counter()
    won_bands: Counter[str] = Counter()
    ties = by_cards = 0
    start = time.process_time()
    for i in range(args.games):
        match = play_one(game, game_seed(args.seed, i), [args.players, AUTOMATON])
        result = game.result(match.state)
        assert result is not None
        a, b = int(result.details["vp_a"]), int(result.details["vp_b"])
        mine.append(a)
        its.append(b)
        rounds.append(int(result.details["rounds"]))
        moves.append(len(match.moves))
        bands[_band(a)] += 1
        ties += a == b
        you, it = match.state.players
        before_count = (a - table.standing(you), b - len(it.sites))
        by_cards += max(before_count) < game.catalog.rules.end_vp  # no one reached 25: S11 ended it
        if a > b:
            won_bands[_band(a)] += 1
        if args.each:
            print(
                f"game {i}: A {a} VP, virtual player {b} VP, {rounds[-1]} rounds, {moves[-1]} decisions",
                flush=True,
            )
    n = len(mine)
    wins = sum(1 for a, b in zip(mine, its, strict=True) if b >= a)
    low, high = wilson(wins, n)
    print(
        f"{args.players} in seat A, {n} games from seed {args.seed} ({time.process_time() - start:.0f} s CPU)"
    )
    print(
        f"virtual player wins {wins}/{n} = {100 * wins / n:.1f}% "
        f"[{100 * low:.1f}, {100 * high:.1f}] (ties {ties})"
    )
    print(
        f"person's VP: mean {statistics.mean(mine):.1f}, median {statistics.median(mine)}, "
        f"{min(mine)}-{max(mine)}"
    )
    print(f"virtual player's VP: mean {statistics.mean(its):.1f}, {min(its)}-{max(its)}")
    print(f"games ended by the 25-VP trigger: {n - by_cards}; by the end of the cards (S11): {by_cards}")
    print(f"rounds: mean {statistics.mean(rounds):.1f}, {min(rounds)}-{max(rounds)}")
    print(f"person's decisions a game: mean {statistics.mean(moves):.0f}, {min(moves)}-{max(moves)}")
    print("person's score by achievement row: " + ", ".join(f"{k}: {v}" for k, v in sorted(bands.items())))
    print(
        "wins by achievement row: " + (", ".join(f"{k}: {v}" for k, v in sorted(won_bands.items())) or "none")
    )


if __name__ == "__main__":
    main()
