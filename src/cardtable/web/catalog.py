"""The games the server offers: every registered game with its options, modes, seats and the player kinds
that can sit at it, and each game's card faces (static data, made once)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import BadOption, Game, UnknownGame, game_class, game_names, make_game
from cardtable.difficulty import difficulty

from .errors import TableError
from .kinds import kinds_for
from .table import HUMAN


def load_every_game() -> None:
    """Load every game's modules and card data now, before any request: the event loop then never waits
    for a game's first use."""
    for name in game_names():
        modes = game_class(name).modes
        for options in [dict(mode.options) for mode in modes] or [{}]:
            game = make_game(name, options)
            game.card_faces()
            game.new_state(0)
        kinds_for(name)  # seats each player kind once, loading the bots' own data


def catalog() -> list[dict[str, Any]]:
    """Every registered game with its options, modes and seat count (for the start page and the API)."""
    games = []
    for name in game_names():
        cls = game_class(name)
        try:
            seats = cls().num_seats
        except Exception:  # a game whose seat count depends on its options
            seats = None
        games.append(
            {
                "name": name,
                "title": cls.title,
                "num_seats": seats,
                #: with where each applies (the start page shows it only there, and not where unused)
                "options": [o.public() for o in cls.option_specs],
                "modes": [
                    {"name": m.name, "options": dict(m.options), "description": m.description}
                    for m in cls.modes
                ],
                "seat_kinds": [HUMAN, *kinds_for(name)],
                #: what our best player wins at each solo level (`cardtable.difficulty`)
                "difficulty": [level.public() for level in difficulty(name)],
            }
        )
    return games


def game_of(name: str, options: dict[str, Any]) -> Game[Any]:
    """The game `name` with `options` (from a visitor: refused with a TableError)."""
    try:
        return make_game(name, options)
    except UnknownGame as err:
        raise TableError(404, "unknown-game", str(err)) from None
    except BadOption as err:
        raise TableError(400, "bad-option", str(err)) from None


#: card faces by game and option string: static data, made once each
_FACES: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}


def faces(game: Game[Any]) -> dict[str, dict[str, Any]]:
    key = (game.name, game.option_string())
    if key not in _FACES:
        _FACES[key] = game.card_faces()
    return _FACES[key]


#: one Game per game and options, shared by its tables (a Game holds rules, card data and what it
#: works out once from them, never a match's state; the bots' processes keep theirs the same way)
_GAMES: dict[tuple[str, str], Game[Any]] = {}


def shared_game(name: str, options: Mapping[str, Any]) -> Game[Any]:
    """`make_game(name, options)`, made once per game and options (its errors are not kept)."""
    key = (name, repr(sorted(options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = make_game(name, options)
        if len(_GAMES) < 256:  # options come from visitors: a bounded cache
            _GAMES[key] = game
    return game
