"""The report as one self-contained HTML page: tables and matplotlib plots embedded as base64 PNG."""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.core import CardtableError

from .data import Rate, ReportData

#: how many cards the card plot shows (the table lists all)
PLOT_CARDS = 25

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border-bottom: 1px solid #ddd; padding: .25em .75em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
.note { color: #666; font-size: .9em; }
"""


def write_html(report: ReportData, path: Path) -> Path:
    """Write the page (and `report.json` beside it, the same numbers as data); returns the page's path."""
    path.write_text(render_html(report), encoding="utf-8")
    path.with_name("report.json").write_text(json.dumps(report.to_dict(), indent=1), encoding="utf-8")
    return path


def render_html(report: ReportData) -> str:
    e = html.escape
    options = " ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in report.options.items()
    )
    title = f"{report.game} {options}"
    rates = [*report.seats, *report.kinds]
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>{e(title)} — cardtable report</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{report.games} games, seed {report.seed}, players {e(', '.join(report.players))}. "
        "Intervals are 95% Wilson score intervals.</p>",
        "<h2>Wins</h2>",
        _rate_table(["who", "wins", "games", "share", "95% interval"], [*rates, report.first_player]),
        f"<p>Draws: {report.draws}. No winner: {report.no_winner}. "
        f"Stopped at the cap: {report.stopped}. The first player would win "
        f"{report.fair_share:.0%} of games if moving first did not matter.</p>",
        _plot_rates(rates),
        "<h2>How games end</h2>",
        _table(
            ["ending", "what it means", "games", "share"],
            [[code, report.end_words[code], c, f"{c / report.games:.1%}"] for code, c in report.ends.items()],
        ),
        "<h2>Game length (actions)</h2>",
        _table(list(report.length_stats), [[f"{v:g}" for v in report.length_stats.values()]]),
        _plot_lengths(report.lengths),
    ]
    if report.cards:
        parts += [
            "<h2>Cards played</h2>",
            "<p class='note'>Win rate: the share of (game, seat) pairs in which the seat played the card "
            "and won. Lift: its difference from the win rate of all seats. A correlation, not a cause.</p>",
            _plot_cards(report),
            _table(
                ["card", "plays", "per game", "seat-games", "win rate", "95% interval", "lift"],
                [
                    [
                        c.card,
                        c.plays,
                        f"{c.per_game:.2f}",
                        c.seat_games,
                        f"{c.win_rate.share:.1%}",
                        _interval(c.win_rate),
                        f"{c.lift:+.1%}",
                    ]
                    for c in report.cards
                ],
            ),
        ]
    parts.append("</body></html>")
    return "\n".join(parts)


def _interval(rate: Rate) -> str:
    return f"{rate.low:.1%} – {rate.high:.1%}"


def _rate_table(header: list[str], rates: list[Rate]) -> str:
    return _table(header, [[r.label, r.wins, r.games, f"{r.share:.1%}", _interval(r)] for r in rates])


def _table(header: list[str], rows: list[list[object]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _figure(draw: Callable[[Any], None], height: float = 3.6) -> str:
    try:
        import matplotlib
    except ImportError:
        raise CardtableError("the report's plots need matplotlib: pip install 'cardtable[report]'") from None
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    figure, axes = plt.subplots(figsize=(8, height))
    draw(axes)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90)
    plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f"<img alt='plot' src='data:image/png;base64,{data}'>"


def _plot_rates(rates: list[Rate]) -> str:
    def draw(axes: Any) -> None:
        shares = [r.share for r in rates]
        errors = [[max(0.0, r.share - r.low) for r in rates], [max(0.0, r.high - r.share) for r in rates]]
        axes.bar([r.label for r in rates], shares, yerr=errors, capsize=4, color="#4a7ab5")
        axes.set_ylabel("win share (95% interval)")
        axes.set_ylim(0, 1)
        axes.tick_params(axis="x", labelrotation=20)

    return _figure(draw)


def _plot_lengths(lengths: list[int]) -> str:
    def draw(axes: Any) -> None:
        axes.hist(lengths, bins=min(40, max(5, len(set(lengths)))), color="#6a9e5a")
        axes.set_xlabel("actions per game")
        axes.set_ylabel("games")

    return _figure(draw)


def _plot_cards(report: ReportData) -> str:
    cards = report.cards[:PLOT_CARDS]

    def draw(axes: Any) -> None:
        names = [c.card for c in cards][::-1]
        axes.barh(names, [c.per_game for c in cards][::-1], color="#b5874a")
        axes.set_xlabel("plays per game")
        twin = axes.twiny()
        twin.plot([c.win_rate.share for c in cards][::-1], names, "o", color="#333")
        twin.set_xlabel("win rate of the seats that played it (dots)")
        twin.set_xlim(0, 1)

    return _figure(draw, height=max(3.6, 0.25 * len(cards) + 1.2))
