"""players.logistic: the self-play positions every game's fitting tool collects, and the fit itself."""

from __future__ import annotations

import math
from pathlib import Path
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


def test_the_chance_is_the_logistic_of_the_weighted_difference_and_sums_to_one() -> None:
    w = [0.5, -1.0]
    mine, theirs = [4.0, 1.0], [2.0, 1.5]
    ahead = logistic.chance(w, mine, theirs)
    assert ahead == pytest.approx(1 / (1 + math.exp(-(0.5 * 2 - 1.0 * -0.5))))
    assert ahead + logistic.chance(w, theirs, mine) == pytest.approx(1.0)


def test_the_chance_against_the_best_is_against_the_strongest_opponent() -> None:
    w = [1.0]
    weak, strong = [1.0], [3.0]
    assert logistic.chance_against_best(w, [2.0], [weak, strong]) == logistic.chance(w, [2.0], strong)


def test_the_fit_command_writes_weights_the_game_can_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def positions(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
        rows = [[1.0, 0.0], [-1.0, 0.0], [1.0, 1.0], [-1.0, -1.0]] * games
        return rows, [1.0, 0.0, 1.0, 0.0] * games

    out = tmp_path / "evaluation.toml"
    names = ("lead", "noise")
    logistic.fit_main(
        "Toy", "toy.fit", positions, names, out, games=5, argv=["--seed", "2", "--out", str(out)]
    )
    weights = logistic.read_weights(out, names)
    assert weights[0] > 0
    text = out.read_text()
    assert "python -m toy.fit --games 5 --seed 2" in text
    assert "20 positions of 5 two-player games between heuristic players exploring 20%, seed 2" in text
    assert "held-out accuracy" in capsys.readouterr().out
