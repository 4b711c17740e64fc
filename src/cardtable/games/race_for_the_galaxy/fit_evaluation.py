"""Fit the weights of `evaluation.py` and write `evaluation.toml`.

    python -m cardtable.games.race_for_the_galaxy.fit_evaluation --games 600 --seed 1

Plays two-player games between heuristic players that take a random legal action one time in five,
so that what the heuristic always does also appears undone. At every quiet position (an action
selection) it records, for the seat to decide, the difference between its features and its
opponent's, labelled 1 if that seat went on to win and 0 if it lost (shared wins are left out). A
logistic regression without intercept is fitted by `cardtable.players.logistic`. Needs NumPy.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardtable.core import make_game
from cardtable.players import logistic
from cardtable.players.logistic import EXPLORE, fit, held_out_accuracy, write_weights

from .evaluation import FEATURES, WEIGHTS_FILE, features, progress
from .heuristic import is_quiet


def positions(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` games between exploring heuristic players
    (`cardtable.players.logistic.positions`)."""
    game = make_game("race-for-the-galaxy", {"players": 2})
    cat = game.catalog  # type: ignore[attr-defined]

    def of(state: Any, seat: int) -> list[float]:
        return features(cat, state, seat, progress(state))

    return logistic.positions(game, of, is_quiet, games, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args()
    rows, labels = positions(args.games, args.seed)
    score = held_out_accuracy(rows, labels)
    print(f"{len(rows)} positions; held-out accuracy {score:.3f}")
    w = fit(rows, labels)
    write_weights(
        args.out,
        "Race for the Galaxy",
        f"python -m {__spec__.name if __spec__ else __name__} --games {args.games} --seed {args.seed}",
        f"{len(rows)} positions of {args.games} two-player games between heuristic players exploring"
        f" {EXPLORE}%, seed {args.seed}; held-out accuracy {score:.3f}",
        FEATURES,
        w,
    )
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:20} {value:+.4f}")


if __name__ == "__main__":
    main()
