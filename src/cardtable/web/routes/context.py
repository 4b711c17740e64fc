"""What every route reads of its request: the server it runs on, and who the visitor is."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from ..addresses import visitor
from ..server import TableServer


def server_of(connection: HTTPConnection) -> TableServer:
    """The table server of the app the request reached (`app.state.server`)."""
    server: TableServer = connection.app.state.server
    return server


def visitor_of(connection: HTTPConnection) -> str:
    """Who the visitor is for the per-address limits (`addresses.visitor`)."""
    return visitor(connection.client.host) if connection.client else "?"
