"""players.logistic: the self-play positions every game's fitting tool collects, and the fit itself."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from cardtable.core import CardDataError, Game, make_game
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
    model = logistic.Model(Path("toy.toml"), {"lead": 0.5, "noise": -1.0})
    mine, theirs = {"lead": 4.0, "noise": 1.0}, {"noise": 1.5, "lead": 2.0}  # by name, in any order
    ahead = logistic.chance(model, mine, theirs)
    assert ahead == pytest.approx(1 / (1 + math.exp(-(0.5 * 2 - 1.0 * -0.5))))
    assert ahead + logistic.chance(model, theirs, mine) == pytest.approx(1.0)
    assert model.score(mine) == 0.5 * 4.0 - 1.0 * 1.0


def test_the_chance_against_the_best_is_against_the_strongest_opponent() -> None:
    model = logistic.Model(Path("toy.toml"), {"lead": 1.0})
    weak, strong = {"lead": 1.0}, {"lead": 3.0}
    best = logistic.chance_against_best(model, {"lead": 2.0}, [weak, strong])
    assert best == logistic.chance(model, {"lead": 2.0}, strong)


def test_features_not_named_as_the_weights_are_refused_naming_the_file_and_the_names() -> None:
    model = logistic.Model(Path("toy.toml"), {"lead": 1.0, "noise": 0.5})
    even = {"lead": 1.0, "noise": 0.0}
    renamed = {"lead": 1.0, "nois": 0.0}
    with pytest.raises(
        CardDataError, match=r"toy.toml: .*without a weight: nois; weights of no feature: noise"
    ):
        model.logit(even, renamed)
    with pytest.raises(CardDataError, match="without a weight: extra; weights of no feature: none"):
        model.score({**even, "extra": 2.0})
    with pytest.raises(CardDataError, match="without a weight: none; weights of no feature: noise"):
        model.logit({"lead": 1.0}, {"lead": 1.0})


def test_a_weights_file_with_unpaired_or_repeated_names_is_refused(tmp_path: Path) -> None:
    unpaired = tmp_path / "unpaired.toml"
    unpaired.write_text('fitted_on = "x"\nfeatures = ["lead", "noise"]\nweights = [1.0]\n')
    with pytest.raises(CardDataError, match=r"unpaired.toml: 2 features but 1 weights"):
        logistic.read_weights(unpaired)
    twice = tmp_path / "twice.toml"
    twice.write_text('fitted_on = "x"\nfeatures = ["lead", "lead"]\nweights = [1.0, 2.0]\n')
    with pytest.raises(CardDataError, match=r"twice.toml: feature 'lead': the key is used twice"):
        logistic.read_weights(twice)


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
    model = logistic.read_weights(out)
    assert list(model.weights) == list(names) and model.weights["lead"] > 0
    text = out.read_text()
    assert "python -m toy.fit --games 5 --seed 2" in text
    assert "20 positions of 5 two-player games between heuristic players exploring 20%, seed 2" in text
    assert "held-out accuracy" in capsys.readouterr().out
