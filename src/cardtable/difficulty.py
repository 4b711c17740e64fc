"""What our best player wins against a game's solo automaton, per level: `difficulty.toml` in the game's
folder, beside its cards (a schema and checks, as card data: a bad file is a clear error; no file, no
figures). The start page shows the level's figure beside the solo mode.

    [[level]]
    options = { solo = "machine", level = 0 }   # the table options that select this level
    player = "heuristic"                        # the measured player (a registered player kind)
    games = 200
    won = 82
    interval = [34.4, 47.9]                     # 95% Wilson interval of the win rate, percent
    measured_by = "python -m cardtable.analysis.biosphere5_solo --player heuristic --games 200 --seed 1"
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from cardtable.core import BadOption, CardDataError, Game, game_class, make_game
from cardtable.core.carddata import load_card_file
from cardtable.players import is_player_kind
from cardtable.report.data import wilson

FILE_NAME = "difficulty.toml"
#: how far a stated interval bound may be from the Wilson interval of won/games (it is rounded to 0.1)
TOLERANCE = 0.051


class Level(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One level's figure: `player` won `won` of `games` at the table `options`."""

    options: dict[str, str | int | bool]
    player: str
    games: int
    won: int
    interval: tuple[float, float]
    measured_by: str

    @property
    def percent(self) -> float:
        return 100 * self.won / self.games

    def public(self) -> dict[str, Any]:
        """What the start page reads of it."""
        return {
            "options": dict(self.options),
            "player": self.player,
            "games": self.games,
            "won": self.won,
            "percent": round(self.percent, 1),
            "interval": list(self.interval),
        }


class DifficultyFile(msgspec.Struct, forbid_unknown_fields=True):
    level: list[Level]


def difficulty_path(cls: type[Game[Any]]) -> Path:
    """Where the game `cls` keeps its figures: `difficulty.toml` in the folder of its module."""
    module = sys.modules[cls.__module__]
    return Path(module.__file__ or ".").parent / FILE_NAME


@cache
def difficulty(name: str) -> tuple[Level, ...]:
    """The figures of the registered game `name`, checked (CardDataError names the fault); none
    without a file."""
    cls = game_class(name)
    path = difficulty_path(cls)
    if not path.exists():
        return ()
    return tuple(check(cls, load_card_file(path, DifficultyFile), str(path)))


def check(cls: type[Game[Any]], data: DifficultyFile, source: str) -> list[Level]:
    """The levels of `data` if each one names a playable table of `cls`, a registered player kind, a
    possible count and the Wilson interval of its count; else CardDataError naming the level."""
    if not data.level:
        raise CardDataError(f"{source}: no [[level]]")
    seen: set[tuple[tuple[str, str], ...]] = set()
    for number, level in enumerate(data.level, 1):
        where = f"{source}: level {number} ({_spelled(level.options)})"
        try:
            make_game(cls.name, level.options)
        except BadOption as err:
            raise CardDataError(f"{where}: options make no table: {err}") from None
        key = tuple(sorted((k, str(v)) for k, v in level.options.items()))
        if key in seen:
            raise CardDataError(f"{where}: these options are given twice")
        seen.add(key)
        if not is_player_kind(level.player):
            raise CardDataError(f"{where}: {level.player!r} is no player kind")
        if level.games < 1 or not 0 <= level.won <= level.games:
            raise CardDataError(f"{where}: won {level.won} of {level.games} games is no count")
        low, high = (100 * bound for bound in wilson(level.won, level.games))
        stated = level.interval
        if abs(stated[0] - low) > TOLERANCE or abs(stated[1] - high) > TOLERANCE:
            raise CardDataError(
                f"{where}: interval [{stated[0]}, {stated[1]}] is not the 95% Wilson interval of "
                f"{level.won}/{level.games}, [{low:.1f}, {high:.1f}]"
            )
        if not level.measured_by.strip():
            raise CardDataError(f"{where}: measured_by is empty (the command that measured it)")
    return data.level


def _spelled(options: dict[str, str | int | bool]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items())
