"""Race for the Galaxy's length bound per mode (`Game.max_actions`, RULES.md "Game length").

    python -m cardtable.analysis.race_for_the_galaxy_length -o expansion=3 -o players=6 --games 20000

The method of the other games' bounds (issue 26): `--games` random playouts of the mode (batch seed
26, lengths in actions, no cap below `--cap`), and `--heuristic` games between heuristic players (batch
seed 7). The longest 1% and the longest 0.1% of the random games are each fitted with an exponential
tail (its scale σ is the mean excess over the threshold, the exponential's maximum-likelihood
estimate); with the larger σ, the bound is where either tail reaches a chance of `--chance` per game,
rounded up to tens, and at least twice the longest heuristic game. It prints one row of RULES.md's
table, with the chance a random game passes the bound under each fit.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence

from cardtable.core.game import OptionValue
from cardtable.sim import simulate

RANDOM_SEED = 26
HEURISTIC_SEED = 7


def lengths(options: dict[str, OptionValue], games: int, seed: int, kind: str, cap: int) -> list[int]:
    """The length in actions of each of `games` games of `kind` players."""
    out: list[int] = []
    players = int(options.get("players", 2))
    simulate(
        "race-for-the-galaxy",
        options,
        games,
        seed,
        (kind,) * players,
        max_actions=cap,
        on_game=lambda _index, match: out.append(len(match.moves)),
    )
    return out


def tail_scale(ordered: Sequence[int], share: float) -> tuple[float, float]:
    """(threshold, σ) of the longest `share` of the sorted lengths: the threshold is the length at
    quantile 1 - share, σ the mean excess of the games beyond it."""
    cut = int(len(ordered) * (1 - share))
    threshold = ordered[cut]
    beyond = [x - threshold for x in ordered[cut:]]
    return float(threshold), max(1e-9, sum(beyond) / len(beyond))


def bound(ordered: Sequence[int], chance: float, heuristic_longest: int) -> tuple[int, dict[str, float]]:
    """The bound and the figures behind it (σ of both tails, the chance of passing under each)."""
    fits = {share: tail_scale(ordered, share) for share in (0.01, 0.001)}
    sigma = max(s for _, s in fits.values())
    raw = max(t + sigma * math.log(share / chance) for share, (t, _) in fits.items())
    value = max(math.ceil(raw / 10) * 10, 2 * heuristic_longest)
    passing = {f"chance_{share}": share * math.exp(-(value - t) / sigma) for share, (t, _) in fits.items()}
    return value, {"sigma_1%": fits[0.01][1], "sigma_0.1%": fits[0.001][1], **passing}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="name=value, as for cardtable sim"
    )
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--heuristic", type=int, default=50)
    parser.add_argument("--chance", type=float, default=1e-9)
    parser.add_argument("--cap", type=int, default=100_000)
    args = parser.parse_args(argv)
    options: dict[str, OptionValue] = {}
    for pair in args.option:
        name, _, value = pair.partition("=")
        options[name] = value
    start = time.process_time()
    ordered = sorted(lengths(options, args.games, RANDOM_SEED, "random", args.cap))
    smart = lengths(options, args.heuristic, HEURISTIC_SEED, "heuristic", args.cap) if args.heuristic else [0]
    value, figures = bound(ordered, args.chance, max(smart))
    mean = sum(ordered) / len(ordered)
    p9999 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9999))]
    print(
        f"{' '.join(args.option)}: {len(ordered)} random games, mean {mean:.0f}, p99.99 {p9999}, "
        f"longest {ordered[-1]}, sigma 1% {figures['sigma_1%']:.1f}, sigma 0.1% {figures['sigma_0.1%']:.1f}; "
        f"heuristic mean {sum(smart) / len(smart):.0f}, longest {max(smart)}; bound {value}; chance "
        f"{figures['chance_0.01']:.1g} (1% fit), {figures['chance_0.001']:.1g} (0.1% fit); "
        f"{time.process_time() - start:.0f} s CPU"
    )


if __name__ == "__main__":
    main()
