"""`cardtable bench` and the benchmark harness."""

from __future__ import annotations

import importlib.util
import json

from cardtable.bench import BenchResult, bench_openspiel, bench_side_by_side, random_playout, timed_playouts
from cardtable.core import make_game

from .conftest import one_error_line

HAS_OPENSPIEL = importlib.util.find_spec("pyspiel") is not None


def test_bench_measures_every_mode_of_a_game(cli) -> None:
    result = cli("bench", "--game", "toy", "--seconds", "0.05", "--json", "--no-openspiel")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert [(r["game"], r["mode"]) for r in report["results"]] == [("toy", "standard"), ("toy", "short")]
    for row in report["results"]:
        assert row["games"] >= 1 and row["actions"] > 0 and row["actions_per_second"] > 0
        assert row["ratio_to_openspiel"] is None
    assert report["openspiel"] is None and report["openspiel_skipped"] == "disabled"


def test_bench_compares_with_openspiel_when_installed(cli) -> None:
    result = cli("bench", "--game", "toy", "--seconds", "0.05", "--json")
    report = json.loads(result.stdout)
    if HAS_OPENSPIEL:
        assert report["openspiel"]["game"] == "crazy_eights" and report["openspiel"]["actions"] > 0
        assert all(row["ratio_to_openspiel"] > 0 for row in report["results"])
    else:
        assert report["openspiel"] is None and "pyspiel not installed" in report["openspiel_skipped"]


def test_bench_table(cli) -> None:
    result = cli("bench", "--game", "toy", "--seconds", "0.02")
    assert result.exit_code == 0
    assert "actions/s" in result.stdout and "standard" in result.stdout
    skipped = "OpenSpiel crazy_eights: skipped, pyspiel not installed" in " ".join(result.stdout.split())
    assert skipped == (not HAS_OPENSPIEL)
    if HAS_OPENSPIEL:
        assert "│ crazy_eig" in result.stdout


def test_bench_refuses_an_unknown_game(cli) -> None:
    assert "unknown game 'chess'" in one_error_line(cli("bench", "--game", "chess"))


def test_playouts_are_fixed_by_their_seeds() -> None:
    game = make_game("toy")
    assert [random_playout(game, s) for s in range(5)] == [random_playout(game, s) for s in range(5)]
    games, actions, seconds = timed_playouts(lambda seed: random_playout(game, seed), 0.0)
    assert games == 1 and actions > 0 and seconds >= 0


def test_openspiel_runs_in_the_same_harness_when_installed() -> None:
    result = bench_openspiel(0.01)
    assert (result is not None) == HAS_OPENSPIEL
    if result is not None:
        assert result.games >= 1 and result.actions > 0 and result.seats == 5


def test_openspiel_is_measured_around_our_games_and_added_up() -> None:
    ours, reference = bench_side_by_side(["toy"], 0.02, openspiel=HAS_OPENSPIEL)
    assert [r.mode for r in ours] == ["standard", "short"]
    assert (reference is not None) == HAS_OPENSPIEL
    a = BenchResult("g", "m", 2, 3, 30, 1.5)
    assert a.plus(a) == BenchResult("g", "m", 2, 6, 60, 3.0) and a.plus(a).actions_per_second == 20


def test_bench_times_the_search_per_decision(cli) -> None:
    result = cli(
        "bench",
        "--game",
        "toy",
        "--seconds",
        "0.02",
        "--no-openspiel",
        "--ismcts",
        "20",
        "--decisions",
        "3",
        "--json",
    )
    assert result.exit_code == 0, result.output
    (search,) = json.loads(result.stdout)["ismcts"]
    assert search["game"] == "toy" and search["iterations"] == 20 and search["decisions"] == 3
    assert 0 < search["median_seconds"] <= search["max_seconds"] and search["mean_wall_seconds"] > 0
    table = cli(
        "bench", "--game", "toy", "--seconds", "0.02", "--no-openspiel", "--ismcts", "20", "--decisions", "2"
    )
    assert "ISMCTS, 20 iterations per decision" in table.stdout
    assert "at least 1" in one_error_line(cli("bench", "--game", "toy", "--decisions", "0"))


def test_search_positions_are_real_choices_fixed_by_the_seed() -> None:
    from cardtable.bench import search_positions

    game = make_game("biosphere5")
    first, again = search_positions(game, 4), search_positions(game, 4)
    assert [game.to_json(s) for s, _ in first] == [game.to_json(s) for s, _ in again]
    for state, seat in first:
        assert game.decision(state).seat == seat and len(game.legal_actions(state)) > 1
