"""A game's fitted position evaluation: a logistic model of who wins, over differences of features.

A game's `evaluation.py` computes each seat's features and reads its weights (`weights_reader`, a
small data file beside it); the chance that a seat beats another is the logistic of the weighted difference
(`chance`). The weights are fitted from played positions by `cardtable.players.logistic`.

>>> round(chance([1.0, 0.5], [2.0, 1.0], [1.0, 1.0]), 3)
0.731
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path

import msgspec

from .carddata import load_card_file
from .errors import CardDataError


def sigmoid(x: float) -> float:
    """The logistic function, 1 / (1 + e^-x), with `x` held within ±30 (beyond, it is 0 or 1 to 13 digits).

    >>> sigmoid(0.0), round(sigmoid(1.0), 3), sigmoid(1e6)
    (0.5, 0.731, 0.9999999999999065)
    """
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def chance(weights: Sequence[float], mine: Sequence[float], theirs: Sequence[float]) -> float:
    """The model's chance that the player with features `mine` beats the one with `theirs`."""
    return sigmoid(sum(w * (a - b) for w, a, b in zip(weights, mine, theirs, strict=True)))


def chance_against_best(
    weights: Sequence[float], mine: Sequence[float], others: Iterable[Sequence[float]]
) -> float:
    """The model's chance that the player with features `mine` beats the best placed of `others`."""
    return min(chance(weights, mine, theirs) for theirs in others)


class Weights(msgspec.Struct, forbid_unknown_fields=True):
    """A fitted model as its weights file holds it: one weight per feature, and how it was fitted."""

    features: list[str]
    weights: list[float]
    fitted_on: str


def read_weights(path: Path, features: Sequence[str]) -> tuple[float, ...]:
    """The weights of `path`, checked against the game's feature names (CardDataError if they differ)."""
    data = load_card_file(path, Weights)
    if tuple(data.features) != tuple(features) or len(data.weights) != len(features):
        raise CardDataError(f"{path}: features and weights must be {len(features)}: {', '.join(features)}")
    return tuple(data.weights)


def weights_reader(features: Sequence[str], path: Path) -> Callable[..., tuple[float, ...]]:
    """A game's `weights(path=path)`: the weights of a file (by default the game's own, `path`), read once
    per file and checked against the game's feature names (CardDataError if they differ)."""

    @cache
    def weights(file: Path = path) -> tuple[float, ...]:
        return read_weights(file, features)

    return weights
