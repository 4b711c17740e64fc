"""The web application: one TableServer behind the routers of `routes` (pages, games, tables, the live
WebSocket, rules), the ASGI guard every request passes first, and the error handlers."""

from __future__ import annotations

import gc
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.telemetry import TelemetryConfig

from cardtable import __version__

from .catalog import load_every_game
from .db import default_database_url
from .errors import documented, install_error_handlers
from .guard import Guard
from .howto import router as howto_router
from .limits import Limits
from .plugins import import_plugins
from .protocol import QuietInvalidText
from .routes import coach, games, live, pages, rules, tables
from .server import TableServer

HERE = Path(__file__).parent
#: how `cardtable serve` hands its bot delay to each server process it starts
BOT_DELAY_VARIABLE = "CARDTABLE_BOT_DELAY"


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
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    install_error_handlers(app)
    app.include_router(rules.router, responses=documented(400, 404, 408, 413))
    app.include_router(howto_router, responses=documented(404))
    for part in (pages, games, tables, live, coach):
        app.include_router(part.router)
    return app


def app_from_environment() -> FastAPI:
    """The app of one server process started by `cardtable serve` (its settings in the environment)."""
    import_plugins()
    delay = float(os.environ.get(BOT_DELAY_VARIABLE, "0.6"))
    return create_app(None, bot_delay=delay, limits=Limits.from_environment(), tune_gc=True)


def _telemetry() -> TelemetryConfig | None:
    """FastAPI's OpenTelemetry support, as FastAPI sets it up, when the environment configures
    OpenTelemetry (an `OTEL_*` variable, or `FASTAPI_OTEL_AUTO_CONFIGURE`); else off: unasked, it looked
    for a configured provider on every request and WebSocket (2-4% of the server's time for a table's
    creation and connections, in a profile)."""
    if any(name.startswith(("OTEL_", "FASTAPI_OTEL_")) for name in os.environ):
        return None
    return TelemetryConfig(tracing=False, metrics=False, logs=False)


def tune_garbage_collector() -> None:
    """For a long-running server process, once everything is loaded: the objects of start-up (modules,
    card data) are set aside for good, and the young generation is collected less often. A move
    makes thousands of short-lived objects; with the default thresholds the collector ran every few
    moves and walked every live table's states (about a tenth of a move's CPU time)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
