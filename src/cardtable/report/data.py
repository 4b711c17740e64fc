"""The numbers of a simulation report, computed from the outcomes of its games."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from cardtable.parallel import Batch, GameOutcome

#: z for a two-sided 95% interval
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) without trials. Its bound is
    exactly 0 with no successes (and 1 with no failures), not a rounding error away."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Rate:
    """`wins` out of `games`, with its 95% Wilson interval."""

    label: str
    wins: int
    games: int
    low: float
    high: float

    @classmethod
    def of(cls, label: str, wins: int, games: int) -> Rate:
        low, high = wilson(wins, games)
        return cls(label, wins, games, low, high)

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def text(self) -> str:
        return f"{self.wins}/{self.games} = {self.share:.1%} [{self.low:.1%}, {self.high:.1%}]"


@dataclass(frozen=True)
class CardStats:
    """How often a card was played, and how its players fared.

    `seat_games` counts (game, seat) pairs in which the seat played the card at least once;
    `win_rate` is the share of those the seat won, `lift` its difference from the win rate of all
    seats in all games (a correlation, not a cause: strong players may simply play more cards).
    """

    card: str
    plays: int
    per_game: float
    seat_games: int
    win_rate: Rate
    lift: float


@dataclass
class ReportData:
    game: str
    options: dict[str, Any]
    seed: int
    players: list[str]
    seat_names: list[str]
    games: int
    seats: list[Rate]
    kinds: list[Rate]
    draws: int
    no_winner: int
    #: games still going at the cap (`sim.STOPPED_AT_CAP`: neither a win, a draw nor "no winner")
    stopped: int
    first_player: Rate
    #: the share of games a seat would win if seats did not matter (1 / seats)
    fair_share: float
    lengths: list[int]
    length_stats: dict[str, float]
    #: games by how they ended (termination code, most common first), and each code's words
    ends: dict[str, int]
    end_words: dict[str, str]
    cards: list[CardStats] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("lengths")
        return data


def build_report(batch: Batch, seat_names: Sequence[str] | None = None) -> ReportData:
    """Every number of the report, from a batch's outcomes (in game order)."""
    summary, outcomes = batch.summary, batch.outcomes
    players = list(summary.players)
    names = list(seat_names or summary.seat_names)
    games = len(outcomes)
    seat_wins = Counter(seat for o in outcomes for seat in o.winners)
    seats = [Rate.of(f"{names[s]} ({kind})", seat_wins[s], games) for s, kind in enumerate(players)]
    kinds = []
    for kind in dict.fromkeys(players):
        mine = [s for s, k in enumerate(players) if k == kind]
        kinds.append(Rate.of(kind, sum(seat_wins[s] for s in mine), games * len(mine)))
    started = [o for o in outcomes if o.first_seat >= 0]
    first = Rate.of("first player", sum(o.first_seat in o.winners for o in started), len(started))
    lengths = [o.length for o in outcomes]
    return ReportData(
        game=summary.game,
        options=dict(sorted(summary.options.items())),
        seed=summary.seed,
        players=players,
        seat_names=names,
        games=games,
        seats=seats,
        kinds=kinds,
        draws=sum(o.draw for o in outcomes),
        no_winner=sum(not o.draw and not o.winners and not o.stopped for o in outcomes),
        stopped=sum(o.stopped for o in outcomes),
        first_player=first,
        fair_share=1 / len(players) if players else 0.0,
        lengths=lengths,
        length_stats=_length_stats(lengths),
        ends=dict(Counter(o.ending for o in outcomes).most_common()),
        end_words={o.ending: o.ending_words for o in reversed(outcomes)},
        cards=card_stats(outcomes, len(players)),
    )


def _length_stats(lengths: list[int]) -> dict[str, float]:
    if not lengths:
        return {}
    quartiles = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else [lengths[0]] * 3
    return {
        "mean": statistics.fmean(lengths),
        "min": min(lengths),
        "q1": quartiles[0],
        "median": statistics.median(lengths),
        "q3": quartiles[2],
        "max": max(lengths),
    }


def card_stats(outcomes: Sequence[GameOutcome], seats: int) -> list[CardStats]:
    """Per card: plays, plays per game, and the win rate of the seats that played it; most played first."""
    games = len(outcomes)
    if not games:
        return []
    overall = sum(len(o.winners) for o in outcomes) / (games * seats)
    plays: Counter[str] = Counter()
    played_by: dict[str, set[tuple[int, int]]] = {}
    won: set[tuple[int, int]] = set()
    for o in outcomes:
        won.update((o.index, s) for s in o.winners)
        for seat, card in o.plays:
            plays[card] += 1
            played_by.setdefault(card, set()).add((o.index, seat))
    stats = []
    for card, count in sorted(plays.items(), key=lambda item: (-item[1], item[0])):
        pairs = played_by[card]
        rate = Rate.of(card, len(pairs & won), len(pairs))
        stats.append(CardStats(card, count, count / games, len(pairs), rate, rate.share - overall))
    return stats
