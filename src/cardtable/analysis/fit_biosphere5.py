"""Fit the weights of `evaluation.py` and write `evaluation.toml`.

    python -m cardtable.analysis.fit_biosphere5 --games 2000 --seed 1

Plays two-player games between heuristic players; at the start of every move (no effect pending)
it records, for the seat to move, the difference between its features and its opponent's, labelled
1 if that seat went on to win and 0 if it lost (draws are left out). A logistic regression without
intercept (so both seats' chances add up to one) is fitted by `cardtable.players.logistic`.
Needs NumPy (in the `report` extra).
"""

from __future__ import annotations

from cardtable.games.biosphere5.evaluation import FEATURES, WEIGHTS_FILE, features
from cardtable.games.biosphere5.heuristic import is_quiet
from cardtable.games.biosphere5.rules import Biosphere5
from cardtable.games.biosphere5.state import State
from cardtable.players import logistic


def positions(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` heuristic-vs-heuristic games, recorded at the start
    of every move (`cardtable.players.logistic.positions`, without exploring)."""
    game = Biosphere5(players=2)

    def of(state: State, seat: int) -> list[float]:
        return features(game.cards, state, seat)

    return logistic.positions(game, of, is_quiet, games, seed, explore=0)


def main() -> None:
    logistic.fit_main(
        "Biosphere 5",
        __spec__.name if __spec__ else __name__,
        positions,
        FEATURES,
        WEIGHTS_FILE,
        games=2000,
        explore=0,
    )


if __name__ == "__main__":
    main()
