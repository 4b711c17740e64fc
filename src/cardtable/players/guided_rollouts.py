"""The search of a solo mode: the guide's best few moves, each played on by the guide on the same samples.

In a game one seat plays against the rulebook's automaton (`Game.automata` holds every other seat),
everything after a move is the seat's own play and the automaton's fixed procedure, so a sample of
what the seat cannot see, played on by the guide, is the game exactly up to its dice and draws. The
search is a rollout algorithm (Tesauro & Galperin 1996, "On-line policy improvement using Monte-Carlo
search"): the candidates are the guide's shortlist (its own choice first); each is played on the same
sampled worlds (common random numbers: the same sample and the same seed of the player that plays it
on, so two candidates are compared world by world) by the guide or a quicker version of it
(`RankingGuide.playout`), to the end or to a point of the game the guide names (the same for every
candidate: the next round, say), and the guide judges where the sample stands (`RankingGuide.judge`,
which counts the margin, not only the win). The guide's choice is played on every world; the other
moves are narrowed by sequential halving (Karnin, Koren & Somekh 2013): each round shares the budget
among the survivors on new worlds and keeps the better half by their mean judgement (ties to the
guide's order), and the last one left replaces the guide's choice only if it did better on the same
worlds by more than `CONFIDENCE` standard errors of the paired difference: the search leaves the
guide on evidence, not on noise. Where the guide offers a single candidate, it is played without
search (with a time budget its chance is measured).

A guide takes part if it ranks its moves (`RankingGuide`): the players that know the solo automata
do. The search reads only its Observation: samples from `determinize`, never the real state.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from cardtable.core import Action, Chooser, Evaluator, Game, Observation, Rng

#: how many of the guide's moves are compared
CANDIDATES = 4
#: how many standard errors of the paired difference another move must gain over the guide's choice
CONFIDENCE = 1.0
#: a playout stops after this many actions (the game's own cap is far above a solo game's length)
MAX_PLAYOUT = 2000


#: `stop(state)`: whether a playout stops here, to judge the sample
Stop = Callable[[Any], bool]


@runtime_checkable
class RankingGuide(Protocol):
    """A guide that can name its best few moves and judge where a sample stands for its seat."""

    def choose(self, observation: Observation[Any]) -> Action: ...

    def shortlist(self, observation: Observation[Any], size: int) -> list[Action]:
        """Up to `size` legal actions, the best first; the first is the one `choose` plays."""
        ...

    def judge(self, game: Game[Any], state: Any) -> float:
        """How well the seat stands in a (sampled) state, finished or not; more is better."""
        ...

    def playout(self, rng: Rng, state: Any) -> tuple[Chooser, Stop | None]:
        """The player that plays a sample on from `state` (the guide itself, or a quicker version of
        it), and where it stops to judge the sample (None: at the end of the game)."""
        ...


def plays_alone(game: Game[Any]) -> bool:
    """Whether one seat decides and the game plays every other (a solo mode)."""
    return game.num_seats > 1 and len(game.automata()) == game.num_seats - 1


class Candidate:
    """One move's playouts: the guide's judgement on each world played, and the sum of the seat's
    results in [0, 1]."""

    __slots__ = ("action", "chance", "judged", "rank")

    def __init__(self, action: Action, rank: int) -> None:
        self.action = action
        self.rank = rank
        self.judged: dict[int, float] = {}
        self.chance = 0.0

    @property
    def worlds(self) -> int:
        return len(self.judged)

    def mean(self) -> float:
        return sum(self.judged.values()) / len(self.judged) if self.judged else -math.inf

    def beats(self, other: Candidate, confidence: float) -> bool:
        """Whether this move did better than `other` on the worlds both were played on, by more than
        `confidence` standard errors of the mean paired difference."""
        differences = [value - other.judged[world] for world, value in self.judged.items()]
        if not differences:
            return False
        mean = sum(differences) / len(differences)
        if len(differences) == 1:
            return mean > 0 and confidence <= 0
        spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (len(differences) - 1))
        return mean > confidence * spread / math.sqrt(len(differences))


class GuidedRollouts:
    """Chooses among a guide's shortlist by playouts of the guide on shared samples."""

    def __init__(
        self,
        guide: RankingGuide,
        evaluate: Evaluator | None,
        candidates: int = CANDIDATES,
        confidence: float = CONFIDENCE,
    ) -> None:
        self.guide = guide
        self.evaluate = evaluate
        self.size = candidates
        self.confidence = confidence

    def search(
        self, observation: Observation[Any], rng: Rng, playouts: int, deadline: float | None
    ) -> tuple[list[Candidate], int]:
        """The candidates, the chosen first (then the others by how long they lasted and their
        means), and the playouts run. The guide's choice is played on every world; the other moves
        are narrowed by halving, each round on at least one world (its share of `playouts`, or with
        a `deadline` (perf_counter) of the time left); the best of them is chosen only if it `beats`
        the guide's choice."""
        shortlist = self.guide.shortlist(observation, self.size)
        champion, *alive = (Candidate(action, rank) for rank, action in enumerate(shortlist))
        if not alive and deadline is None:
            return [champion], 0
        rounds = max(1, math.ceil(math.log2(len(alive)))) if alive else 1
        done = 0
        out: list[Candidate] = []
        start = time.perf_counter()
        for r in range(rounds):
            worlds = max(1, (playouts - done) // (rounds - r) // (len(alive) + 1))
            until = None if deadline is None else start + (deadline - start) * (r + 1) / rounds
            for _ in range(worlds):
                world = rng.next64()
                for candidate in (champion, *alive):
                    self._play(observation, candidate, world)
                done += len(alive) + 1
                if until is not None and time.perf_counter() >= until:
                    break
            alive.sort(key=lambda c: (-c.mean(), c.rank))
            keep = max(1, len(alive) // 2) if r < rounds - 1 else 1
            out = alive[keep:] + out
            alive = alive[:keep]
        if alive and alive[0].beats(champion, self.confidence):
            return [alive[0], champion, *out], done
        return [champion, *alive, *out], done

    def _play(self, observation: Observation[Any], candidate: Candidate, world: int) -> None:
        """Play `candidate` on the world seeded `world`, then the guide's playout; record the result."""
        game, seat = observation.game, observation.seat
        seed = Rng(world)
        state = observation.determinize(seed.fork())
        player, stop = self.guide.playout(seed.fork(), state)
        game.apply(state, candidate.action, validate=False)
        for _ in range(MAX_PLAYOUT):
            decision = game.decision(state)
            if decision is None or (stop is not None and stop(state)):
                break
            game.apply(state, player.choose(game.observe(state, decision.seat)), validate=False)
        candidate.judged[world] = self.guide.judge(game, state)
        candidate.chance += self._chance(game, state, seat)

    def _chance(self, game: Game[Any], state: Any, seat: int) -> float:
        """The seat's result in [0, 1] (1 a win, 0.5 a draw), or the game's evaluation if unfinished."""
        result = game.result(state)
        if result is None:
            return self.evaluate(game, state, seat) if self.evaluate is not None else 0.5
        if result.draw:
            return 0.5
        return 1.0 if seat in result.winners else 0.0
