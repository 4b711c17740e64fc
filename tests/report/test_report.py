"""The report's numbers, checked against what the games' records say when replayed one by one."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from pathlib import Path

import pytest

from cardtable.core import Action, Record, replay
from cardtable.parallel import SimSpec, run
from cardtable.report import build_report, wilson
from cardtable.report.html import render_html
from cardtable.sim import STOPPED_AT_CAP, STOPPED_WORDS
from tests.toygame import ToyGame

GAMES = 40


@pytest.fixture(scope="module")
def batch():  # type: ignore[no-untyped-def]
    return run(SimSpec("toy", {}, 6, ("random", "random")), GAMES, workers=1, keep_records=True)


def test_wilson_interval_known_values() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_report_counts_what_the_records_show(batch) -> None:  # type: ignore[no-untyped-def]
    report = build_report(batch)
    wins, firsts, reasons, plays, played_and_won = Counter(), 0, Counter(), Counter(), Counter()
    lengths, draws = [], 0
    for outcome in batch.outcomes:
        record = Record.from_text(outcome.record)
        match = replay(record)
        result = match.result
        assert result is not None
        wins.update(result.winners)
        draws += result.draw
        reasons[result.reason] += 1
        lengths.append(len(record.moves))
        firsts += record.moves[0].seat in result.winners
        seen = set()
        for move in record.moves:
            action = Action.parse(move.action)
            if action.verb == "play":
                plays[str(action.args[0])] += 1
                seen.add((move.seat, str(action.args[0])))
        for seat, card in seen:
            played_and_won[card, "games"] += 1
            played_and_won[card, "won"] += seat in result.winners
    assert report.games == GAMES
    assert [r.wins for r in report.seats] == [wins[0], wins[1]]
    assert [(r.label, r.wins, r.games) for r in report.kinds] == [("random", wins[0] + wins[1], 2 * GAMES)]
    assert report.draws == draws and report.ends == dict(reasons)  # the toy game declares no codes
    assert (report.first_player.wins, report.first_player.games) == (firsts, GAMES)
    assert report.length_stats["mean"] == pytest.approx(statistics.fmean(lengths))
    assert report.length_stats["median"] == statistics.median(lengths)
    assert (report.length_stats["min"], report.length_stats["max"]) == (min(lengths), max(lengths))
    assert {c.card: c.plays for c in report.cards} == dict(plays)
    overall = (wins[0] + wins[1]) / (2 * GAMES)
    for card in report.cards:
        assert (card.win_rate.wins, card.seat_games) == (
            played_and_won[card.card, "won"],
            played_and_won[card.card, "games"],
        )
        assert card.lift == pytest.approx(card.win_rate.share - overall)
    assert [c.plays for c in report.cards] == sorted((c.plays for c in report.cards), reverse=True)


def test_the_html_page_is_self_contained_with_the_numbers(batch) -> None:  # type: ignore[no-untyped-def]
    report = build_report(batch)
    page = render_html(report)
    assert page.count("data:image/png;base64,") == 3  # wins, lengths, cards
    assert "http://" not in page and "https://" not in page and "<script" not in page
    seat = report.seats[0]
    assert f"<td>{seat.wins}</td><td>{GAMES}</td>" in page
    assert f"{seat.low:.1%} – {seat.high:.1%}" in page


def test_sim_report_command_writes_the_page_and_data(cli, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = cli("sim", "toy", "-n", "20", "--seed", "2", "--workers", "2", "--report", str(out))
    assert result.exit_code == 0, result.output
    assert "first player" in result.stdout and "how games end" in result.stdout
    data = json.loads((out / "report.json").read_text())
    summary = json.loads(cli("sim", "toy", "-n", "20", "--seed", "2", "--json").stdout)
    assert [s["wins"] for s in data["seats"]] == summary["wins"]
    assert data["draws"] == summary["draws"] and data["ends"] == summary["ends"]
    assert (out / "report.html").read_text().startswith("<!doctype html>")


def test_games_stopped_at_the_cap_are_their_own_row_not_no_winner(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A game still going at the batch's cap is counted as stopped (ending `STOPPED_AT_CAP`), never
    as a win, a draw or "no winner", in the report as in the simulator's summary."""

    def endless(self, state, action) -> None:  # type: ignore[no-untyped-def]
        state.turn = 1 - state.turn

    monkeypatch.setattr(ToyGame, "_apply", endless)
    stopped = run(SimSpec("toy", {}, 6, ("random", "random"), max_actions=7), 5, workers=1)
    report = build_report(stopped)
    assert (report.games, report.stopped, report.no_winner, report.draws) == (5, 5, 0, 0)
    assert report.ends == {STOPPED_AT_CAP: 5} and report.end_words == {STOPPED_AT_CAP: STOPPED_WORDS}
    assert [r.wins for r in report.seats] == [0, 0] and report.length_stats["max"] == 7
    assert stopped.summary.stopped == 5 and "Stopped at the cap: 5" in render_html(report)
