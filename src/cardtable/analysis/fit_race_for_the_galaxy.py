"""Fit the weights of Race for the Galaxy's `evaluation.py` and write its `evaluation.toml`.

    python -m cardtable.analysis.fit_race_for_the_galaxy --games 600 --seed 1

Plays two-player games between heuristic players that take a random legal action one time in five,
so that what the heuristic always does also appears undone. At every quiet position (an action
selection) it records, for the seat to decide, the difference between its features and its
opponent's, labelled 1 if that seat went on to win and 0 if it lost (shared wins are left out). A
logistic regression without intercept is fitted by `cardtable.players.logistic`. Needs NumPy.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import make_game
from cardtable.games.race_for_the_galaxy.evaluation import FEATURES, WEIGHTS_FILE, features, progress
from cardtable.games.race_for_the_galaxy.heuristic import is_quiet
from cardtable.players import logistic


def positions(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` games between exploring heuristic players
    (`cardtable.players.logistic.positions`)."""
    game = make_game("race-for-the-galaxy", {"players": 2})
    cat = game.catalog  # type: ignore[attr-defined]

    def of(state: Any, seat: int) -> list[float]:
        return features(cat, state, seat, progress(state))

    return logistic.positions(game, of, is_quiet, games, seed)


def main() -> None:
    logistic.fit_main(
        "Race for the Galaxy",
        __spec__.name if __spec__ else __name__,
        positions,
        FEATURES,
        WEIGHTS_FILE,
        games=600,
    )


if __name__ == "__main__":
    main()
