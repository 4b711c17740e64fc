"""A new table: the visitor's choices checked (game, mode, options, seats, names, seed), its seats made (a
secret token for each person), and the rows that store it."""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core import BadOption, CardtableError, Game, Match, UnknownGame, game_class

from .catalog import shared_game
from .db import now
from .errors import TableError
from .hints import automata
from .kinds import kinds_for
from .table import AUTOMATON, HUMAN, Seat, Table
from .tablelog import TableLog

MAX_SEED = 2**31 - 1
#: characters no name may hold (control characters; PostgreSQL text cannot even store NUL)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class Choices:
    """What a visitor asks for when making a table (see `POST /api/tables`)."""

    game: str
    options: Mapping[str, Any] | None = None
    mode: str | None = None
    seats: Sequence[str] | None = None
    names: Sequence[str] | None = None
    seed: int | None = None
    ask_every_window: bool = False


@dataclass(frozen=True)
class Rows:
    """A new table's rows: its `TableRow`'s columns and its seats' (`SeatRow`)."""

    table: dict[str, Any]
    seats: list[dict[str, Any]]


def new_table(choices: Choices, creator: str = "") -> tuple[Table, Rows]:
    """A new table made as `choices` say (checked: TableError when they cannot be met), not stored yet,
    with the rows that store it; `creator`: the visitor's address (`addresses.visitor`)."""
    chosen = dict(_mode_options(choices.game, choices.mode)) if choices.mode else {}
    chosen.update(choices.options or {})
    try:
        game = shared_game(choices.game, chosen)
    except UnknownGame as err:
        raise TableError(404, "unknown-game", str(err)) from None
    except BadOption as err:
        raise TableError(400, "bad-option", str(err)) from None
    seats = _seats(game, _kinds(game, choices.seats), list(choices.names or []))
    seed = choices.seed
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    elif not 0 <= seed <= MAX_SEED:
        raise TableError(400, "bad-seed", f"the seed must be between 0 and {MAX_SEED}")
    try:
        match = Match(game, seed, [s.name for s in seats], undo=True)
    except CardtableError as err:
        raise TableError(400, "bad-option", str(err)) from None
    table_id = secrets.token_urlsafe(9)
    people = {s.seat for s in seats if s.kind == HUMAN}
    asked = people if choices.ask_every_window else set()
    log = TableLog(game, match.state, [*range(game.num_seats), None])
    table = Table(table_id, match, seats, log, ask_always=asked, creator=creator)
    moment = now()
    row = {
        "id": table_id,
        "game": game.name,
        "options": dict(game.options),
        "seed": seed,
        "created": moment,
        "result": "*",
        "updated": moment,
        "revision": 0,
    }
    seat_rows = [
        {
            "table_id": table_id,
            "seat": s.seat,
            "kind": s.kind,
            "name": s.name,
            "token": s.token,
            "ask_always": s.seat in asked,
            "coach": False,
            "coached": False,
        }
        for s in seats
    ]
    return table, Rows(row, seat_rows)


def _kinds(game: Game[Any], seats: Sequence[str] | None) -> list[str]:
    """Who plays each seat: a person, a player kind that can play the game, or the game's own automaton
    (the rulebook's, wherever the game plays a seat by itself: no link, no bot)."""
    kinds = list(seats) if seats is not None else [HUMAN] * game.num_seats
    if len(kinds) != game.num_seats:
        raise TableError(400, "bad-seats", f"{game.name} has {game.num_seats} seats, {len(kinds)} given")
    played_by_game = automata(game)
    kinds = [AUTOMATON if i in played_by_game else kind for i, kind in enumerate(kinds)]
    playable = (AUTOMATON, *kinds_for(game.name)) if played_by_game else kinds_for(game.name)
    for kind in kinds:
        if kind != HUMAN and kind not in playable:
            allowed = ", ".join([HUMAN, *playable])
            raise TableError(
                400, "bad-seats", f"seat kind {kind!r} cannot play {game.name}; kinds: {allowed}"
            )
    return kinds


def _seats(game: Game[Any], kinds: list[str], names: list[Any]) -> list[Seat]:
    """The seats, named as given (or by their letter and kind), a secret token for each person's."""
    if len(names) > game.num_seats or any(not isinstance(n, str) or len(n) > 40 for n in names):
        raise TableError(400, "bad-seats", "give at most one name of up to 40 characters per seat")
    if any(_CONTROL.search(n) for n in names):
        raise TableError(400, "bad-seats", "a name cannot hold control characters")
    return [
        Seat(
            seat=i,
            kind=kind,
            name=names[i].strip() if i < len(names) and names[i].strip() else _default_name(game, i, kind),
            token=secrets.token_urlsafe(18) if kind == HUMAN else None,
        )
        for i, kind in enumerate(kinds)
    ]


def _mode_options(game_name: str, mode: str) -> Mapping[str, Any]:
    try:
        modes = game_class(game_name).modes
    except UnknownGame as err:
        raise TableError(404, "unknown-game", str(err)) from None
    for candidate in modes:
        if candidate.name == mode:
            return candidate.options
    known = ", ".join(m.name for m in modes) or "none"
    raise TableError(400, "bad-option", f"{game_name} has no mode {mode!r} (modes: {known})")


def _default_name(game: Game[Any], seat: int, kind: str) -> str:
    letter = game.seat_name(seat)
    if kind == AUTOMATON:
        return letter
    return f"Seat {letter}" if kind == HUMAN else f"{kind.capitalize()} bot {letter}"
