"""The coach over HTTP (the live table asks it on its WebSocket: `coach`, `allow-coach`): a seat asks
"What would you play?" for its own decision, and allows the coach at its table or not (`coach`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, StrictBool, StrictStr

from ..errors import documented
from .context import server_of, visitor_of
from .tables import SeatToken

router = APIRouter()


class AskCoach(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: the seat's token (or send it in the X-Seat-Token header)
    token: StrictStr | None = None


class AllowCoach(AskCoach):
    allow: StrictBool


@router.post(
    "/api/tables/{table_id}/coach", responses=documented(400, 403, 404, 408, 409, 410, 413, 429, 503)
)
async def ask_coach(
    table_id: str, request: Request, body: AskCoach | None = None, x_seat_token: SeatToken = None
) -> dict[str, Any]:
    """What the best player would play at the seat's decision: `moves` (the suggestion first, then the
    two next-best, each with its estimated chance to win), `chance` (the position's, for the seat) and
    `move` (the move number it answers), within two seconds. Only where every person seated allows
    the coach; the game's record then names the seat."""
    server = server_of(request)
    table = await server.current_table(table_id)
    seat = table.seat_of(x_seat_token or (body.token if body else None))
    return await server.coach.ask(table, seat, visitor_of(request))


@router.post(
    "/api/tables/{table_id}/coach/allow", responses=documented(400, 403, 404, 408, 410, 413, 429, 503)
)
async def allow_coach(
    table_id: str, body: AllowCoach, request: Request, x_seat_token: SeatToken = None
) -> Response:
    """The seat's person allows the coach at this table (or no longer): it answers once every person
    seated allows it. Answers the table as the seat sees it."""
    server = server_of(request)
    server.throttle(server.rates.actions, visitor_of(request), "actions")
    table = await server.current_table(table_id)
    seat = table.seat_of(x_seat_token or body.token)
    server.coach.allow(table, seat, body.allow)
    return Response(table.encoded_payload(seat), media_type="application/json")
