"""Simulation: many seeded games between players, summarised.

`simulate` is deterministic per seed: game i is played from `mix_seed(seed, i)` and the player of
seat s in game i is seeded with `mix_seed(game_seed, s)`, so any game of a batch can be replayed on
its own, and a batch split into ranges (`first`) and merged (`SimSummary.merge`) gives the same
summary as one run: this is how a parallel runner uses it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import CardtableError, Game, Match, make_game, mix_seed
from .core.decision import DECIDED
from .core.game import OptionValue
from .core.runner import play_match
from .players import AutomatonSeat, make_player

#: the summary fields that measure time, so differ between two runs of the same seed
TIMING_FIELDS = ("seconds", "actions_per_second")

#: player kinds that only ever choose among `legal_actions`, so their games need no legality check
TRUSTED_KINDS = frozenset({"random"})


#: how a summary counts a game still going at the cap (the game's declared `max_actions`, or the
#: batch's): an outcome of its own, not a failure of the batch (random Dino Battles games may run on
#: for ever, its RULES.md D2)
STOPPED_AT_CAP = "stopped-at-cap"
STOPPED_WORDS = "stopped at the cap: still going after max_actions"


class SimulationError(CardtableError):
    """A simulated game failed (a bug in a game or a player)."""


@dataclass
class SimSummary:
    """What a batch of games amounts to. Counts only, so summaries of disjoint batches add up."""

    game: str
    options: dict[str, OptionValue]
    seed: int
    players: list[str]
    games: int = 0
    total_actions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    no_winner: int = 0
    min_length: int | None = None
    max_length: int | None = None
    #: games by how they ended (`Game.ending`: the termination code), with each code's words
    ends: Counter[str] = field(default_factory=Counter)
    end_words: dict[str, str] = field(default_factory=dict)
    #: games stopped at the cap (counted in `games` and `ends`, never as a win, draw or no winner)
    stopped: int = 0
    #: how the game names each seat (A, B, ...)
    seat_names: list[str] = field(default_factory=list)
    #: per part of a game's scoring that its results judge (`Result.details` keys `DECIDED + part`):
    #: the finished games that judged it, and those it decided (the winners would differ without it)
    judged: Counter[str] = field(default_factory=Counter)
    decided: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * len(self.players)
        if not self.seat_names:
            self.seat_names = [str(seat) for seat in range(len(self.players))]

    @property
    def actions_per_second(self) -> float:
        return self.total_actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def average_length(self) -> float:
        return self.total_actions / self.games if self.games else 0.0

    def add(self, match: Match) -> None:
        """Count one game: finished, or stopped at the cap."""
        result = match.result
        length = len(match.moves)
        self.games += 1
        self.total_actions += length
        self.min_length = length if self.min_length is None else min(self.min_length, length)
        self.max_length = length if self.max_length is None else max(self.max_length, length)
        if result is None:
            self.stopped += 1
            code, words = STOPPED_AT_CAP, STOPPED_WORDS
        else:
            for seat in result.winners:
                self.wins[seat] += 1
            if result.draw:
                self.draws += 1
            elif not result.winners:
                self.no_winner += 1
            code, words = match.game.ending(result)
            for key, value in result.details.items():
                if key.startswith(DECIDED):
                    self.judged[key[len(DECIDED) :]] += 1
                    self.decided[key[len(DECIDED) :]] += int(value)
        self.ends[code] += 1
        self.end_words.setdefault(code, words)

    def merge(self, other: SimSummary) -> SimSummary:
        """The summary of both batches (same game, options, seed and players)."""
        if (self.game, self.options, self.seed, self.players) != (
            other.game,
            other.options,
            other.seed,
            other.players,
        ):
            raise ValueError("only summaries of the same simulation can be merged")
        lengths = [x for x in (self.min_length, other.min_length) if x is not None]
        longest = [x for x in (self.max_length, other.max_length) if x is not None]
        return SimSummary(
            game=self.game,
            options=dict(self.options),
            seed=self.seed,
            players=list(self.players),
            games=self.games + other.games,
            total_actions=self.total_actions + other.total_actions,
            seconds=self.seconds + other.seconds,
            wins=[a + b for a, b in zip(self.wins, other.wins, strict=True)],
            draws=self.draws + other.draws,
            no_winner=self.no_winner + other.no_winner,
            min_length=min(lengths) if lengths else None,
            max_length=max(longest) if longest else None,
            ends=self.ends + other.ends,
            end_words={**other.end_words, **self.end_words},
            stopped=self.stopped + other.stopped,
            seat_names=list(self.seat_names),
            judged=self.judged + other.judged,
            decided=self.decided + other.decided,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data in a fixed key order (JSON output); only TIMING_FIELDS vary between runs."""
        return {
            "game": self.game,
            "options": dict(sorted(self.options.items())),
            "seed": self.seed,
            "players": list(self.players),
            "seat_names": list(self.seat_names),
            "games": self.games,
            "total_actions": self.total_actions,
            "seconds": round(self.seconds, 6),
            "actions_per_second": round(self.actions_per_second, 1),
            "wins": list(self.wins),
            "draws": self.draws,
            "no_winner": self.no_winner,
            "average_length": round(self.average_length, 3),
            "min_length": self.min_length,
            "max_length": self.max_length,
            "ends": dict(sorted(self.ends.items())),
            "end_words": dict(sorted(self.end_words.items())),
            "stopped_at_cap": self.stopped,
            "decided": {part: [self.decided[part], n] for part, n in sorted(self.judged.items())},
        }


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a simulation run with `seed`."""
    return mix_seed(seed, index)


def player_seed(game_seed: int, seat: int) -> int:
    """The seed of the player at `seat` in the game played from `game_seed`."""
    return mix_seed(game_seed, seat)


def play_one(
    game: Game[Any],
    seed: int,
    player_kinds: Sequence[str],
    *,
    validate: bool = True,
    max_actions: int | None = None,
) -> Match:
    """Play one game from `seed`, each seat's player seeded from it; SimulationError on any failure.

    `player_kinds` has one entry per seat (see `check_player_kinds`); the game's automaton seats
    get no player of their own. A game still going after `max_actions` (by default the game's declared
    `Game.max_actions`) is stopped there: the match is returned unfinished (no result).
    """
    automata = game.automata()
    players = [
        AutomatonSeat(automata[seat]) if seat in automata else make_player(kind, player_seed(seed, seat))
        for seat, kind in enumerate(player_kinds)
    ]
    try:
        limit = game.max_actions if max_actions is None else max_actions
        return play_match(game, players, seed, max_actions=limit, validate=validate, stop_at_cap=True)
    except Exception as err:
        raise SimulationError(
            f"{game.name} game with seed {seed} failed: {type(err).__name__}: {err}"
        ) from err


def check_player_kinds(game: Game[Any], player_kinds: Sequence[str]) -> list[str]:
    """One entry per seat: a known player kind for each seat a player takes (a single kind is used
    for all of them), the automaton's name for each seat the game plays itself (Biosphere 5's
    Machine). The automaton seats may be left out of `player_kinds` or named by their automaton."""
    automata = game.automata()
    free = [seat for seat in range(game.num_seats) if seat not in automata]
    kinds = list(player_kinds) or ["random"]
    if len(kinds) == 1:
        kinds *= len(free)
    if len(kinds) == game.num_seats and automata:
        named = [kinds[seat] for seat in automata]
        if named != list(automata.values()):
            raise SimulationError(f"{game.name} plays seat(s) {_listed(automata)} itself")
        kinds = [kinds[seat] for seat in free]
    if len(kinds) != len(free):
        seats = f"{len(free)} seats for players" if automata else f"{game.num_seats} seats"
        raise SimulationError(f"{game.name} has {seats}, got {len(kinds)} players")
    for kind in kinds:
        try:
            make_player(kind, 0)
        except ValueError as err:
            raise SimulationError(str(err)) from None
    by_seat = dict(zip(free, kinds, strict=True)) | automata
    return [by_seat[seat] for seat in range(game.num_seats)]


def _listed(automata: dict[int, str]) -> str:
    return ", ".join(f"{seat} ({name})" for seat, name in automata.items())


def simulate(
    game_name: str,
    options: Mapping[str, OptionValue] | None,
    games: int,
    seed: int,
    player_kinds: Sequence[str] = ("random",),
    *,
    first: int = 0,
    on_game: Callable[[int, Match], None] | None = None,
    max_actions: int | None = None,
) -> SimSummary:
    """Play games `first` .. `first + games - 1` of the simulation `seed` and summarise them.

    `on_game(index, match)` is called after each game (progress bars, writing records). Raises
    UnknownGame/BadOption for a bad game or option, SimulationError if a game fails. A game still going
    after `max_actions` (by default the game's `Game.max_actions`) is stopped there and counted as such
    (`SimSummary.stopped`, ending `STOPPED_AT_CAP`).
    """
    game = make_game(game_name, options)
    kinds = check_player_kinds(game, player_kinds)
    validate = not set(kinds) <= TRUSTED_KINDS
    summary = SimSummary(
        game=game.name,
        options=dict(game.options),
        seed=seed,
        players=kinds,
        seat_names=[game.seat_name(seat) for seat in range(game.num_seats)],
    )
    for index in range(first, first + games):
        started = time.perf_counter()
        match = play_one(game, game_seed(seed, index), kinds, validate=validate, max_actions=max_actions)
        summary.seconds += time.perf_counter() - started
        summary.add(match)
        if on_game is not None:
            on_game(index, match)
    return summary
