"""Measure the solo game: the virtual player against a player kind in the person's seat.

    python -m cardtable.analysis.fifty_first_state_solo --players heuristic --games 30

Plays `--games` games (seeds as `cardtable sim` gives them, `sim.game_seed(seed, i)`, so the deals are
those of `cardtable sim 51st-state --option solo=virtual --seed S`) and prints the person's and the
virtual player's win rates with 95% Wilson intervals, the score margin, the person's final score
against the rows of the achievement table (all games, and wins only), the virtual player's score (its
locations and its track), game lengths in rounds and in the person's decisions, and how the games
were lost (who reached the end score first, by how much). The figures of RULES.md "The solo game:
measurements" and "Is the virtual player beatable?" come from here. A measurement, not a test: keep
it out of the test suite.
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
    mine, its, rounds, moves, its_sites = [], [], [], [], []
    triggers: Counter[str] = Counter()
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
        its_sites.append(len(it.sites))
        end_vp = game.catalog.rules.end_vp
        by_cards += max(before_count) < end_vp  # no one reached 25: S11 ended it
        trigger = "both" if min(before_count) >= end_vp else "A" if before_count[0] >= end_vp else "virtual"
        triggers[f"{'won' if a > b else 'lost'}, {trigger if max(before_count) >= end_vp else 'cards'}"] += 1
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
    won_low, won_high = wilson(n - wins, n)
    print(
        f"{args.players} in seat A, {n} games from seed {args.seed} ({time.process_time() - start:.0f} s CPU)"
    )
    print(
        f"A wins {n - wins}/{n} = {100 * (n - wins) / n:.1f}% [{100 * won_low:.1f}, {100 * won_high:.1f}]; "
        f"virtual player wins {wins}/{n} = {100 * wins / n:.1f}% "
        f"[{100 * low:.1f}, {100 * high:.1f}] (ties {ties})"
    )
    margins = [a - b for a, b in zip(mine, its, strict=True)]
    print(
        f"margin (A's VP less the virtual player's): mean {statistics.mean(margins):.1f}, "
        f"median {statistics.median(margins)}, {min(margins)} to {max(margins)}"
    )
    print(
        f"person's VP: mean {statistics.mean(mine):.1f}, median {statistics.median(mine)}, "
        f"{min(mine)}-{max(mine)}"
    )
    print(
        f"virtual player's VP: mean {statistics.mean(its):.1f}, {min(its)}-{max(its)}; "
        f"of which its locations {statistics.mean(its_sites):.1f}, "
        "its track (claims, attacks, open productions) "
        f"{statistics.mean(its) - statistics.mean(its_sites):.1f}"
    )
    print(
        "outcome, who reached the end score first: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(triggers.items()))
    )
    print(f"games ended by the 25-VP trigger: {n - by_cards}; by the end of the cards (S11): {by_cards}")
    print(f"rounds: mean {statistics.mean(rounds):.1f}, {min(rounds)}-{max(rounds)}")
    print(f"person's decisions a game: mean {statistics.mean(moves):.0f}, {min(moves)}-{max(moves)}")
    print("person's score by achievement row: " + ", ".join(f"{k}: {v}" for k, v in sorted(bands.items())))
    print(
        "wins by achievement row: " + (", ".join(f"{k}: {v}" for k, v in sorted(won_bands.items())) or "none")
    )


if __name__ == "__main__":
    main()
