"""The games' JSON API: what the server offers, a game's seats with its options, its cards' faces."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..catalog import catalog, faces, game_of
from ..errors import documented
from ..hints import automata

router = APIRouter()


@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    return catalog()


@router.get("/api/games/{name}/setup", responses=documented(400, 404))
async def setup(name: str, request: Request) -> dict[str, Any]:
    """The seats and normalised options of `name` with the options in the query string."""
    game = game_of(name, dict(request.query_params))
    return {
        "game": game.name,
        "options": game.options,
        "num_seats": game.num_seats,
        "seat_names": [game.seat_name(s) for s in range(game.num_seats)],
        "automata": {str(seat): label for seat, label in automata(game).items()},
    }


@router.get("/api/games/{name}/cards", responses=documented(400, 404))
async def cards(name: str, request: Request) -> dict[str, Any]:
    """The printed faces of the cards of `name` (options in the query string), by card id.

    Static card data, the same for every table and seat: no state goes into it.
    """
    game = game_of(name, dict(request.query_params))
    return {"game": game.name, "options": game.options, "faces": faces(game)}
