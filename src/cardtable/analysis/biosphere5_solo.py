"""Measure Man against Machine (section 4): win rate per starting level and how each side wins.

    python -m cardtable.analysis.biosphere5_solo --player heuristic --games 200 --seed 1
    python -m cardtable.analysis.biosphere5_solo --reveal text --games 100

Every game is played by the engine from `game_seed(seed, index)`, like `cardtable sim`, so a run with
the printed readings (the defaults) gives the same games as `cardtable sim biosphere5 -o solo=machine
-o level=L --players P -n N --seed S`. `--player` is a player kind, or `heuristic-2p`: the two-player
rules of thumb without the solo player, for comparison. It prints, per level, the games won with their
95% Wilson interval, how each side won (the causes of the person's losses), and the median number of
Machine turns when either side built Biosphere 5. The variants change the Machine's tables for the run
only (another reading of the rulebook, to see how the curve moves), never the rules the game is played
with elsewhere:

- `--reveal`: cards revealed per level. `figure` (ours, fig. 27), `text` (the running text of 4.2 read
  literally), `text-steps` (the running text's stages 1, 3, 5, 7 with one card more each);
- `--die`: the rescue die. `areas` (ours: one face per problem area, 1 in 6), `hand-half` (a black hand
  on every other face, 1 in 2), `none` (the Machine never rescues);
- `--hand`: the Machine's hand cards in the catastrophe rule of 4.3 (III). `level` (ours, decision 2),
  `reveal` (the number of cards it reveals at its level, fig. 27).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from typing import Any

import msgspec

from cardtable.core import Rng, text_of
from cardtable.core.runner import play_match
from cardtable.games.biosphere5 import queries as q
from cardtable.games.biosphere5.heuristic import HeuristicPlayer
from cardtable.games.biosphere5.machine import HUMAN, MACHINE, PROTECTION_RANK, MachineGame
from cardtable.players import AutomatonSeat, Player, make_player
from cardtable.report.data import wilson
from cardtable.sim import game_seed, player_seed


class TwoPlayerHeuristic(HeuristicPlayer):
    """The heuristic's rules of thumb for the two-player game, without the solo player (for comparison)."""


def make_solo_player(kind: str, seed: int) -> Player:
    """A player kind of `cardtable sim`, or `heuristic-2p`: the two-player rules of thumb."""
    if kind == "heuristic-2p":
        return TwoPlayerHeuristic(Rng(seed))
    return make_player(kind, seed)


REVEALS: dict[str, tuple[int, ...]] = {
    "figure": (0, 1, 2, 2, 3, 3, 4, 4, 5),
    "text": (0, 1, 1, 2, 2, 4, 4, 5, 5),
    "text-steps": (0, 1, 1, 2, 2, 3, 3, 4, 4),
}
DIES: dict[str, tuple[str, ...] | None] = {
    "areas": None,
    "hand-half": ("any", "blank"),
    "none": ("blank",),
}


def outcome(state: Any) -> str:
    """How the game ended, from the human's side: 'win: ...', 'loss: ...' or 'draw: ...'."""
    events = [text_of(said) for said in state.events]
    if HUMAN in state.winners:
        if "built Biosphere 5" in state.reason:
            return "win: Biosphere 5"
        return "win: the Machine dropped out"
    if not state.winners:
        return "draw: the Machine dropped out, no Biosphere 5 card in hand"
    if "Biosphere 5" in state.reason:
        return "loss: the Machine built Biosphere 5"
    cause = next((e for e in reversed(events) if e.startswith("Machine plays")), "")
    if "(Sabotage)" in cause:
        return "loss: knocked out by Sabotage"
    if "(Espionage)" in cause:
        return "loss: knocked out by Espionage"
    if cause and "(" in cause and "cube" not in cause:
        return "loss: knocked out by a catastrophe"
    return "loss: knocked out (other)"


class VariantGame(MachineGame):
    """A solo game whose Machine tables may be replaced for a measurement run (see `solo_game`).

    With the defaults it plays the printed game (the rules of `MachineGame`); it also counts the
    Machine's turns (`machine_turns`), to tell how long the race lasted.
    """

    hand_rule = "level"
    machine_turns = 0

    def machine_turn(self, state: Any) -> None:
        self.machine_turns += 1
        super().machine_turn(state)

    def _die_fits(self, face: str, category: str) -> bool:
        return face == "any" or super()._die_fits(face, category)

    def _catastrophe_pays(self, state: Any, category: str) -> bool:
        if self.hand_rule == "level":
            return super()._catastrophe_pays(state, category)
        mine = PROTECTION_RANK[q.protection(self.cards, state.boards[MACHINE], category)]
        theirs = PROTECTION_RANK[q.protection(self.cards, state.boards[HUMAN], category)]
        if mine > theirs:
            return True
        hand = self.table.reveal[self._m(state).level]  # its hand cards read as the cards it reveals
        return mine == theirs == 1 and hand > len(state.boards[HUMAN].hand)


def solo_game(level: int, reveal: str = "figure", die: str = "areas", hand: str = "level") -> VariantGame:
    """The solo game at `level`, with the Machine's reveal counts and rescue die of the named reading."""
    game = VariantGame(solo="machine", level=level)
    game.hand_rule = hand
    table = msgspec.structs.replace(game.table, reveal=REVEALS[reveal])
    faces = DIES[die]  # None: the die of machine.toml
    if faces is not None:
        # a face 'any' fits every catastrophe, 'blank' none (`VariantGame._die_fits`)
        table = msgspec.structs.replace(table, die=msgspec.structs.replace(table.die, faces=faces))
    game.table = table
    return game


def measure(
    player: str,
    level: int,
    games: int,
    seed: int,
    reveal: str = "figure",
    die: str = "areas",
    hand: str = "level",
) -> tuple[Counter[str], dict[str, list[int]]]:
    """How each of `games` games of `player` against the Machine at `level` ended (see `outcome`),
    and for each way it ended, after how many Machine turns."""
    game = solo_game(level, reveal, die, hand)
    counts: Counter[str] = Counter()
    turns: dict[str, list[int]] = {}
    for index in range(games):
        seed_i = game_seed(seed, index)
        players = [make_solo_player(player, player_seed(seed_i, HUMAN)), AutomatonSeat("machine")]
        game.machine_turns = 0
        match = play_match(game, players, seed_i, validate=False)
        how = outcome(match.state)
        counts[how] += 1
        turns.setdefault(how, []).append(game.machine_turns)
    return counts, turns


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--player", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="0-8", help="e.g. 0-8 or 0,2,4")
    parser.add_argument("--reveal", choices=sorted(REVEALS), default="figure")
    parser.add_argument("--die", choices=sorted(DIES), default="areas")
    parser.add_argument("--hand", choices=["level", "reveal"], default="level")
    args = parser.parse_args(argv)
    if "-" in args.levels:
        first, last = (int(x) for x in args.levels.split("-"))
        levels = list(range(first, last + 1))
    else:
        levels = [int(x) for x in args.levels.split(",")]
    print(
        f"player {args.player}, reveal {args.reveal}, die {args.die}, hand {args.hand}, "
        f"{args.games} games, seed {args.seed}"
    )
    for level in levels:
        started = time.perf_counter()
        counts, turns = measure(args.player, level, args.games, args.seed, args.reveal, args.die, args.hand)
        wins = sum(n for k, n in counts.items() if k.startswith("win"))
        low, high = (100 * bound for bound in wilson(wins, args.games))
        parts = []
        for side in ("win", "draw", "loss"):
            found = sorted(((n, k) for k, n in counts.items() if k.startswith(side)), reverse=True)
            if found:
                total = sum(n for n, _ in found)
                causes = ", ".join(f"{k.split(': ', 1)[1]} {n}" for n, k in found)
                parts.append(f"{side} {total} ({causes})")
        race = ", ".join(
            f"{k.split(': ', 1)[1]} {statistics.median(turns[k]):g}"
            for k in ("win: Biosphere 5", "loss: the Machine built Biosphere 5")
            if k in turns
        )
        if race:
            parts.append(f"median Machine turns: {race}")
        print(
            f"level {level}: won {wins}/{args.games} = {100 * wins / args.games:.1f}% "
            f"[{low:.1f}, {high:.1f}]; {'; '.join(parts)}  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    # run the module's own copy, so that VariantGame belongs to the game's package (the heuristic is
    # found by the package of the game's class, which would be __main__ here)
    from cardtable.analysis.biosphere5_solo import main as run

    run()
