"""The web application: pages, the JSON API and the live WebSocket, over one TableServer."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import math
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from cardtable import __version__
from cardtable.core import (
    BadOption,
    Game,
    UnknownGame,
    game_class,
    game_names,
    make_game,
)

from .addresses import visitor
from .apidocs import docs_page
from .db import default_database_url
from .guard import Guard
from .hints import automata
from .hub import TOO_MANY, Answer, Connection, encode
from .kinds import kinds_for
from .limits import Limits, RateLimiter
from .pages import for_people
from .pages import router as pages_router
from .plugins import import_plugins
from .protocol import QuietInvalidText
from .replay import MAX_RECORD_BYTES, decompressed
from .server import TableServer
from .tables import AUTOMATON, HUMAN, Table, TableError

HERE = Path(__file__).parent
log = logging.getLogger(__name__)
OptionValue = StrictInt | bool | StrictStr
#: the header that carries a seat's token (kept out of every URL, so no log or history keeps it)
TOKEN_HEADER = "X-Seat-Token"


class ErrorBody(BaseModel):
    error: str
    message: str


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error answers a route documents in the OpenAPI document (every status it can return)."""
    words = {
        400: "malformed request or illegal action",
        403: "wrong seat token, or a spectator acting",
        404: "no such game or table",
        408: "the request body came too slowly",
        409: "stale move, not your turn, or not over yet",
        410: "the table can no longer be played",
        413: "request body too large",
        429: "too many requests from your address",
        503: "storage failed or the server is at its capacity; try again",
    }
    return {status: {"model": ErrorBody, "description": words[status]} for status in statuses}


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


def load_every_game() -> None:
    """Load every game's modules and card data now, in the main thread, before any request: bots and
    log checks run in worker threads, and they should only ever read what is already loaded."""
    for name in game_names():
        modes = game_class(name).modes
        for options in [dict(mode.options) for mode in modes] or [{}]:
            game = make_game(name, options)
            game.card_faces()
            game.new_state(0)
        kinds_for(name)  # seats each player kind once, loading the bots' own data


#: how `cardtable serve` hands its settings to each server process it starts
BOT_DELAY_VARIABLE = "CARDTABLE_BOT_DELAY"


def app_from_environment() -> FastAPI:
    """The app of one server process started by `cardtable serve` (its settings in the environment)."""
    import_plugins()
    delay = float(os.environ.get(BOT_DELAY_VARIABLE, "0.6"))
    return create_app(None, bot_delay=delay, limits=Limits.from_environment(), tune_gc=True)


def _telemetry() -> dict[str, bool] | None:
    """FastAPI's OpenTelemetry support, as FastAPI sets it up, when the environment configures
    OpenTelemetry (an `OTEL_*` variable, or `FASTAPI_OTEL_AUTO_CONFIGURE`); else off: unasked, it looked
    for a configured provider on every request and WebSocket (2-4% of the server's time for a table's
    creation and connections, in a profile)."""
    if any(name.startswith(("OTEL_", "FASTAPI_OTEL_")) for name in os.environ):
        return None
    return {"tracing": False, "metrics": False, "logs": False}


def tune_garbage_collector() -> None:
    """For a long-running server process, once everything is loaded: the objects of start-up (modules,
    card data) are set aside for good, and the young generation is collected less often. A move
    makes thousands of short-lived objects; with the default thresholds the collector ran every few
    moves and walked every live table's states (about a tenth of a move's CPU time)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


def create_app(
    database_url: str | None = None,
    *,
    bot_delay: float = 0.6,
    limits: Limits | None = None,
    tune_gc: bool = False,
) -> FastAPI:
    """The app for one database (default: `CARDTABLE_DATABASE_URL`, else a SQLite file)."""
    limits = limits or Limits()
    QuietInvalidText.install()
    server = TableServer(database_url or default_database_url(), bot_delay=bot_delay, limits=limits)
    creations = RateLimiter(limits.create_burst, 1 / limits.create_every)
    actions = RateLimiter(limits.action_burst, limits.actions_per_second)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        load_every_game()
        if tune_gc:  # a server process of its own (`cardtable serve`), not an app inside tests
            tune_garbage_collector()
        server.start()
        await server.bots.ready()  # a quick bot answers at once from the first request on
        yield
        await server.close()

    app = FastAPI(
        title="cardtable",
        version=__version__,
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
        telemetry=_telemetry(),
    )
    app.state.server = server
    app.state.limits = limits
    app.add_middleware(Guard, limits=limits)
    templates = Jinja2Templates(directory=HERE / "templates")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    _error_handlers(app, templates)
    # rules pages and the replay of a record file (pages.py)
    app.include_router(pages_router, responses=_errors(400, 404, 408, 413))

    def address(request: Request | WebSocket) -> str:
        """Who the visitor is for the per-address limits (`addresses.visitor`)."""
        return visitor(request.client.host) if request.client else "?"

    def throttle(limiter: RateLimiter, who: str, what: str) -> None:
        if not limiter.allow(who):
            wait = math.ceil(limiter.retry_after(who))
            raise TableError(429, "rate-limited", f"too many {what} from your address; wait {wait} s")

    # --- pages ----------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request) -> Response:
        return templates.TemplateResponse(request, "index.html", {"catalog": for_people(catalog())})

    @app.get("/t/{table_id}", response_class=HTMLResponse, responses=_errors(404, 410))
    async def spectate(request: Request, table_id: str) -> Response:
        """A table's page; a seat's page is the same address with its token in the fragment
        (`/t/ID/seat#TOKEN`): the browser never sends a fragment, so no server or proxy sees it."""
        table = await server.current_table(table_id)
        return _table_page(request, table, None)

    @app.get("/t/{table_id}/seat", response_class=HTMLResponse, responses=_errors(404, 410))
    async def seat_page(request: Request, table_id: str) -> Response:
        """A seat's page: its script reads the token from the fragment and sends it on the WebSocket."""
        table = await server.current_table(table_id)
        return _table_page(request, table, None)

    @app.get("/t/{table_id}/seat/{token}", response_class=HTMLResponse, responses=_errors(403, 404, 410))
    async def seat_page_old(request: Request, table_id: str, token: str) -> Response:
        """Links made before tokens left URLs (the token in the path) still open their seat."""
        table = await server.current_table(table_id)
        table.seat_of(token)  # refuses a wrong token before any page is shown
        return _table_page(request, table, token)

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse, responses=_errors(404, 409, 410))
    async def replay_page(request: Request, table_id: str) -> Response:
        table = await server.current_table(table_id)
        _require_over(table)
        return templates.TemplateResponse(
            request, "replay.html", {"table": table, "title": table.game.title, "table_id": table.id}
        )

    def _table_page(request: Request, table: Table, token: str | None) -> Response:
        context = {"table_id": table.id, "token": token or "", "title": table.game.title}
        return templates.TemplateResponse(request, "table.html", context)

    @app.get("/api/docs", response_class=HTMLResponse, include_in_schema=False)
    async def api_docs() -> Response:
        return HTMLResponse(docs_page(app.openapi()))

    # --- API: games -----------------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return catalog()

    @app.get("/api/games/{name}/setup", responses=_errors(400, 404))
    async def setup(name: str, request: Request) -> dict[str, Any]:
        """The seats and normalised options of `name` with the options in the query string."""
        game = _game(name, dict(request.query_params))
        return {
            "game": game.name,
            "options": game.options,
            "num_seats": game.num_seats,
            "seat_names": [game.seat_name(s) for s in range(game.num_seats)],
            "automata": {str(seat): label for seat, label in automata(game).items()},
        }

    @app.get("/api/games/{name}/cards", responses=_errors(400, 404))
    async def cards(name: str, request: Request) -> dict[str, Any]:
        """The printed faces of the cards of `name` (options in the query string), by card id.

        Static card data, the same for every table and seat: no state goes into it.
        """
        game = _game(name, dict(request.query_params))
        return {"game": game.name, "options": game.options, "faces": _faces(game)}

    # --- API: tables ----------------------------------------------------------------------------
    @app.post("/api/tables", status_code=201, responses=_errors(400, 404, 408, 413, 429, 503))
    async def new_table(body: NewTable, request: Request) -> dict[str, Any]:
        who = address(request)
        throttle(creations, who, "new tables")
        if any(kind not in (HUMAN, AUTOMATON) for kind in body.seats or ()):
            if server.tables.count_working_bot_tables() >= limits.bot_tables:
                raise TableError(503, "busy", "the server has as many bot tables as it can run; try later")
            if server.tables.count_unfinished_bot_tables(who) >= limits.bot_tables_per_address:
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

    @app.get("/api/tables/{table_id}", responses=_errors(400, 403, 404, 410))
    async def table_state(
        table_id: str,
        token: str | None = None,
        x_seat_token: Annotated[str | None, Header(description="the seat's token")] = None,
    ) -> Response:
        """What a seat (its token in the X-Seat-Token header) or a spectator (no token) is shown.
        The `token` query parameter is still read, for older clients; it puts the token in URLs."""
        table = await server.current_table(table_id)
        return _json(table.encoded_payload(table.seat_of(x_seat_token or token)))

    @app.post(
        "/api/tables/{table_id}/actions", responses=_errors(400, 403, 404, 408, 409, 410, 413, 429, 503)
    )
    async def play(
        table_id: str,
        body: PlayAction,
        request: Request,
        x_seat_token: Annotated[str | None, Header(description="the seat's token")] = None,
    ) -> Response:
        throttle(actions, address(request), "actions")
        table = await server.current_table(table_id)
        given = x_seat_token if x_seat_token is not None else body.token
        if given is None:
            raise TableError(
                400, "bad-request", f"an action needs its seat's token (the {TOKEN_HEADER} header)"
            )
        seat = table.seat_of(given)
        await server.act(table, seat, body.action, body.move)
        return _json(table.encoded_payload(seat))

    @app.post("/api/tables/{table_id}/undo", responses=_errors(400, 403, 404, 408, 409, 410, 413, 429, 503))
    async def undo(
        table_id: str,
        body: TakeBackMoves,
        request: Request,
        x_seat_token: Annotated[str | None, Header(description="the seat's token")] = None,
    ) -> Response:
        """Take back the seat's latest move (and the forced moves after it) while the game allows it:
        the state's `can_undo` says when (RULES.md of each game, "Taking back a move")."""
        throttle(actions, address(request), "actions")
        table = await server.current_table(table_id)
        given = x_seat_token if x_seat_token is not None else body.token
        if given is None:
            raise TableError(
                400, "bad-request", f"a take-back needs its seat's token (the {TOKEN_HEADER} header)"
            )
        seat = table.seat_of(given)
        await server.take_back(table, seat, body.move)
        return _json(table.encoded_payload(seat))

    @app.get("/api/tables/{table_id}/record", responses=_errors(400, 404, 409, 410))
    async def record(table_id: str, format: Literal["text", "json"] = "text") -> Response:
        table = await server.current_table(table_id)
        _require_over(table)
        rec = table.record()
        if format == "json":
            body, media, suffix = rec.to_json(), "application/json", "json"
        else:
            body, media, suffix = rec.to_text(), "text/plain; charset=utf-8", "rec"
        filename = f"{table.game.name}-{table.id}.{suffix}"
        return Response(
            body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    @app.get("/api/tables/{table_id}/replay", responses=_errors(404, 409, 410, 429))
    async def replay_frames(table_id: str, request: Request) -> Response:
        """Every position of a finished table as each seat and a spectator saw it (gzip-compressed for
        clients that take it: every browser does)."""
        table = await server.current_table(table_id)
        _require_over(table)
        who = address(request)
        server.replays.allow(who)
        return await _gzipped_json(request, await server.replays.of_table(table, who))

    @app.post("/api/replay", responses=_errors(400, 408, 413, 429))
    async def replay_record(request: Request) -> Response:
        """Every position of the game a posted record (text or JSON) describes, as the replay page draws
        it; the record is checked move by move, and a faulty one is refused naming the move at fault."""
        body = await request.body()
        if len(body) > MAX_RECORD_BYTES:
            raise TableError(413, "too-large", "this file is too large to be a game record")
        try:
            text = body.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise TableError(400, "bad-record", "this file is not a game record (not UTF-8 text)") from None
        who = address(request)
        server.replays.allow(who)
        return await _gzipped_json(request, await server.replays.of_record(text, who))

    # --- live -----------------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        """The live table. A seat sends its token first, as `{"type": "hello", "token": ...}` (the
        `token` query parameter is still read, for older clients); until then it watches as a spectator.
        The first state (and the answer to `sync`, `hello` and `prefs`) is the whole payload; the updates
        after a move carry only the log lines the watcher lacks, after `"log_from": n`: the client keeps
        the first n lines of its log and appends these. An `action` or `undo` is acknowledged by an
        `ack` message, or with `"ack": "update"` in it by `"ack": {"id", "move"}` in the sender's own
        update (one message fewer: the browser's way), or with `"ack": "none"` not at all; a refused one
        is answered with an `error` either way."""
        if not _same_origin(websocket):
            await websocket.close(code=4403, reason="origin")
            return
        who = address(websocket)
        await websocket.accept()
        try:
            table = await server.current_table(table_id)
            seat = table.seat_of(token)
            if seat is None and server.hub.full_of_spectators(table.id):
                # a seat's browser says hello (with its token) first: a seat always gets in
                seat = await _seat_from_hello(websocket, table)
            refusal = server.hub.refusal(table.id, who, seat)
            if refusal is not None:
                raise TableError(TOO_MANY - 4000, "too-many-watchers", refusal)
        except WebSocketDisconnect:
            return
        except TableError as err:
            await websocket.send_text(encode(_error_message(err)).decode())
            await websocket.close(code=4000 + err.status, reason=err.code)
            return
        connection = Connection(websocket, seat, who, limits)
        server.hub.join(table.id, connection)
        connection.start()
        try:
            connection.send_state(table)
            while True:
                message = await connection.receive()  # None once the watcher is dropped
                if message is None or message["type"] == "websocket.disconnect":
                    break
                await _handle(connection, table_id, message)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            server.hub.leave(table_id, connection)
            if not connection.closed.is_set():
                connection.drop(1000, "")
            if connection.task is not None:
                await asyncio.wait({connection.task}, timeout=limits.send_timeout + 1)
                await connection.stop()

    async def _seat_from_hello(websocket: WebSocket, table: Table) -> int:
        """The seat a watcher's first message, a `hello` with its token, opens; a watcher that says
        nothing of the kind in time is a spectator, refused."""
        try:
            message = await asyncio.wait_for(websocket.receive(), limits.hello_timeout)
        except TimeoutError:
            message = {}
        if message.get("type") == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        data: dict[str, Any] = {}
        with contextlib.suppress(TableError):
            data = _decode(message)
        given = data.get("token")
        if data.get("type") == "hello" and isinstance(given, str) and given:
            return table.seat_of(given)  # type: ignore[return-value]  (a token names a seat, or is refused)
        refusal = "this table has as many spectators as it can take; try again later"
        raise TableError(TOO_MANY - 4000, "too-many-watchers", refusal)

    async def _handle(connection: Connection, table_id: str, message: dict[str, Any]) -> None:
        request_id = None
        try:
            data = _decode(message)
            request_id = data.get("id")
            # no database read per message: other processes' moves reach this table by NOTIFY, and a move
            # is checked against the database under the table's lock when it is stored
            table = server.table(table_id)
            kind = data.get("type")
            if kind in ("action", "undo"):
                how = data.get("ack", "message")
                if how not in ACKNOWLEDGEMENTS:
                    raise TableError(400, "bad-request", "ack must be 'message', 'update' or 'none'")
                throttle(actions, connection.address, "actions")
                request = request_id if _plain(request_id) else None
                answer = Answer(connection, request) if how == "update" else None
                if kind == "action":
                    await server.act(
                        table, connection.seat, data.get("action"), data.get("move"), answer=answer
                    )
                else:
                    await server.take_back(table, connection.seat, data.get("move"), answer=answer)
                if how == "message":
                    connection.send({"type": "ack", "id": request, "move": table.ply})
            elif kind == "sync":
                connection.send_state(table)
            elif kind == "hello":
                given = data.get("token")
                seat = table.seat_of(given if isinstance(given, str) else None)
                if seat != connection.seat:
                    refusal = server.hub.refusal(table_id, connection.address, seat, moving=connection)
                    if refusal is not None:
                        raise TableError(TOO_MANY - 4000, "too-many-watchers", refusal)
                    server.hub.leave(table_id, connection)
                    connection.seat = seat
                    server.hub.join(table_id, connection)
                connection.send_state(table)
            elif kind == "prefs":
                server.set_ask_every_window(table, connection.seat, data.get("ask_every_window"))
                connection.send_state(table)
            else:
                raise TableError(
                    400,
                    "bad-request",
                    "unknown message type; use 'hello', 'action', 'undo', 'sync' or 'prefs'",
                )
        except TableError as err:
            connection.send({**_error_message(err), "id": request_id if _plain(request_id) else None})
            if err.code == "bad-token":  # a wrong token in a hello: the link is wrong, say so and close
                connection.drop(4403, "bad-token", flush=True)

    return app


#: how a WebSocket action or take-back is acknowledged: by a message of its own (the default), in the
#: sender's update, or not at all
ACKNOWLEDGEMENTS = ("message", "update", "none")


def _decode(message: dict[str, Any]) -> dict[str, Any]:
    """A WebSocket message as a JSON object; anything else (not JSON, nested too deep) is refused."""
    raw = message.get("text")
    if raw is None:
        raw = (message.get("bytes") or b"").decode("utf-8", "replace")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise TableError(400, "bad-request", "messages must be JSON objects") from None
    if not isinstance(data, dict):
        raise TableError(400, "bad-request", "messages must be JSON objects")
    return data


def _same_origin(websocket: WebSocket) -> bool:
    """A browser's WebSocket from another site's page is refused (cross-site WebSocket hijacking);
    clients that send no Origin (not browsers) are let in."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


def _json(data: bytes) -> Response:
    return Response(data, media_type="application/json")


def _game(name: str, options: dict[str, Any]) -> Game[Any]:
    try:
        return make_game(name, options)
    except UnknownGame as err:
        raise TableError(404, "unknown-game", str(err)) from None
    except BadOption as err:
        raise TableError(400, "bad-option", str(err)) from None


#: card faces by game and option string: static data, made once each
_FACES: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}


def _faces(game: Game[Any]) -> dict[str, dict[str, Any]]:
    key = (game.name, game.option_string())
    if key not in _FACES:
        _FACES[key] = game.card_faces()
    return _FACES[key]


def catalog() -> list[dict[str, Any]]:
    """Every registered game with its options, modes and seat count (for the start page and the API)."""
    games = []
    for name in game_names():
        cls = game_class(name)
        try:
            seats = cls().num_seats
        except Exception:
            seats = None
        games.append(
            {
                "name": name,
                "title": cls.title,
                "num_seats": seats,
                "options": [
                    {"name": o.name, "default": o.default, "help": o.help, "choices": list(o.choices)}
                    for o in cls.option_specs
                ],
                "modes": [
                    {"name": m.name, "options": dict(m.options), "description": m.description}
                    for m in cls.modes
                ],
                "seat_kinds": [HUMAN, *kinds_for(name)],
            }
        )
    return games


async def _gzipped_json(request: Request, data: bytes) -> Response:
    """A gzip-compressed JSON body as it is, to a client that takes gzip; else unpacked (off the loop)."""
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers = {"content-encoding": "gzip", "vary": "accept-encoding"}
        return Response(data, media_type="application/json", headers=headers)
    return Response(await asyncio.to_thread(decompressed, data), media_type="application/json")


def _require_over(table: Table) -> None:
    if not table.over:
        raise TableError(409, "not-over", "the game is not over yet; its record is kept secret until the end")


def _plain(value: Any) -> bool:
    return value is None or (
        isinstance(value, int | str) and not isinstance(value, bool) and len(str(value)) < 64
    )


def _error_message(err: TableError) -> dict[str, Any]:
    return {"type": "error", "error": err.code, "status": err.status, "message": err.message}


def _error_handlers(app: FastAPI, templates: Jinja2Templates) -> None:
    def wants_html(request: Request) -> bool:
        return not request.url.path.startswith("/api/") and "text/html" in request.headers.get("accept", "")

    def respond(request: Request, status: int, code: str, message: str) -> Response:
        if wants_html(request):
            context = {"status": status, "message": message}
            return templates.TemplateResponse(request, "error.html", context, status_code=status)
        return JSONResponse({"error": code, "message": message}, status_code=status)

    @app.exception_handler(TableError)
    async def table_error(request: Request, err: TableError) -> Response:
        return respond(request, err.status, err.code, err.message)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, err: RequestValidationError) -> Response:
        problems = []
        for problem in err.errors():
            where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
            problems.append(
                f"{where}: {problem.get('msg', 'invalid')}" if where else problem.get("msg", "invalid")
            )
        return respond(request, 400, "bad-request", "; ".join(problems) or "malformed request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, err: StarletteHTTPException) -> Response:
        code = {404: "not-found", 405: "method-not-allowed"}.get(err.status_code, "http-error")
        message = "there is no such page" if err.status_code == 404 else str(err.detail)
        return respond(request, err.status_code, code, message)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, err: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        return respond(request, 500, "internal", "something went wrong on the server; please try again")
