"""Fit the weights of `evaluation.py` and write `evaluation.toml`.

    python -m cardtable.analysis.fit_dino_battles --games 1000 --seed 1

Plays two-player games between heuristic players that take a random legal action one time in five,
so that what the heuristic always does (attacking, buying a bench...) also appears undone and its worth
can be told apart from the strength of the player who does it. At every quiet position (no attack,
effect or promotion half resolved) it records, for the seat to decide, the difference between its
features and its opponent's, labelled 1 if that seat went on to win and 0 if it lost (draws and shared
wins are left out). A logistic regression without intercept (so both seats' chances add up to one) is
fitted by `cardtable.players.logistic`. Needs NumPy (in the `report` extra).
"""

from __future__ import annotations

from typing import Any

from cardtable.games.dino_battles.evaluation import FEATURES, WEIGHTS_FILE, features, progress
from cardtable.games.dino_battles.game import DinoBattles
from cardtable.games.dino_battles.heuristic import is_quiet
from cardtable.players import logistic


def positions(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` games between exploring heuristic players
    (`cardtable.players.logistic.positions`)."""
    game = DinoBattles(players=2)
    cat = game.catalog

    def of(state: Any, seat: int) -> list[float]:
        return features(cat, state, seat, progress(cat, state))

    return logistic.positions(game, of, is_quiet, games, seed)


def main() -> None:
    logistic.fit_main(
        "Dino Battles", __spec__.name if __spec__ else __name__, positions, FEATURES, WEIGHTS_FILE, games=1000
    )


if __name__ == "__main__":
    main()
