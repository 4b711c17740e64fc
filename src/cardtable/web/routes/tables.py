"""The tables' JSON API: make a table, read it as a seat or a spectator, play, take back, and, once the
game is over, its record and replay."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr

from ..errors import TableError, documented
from ..replay import MAX_RECORD_BYTES, decompressed
from ..table import AUTOMATON, HUMAN, Table
from .context import server_of, visitor_of

router = APIRouter()
OptionValue = StrictInt | bool | StrictStr
#: the header that carries a seat's token (kept out of every URL, so no log or history keeps it)
TOKEN_HEADER = "X-Seat-Token"
SeatToken = Annotated[str | None, Header(description="the seat's token")]


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: StrictStr
    mode: StrictStr | None = None
    options: dict[str, OptionValue] = {}
    seats: list[StrictStr] | None = None
    names: list[StrictStr] | None = None
    seed: StrictInt | None = None
    #: ask the people at this table at every decision, even when their only move is forced
    ask_every_window: bool = False


class TakeBackMoves(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: the seat's token (or send it in the X-Seat-Token header)
    token: StrictStr | None = None
    #: the move number the table is at (as in the table's state): a take-back answers that position
    move: StrictInt


class PlayAction(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: the seat's token (or send it in the X-Seat-Token header)
    token: StrictStr | None = None
    action: StrictStr
    move: StrictInt


@router.post("/api/tables", status_code=201, responses=documented(400, 404, 408, 413, 429, 503))
async def new_table(body: NewTable, request: Request) -> dict[str, Any]:
    server, who = server_of(request), visitor_of(request)
    server.throttle(server.rates.creations, who, "new tables")
    if any(kind not in (HUMAN, AUTOMATON) for kind in body.seats or ()):
        if server.tables.count_working_bot_tables() >= server.limits.bot_tables:
            raise TableError(503, "busy", "the server has as many bot tables as it can run; try later")
        if server.tables.count_unfinished_bot_tables(who) >= server.limits.bot_tables_per_address:
            raise TableError(429, "too-many-bot-tables", "finish one of your bot tables first")
    table = await server.tables.create_waiting(
        body.game,
        options=body.options,
        mode=body.mode,
        seats=body.seats,
        names=body.names,
        seed=body.seed,
        ask_every_window=body.ask_every_window,
        creator=who,
    )
    server.bots.kick(table)
    return {
        "table": table.id,
        "game": table.game.name,
        "options": table.game.options,
        "spectator": f"/t/{table.id}",
        "seats": [
            {**seat.public(table.game), "token": seat.token, "link": f"/t/{table.id}/seat#{seat.token}"}
            if seat.kind == HUMAN
            else seat.public(table.game)
            for seat in table.seats
        ],
    }


@router.get("/api/tables/{table_id}", responses=documented(400, 403, 404, 410))
async def table_state(
    request: Request, table_id: str, token: str | None = None, x_seat_token: SeatToken = None
) -> Response:
    """What a seat (its token in the X-Seat-Token header) or a spectator (no token) is shown.
    The `token` query parameter is still read, for older clients; it puts the token in URLs."""
    table = await server_of(request).current_table(table_id)
    return _json(table.encoded_payload(table.seat_of(x_seat_token or token)))


@router.post(
    "/api/tables/{table_id}/actions", responses=documented(400, 403, 404, 408, 409, 410, 413, 429, 503)
)
async def play(table_id: str, body: PlayAction, request: Request, x_seat_token: SeatToken = None) -> Response:
    server = server_of(request)
    server.throttle(server.rates.actions, visitor_of(request), "actions")
    table = await server.current_table(table_id)
    seat = table.seat_of(_token(x_seat_token, body.token, "an action"))
    await server.act(table, seat, body.action, body.move)
    return _json(table.encoded_payload(seat))


@router.post("/api/tables/{table_id}/undo", responses=documented(400, 403, 404, 408, 409, 410, 413, 429, 503))
async def undo(
    table_id: str, body: TakeBackMoves, request: Request, x_seat_token: SeatToken = None
) -> Response:
    """Take back the seat's latest move (and the forced moves after it) while the game allows it:
    the state's `can_undo` says when (RULES.md of each game, "Taking back a move")."""
    server = server_of(request)
    server.throttle(server.rates.actions, visitor_of(request), "actions")
    table = await server.current_table(table_id)
    seat = table.seat_of(_token(x_seat_token, body.token, "a take-back"))
    await server.take_back(table, seat, body.move)
    return _json(table.encoded_payload(seat))


@router.get("/api/tables/{table_id}/record", responses=documented(400, 404, 409, 410))
async def record(request: Request, table_id: str, format: Literal["text", "json"] = "text") -> Response:
    table = await server_of(request).current_table(table_id)
    require_over(table)
    rec = table.record()
    if format == "json":
        body, media, suffix = rec.to_json(), "application/json", "json"
    else:
        body, media, suffix = rec.to_text(), "text/plain; charset=utf-8", "rec"
    filename = f"{table.game.name}-{table.id}.{suffix}"
    return Response(
        body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


@router.get("/api/tables/{table_id}/replay", responses=documented(404, 409, 410, 429))
async def replay_frames(table_id: str, request: Request) -> Response:
    """Every position of a finished table as each seat and a spectator saw it (gzip-compressed for
    clients that take it: every browser does)."""
    server, who = server_of(request), visitor_of(request)
    table = await server.current_table(table_id)
    require_over(table)
    server.throttle(server.rates.replays, who, "replays")
    return await _gzipped_json(request, await server.replays.of_table(table, who))


@router.post("/api/replay", responses=documented(400, 408, 413, 429))
async def replay_record(request: Request) -> Response:
    """Every position of the game a posted record (text or JSON) describes, as the replay page draws
    it; the record is checked move by move, and a faulty one is refused naming the move at fault."""
    server, who = server_of(request), visitor_of(request)
    body = await request.body()
    if len(body) > MAX_RECORD_BYTES:
        raise TableError(413, "too-large", "this file is too large to be a game record")
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TableError(400, "bad-record", "this file is not a game record (not UTF-8 text)") from None
    server.throttle(server.rates.replays, who, "replays")
    return await _gzipped_json(request, await server.replays.of_record(text, who))


def require_over(table: Table) -> None:
    if not table.over:
        raise TableError(409, "not-over", "the game is not over yet; its record is kept secret until the end")


def _token(header: str | None, body: str | None, what: str) -> str:
    given = header if header is not None else body
    if given is None:
        raise TableError(400, "bad-request", f"{what} needs its seat's token (the {TOKEN_HEADER} header)")
    return given


def _json(data: bytes) -> Response:
    return Response(data, media_type="application/json")


async def _gzipped_json(request: Request, data: bytes) -> Response:
    """A gzip-compressed JSON body as it is, to a client that takes gzip; else unpacked (off the loop)."""
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers = {"content-encoding": "gzip", "vary": "accept-encoding"}
        return Response(data, media_type="application/json", headers=headers)
    return Response(await asyncio.to_thread(decompressed, data), media_type="application/json")
