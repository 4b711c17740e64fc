"""Balance report for the starter set: `python -m cardtable.analysis.dino_battles_balance --players 4`.

Plays seeded games between bots and prints game length, win rate per seat, how games ended, and
per card how often a player bought it and how often such a player won (see RULES.md "Balancing").
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from cardtable.core import Chooser, Rng, mix_seed
from cardtable.core.runner import play_match
from cardtable.games.dino_battles.game import DinoBattles
from cardtable.games.dino_battles.greedy import GreedyPlayer
from cardtable.players import RandomPlayer

BOTS: dict[str, Callable[[Rng], Chooser]] = {"random": RandomPlayer, "greedy": GreedyPlayer}


@dataclass
class Report:
    players: int
    games: int = 0
    turns: list[int] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    draws: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    bought_in: Counter[str] = field(default_factory=Counter)  # player-games in which a card was bought
    #: ... and that player won (shared wins split)
    won_with: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))

    def lines(self) -> list[str]:
        n, g = self.players, self.games
        out = [
            f"{n} players, {g} games: turns mean {sum(self.turns) / g:.1f} "
            f"(min {min(self.turns)}, max {max(self.turns)}); "
            f"wins by seat {' '.join(f'{w / g:.3f}' for w in self.seat_wins)}; draws {self.draws / g:.3f}; "
            f"ends {dict(self.ends)}",
            f"{'card':<18}{'bought in':>10}{'win rate':>10}   (win rate of a seat: {1 / n:.3f})",
        ]
        for card in sorted(self.bought_in, key=lambda c: -self.won_with[c] / self.bought_in[c]):
            share = self.bought_in[card] / (g * n)
            out.append(f"{card:<18}{share:>10.2f}{self.won_with[card] / self.bought_in[card]:>10.3f}")
        return out


def run(players: int, games: int, bot: str, seed: int = 7) -> Report:
    game = DinoBattles(players=players)
    report = Report(players, seat_wins=[0.0] * players)
    for index in range(games):
        game_seed = mix_seed(seed, index)
        bots = [BOTS[bot](Rng(mix_seed(game_seed, seat))) for seat in range(players)]
        match = play_match(game, bots, game_seed, validate=False)
        result = match.result
        assert result is not None
        report.games += 1
        report.turns.append(match.state.turn.number)
        report.ends[match.state.ended] += 1
        report.draws += result.draw
        for winner in result.winners:
            report.seat_wins[winner] += 1 / len(result.winners)
        bought: list[set[str]] = [set() for _ in range(players)]
        for move in match.moves:
            if move.action.startswith("buy "):
                bought[move.seat].add(move.action.split()[1])
        for seat, cards in enumerate(bought):
            for card in cards:
                report.bought_in[card] += 1
                if seat in result.winners:
                    report.won_with[card] += 1 / len(result.winners)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--bot", default="greedy", choices=sorted(BOTS))
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print("\n".join(run(args.players, args.games, args.bot, args.seed).lines()))


if __name__ == "__main__":
    main()
