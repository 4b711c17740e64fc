"""The report as rich tables for the terminal."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from .data import Rate, ReportData

#: how many cards the terminal table lists (the HTML page lists all)
TOP_CARDS = 15


def report_tables(report: ReportData) -> list[Table]:
    options = " ".join(f"{k}={_text(v)}" for k, v in report.options.items())
    title = f"{report.game} {options}: {report.games} games, seed {report.seed}"
    wins = Table(title=escape(title))
    for column in ("who", "wins", "share", "95% interval"):
        wins.add_column(column, justify="left" if column == "who" else "right")
    rows = [(f"seat {r.label}", r) for r in report.seats] + [(f"kind {r.label}", r) for r in report.kinds]
    rows.append((f"first player (fair {report.fair_share:.0%})", report.first_player))
    for label, rate in rows:
        wins.add_row(escape(label), f"{rate.wins}/{rate.games}", f"{rate.share:.1%}", _interval(rate))
    wins.add_row("draws", str(report.draws), _share(report.draws, report.games), "")
    wins.add_row("no winner", str(report.no_winner), _share(report.no_winner, report.games), "")
    wins.add_row("stopped at the cap", str(report.stopped), _share(report.stopped, report.games), "")

    ends = Table(title="how games end")
    ends.add_column("ending")
    ends.add_column("what it means")
    ends.add_column("games", justify="right")
    ends.add_column("share", justify="right")
    for code, count in report.ends.items():
        ends.add_row(escape(code), escape(report.end_words[code]), str(count), _share(count, report.games))

    lengths = Table(title="game length (actions)")
    for key in report.length_stats:
        lengths.add_column(key, justify="right")
    lengths.add_row(
        *(f"{value:.1f}" if key == "mean" else f"{value:g}" for key, value in report.length_stats.items())
    )

    tables = [wins, ends, lengths]
    if report.cards:
        cards = Table(title=f"cards played (top {min(TOP_CARDS, len(report.cards))} of {len(report.cards)})")
        for column in ("card", "plays", "per game", "seat-games", "win rate", "95% interval", "lift"):
            cards.add_column(column, justify="left" if column == "card" else "right")
        for stat in report.cards[:TOP_CARDS]:
            cards.add_row(
                escape(stat.card),
                str(stat.plays),
                f"{stat.per_game:.2f}",
                str(stat.seat_games),
                f"{stat.win_rate.share:.1%}",
                _interval(stat.win_rate),
                f"{stat.lift:+.1%}",
            )
        tables.append(cards)
    return tables


def _interval(rate: Rate) -> str:
    return f"{rate.low:.1%} – {rate.high:.1%}"


def _share(count: int, total: int) -> str:
    return f"{count / total:.1%}" if total else "-"


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
