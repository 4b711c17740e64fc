"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Game-agnostic: every iteration samples a complete state the seat cannot tell apart from the real one
(`Observation.determinize`), walks one shared tree of actions down that sample (UCB1, counting a
child's availability instead of its parent's visits, as actions are legal only in some samples),
adds one node, and judges the result: the end of the game if reached, else the game's own
`evaluate(game, state, seat)` (see players/heuristic.py) after an optional short random playout,
or a random playout to the end when the game offers no evaluation. A position in the middle of
an effect (a catastrophe whose discards are pending, say) is not judged as it stands: where the
game says which positions are quiet, its heuristic player first plays on until one is. Where the
game has a heuristic player, each node remembers the heuristic's choice in the sample that first
reached it: that action is expanded first and gets a bias that fades with its visits (progressive
bias, Chaslot et al. 2008).

In a solo mode (one seat against the game's automaton, `guided_rollouts.plays_alone`) whose guide ranks
its moves (`guided_rollouts.RankingGuide`: the players that know the solo automata), the search is
instead the guide's few best moves, each played out by the guide on the same samples
(`guided_rollouts.py`): the iterations are those playouts (`DEFAULT_PLAYOUTS` unless given). Every
other mode searches the tree.

The player never touches the real state: only samples, so it cannot read hidden information. With
an iteration budget its choices depend only on its seed and what its seat sees.
"""

from __future__ import annotations

import math
import time
from typing import Any

from cardtable.core import Action, Game, Observation, Rng

from .guided_rollouts import CANDIDATES, GuidedRollouts, RankingGuide, plays_alone
from .heuristic import Evaluator, QuietTest, game_evaluator, game_heuristic, game_quiet_test

DEFAULT_ITERATIONS = 1000
#: the default budget in a solo mode whose guide ranks its moves: playouts of the guide (each a game's
#: rest in Race for the Galaxy, a round in 51st State), not tree iterations
DEFAULT_PLAYOUTS = 24
EXPLORATION = 0.3
#: random actions after the new node before the evaluation (when the game has one)
DEFAULT_ROLLOUT = 0
#: weight of the bias towards the game's heuristic choice at each node (progressive bias; 0: none)
GUIDE = 1.0
#: a playout without evaluation stops after this many actions and counts as even
MAX_PLAYOUT = 2000
#: at most this many actions of the heuristic to reach a quiet position before judging
MAX_SETTLE = 40


class _Node:
    """One action's statistics: rewards are those of the seat that chose the action."""

    __slots__ = ("avail", "children", "guided", "prior", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}
        #: the action the game's heuristic player chose here, in the sample that first reached the node
        self.prior: Action | None = None
        self.guided = False


class IsmctsPlayer:
    """Searches `iterations` samples per decision (or for `seconds`, if given) and plays the most visited
    (`DEFAULT_ITERATIONS` unless given; in a solo mode, playouts: see the module's docstring)."""

    name = "ismcts"

    def __init__(
        self,
        rng: Rng,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        rollout: int = DEFAULT_ROLLOUT,
        guide: float = GUIDE,
        candidates: int = CANDIDATES,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("ismcts needs at least one iteration")
        if seconds is not None and seconds <= 0:
            raise ValueError("ismcts needs a positive time budget")
        if candidates < 1:
            raise ValueError("ismcts needs at least one candidate")
        self.rng = rng
        self.iterations = iterations if iterations is not None else DEFAULT_ITERATIONS
        #: the budget in a solo mode (`_solo_choice`): the iterations if given
        self.playouts = iterations if iterations is not None else DEFAULT_PLAYOUTS
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.guide = guide
        self.candidates = candidates
        self._evaluators: dict[str, Evaluator | None] = {}
        self._quiet_tests: dict[str, QuietTest | None] = {}
        self._guides: dict[str, Any] = {}
        #: iterations run for the last decision (for benchmarks), its search tree (for analysis; in a
        #: solo mode, one child per candidate with its playouts) and the root's moves, the chosen first
        self.last_iterations = 0
        self.last_root: _Node | None = None
        self.last_ranking: list[Action] = []

    @classmethod
    def from_parameter(cls, rng: Rng, parameter: str) -> IsmctsPlayer:
        """'' (defaults), '500' (iterations), '0.5s' or '250ms' (time per decision), then optional
        ":rollout=N" (random actions before the evaluation), ":c=X" (exploration), ":guide=X" (the
        weight of the heuristic's choice, 0 for none) and ":k=N" (in a solo mode, the guide's moves
        compared)."""
        budget, *extras = parameter.strip().lower().split(":")
        settings: dict[str, Any] = {}
        try:
            if budget.endswith("ms"):
                settings.update(iterations=10**9, seconds=float(budget[:-2]) / 1000)
            elif budget.endswith("s"):
                settings.update(iterations=10**9, seconds=float(budget[:-1]))
            elif budget:
                settings["iterations"] = int(budget)
            for extra in extras:
                key, _, value = extra.partition("=")
                if key == "rollout":
                    settings["rollout"] = int(value)
                elif key == "c":
                    settings["exploration"] = float(value)
                elif key == "guide":
                    settings["guide"] = float(value)
                elif key == "k":
                    settings["candidates"] = int(value)
                else:
                    raise ValueError(f"unknown setting {key!r}")
            return cls(rng, **settings)
        except ValueError as err:
            raise ValueError(
                f"ismcts:{parameter}: expected iterations (ismcts:500) or a time (ismcts:0.5s), "
                f"optionally followed by :rollout=N, :c=X, :guide=X or :k=N: {err}"
            ) from None

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_ranking = list(legal)
            return legal[0]
        game = observation.game
        evaluate = self._evaluator(game)
        self._guide = self._guide_of(game) if self.guide > 0 else None
        if isinstance(self._guide, RankingGuide) and plays_alone(game):
            return self._solo_choice(observation, self._guide, evaluate)
        if game.name not in self._quiet_tests:
            self._quiet_tests[game.name] = game_quiet_test(game)
        self._quiet = self._quiet_tests[game.name]
        root = _Node(observation.seat)
        search = self.rng.fork()
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while done < self.iterations:
            self._iterate(game, root, observation.determinize(search.fork()), search, evaluate)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self.last_root = root
        order = {action: i for i, action in enumerate(legal)}
        self.last_ranking = sorted(legal, key=lambda a: (-_visits(root, a), order[a]))
        return self.last_ranking[0]

    def _solo_choice(
        self, observation: Observation, guide: RankingGuide, evaluate: Evaluator | None
    ) -> Action:
        """The guide's best moves compared by its playouts on shared samples (`guided_rollouts.py`)."""
        rollouts = GuidedRollouts(guide, evaluate, self.candidates)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        ranked, done = rollouts.search(observation, self.rng.fork(), self.playouts, deadline)
        root = _Node(observation.seat)
        for candidate in ranked:
            child = root.children[candidate.action] = _Node(observation.seat)
            child.visits, child.reward = candidate.worlds, candidate.chance
        self.last_iterations = done
        self.last_root = root
        self.last_ranking = [candidate.action for candidate in ranked]
        return self.last_ranking[0]

    def _evaluator(self, game: Game[Any]) -> Evaluator | None:
        if game.name not in self._evaluators:
            self._evaluators[game.name] = game_evaluator(game)
        return self._evaluators[game.name]

    def _guide_of(self, game: Game[Any]) -> Any:
        """The game's heuristic player (None if it has none), seeded from this player's generator."""
        if game.name not in self._guides:
            try:
                self._guides[game.name] = game_heuristic(game, self.rng.fork())
            except ValueError:
                self._guides[game.name] = None
        return self._guides[game.name]

    def _iterate(
        self, game: Game[Any], root: _Node, state: Any, rng: Rng, evaluate: Evaluator | None
    ) -> None:
        node, path = root, []
        while (decision := game.decision(state)) is not None:
            legal = game.legal_actions(state)
            if self._guide is not None and not node.guided and len(legal) > 1:
                node.guided = True
                node.prior = self._guide.choose(game.observe(state, decision.seat))
            untried = []
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = node.prior if node.prior in untried else rng.choice(untried)
                node.children[action] = node = _Node(decision.seat)
                path.append(node)
                game.apply(state, action, validate=False)
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a], a == node.prior))
            node = node.children[action]
            path.append(node)
            game.apply(state, action, validate=False)
        values = self._judge(game, state, rng, evaluate)
        for visited in path:
            visited.visits += 1
            visited.reward += values[visited.seat]

    def _ucb(self, node: _Node, guided: bool) -> float:
        """UCB1 over availability, plus a bias towards the heuristic's choice that fades with visits."""
        bias = self.guide / (node.visits + 1) if guided else 0.0
        return (
            node.reward / node.visits
            + self.exploration * math.sqrt(math.log(node.avail) / node.visits)
            + bias
        )

    def _judge(self, game: Game[Any], state: Any, rng: Rng, evaluate: Evaluator | None) -> list[float]:
        """Each seat's value in [0, 1] of a sampled line of play from `state` (1 win, 0 loss)."""
        limit = self.rollout if evaluate is not None else MAX_PLAYOUT
        for _ in range(limit):
            if game.decision(state) is None:
                break
            game.apply(state, rng.choice(game.legal_actions(state)), validate=False)
        if evaluate is not None:
            self._settle(game, state)
        result = game.result(state)
        seats = range(game.num_seats)
        if result is not None:
            if result.draw or not result.winners:
                return [0.0 if not result.draw else 0.5 for _ in seats]
            return [1.0 if seat in result.winners else 0.0 for seat in seats]
        if evaluate is None:
            return [0.5 for _ in seats]
        return [evaluate(game, state, seat) for seat in seats]

    def _settle(self, game: Game[Any], state: Any) -> None:
        """Let the game's heuristic player play on until the position is quiet (or the game ends)."""
        guide, quiet = self._guide_of(game), self._quiet
        if guide is None or quiet is None:
            return
        for _ in range(MAX_SETTLE):
            decision = game.decision(state)
            if decision is None or quiet(game, state):
                return
            game.apply(state, guide.choose(game.observe(state, decision.seat)), validate=False)


def _visits(root: _Node, action: Action) -> int:
    child = root.children.get(action)
    return child.visits if child is not None else -1
