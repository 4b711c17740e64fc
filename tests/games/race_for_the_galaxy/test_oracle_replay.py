"""RESEARCH.md §5: the 60 reference games (Keldon Jones' engine, 2-player expert rules) replay in our
engine decision by decision, with chance scripted from the traces, and agree to the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.games.race_for_the_galaxy import oracle

TRACES = Path(__file__).parent / "data" / "k_traces.jsonl.gz"
GAMES = oracle.load(TRACES)


@pytest.mark.parametrize("trace", GAMES, ids=[f"seed{g['seed']}" for g in GAMES])
def test_5_reference_game_agrees_to_the_end(trace: dict) -> None:
    report = oracle.replay(trace)
    assert report.agrees, report.problem
    assert report.decisions == trace["counts"]["decisions"]
    assert report.scores == [s["total"] for s in trace["result"]["scores"]]


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
