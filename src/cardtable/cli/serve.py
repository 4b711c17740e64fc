"""`cardtable serve`: the web table, on a SQLite file by default or the database you name."""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from . import app
from .common import fail, one_line


@app.command()
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0 to let other machines in).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            envvar="CARDTABLE_DATABASE_URL",
            help="SQLAlchemy URL, e.g. postgresql://user@host/db (default: SQLite in your data folder).",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it moves, so people see it.")
    ] = 0.6,
    plugin: Annotated[
        list[str] | None,
        typer.Option(help="Import this module first, e.g. a package registering more games."),
    ] = None,
) -> None:
    """Serve the web table: start a game in the browser, share seat links, play live."""
    try:
        import uvicorn

        from cardtable.web import create_app
    except ImportError as err:
        fail(f"the web table needs its extra dependencies: pip install 'cardtable[web]' ({err})")
    for module in plugin or []:
        try:
            importlib.import_module(module)
        except ImportError as err:
            fail(f"plugin {module!r} cannot be imported: {err}")
    try:
        web_app = create_app(database_url, bot_delay=bot_delay)
    except Exception as err:
        fail(f"cannot open the database: {one_line(err)}")
    database = web_app.state.server.engine.url.render_as_string(hide_password=True)
    typer.echo(f"cardtable web table on http://{host}:{port}/  (database: {database}; Ctrl-C stops)")
    uvicorn.run(
        web_app, host=host, port=port, log_level="warning", ws_max_size=1 << 16, ws_per_message_deflate=False
    )
