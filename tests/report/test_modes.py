"""A report for every mode of a game, with an index page."""

from __future__ import annotations

import json
from pathlib import Path

from cardtable.report.modes import mode_runs, report_modes
from cardtable.sim import simulate


def test_every_mode_gets_its_options_and_a_kind_per_seat() -> None:
    runs = mode_runs("biosphere5", ["heuristic", "random"])
    by_name = {run.mode: run for run in runs}
    assert by_name["3 players"].players == ("heuristic", "random", "heuristic")
    assert by_name["abyss 4 players"].options == {"players": 4, "abyss": True}
    assert by_name["solo vs Machine"].folder == "solo-vs-machine"
    assert by_name["solo vs Machine"].players == ("heuristic", "machine")
    assert len(runs) == 7


def test_every_mode_report_is_written_with_its_numbers(tmp_path: Path) -> None:
    index = report_modes("toy", ["random"], tmp_path, 12, 3)
    page = index.read_text()
    for mode, options in (("standard", {"hand": 3}), ("short", {"hand": 2})):
        assert f"href='{mode}/report.html'" in page
        data = json.loads((tmp_path / mode / "report.json").read_text())
        expected = simulate("toy", options, 12, 3)
        assert [seat["wins"] for seat in data["seats"]] == expected.wins
        assert data["ends"] == dict(expected.ends)
