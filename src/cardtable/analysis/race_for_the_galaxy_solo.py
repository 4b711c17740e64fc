"""The difficulty curve of the solitaire robot: its win rate against a player kind, per difficulty.

    python -m cardtable.analysis.race_for_the_galaxy_solo --players random,heuristic -n 200
    python -m cardtable.analysis.race_for_the_galaxy_solo --players ismcts:100 -n 30
    python -m cardtable.analysis.race_for_the_galaxy_solo --players heuristic -n 1000 --expansion 3

Every difficulty plays the same seeds (the same start worlds and shuffles), so the difficulties are
compared on the same deals. Per difficulty and kind: the robot's wins with a 95% Wilson interval,
draws, rounds and actions per game, the mean VP of both seats, the robot's mean VP margin with a 95%
normal interval (a finer measure of difficulty than wins when the robot nearly always wins), and how
the games ended (pool empty, the player's 12 cards, the robot's 12 cards, 15 prestige; one game may
meet two). `--expansion` plays the solitaire game at an expansion level (its start worlds, prestige).
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from cardtable.core import make_game, mix_seed
from cardtable.core.game import OptionValue
from cardtable.core.runner import play_match
from cardtable.games.race_for_the_galaxy import robot, scoring
from cardtable.games.race_for_the_galaxy.rules import TABLEAU_END
from cardtable.players import AutomatonSeat, make_player
from cardtable.report.data import wilson

DIFFICULTIES = ("easy", "medium", "hard")


def measure(kind: str, difficulty: str, games: int, seed: int, expansion: int = 0) -> dict[str, Any]:
    options: dict[str, OptionValue] = {"solo": "robot", "difficulty": difficulty, "expansion": expansion}
    game: Any = make_game("race-for-the-galaxy", options)
    wins = draws = 0
    rounds, actions, mine, its = [], [], [], []
    ends = {"pool": 0, "player-12": 0, "robot-12": 0, "prestige": 0}
    for i in range(games):
        game_seed = mix_seed(seed, i)
        match = play_match(
            game, [make_player(kind, mix_seed(game_seed, 0)), AutomatonSeat("robot")], game_seed
        )
        s = match.state
        result = game.result(s)
        wins += int(result.winners == (robot.ROBOT,))
        draws += int(result.draw)
        rounds.append(s.round)
        actions.append(len(match.moves))
        mine.append(scoring.breakdown(game.catalog, s, 0)["total"])
        its.append(robot.breakdown(game.catalog, s.robot)["total"])
        if s.pool <= 0:
            ends["pool"] += 1
        if len(s.players[0].tableau) >= TABLEAU_END:
            ends["player-12"] += 1
        if robot.cards(s.robot) >= TABLEAU_END:
            ends["robot-12"] += 1
        if s.ending == "prestige":
            ends["prestige"] += 1
    low, high = wilson(wins, games)
    margins = [b - a for a, b in zip(mine, its, strict=True)]
    spread = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    return {
        "kind": kind,
        "difficulty": difficulty,
        "games": games,
        "robot_wins": wins,
        "draws": draws,
        "rate": wins / games,
        "low": low,
        "high": high,
        "rounds": statistics.mean(rounds),
        "actions": statistics.mean(actions),
        "player_vp": statistics.mean(mine),
        "robot_vp": statistics.mean(its),
        "margin": statistics.mean(margins),
        "margin_95": spread,
        "ends": ends,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="random,heuristic", help="player kinds, comma separated")
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    parser.add_argument("--expansion", type=int, default=0, help="the expansion level, 0-3")
    args = parser.parse_args(argv)
    print(
        "kind         difficulty  games  robot wins  95% interval    draws  rounds  actions  VP player/robot"
    )
    for kind in args.players.split(","):
        for difficulty in args.difficulties.split(","):
            m = measure(kind, difficulty, args.games, args.seed, args.expansion)
            print(
                f"{kind:12} {difficulty:10} {m['games']:6} {m['robot_wins']:5} {m['rate']:6.1%}  "
                f"[{m['low']:5.1%}, {m['high']:5.1%}]  {m['draws']:5}  {m['rounds']:6.2f}  "
                f"{m['actions']:7.1f}  "
                f"{m['player_vp']:5.1f} / {m['robot_vp']:5.1f}  "
                f"margin {m['margin']:5.1f} ± {m['margin_95']:.1f}  ends {m['ends']}",
                flush=True,
            )


if __name__ == "__main__":
    main()
