"""Race for the Galaxy: the heuristic against its former self, which answered the expansions' questions
at random (RULES.md "Bots", "The expansions' questions").

    python -m cardtable.analysis.race_for_the_galaxy_heuristic -o expansion=3 -o players=2 --games 200

One seat is the heuristic, every other seat the former heuristic (`ExpansionBlind`: a random legal
answer to takeover declarations, military added to a takeover, defence, preventing a takeover, the
Search category, taking or declining a found card and the prestige discard; Search and the prestige
actions scored as before). The heuristic's seat turns game by game (game i: seat i mod players), the
deals are those of `cardtable sim` with the same seed. Prints the heuristic's wins (a shared win counts
as a win) with the 95% Wilson interval, the share a seat would win if both were as strong (1 /
players), and how often each question was asked.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from cardtable.core import Action, Observation, Rng, make_game
from cardtable.core.runner import play_match
from cardtable.games.race_for_the_galaxy import heuristic
from cardtable.games.race_for_the_galaxy.state import PRESTIGE, SEARCH, base_action
from cardtable.report.data import wilson
from cardtable.sim import game_seed, player_seed

#: the decision kinds the expansions' rules of thumb answer
QUESTIONS = (
    "takeover",
    "takeover-military",
    "defend",
    "takeover-prevent",
    "search-category",
    "search-keep",
    "prestige-discard",
)


def former_score(scores: dict[str, float], action: str) -> float:
    """`heuristic.action_score` before the expansions' rules of thumb."""
    if action == SEARCH:
        return scores["explore-5"] - 0.5
    return scores[base_action(action)] + (0.5 if action.startswith(PRESTIGE) else 0.0)


class ExpansionBlind(heuristic.HeuristicPlayer):
    """The heuristic as it was: the expansions' questions answered at random."""

    def pick(self, observation: Observation, legal: list[Action]) -> Action:
        if observation.decision.kind in QUESTIONS:
            return self.rng.choice(legal)
        return super().pick(observation, legal)

    def _select_action(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        scores = self._action_scores(me)
        noise = {a: self.rng.below(1000) / 10000 for a in legal}
        return max(
            legal, key=lambda a: (sum(former_score(scores, str(x)) for x in a.args) + noise[a], str(a))
        )


class Counting:
    """A player that counts the questions it is asked."""

    def __init__(self, player: Any, asked: Counter[str]) -> None:
        self.player, self.asked, self.name = player, asked, player.name

    def choose(self, observation: Observation) -> Action:
        kind = observation.decision.kind
        if kind in QUESTIONS and len(observation.legal_actions) > 1:
            self.asked[kind] += 1
        action: Action = self.player.choose(observation)
        return action


def measure(options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    game = make_game("race-for-the-galaxy", options)
    n = game.num_seats
    won = 0
    asked: Counter[str] = Counter()
    for i in range(games):
        gs = game_seed(seed, i)
        me = i % n
        players = [
            Counting(
                (heuristic.HeuristicPlayer if seat == me else ExpansionBlind)(Rng(player_seed(gs, seat))),
                asked,
            )
            for seat in range(n)
        ]
        result = play_match(game, players, gs).result
        assert result is not None
        won += me in result.winners
    low, high = wilson(won, games)
    return {"games": games, "won": won, "low": low, "high": high, "even": 1 / n, "asked": dict(asked)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value (as cardtable sim)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    m = measure(options, args.games, args.seed)
    print(
        f"{' '.join(args.option)}: heuristic won {m['won']} of {m['games']} ({m['won'] / m['games']:.1%}, "
        f"95% Wilson {m['low']:.1%}-{m['high']:.1%}; even: {m['even']:.1%}); asked per game: "
        + ", ".join(f"{k} {v / m['games']:.2f}" for k, v in sorted(m["asked"].items()))
    )


if __name__ == "__main__":
    main()
