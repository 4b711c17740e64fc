"""The web application: pages, the JSON API and the live WebSocket, over one TableServer."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket
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
    Match,
    UnknownGame,
    game_class,
    game_names,
    make_game,
)

from .db import default_database_url
from .hints import automata
from .hub import Connection, encode
from .kinds import kinds_for
from .pages import router as pages_router
from .server import TableServer
from .tables import HUMAN, Table, TableError

HERE = Path(__file__).parent
log = logging.getLogger(__name__)
OptionValue = StrictInt | bool | StrictStr


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


class PlayAction(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: StrictStr
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


def create_app(database_url: str | None = None, *, bot_delay: float = 0.6) -> FastAPI:
    """The app for one database (default: `CARDTABLE_DATABASE_URL`, else a SQLite file)."""
    server = TableServer(database_url or default_database_url(), bot_delay=bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        load_every_game()
        server.resume()
        yield
        await server.close()

    app = FastAPI(
        title="cardtable", version=__version__, lifespan=lifespan, docs_url="/api/docs", redoc_url=None
    )
    app.state.server = server
    templates = Jinja2Templates(directory=HERE / "templates")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    _error_handlers(app, templates)
    app.include_router(pages_router)  # rules pages and the replay of a record file (pages.py)

    # --- pages ----------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request) -> Response:
        return templates.TemplateResponse(request, "index.html", {"catalog": catalog()})

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def spectate(request: Request, table_id: str) -> Response:
        table = server.tables.get(table_id)
        return _table_page(request, table, None)

    @app.get("/t/{table_id}/seat/{token}", response_class=HTMLResponse)
    async def seat_page(request: Request, table_id: str, token: str) -> Response:
        table = server.tables.get(table_id)
        table.seat_of(token)  # refuses a wrong token before any page is shown
        return _table_page(request, table, token)

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str) -> Response:
        table = server.tables.get(table_id)
        _require_over(table)
        return templates.TemplateResponse(
            request, "replay.html", {"table": table, "title": table.game.title, "table_id": table.id}
        )

    def _table_page(request: Request, table: Table, token: str | None) -> Response:
        context = {"table_id": table.id, "token": token or "", "title": table.game.title}
        return templates.TemplateResponse(request, "table.html", context)

    # --- API: games -----------------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return catalog()

    @app.get("/api/games/{name}/setup")
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

    @app.get("/api/games/{name}/cards")
    async def cards(name: str, request: Request) -> dict[str, Any]:
        """The printed faces of the cards of `name` (options in the query string), by card id.

        Static card data, the same for every table and seat: no state goes into it.
        """
        game = _game(name, dict(request.query_params))
        return {"game": game.name, "options": game.options, "faces": _faces(game)}

    # --- API: tables ----------------------------------------------------------------------------
    @app.post("/api/tables", status_code=201)
    async def new_table(body: NewTable) -> dict[str, Any]:
        table = server.tables.create(
            body.game,
            options=body.options,
            mode=body.mode,
            seats=body.seats,
            names=body.names,
            seed=body.seed,
            ask_every_window=body.ask_every_window,
        )
        server.bots.kick(table)
        return {
            "table": table.id,
            "game": table.game.name,
            "options": table.game.options,
            "spectator": f"/t/{table.id}",
            "seats": [
                {**seat.public(table.game), "token": seat.token, "link": f"/t/{table.id}/seat/{seat.token}"}
                if seat.kind == HUMAN
                else seat.public(table.game)
                for seat in table.seats
            ],
        }

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str, token: str | None = None) -> dict[str, Any]:
        table = server.tables.get(table_id)
        return table.payload(table.seat_of(token))

    @app.post("/api/tables/{table_id}/actions")
    async def play(table_id: str, body: PlayAction) -> dict[str, Any]:
        table = server.tables.get(table_id)
        seat = table.seat_of(body.token)
        await server.act(table, seat, body.action, body.move)
        return table.payload(seat)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, format: Literal["text", "json"] = "text") -> Response:
        table = server.tables.get(table_id)
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

    @app.get("/api/tables/{table_id}/replay")
    async def replay_frames(table_id: str) -> dict[str, Any]:
        table = server.tables.get(table_id)
        _require_over(table)
        return {
            "table": table.id,
            "game": table.game.name,
            "title": table.game.title,
            "options": dict(table.game.options),
            "seats": [s.public(table.game) for s in table.seats],
            "setup_events": table.setup_events[None],
            "frames": _frames(table),
        }

    # --- live -----------------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            table = server.tables.get(table_id)
            seat = table.seat_of(token)
        except TableError as err:
            await websocket.send_text(encode(_error_message(err)).decode())
            await websocket.close(code=4000 + err.status, reason=err.code)
            return
        connection = Connection(websocket, seat)
        server.hub.join(table.id, connection)
        try:
            await connection.send(table.payload(seat))
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await _handle(connection, table_id, message)
        except WebSocketDisconnect:
            pass
        finally:
            server.hub.leave(table_id, connection)

    async def _handle(connection: Connection, table_id: str, message: dict[str, Any]) -> None:
        request_id = None
        try:
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            try:
                data = json.loads(raw)
            except ValueError:
                raise TableError(400, "bad-request", "messages must be JSON objects") from None
            if not isinstance(data, dict):
                raise TableError(400, "bad-request", "messages must be JSON objects")
            request_id = data.get("id")
            table = server.tables.get(table_id)
            kind = data.get("type")
            if kind == "action":
                await server.act(table, connection.seat, data.get("action"), data.get("move"))
                await connection.send({"type": "ack", "id": request_id, "move": table.ply})
            elif kind == "sync":
                await connection.send(table.payload(connection.seat))
            elif kind == "prefs":
                server.set_ask_every_window(table, connection.seat, data.get("ask_every_window"))
                await connection.send(table.payload(connection.seat))
            else:
                raise TableError(400, "bad-request", "unknown message type; use 'action', 'sync' or 'prefs'")
        except TableError as err:
            await connection.send({**_error_message(err), "id": request_id if _plain(request_id) else None})

    return app


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


def _frames(table: Table) -> list[dict[str, Any]]:
    """Every position of a finished table, as all seats and a spectator saw it (the game is over)."""
    game, seats = table.game, range(table.game.num_seats)
    match = Match(game, table.match.seed, list(table.match.seats))
    frames = []

    def frame(last: dict[str, Any] | None) -> dict[str, Any]:
        decision = match.decision
        return {
            "move": len(match.moves),
            "last": last,
            "decision": None if decision is None else {"seat": decision.seat, "prompt": decision.prompt},
            "spectator": game.view(match.state, None),
            "views": [game.view(match.state, s) for s in seats],
            "result": None if match.result is None else match.result.describe(list(match.seats)),
        }

    frames.append(frame(None))
    for move, entry in zip(table.match.moves, table.log, strict=True):
        match.apply(move.action, validate=False)
        last = {"seat": move.seat, "letter": game.seat_name(move.seat), "action": move.action}
        frames.append(frame({**last, "events": entry.told[None].events}))
    return frames


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
