"""players.logistic: the self-play positions every game's fitting tool collects, and the fit itself."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import Game, make_game
from cardtable.players import logistic


def seat_feature(state: Any, seat: int) -> list[float]:
    """One feature that names the seat: its difference is -1 for seat A deciding, +1 for B."""
    return [float(seat), 1.0]


def always_quiet(game: Game[Any], state: Any) -> bool:
    return True


def test_positions_record_the_deciding_seats_difference_and_who_won() -> None:
    game = make_game("dino-battles", {"players": 2})
    rows, labels = logistic.positions(game, seat_feature, always_quiet, 1, 7)
    assert len(rows) == len(labels) > 20
    assert all(row[1] == 0.0 and row[0] in (-1.0, 1.0) for row in rows)  # own minus the opponent's
    # one game: every position of the winner is labelled 1, every one of the loser 0
    seat_a = {label for row, label in zip(rows, labels, strict=True) if row[0] == -1.0}
    seat_b = {label for row, label in zip(rows, labels, strict=True) if row[0] == 1.0}
    assert {frozenset(seat_a), frozenset(seat_b)} == {frozenset({0.0}), frozenset({1.0})}


def test_positions_are_reproducible_from_the_seed() -> None:
    game = make_game("dino-battles", {"players": 2})
    once = logistic.positions(game, seat_feature, always_quiet, 1, 3)
    again = logistic.positions(game, seat_feature, always_quiet, 1, 3)
    assert once == again


def test_positions_come_from_two_player_games_only() -> None:
    with pytest.raises(ValueError, match="two-player"):
        logistic.positions(make_game("dino-battles", {"players": 3}), seat_feature, always_quiet, 1, 1)


def test_the_fit_finds_the_feature_that_decides() -> None:
    rows = [[1.0, 0.3], [2.0, -0.5], [-1.0, 0.2], [-2.0, 0.4], [0.5, -0.1], [-0.5, 0.0]] * 5
    labels = [1.0, 1.0, 0.0, 0.0, 1.0, 0.0] * 5
    w = logistic.fit(rows, labels)
    assert w[0] > 1.0
    assert logistic.accuracy(rows, labels, w) == 1.0
