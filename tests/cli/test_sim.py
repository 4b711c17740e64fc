"""`cardtable sim` and the simulation library behind it."""

from __future__ import annotations

import json
from pathlib import Path

from cardtable.core import Record, make_game, replay
from cardtable.sim import (
    STOPPED_AT_CAP,
    STOPPED_WORDS,
    TIMING_FIELDS,
    SimSummary,
    game_seed,
    play_one,
    simulate,
)
from tests.toygame import ToyGame

from .conftest import one_error_line


def _without_timing(text: str) -> dict[str, object]:
    data = json.loads(text)
    for key in TIMING_FIELDS:
        assert isinstance(data.pop(key), float | int)
    return data


def test_sim_json_is_deterministic_except_timing(cli) -> None:
    first = cli("sim", "toy", "--games", "30", "--seed", "7", "--json")
    second = cli("sim", "toy", "--games", "30", "--seed", "7", "--json")
    assert first.exit_code == second.exit_code == 0
    assert len(first.stdout.strip().splitlines()) == 1
    a, b = _without_timing(first.stdout), _without_timing(second.stdout)
    assert a == b
    assert json.dumps(a) == json.dumps(b)  # same keys in the same order


def test_sim_summary_counts_add_up(cli) -> None:
    data = json.loads(
        cli("sim", "toy", "--games", "40", "--seed", "3", "--option", "hand=2", "--json").stdout
    )
    assert (
        data["game"] == "toy" and data["options"] == {"hand": 2} and data["players"] == ["random", "random"]
    )
    assert data["seat_names"] == ["A", "B"] and data["games"] == 40
    assert sum(data["wins"]) + data["draws"] + data["no_winner"] == 40  # toy games have one winner or none
    assert sum(data["ends"].values()) == 40 and data["stopped_at_cap"] == 0
    assert set(data["end_words"]) == set(data["ends"])
    assert data["min_length"] <= data["average_length"] <= data["max_length"]
    assert round(data["average_length"] * 40) == data["total_actions"]


def test_another_seed_gives_other_games(cli) -> None:
    a = _without_timing(cli("sim", "toy", "--games", "30", "--seed", "1", "--json").stdout)
    b = _without_timing(cli("sim", "toy", "--games", "30", "--seed", "2", "--json").stdout)
    assert a["total_actions"] != b["total_actions"] or a["wins"] != b["wins"]


def test_sim_writes_records_that_replay(cli, tmp_path: Path) -> None:
    result = cli("sim", "toy", "--games", "12", "--seed", "5", "--records", str(tmp_path / "recs"), "--json")
    assert result.exit_code == 0
    files = sorted((tmp_path / "recs").iterdir())
    assert [f.name for f in files] == [f"toy-{i:02d}.rec" for i in range(12)]
    total = 0
    for index, path in enumerate(files):
        record = Record.from_text(path.read_text())
        assert record.seed == game_seed(5, index)
        match = replay(record)
        assert match.result is not None and record.result == match.result.describe(match.seats)
        total += len(match.moves)
    assert json.loads(result.stdout)["total_actions"] == total
    assert cli("replay", str(files[3])).exit_code == 0


def test_sim_table(cli) -> None:
    result = cli("sim", "toy", "--games", "5", "--seed", "1")
    assert result.exit_code == 0
    expected = ("games", "total actions", "actions per second", "wins A (random)", "draws", "length average")
    for text in expected:
        assert text in result.stdout


def test_sim_refuses_bad_requests_in_one_line(cli) -> None:
    assert "unknown game 'chess'" in one_error_line(cli("sim", "chess", "--games", "2"))
    assert "option hand: '9' is not one of 2, 3, 4" in one_error_line(cli("sim", "toy", "-o", "hand=9"))
    assert "is not of the form name=value" in one_error_line(cli("sim", "toy", "-o", "hand"))
    assert "toy has 2 seats, got 3 players" in one_error_line(
        cli("sim", "toy", "--players", "random,random,random")
    )
    assert "unknown player kind 'oracle'" in one_error_line(cli("sim", "toy", "--players", "oracle"))
    assert "--games must be at least 1" in one_error_line(cli("sim", "toy", "--games", "0"))


def test_simulate_is_deterministic_and_splits_into_batches() -> None:
    whole = simulate("toy", {}, 20, 11, ["random"])
    again = simulate("toy", {}, 20, 11, ["random", "random"])
    parts = simulate("toy", {}, 8, 11, ["random"], first=0).merge(
        simulate("toy", {}, 12, 11, ["random"], first=8)
    )

    def counts(s: SimSummary) -> dict[str, object]:
        return {k: v for k, v in s.to_dict().items() if k not in TIMING_FIELDS}

    assert counts(whole) == counts(again) == counts(parts)
    assert whole.games == 20


def test_simulate_reports_each_game_to_the_callback() -> None:
    seen: list[int] = []
    simulate("toy", {"hand": 4}, 5, 2, ["random"], on_game=lambda index, match: seen.append(index))
    assert seen == [0, 1, 2, 3, 4]


def test_a_game_of_a_batch_can_be_played_alone() -> None:
    game = make_game("toy")
    records = []
    simulate("toy", {}, 4, 9, ["random"], on_game=lambda i, match: records.append(match.record()))
    assert play_one(game, game_seed(9, 2), ["random", "random"], validate=True).record() == records[2]


def test_a_game_that_crashes_is_reported_in_one_line_with_its_seed(cli, monkeypatch) -> None:
    def crash(self, state, action) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(ToyGame, "_apply", crash)
    line = one_error_line(cli("sim", "toy", "--games", "3", "--seed", "4"))
    assert line == f"error: toy game with seed {game_seed(4, 0)} failed: ZeroDivisionError: division by zero"


def test_the_machine_seat_is_played_by_the_game_not_by_a_player_kind(cli) -> None:
    result = cli(
        "sim", "biosphere5", "-o", "solo=machine", "--games", "3", "--players", "heuristic", "--json"
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["players"] == ["heuristic", "machine"] and summary["seat_names"] == ["A", "Machine"]
    named = cli(
        "sim", "biosphere5", "-o", "solo=machine", "--games", "3", "--players", "heuristic,machine", "--json"
    )
    assert json.loads(named.stdout)["wins"] == summary["wins"]
    refused = cli("sim", "biosphere5", "-o", "solo=machine", "--players", "heuristic,random")
    assert "biosphere5 plays seat(s) 1 (machine) itself" in one_error_line(refused)
    assert make_game("biosphere5").automata() == {} and make_game("toy").automata() == {}


def test_a_game_past_its_declared_length_is_counted_as_stopped_at_the_cap(cli, monkeypatch) -> None:
    """The simulator's limit is the game's own `max_actions` (the toy's longest game: 38 actions with
    three cards each), not one number for every game; a SimSpec may still set its own. A game still
    going there is stopped and counted as an outcome of its own, not a failure of the batch (random Dino
    Battles games may never end: its RULES.md D2)."""

    def endless(self, state, action) -> None:
        state.turn = 1 - state.turn  # every move passes the turn and nothing ever ends

    monkeypatch.setattr(ToyGame, "_apply", endless)
    data = json.loads(cli("sim", "toy", "--games", "3", "--seed", "4", "--json").stdout)
    assert data["stopped_at_cap"] == 3 and data["ends"] == {STOPPED_AT_CAP: 3}
    assert data["total_actions"] == 3 * 38 and data["wins"] == [0, 0] and data["no_winner"] == 0
    table = cli("sim", "toy", "--games", "3", "--seed", "4").stdout
    assert "stopped at the cap" in table and STOPPED_AT_CAP in table
    summary = simulate("toy", {}, 2, 4, max_actions=5)
    assert summary.stopped == 2 and summary.max_length == 5
    assert summary.end_words == {STOPPED_AT_CAP: STOPPED_WORDS}


def test_a_random_dino_battles_game_reaching_its_declared_length_is_counted_as_stopped_at_the_cap() -> None:
    """Dino Battles declares 20,000 actions (its RULES.md "Game length"); this 2-player random game
    (the one RULES.md followed to 300,000 actions) is still going there: the simulator returns it
    unfinished and the summary counts it as stopped at the cap, not as a failure, a win or no winner."""
    game = make_game("dino-battles")
    match = play_one(game, 4928088161067282287, ["random", "random"])
    assert match.result is None and len(match.moves) == game.max_actions == 20_000
    summary = SimSummary("dino-battles", {}, 0, ["random", "random"])
    summary.add(match)
    assert (summary.games, summary.stopped, summary.no_winner, summary.wins) == (1, 1, 0, [0, 0])
    assert summary.ends == {STOPPED_AT_CAP: 1} and summary.max_length == 20_000


def test_each_ending_is_counted_by_its_declared_code_with_its_words() -> None:
    """Games group by `Result.termination` (the codes a game declares in `Game.terminations`), not by
    the free words of the reason, which may add what decided the game (a shared win, a tie broken)."""
    summary = simulate("dino-battles", {"players": 3}, 6, 11)
    game = make_game("dino-battles", {"players": 3})
    assert sum(summary.ends.values()) == 6
    assert set(summary.ends) <= set(game.terminations) | {STOPPED_AT_CAP}
    assert all(
        summary.end_words[code] == game.terminations[code]
        for code in summary.ends
        if code in game.terminations
    )
