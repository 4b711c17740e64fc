"""Running a simulation on several local processes or on a Ray cluster, with the same results.

Game i of a simulation is played from `mix_seed(seed, i)` whoever plays it (see `cardtable.sim`), so
the games can be cut into chunks, played anywhere, and put back together in game order: the
summary and the per-game outcomes are identical for 1 worker, K workers or a Ray cluster.

Ray is an optional extra (`pip install 'cardtable[ray]'`): `ray="auto"` joins the running cluster,
`ray="local"` starts one on this machine, any other text is a cluster address (`ray://host:10001`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from .core import Action, CardtableError, Match
from .core.game import OptionValue
from .sim import STOPPED_AT_CAP, STOPPED_WORDS, SimSummary, simulate

#: action verbs whose first argument is a card played (for per-card statistics in reports)
PLAY_VERBS = frozenset({"play"})
#: how many chunks each worker gets on average (more chunks: smoother progress, more overhead)
CHUNKS_PER_WORKER = 8


class ParallelError(CardtableError):
    """The parallel runner cannot run (e.g. Ray is not installed or the cluster cannot be reached)."""


@dataclass(frozen=True)
class SimSpec:
    """What to simulate: everything a worker needs to play any game of the batch."""

    game: str
    options: dict[str, OptionValue]
    seed: int
    players: tuple[str, ...]
    #: a game still going after this many actions is stopped there (None: the game's `Game.max_actions`)
    max_actions: int | None = None


@dataclass(frozen=True)
class GameOutcome:
    """What a report needs of one game (finished, or stopped at the cap)."""

    index: int
    seed: int
    length: int
    winners: tuple[int, ...]
    draw: bool
    reason: str
    #: how the game ended (`Game.ending`: its termination code, or `STOPPED_AT_CAP`) and its words
    ending: str
    ending_words: str
    #: the seat that took the first action
    first_seat: int
    #: (seat, card) for every card played (actions whose verb is in PLAY_VERBS)
    plays: tuple[tuple[int, str], ...]
    #: the game record as text, when asked for
    record: str = ""

    @property
    def stopped(self) -> bool:
        """Whether the game was still going at the cap (no result)."""
        return self.ending == STOPPED_AT_CAP


@dataclass
class Batch:
    """The summary of a range of games and their outcomes in game order."""

    summary: SimSummary
    outcomes: list[GameOutcome] = field(default_factory=list)

    def merge(self, other: Batch) -> Batch:
        return Batch(self.summary.merge(other.summary), self.outcomes + other.outcomes)


def outcome_of(index: int, match: Match, keep_record: bool = False) -> GameOutcome:
    """What a report needs of one game (finished, or stopped at the cap)."""
    result = match.result
    if result is None:
        ending, words = STOPPED_AT_CAP, STOPPED_WORDS
        winners: tuple[int, ...] = ()
    else:
        ending, words = match.game.ending(result)
        winners = tuple(result.winners)
    plays = []
    for move in match.moves:
        action = Action.parse(move.action)
        if action.verb in PLAY_VERBS and action.args:
            plays.append((move.seat, str(action.args[0])))
    return GameOutcome(
        index=index,
        seed=match.seed,
        length=len(match.moves),
        winners=winners,
        draw=result.draw if result is not None else False,
        reason=result.reason if result is not None else words,
        ending=ending,
        ending_words=words,
        first_seat=match.moves[0].seat if match.moves else -1,
        plays=tuple(plays),
        record=match.record().to_text() if keep_record else "",
    )


def play_range(spec: SimSpec, first: int, count: int, keep_records: bool = False) -> Batch:
    """Play games `first` .. `first + count - 1` of the simulation (runs in a worker)."""
    outcomes: list[GameOutcome] = []
    summary = simulate(
        spec.game,
        spec.options,
        count,
        spec.seed,
        spec.players,
        first=first,
        max_actions=spec.max_actions,
        on_game=lambda index, match: outcomes.append(outcome_of(index, match, keep_records)),
    )
    return Batch(summary, outcomes)


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """(first, count) ranges covering games 0 .. games - 1, about CHUNKS_PER_WORKER per worker."""
    size = max(1, math.ceil(games / (max(1, workers) * CHUNKS_PER_WORKER)))
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def run(
    spec: SimSpec,
    games: int,
    *,
    workers: int = 1,
    ray: str | None = None,
    keep_records: bool = False,
    on_chunk: Callable[[Batch], None] | None = None,
) -> Batch:
    """Play `games` games of `spec` and return their summary and outcomes, in game order.

    `workers` local processes (1: in this process), or a Ray cluster if `ray` is given (then
    `workers` only sets the chunk size). `on_chunk` sees each chunk as it finishes (progress).
    """
    if games < 1:
        raise ValueError("a simulation needs at least one game")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    ranges = chunks(games, workers)
    if ray is not None:
        results = _run_ray(spec, ranges, ray, keep_records)
    elif workers == 1:
        results = (
            (i, play_range(spec, first, count, keep_records)) for i, (first, count) in enumerate(ranges)
        )
    else:
        results = _run_processes(spec, ranges, workers, keep_records)
    done: dict[int, Batch] = {}
    for position, batch in results:
        done[position] = batch
        if on_chunk is not None:
            on_chunk(batch)
    total = done[0]
    for position in range(1, len(ranges)):
        total = total.merge(done[position])
    return total


def _run_processes(
    spec: SimSpec, ranges: list[tuple[int, int]], workers: int, keep_records: bool
) -> Iterator[tuple[int, Batch]]:
    with ProcessPoolExecutor(max_workers=min(workers, len(ranges))) as pool:
        pending: dict[Future[Batch], int] = {
            pool.submit(play_range, spec, first, count, keep_records): position
            for position, (first, count) in enumerate(ranges)
        }
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield pending.pop(future), future.result()


def _run_ray(
    spec: SimSpec, ranges: list[tuple[int, int]], address: str, keep_records: bool
) -> Iterator[tuple[int, Batch]]:
    ray = _import_ray()
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(include_dashboard=False, num_cpus=os.cpu_count())
            else:
                ray.init(address=address, include_dashboard=False)
        except Exception as err:  # ray raises ConnectionError, RuntimeError, ValueError...
            raise ParallelError(f"cannot reach the Ray cluster at {address!r}: {err}") from None
    remote = ray.remote(play_range)
    pending: dict[Any, int] = {
        remote.remote(spec, first, count, keep_records): position
        for position, (first, count) in enumerate(ranges)
    }
    while pending:
        finished, _ = ray.wait(list(pending), num_returns=1)
        for ref in finished:
            yield pending.pop(ref), ray.get(ref)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ParallelError("--ray needs Ray: pip install 'cardtable[ray]'") from None
    return ray
