"""RESEARCH.md §5: the 60 reference games (Keldon Jones' engine, 2-player expert rules) and the 149
games of the four expansion traces (RULES.md "Oracle: the expansion traces replayed") replay in our
engine decision by decision, with chance scripted from the traces, and agree to the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.games.race_for_the_galaxy import oracle

from .expansion_traces import TRACES as EXPANSION_TRACES

TRACES = Path(__file__).parent / "data" / "k_traces.jsonl.gz"
GAMES = oracle.load(TRACES)
EXPANSION_GAMES = [
    pytest.param(trace, id=f"{name}-seed{trace['seed']}")
    for name, path in EXPANSION_TRACES.items()
    for trace in oracle.load(path)
]


@pytest.mark.parametrize("trace", GAMES, ids=[f"seed{g['seed']}" for g in GAMES])
def test_5_reference_game_agrees_to_the_end(trace: dict) -> None:
    report = oracle.replay(trace)
    assert report.agrees, report.problem
    assert report.decisions == trace["counts"]["decisions"]
    assert report.scores == [s["total"] for s in trace["result"]["scores"]]


@pytest.mark.parametrize("trace", EXPANSION_GAMES)
def test_exp_reference_game_agrees_to_the_end(trace: dict) -> None:
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
    import gzip
    import json

    trace = json.loads(json.dumps(GAMES[0]))
    trace["result"]["scores"][0]["total"] += 1
    bad = tmp_path / "bad.jsonl.gz"
    with gzip.open(bad, "wt", encoding="utf-8") as f:
        f.write(json.dumps(trace) + "\n")
    assert oracle.main([str(bad)]) == 1
