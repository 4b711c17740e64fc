"""The simulation report: what a batch of games says about a game's balance and its players.

`build_report(batch, seat_names)` computes the numbers (`ReportData`, plain data, JSON-ready);
`report_tables` shows them as rich tables; `write_html` writes a self-contained page with plots.
"""

from .data import CardStats, Rate, ReportData, build_report, wilson
from .html import write_html
from .tables import report_tables

__all__ = ["CardStats", "Rate", "ReportData", "build_report", "report_tables", "wilson", "write_html"]
