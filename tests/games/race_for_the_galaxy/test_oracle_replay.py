"""RESEARCH.md §5: the 60 reference games (Keldon Jones' engine, 2-player expert rules) and the 149
games of the four expansion traces (RULES.md "Oracle: the expansion traces replayed") replay in our
engine decision by decision, with chance scripted from the traces, and agree to the end."""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.games.race_for_the_galaxy import oracle

from .expansion_traces import TRACES as EXPANSION_TRACES

TRACES = Path(__file__).parent / "data" / "k_traces.jsonl.gz"


@functools.cache
def _lines(path: Path) -> tuple[str, ...]:
    """A trace file's games as the text of their lines (about 54 MB for the five files; parsed, they
    are some 0.5 GB, which every test process would hold if they were parsed at collection)."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return tuple(line for line in f if line.strip())


def _trace(path: Path, index: int) -> dict[str, Any]:
    """Game `index` of the trace file `path`, parsed for the test that replays it."""
    return json.loads(_lines(path)[index])


def _games(path: Path, name: str) -> list[Any]:
    """One test case per game of `path`, named by its trace and seed (only the seeds are kept here)."""
    seeds = [json.loads(line)["seed"] for line in _lines(path)]
    _lines.cache_clear()  # collection keeps no game text: a replaying process reads its files again
    return [pytest.param(path, index, id=f"{name}seed{seed}") for index, seed in enumerate(seeds)]


GAMES = _games(TRACES, "")
EXPANSION_GAMES = [case for name, path in EXPANSION_TRACES.items() for case in _games(path, f"{name}-")]


@pytest.mark.parametrize(("path", "index"), GAMES)
def test_5_reference_game_agrees_to_the_end(path: Path, index: int) -> None:
    trace = _trace(path, index)
    report = oracle.replay(trace)
    assert report.agrees, report.problem
    assert report.decisions == trace["counts"]["decisions"]
    assert report.scores == [s["total"] for s in trace["result"]["scores"]]


@pytest.mark.parametrize(("path", "index"), EXPANSION_GAMES)
def test_exp_reference_game_agrees_to_the_end(path: Path, index: int) -> None:
    trace = _trace(path, index)
    report = oracle.replay(trace)
    assert report.agrees, report.problem
    assert report.decisions == trace["counts"]["decisions"]
    assert report.scores == [s["total"] for s in trace["result"]["scores"]]


def test_exp_every_expansion_trace_is_replayed() -> None:
    assert len(EXPANSION_GAMES) == 149


def test_5_oracle_command_reports_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert oracle.main([str(TRACES)]) == 0
    out = capsys.readouterr().out
    assert "60 of 60 games agree to the end" in out


def test_5_oracle_command_exits_non_zero_on_a_disagreement(tmp_path: Path) -> None:
    trace = _trace(TRACES, 0)
    trace["result"]["scores"][0]["total"] += 1
    bad = tmp_path / "bad.jsonl.gz"
    with gzip.open(bad, "wt", encoding="utf-8") as f:
        f.write(json.dumps(trace) + "\n")
    assert oracle.main([str(bad)]) == 1
