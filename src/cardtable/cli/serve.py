"""`cardtable serve`: the web table, on a SQLite file by default or the database you name.

One process by default; `--workers N` starts N server processes behind one address, which must then
share a PostgreSQL database (they serialise moves on it and hear each other's through LISTEN/NOTIFY):

    cardtable serve --host 0.0.0.0 --workers 4 --database-url postgresql://user@host/cardtable

Behind a reverse proxy, name it with --trusted-proxies (or CARDTABLE_TRUSTED_PROXIES): only then is the
visitor's address taken from its X-Forwarded-For (see the README's "Running the web table for the public").
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import os
import resource
from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .common import fail, one_line

if TYPE_CHECKING:
    from cardtable.web.limits import Limits


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
    workers: Annotated[
        int, typer.Option(help="Server processes behind the one address (more than 1 needs PostgreSQL).")
    ] = 1,
    table_ttl: Annotated[
        float | None,
        typer.Option(help="Hours an unfinished table may go without a move before it expires (default 168)."),
    ] = None,
    rate_limits: Annotated[
        bool,
        typer.Option(
            help="Limit table creation, actions, bot tables and watchers per address (off: for load tests)."
        ),
    ] = True,
    plugin: Annotated[
        list[str] | None,
        typer.Option(help="Import this module first, e.g. a package registering more games."),
    ] = None,
    trusted_proxies: Annotated[
        str | None,
        typer.Option(
            envvar="CARDTABLE_TRUSTED_PROXIES",
            help="Reverse proxies (addresses or networks, comma-separated) whose X-Forwarded-For is "
            "believed (default: none).",
        ),
    ] = None,
) -> None:
    """Serve the web table: start a game in the browser, share seat links, play live.

    Every limit (request size, timeouts, rates, caps, expiry) can also be set with a
    CARDTABLE_LIMIT_<NAME> variable; the names are the fields of cardtable.web.limits.Limits.
    """
    try:
        import uvicorn  # noqa: F401 (the web extra: checked here, started in _run)

        from cardtable.web.db import default_database_url
    except ImportError as err:
        fail(f"the web table needs its extra dependencies: pip install 'cardtable[web]' ({err})")
    for module in plugin or []:
        try:
            importlib.import_module(module)
        except ImportError as err:
            fail(f"plugin {module!r} cannot be imported: {err}")
    url = database_url or default_database_url()
    database = _open_database(url, workers)
    limits, proxies = _set_environment(
        url, bot_delay, table_ttl, rate_limits, plugin or [], workers, trusted_proxies
    )
    _more_file_descriptors()
    typer.echo(
        f"cardtable web table on http://{host}:{port}/  ({workers} process{'es' if workers > 1 else ''}, "
        f"database: {database}; Ctrl-C stops)"
    )
    _run(host, port, workers, limits, proxies)


def _run(host: str, port: int, workers: int, limits: Limits, proxies: str) -> None:
    """Start the server processes (uvicorn) with the limits in force."""
    import uvicorn

    uvicorn.run(
        "cardtable.web.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        http="cardtable.web.protocol:GuardedHttpToolsProtocol",
        timeout_keep_alive=int(max(1, limits.keep_alive)),
        h11_max_incomplete_event_size=16 * 1024,
        ws_max_size=limits.ws_max_message,
        ws_per_message_deflate=False,
        # the visitor's address from X-Forwarded-For only behind the proxies named (default: none)
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
    )


def _open_database(url: str, workers: int) -> str:
    """Open (and migrate, once, before any server process starts) the database; its URL to show."""
    from cardtable.web.db import connect, synchronous_commit

    try:
        engine = connect(url)
    except Exception as err:
        fail(f"cannot open the database: {one_line(err)}")
    if workers > 1 and engine.dialect.name != "postgresql":
        fail("several server processes need a PostgreSQL database (--database-url postgresql://...)")
    database = engine.url.render_as_string(hide_password=True)
    engine.dispose()
    try:
        synchronous_commit()  # checked here, once, with a clear message (each process reads it)
    except ValueError as err:
        fail(str(err))
    return database


def _set_environment(
    url: str,
    bot_delay: float,
    table_ttl: float | None,
    rate_limits: bool,
    plugins: list[str],
    workers: int,
    trusted_proxies: str | None,
) -> tuple[Limits, str]:
    """The settings every server process reads from its environment; the limits in force and the
    trusted proxies (checked)."""
    from cardtable.web.addresses import TRUSTED_PROXIES_VARIABLE
    from cardtable.web.addresses import trusted_proxies as checked_proxies
    from cardtable.web.app import BOT_DELAY_VARIABLE
    from cardtable.web.db import DATABASE_URL_VARIABLE
    from cardtable.web.limits import ENVIRONMENT_PREFIX, Limits, machine_cores
    from cardtable.web.plugins import PLUGINS_VARIABLE

    try:
        proxies = checked_proxies(trusted_proxies or "")
    except ValueError as err:
        fail(str(err))
    # the defaults (or, without rate limits, no rate nor cap), then every CARDTABLE_LIMIT_* variable
    limits = Limits.from_environment(None if rate_limits else Limits.relaxed())
    if table_ttl is not None:
        limits = dataclasses.replace(limits, table_ttl=table_ttl * 3600)
    if workers > 1 and ENVIRONMENT_PREFIX + "BOT_WORKERS" not in os.environ:  # the cores shared out
        limits = dataclasses.replace(limits, bot_workers=max(1, machine_cores() // workers))
    os.environ.update(limits.to_environment())
    os.environ[DATABASE_URL_VARIABLE] = url
    os.environ[BOT_DELAY_VARIABLE] = str(bot_delay)
    os.environ[PLUGINS_VARIABLE] = ",".join(plugins)
    os.environ[TRUSTED_PROXIES_VARIABLE] = proxies
    return limits, proxies


def _more_file_descriptors() -> None:
    """Raise the open-file limit to its maximum: every connection holds one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(
                resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard)
            )
