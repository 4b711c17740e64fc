"""A game's fitted position evaluation: a logistic model of who wins, over differences of features.

A game's `evaluation.py` computes each seat's features, each named where it is computed (a dict of
name -> value), and reads its weights by the same names (`weights_reader`, a small data file beside
it); the chance that a seat beats another is the logistic of the weighted difference (`chance`). The
weights are fitted from played positions by `cardtable.players.logistic`.

>>> model = Model(Path("toy.toml"), {"lead": 1.0, "noise": 0.5})
>>> round(chance(model, {"lead": 2.0, "noise": 1.0}, {"lead": 1.0, "noise": 1.0}), 3)
0.731
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path

import msgspec

from .carddata import load_card_file, unique_keys
from .errors import CardDataError


def sigmoid(x: float) -> float:
    """The logistic function, 1 / (1 + e^-x), with `x` held within ±30 (beyond, it is 0 or 1 to 13 digits).

    >>> sigmoid(0.0), round(sigmoid(1.0), 3), sigmoid(1e6)
    (0.5, 0.731, 0.9999999999999065)
    """
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


class Model:
    """A fitted model: the weight of each feature by name, as its weights file (`path`) holds them. It
    scores features by name, summing in the file's order, and refuses features whose names are not the
    file's (CardDataError naming the file and the names that differ)."""

    __slots__ = ("_pairs", "path", "weights")

    def __init__(self, path: Path, weights: Mapping[str, float]) -> None:
        self.path = path
        self.weights = dict(weights)
        self._pairs = tuple(self.weights.items())

    def score(self, features: Mapping[str, float]) -> float:
        """The weighted sum of one side's features."""
        if len(features) == len(self._pairs):
            try:
                return sum(w * features[name] for name, w in self._pairs)
            except KeyError:
                pass
        raise self._mismatch(features)

    def logit(self, mine: Mapping[str, float], theirs: Mapping[str, float]) -> float:
        """The weighted difference of two sides' features: the log-odds that `mine` beats `theirs`."""
        if len(mine) == len(theirs) == len(self._pairs):
            try:
                return sum(w * (mine[name] - theirs[name]) for name, w in self._pairs)
            except KeyError:
                pass
        raise self._mismatch(mine, theirs)

    def _mismatch(self, *sides: Mapping[str, float]) -> CardDataError:
        """The error for the first of `sides` whose feature names are not the file's."""
        side = next(side for side in sides if side.keys() != self.weights.keys())
        missing = [name for name in side if name not in self.weights]
        extra = [name for name in self.weights if name not in side]
        return CardDataError(
            f"{self.path}: the weights do not fit the features the game computes;"
            f" features without a weight: {', '.join(missing) or 'none'};"
            f" weights of no feature: {', '.join(extra) or 'none'}"
        )


def chance(model: Model, mine: Mapping[str, float], theirs: Mapping[str, float]) -> float:
    """The model's chance that the player with features `mine` beats the one with `theirs`."""
    return sigmoid(model.logit(mine, theirs))


def chance_against_best(
    model: Model, mine: Mapping[str, float], others: Iterable[Mapping[str, float]]
) -> float:
    """The model's chance that the player with features `mine` beats the best placed of `others`."""
    return min(chance(model, mine, theirs) for theirs in others)


class Weights(msgspec.Struct, forbid_unknown_fields=True):
    """A fitted model as its weights file holds it: one weight per feature, and how it was fitted."""

    features: list[str]
    weights: list[float]
    fitted_on: str


def read_weights(path: Path) -> Model:
    """The model of the weights file `path` (CardDataError if its features and weights do not pair up)."""
    data = load_card_file(path, Weights)
    if len(data.weights) != len(data.features):
        raise CardDataError(f"{path}: {len(data.features)} features but {len(data.weights)} weights")
    unique_keys(data.features, f"{path}: feature")
    return Model(path, dict(zip(data.features, data.weights, strict=True)))


def weights_reader(path: Path) -> Callable[..., Model]:
    """A game's `weights(file=path)`: the model of a weights file (by default the game's own, `path`),
    read once per file."""

    @cache
    def weights(file: Path = path) -> Model:
        return read_weights(file)

    return weights
