"""Fit the weights of a game's position evaluation (its `evaluation.py`) and write its `evaluation.toml`.

    python -m cardtable.analysis.fit_evaluation biosphere5 --games 2000 --seed 1
    python -m cardtable.analysis.fit_evaluation dino-battles --games 1000 --seed 1
    python -m cardtable.analysis.fit_evaluation 51st-state --games 600 --seed 1
    python -m cardtable.analysis.fit_evaluation race-for-the-galaxy --games 600 --seed 1

Plays two-player games between heuristic players that take a random legal action one time in five (in
Biosphere 5, never), so that what the heuristic always does also appears undone and its worth can be
told apart from the strength of the player who does it. At every quiet position (the game's quiet test:
no effect, attack or promotion half resolved; in Race for the Galaxy an action selection) it records,
for the seat to decide, the difference between its features and its opponent's, labelled 1 if that seat
went on to win and 0 if it lost (draws and shared wins are left out). A logistic regression without
intercept (so both seats' chances add up to one) is fitted by `cardtable.players.logistic`. The features
are named where the game computes them: their names, in the order `features` gives them, are the columns
of the positions and the order of the weights file. Needs NumPy (in the `report` extra).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from types import ModuleType
from typing import Any

from cardtable.core import Game, make_game
from cardtable.games.biosphere5 import evaluation as biosphere5
from cardtable.games.dino_battles import evaluation as dino_battles
from cardtable.games.fifty_first_state import evaluation as fifty_first_state
from cardtable.games.race_for_the_galaxy import evaluation as race_for_the_galaxy
from cardtable.players import logistic


@dataclass(frozen=True)
class Fit:
    """How one game's evaluation is fitted: its module (with `WEIGHTS_FILE`), the features of a seat in
    a position by name (`features(game, state, seat)`), and the default games and exploration."""

    module: ModuleType
    features: Callable[[Any, Any, int], dict[str, float]]
    games: int
    explore: int = logistic.EXPLORE


#: each game's fit, by game name
FITS = {
    "biosphere5": Fit(biosphere5, lambda game, s, seat: biosphere5.features(game.cards, s, seat), 2000, 0),
    "dino-battles": Fit(
        dino_battles, lambda game, s, seat: dino_battles.features(game.catalog, s, seat), 1000
    ),
    "51st-state": Fit(
        fifty_first_state, lambda game, s, seat: fifty_first_state.features(game.catalog, s, seat), 600
    ),
    "race-for-the-galaxy": Fit(
        race_for_the_galaxy,
        lambda game, s, seat: race_for_the_galaxy.features(
            game.catalog, s, seat, race_for_the_galaxy.progress(s)
        ),
        600,
    ),
}


def two_player_game(name: str) -> Game[Any]:
    return make_game(name, {"players": 2})


def feature_names(name: str) -> list[str]:
    """The names of the features of `name`'s evaluation, in the order its `features` gives them."""
    game = two_player_game(name)
    return list(FITS[name].features(game, game.new_state(0), 0))


def positions(name: str, games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` two-player games of `name` between heuristic
    players (`cardtable.players.logistic.positions`), a column per feature (`feature_names`)."""
    fit = FITS[name]
    game = two_player_game(name)
    quiet = game.quiet_test()
    if quiet is None:
        raise ValueError(f"{name} declares no quiet test")
    names = feature_names(name)

    def row(state: Any, seat: int) -> list[float]:
        values = fit.features(game, state, seat)
        return [values[feature] for feature in names]

    return logistic.positions(game, row, quiet, games, seed, fit.explore)


def main(argv: Sequence[str] | None = None) -> None:
    """`python -m cardtable.analysis.fit_evaluation GAME [--games N] [--seed S] [--out FILE]`."""
    module = __spec__.name if __spec__ else __name__
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in FITS:
        raise SystemExit(f"usage: python -m {module} GAME [--games N] [--seed S]; GAME: {', '.join(FITS)}")
    name, *rest = args
    fit = FITS[name]
    logistic.fit_main(
        two_player_game(name).title,
        f"{module} {name}",
        partial(positions, name),
        feature_names(name),
        fit.module.WEIGHTS_FILE,
        games=fit.games,
        explore=fit.explore,
        argv=rest,
    )


if __name__ == "__main__":
    main()
