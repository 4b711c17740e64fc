"""`cardtable report`: every mode of a game simulated, one report per mode and an index page."""

from __future__ import annotations

import json
from pathlib import Path

from cardtable.sim import simulate

from .conftest import one_error_line


def test_report_writes_every_mode_with_the_simulated_numbers(cli, tmp_path: Path) -> None:
    result = cli("report", "toy", str(tmp_path), "--games", "10", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "standard (random, random)" in result.stdout and "index written to" in result.stdout
    index = (tmp_path / "index.html").read_text()
    for mode, options in (("standard", {"hand": 3}), ("short", {"hand": 2})):
        assert f"href='{mode}/report.html'" in index
        data = json.loads((tmp_path / mode / "report.json").read_text())
        assert [seat["wins"] for seat in data["seats"]] == simulate("toy", options, 10, 4).wins


def test_report_refuses_bad_input_in_one_line(cli, tmp_path: Path) -> None:
    assert "unknown game 'chess'" in one_error_line(cli("report", "chess", str(tmp_path)))
    assert "at least 1" in one_error_line(cli("report", "toy", str(tmp_path), "--games", "0"))
    assert "unknown player kind 'wizard'" in one_error_line(
        cli("report", "toy", str(tmp_path), "--players", "wizard")
    )
