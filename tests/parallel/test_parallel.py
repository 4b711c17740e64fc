"""The parallel runner: the same games and the same summary whatever the number of workers."""

from __future__ import annotations

import json

from cardtable.parallel import Batch, SimSpec, chunks, run
from cardtable.sim import TIMING_FIELDS, simulate


def _numbers(batch: Batch) -> dict[str, object]:
    data = batch.summary.to_dict()
    for key in TIMING_FIELDS:
        data.pop(key)
    return data


def test_chunks_cover_every_game_once_in_order() -> None:
    for games, workers in ((1, 1), (7, 2), (100, 2), (100, 16), (3, 8)):
        ranges = chunks(games, workers)
        indices = [i for first, count in ranges for i in range(first, first + count)]
        assert indices == list(range(games))


def test_one_and_two_workers_give_identical_results() -> None:
    spec = SimSpec("biosphere5", {"players": "2"}, 21, ("heuristic", "random"))
    one = run(spec, 12, workers=1)
    two = run(spec, 12, workers=2)
    assert _numbers(one) == _numbers(two)
    assert one.outcomes == two.outcomes
    assert [o.index for o in two.outcomes] == list(range(12))


def test_the_runner_agrees_with_the_plain_simulator() -> None:
    spec = SimSpec("toy", {}, 5, ("random",))
    batch = run(spec, 30, workers=2)
    plain = simulate("toy", {}, 30, 5)
    expected = plain.to_dict()
    for key in TIMING_FIELDS:
        expected.pop(key)
    assert _numbers(batch) == expected


def test_sim_command_gives_the_same_json_with_two_workers(cli) -> None:
    def numbers(workers: str) -> dict[str, object]:
        result = cli("sim", "toy", "-n", "25", "--seed", "4", "--workers", workers, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        for key in TIMING_FIELDS:
            data.pop(key)
        return data

    assert numbers("1") == numbers("2")


def test_sim_command_refuses_no_workers(cli) -> None:
    from tests.cli.conftest import one_error_line

    assert "--workers must be at least 1" in one_error_line(cli("sim", "toy", "--workers", "0"))
