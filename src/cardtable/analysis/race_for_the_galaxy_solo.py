"""Measure the solitaire game against the robot (`solo=robot`): win rate per difficulty and how games
are lost, with the robot as `robot.toml` has it or with another reconstruction of its components.

    python -m cardtable.analysis.race_for_the_galaxy_solo --player heuristic --games 200 --seed 4
    python -m cardtable.analysis.race_for_the_galaxy_solo --player heuristic --variant die-b-explore
    python -m cardtable.analysis.race_for_the_galaxy_solo --player heuristic --games 1000 --expansion 3

Game i is played from `game_seed(seed, i)` and the player seeded from `player_seed(game seed, 0)`, as
`cardtable sim` does, so a run with the robot of `robot.toml` (variant `ours`) gives the games of
`cardtable sim race-for-the-galaxy -o solo=robot -o difficulty=D --players P -n N --seed S`. `--player`
is a player kind, or `heuristic-2p`: the two-player heuristic, which does not know the robot (the
solo mode's heuristic before the robot-aware player). It prints, per difficulty, the player's wins
with their 95% Wilson interval, the mean VP margin (player - robot) with its 95% interval, rounds and
actions a game, the endings, and where both sides' VP came from (`--each`: also each game as it ends).

The variants change the robot's components for the run only (`variant_robot`, handed to the game as
`RobotGame(robot=...)`: another reading of the seed where it prints no value, RULES.md "Is the robot
beatable?"), never `robot.toml`:

- `ours`: `robot.toml` as it is;
- `die-b-explore`, `die-b-explore-settle`: die B shows Explore instead of Develop, or instead of
  Settle (RESEARCH.md §4.5: the one alternative the seed allows);
- `tiles-produce`, `tiles-explore`, `tiles-develop`: the robot tiles the seed does not print (Epsilon
  Eridani, Alpha Centauri, Earth's Lost Colony) all show Produce, Explore or Develop;
- `weakest`: `die-b-explore` and `tiles-explore` together.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec

from cardtable.core import Rng
from cardtable.core.game import OptionValue
from cardtable.core.runner import play_match
from cardtable.games.race_for_the_galaxy import robot, scoring
from cardtable.games.race_for_the_galaxy.cards import catalog
from cardtable.games.race_for_the_galaxy.heuristic import HeuristicPlayer
from cardtable.games.race_for_the_galaxy.solo import RobotGame
from cardtable.players import AutomatonSeat, Player, make_player
from cardtable.report.data import wilson
from cardtable.sim import game_seed, player_seed

DIFFICULTIES = ("easy", "medium", "hard")
#: the start worlds whose robot tile the seed does not print (RESEARCH.md §4.5)
GUESSED_TILES = ("epsilon-eridani", "alpha-centauri", "earths-lost-colony")


def _die_b(faces: tuple[str, ...]) -> Callable[[robot.RobotFile], robot.RobotFile]:
    def change(data: robot.RobotFile) -> robot.RobotFile:
        b = msgspec.structs.replace(data.dice[1], faces=faces)
        return msgspec.structs.replace(data, dice=(data.dice[0], b))

    return change


def _tiles(tile: str) -> Callable[[robot.RobotFile], robot.RobotFile]:
    def change(data: robot.RobotFile) -> robot.RobotFile:
        starts = tuple(
            msgspec.structs.replace(w, tile=tile) if w.key in GUESSED_TILES else w for w in data.starts
        )
        return msgspec.structs.replace(data, starts=starts)

    return change


VARIANTS: dict[str, Callable[[robot.RobotFile], robot.RobotFile]] = {
    "ours": lambda data: data,
    "die-b-explore": _die_b(("explore", "settle", "x2", "match", "robot", "robot")),
    "die-b-explore-settle": _die_b(("develop", "explore", "x2", "match", "robot", "robot")),
    "tiles-produce": _tiles("produce"),
    "tiles-explore": _tiles("explore"),
    "tiles-develop": _tiles("develop"),
    "weakest": lambda data: _tiles("explore")(VARIANTS["die-b-explore"](data)),
}


def variant_robot(variant: str) -> robot.RobotFile:
    """The robot of `variant`, checked as `robot.toml` is."""
    cat = catalog()
    return robot.check_robot_data(VARIANTS[variant](robot.robot_data(cat)), cat, f"variant {variant}")


def solo_player(kind: str, seed: int) -> Player:
    """A player kind of `cardtable sim`, or `heuristic-2p`: the heuristic that does not know the robot."""
    if kind == "heuristic-2p":
        return HeuristicPlayer(Rng(seed).fork())
    return make_player(kind, seed)


def measure(
    kind: str,
    difficulty: str,
    games: int,
    seed: int,
    expansion: int = 0,
    variant: str = "ours",
    each: bool = False,
) -> dict[str, Any]:
    """`games` seeded games of `kind` against the robot of `variant` at `difficulty` and expansion level
    `expansion` (its start worlds, and prestige at level 3); `each` prints a line per game as it ends."""
    options: dict[str, OptionValue] = {"solo": "robot", "difficulty": difficulty, "expansion": expansion}
    game = RobotGame(robot=variant_robot(variant), **options)
    cat = game.catalog
    won = draws = 0
    margins, rounds, actions = [], [], []
    ends: Counter[str] = Counter()
    lost_ends: Counter[str] = Counter()
    mine: Counter[str] = Counter()
    its: Counter[str] = Counter()
    for i in range(games):
        gs = game_seed(seed, i)
        match = play_match(game, [solo_player(kind, player_seed(gs, 0)), AutomatonSeat("robot")], gs)
        s = match.state
        result = game.result(s)
        assert result is not None  # play_match plays to the end
        won += result.winners == (0,)
        draws += result.draw
        a, b = game.scores(s)
        margins.append(a - b)
        rounds.append(s.round)
        actions.append(len(match.moves))
        ends[s.ending] += 1
        if result.winners != (0,):
            lost_ends[s.ending] += 1
        if each:
            print(
                f"game {i}: {'won' if result.winners == (0,) else 'not won'}, A {a} VP, robot {b} VP, "
                f"{s.round} rounds, {len(match.moves)} actions, ended by {s.ending}",
                flush=True,
            )
        player = scoring.breakdown(cat, s, 0)
        mine.update(
            {"chips": player["chips"], "cards": player["cards"], "bonus": sum(player["bonus"].values())}
        )
        its.update({k: v for k, v in robot.breakdown(cat, s.robot).items() if k != "total"})
    low, high = wilson(won, games)
    spread = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    return {
        "kind": kind,
        "difficulty": difficulty,
        "games": games,
        "won": won,
        "draws": draws,
        "low": low,
        "high": high,
        "margin": statistics.mean(margins),
        "margin_95": spread,
        "rounds": statistics.mean(rounds),
        "actions": statistics.mean(actions),
        "ends": dict(ends),
        "lost_ends": dict(lost_ends),
        "player_vp": {k: v / games for k, v in mine.items()},
        "robot_vp": {k: v / games for k, v in its.items()},
    }


def line(m: dict[str, Any]) -> str:
    vp = lambda d: " + ".join(f"{k} {v:.1f}" for k, v in d.items())  # noqa: E731
    return (
        f"{m['kind']:14} {m['difficulty']:7} won {m['won']:3}/{m['games']} ({m['won'] / m['games']:5.1%}, "
        f"Wilson {m['low']:5.1%}-{m['high']:5.1%}), draws {m['draws']}, margin {m['margin']:+.1f} "
        f"± {m['margin_95']:.1f}, rounds {m['rounds']:.2f}, actions {m['actions']:.1f}; ends {m['ends']}; "
        f"lost by {m['lost_ends']}; player VP {vp(m['player_vp'])}; robot VP {vp(m['robot_vp'])}"
    )


def level_entry(m: dict[str, Any], seed: int) -> str:
    """The measurement as a `[[level]]` entry of `difficulty.toml` (the start page reads it)."""
    d, kind, games = m["difficulty"], m["kind"], m["games"]
    return (
        "[[level]]\n"
        f'options = {{ solo = "robot", difficulty = "{d}" }}\n'
        f'player = "{kind}"\n'
        f"games = {games}\n"
        f"won = {m['won']}\n"
        f"interval = [{100 * m['low']:.1f}, {100 * m['high']:.1f}]\n"
        f'measured_by = "cardtable sim race-for-the-galaxy --option solo=robot --option difficulty={d} '
        f'--players {kind} --games {games} --seed {seed}"\n'
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--player", default="heuristic", help="player kinds, comma separated")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    parser.add_argument("--variant", default="ours", choices=sorted(VARIANTS))
    parser.add_argument("--expansion", type=int, default=0, help="the expansion level, 0-3")
    parser.add_argument("--toml", action="store_true", help="also print difficulty.toml entries")
    parser.add_argument("--each", action="store_true", help="also print one line per game as it ends")
    args = parser.parse_args(argv)
    print(f"robot: {args.variant}")
    for kind in args.player.split(","):
        for difficulty in args.difficulties.split(","):
            m = measure(kind, difficulty, args.games, args.seed, args.expansion, args.variant, args.each)
            print(line(m), flush=True)
            if args.toml:
                print(level_entry(m, args.seed), flush=True)


if __name__ == "__main__":
    main()
