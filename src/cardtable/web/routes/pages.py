"""The web table's pages: the start page, a table's page (a spectator's or a seat's), its replay, and the
API's documentation."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ..apidocs import docs_page
from ..catalog import catalog
from ..errors import documented
from ..rendering import templates
from ..table import Table
from .context import server_of
from .rules import for_people
from .tables import require_over

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def index(request: Request) -> Response:
    return templates.TemplateResponse(request, "index.html", {"catalog": for_people(catalog())})


@router.get("/t/{table_id}", response_class=HTMLResponse, responses=documented(404, 410))
async def spectate(request: Request, table_id: str) -> Response:
    """A table's page; a seat's page is the same address with its token in the fragment
    (`/t/ID/seat#TOKEN`): the browser never sends a fragment, so no server or proxy sees it."""
    return _table_page(request, await server_of(request).current_table(table_id), None)


@router.get("/t/{table_id}/seat", response_class=HTMLResponse, responses=documented(404, 410))
async def seat_page(request: Request, table_id: str) -> Response:
    """A seat's page: its script reads the token from the fragment and sends it on the WebSocket."""
    return _table_page(request, await server_of(request).current_table(table_id), None)


@router.get("/t/{table_id}/seat/{token}", response_class=HTMLResponse, responses=documented(403, 404, 410))
async def seat_page_old(request: Request, table_id: str, token: str) -> Response:
    """Links made before tokens left URLs (the token in the path) still open their seat; the page
    sends the token in the WebSocket's first message, never in its URL."""
    table = await server_of(request).current_table(table_id)
    table.seat_of(token)  # refuses a wrong token before any page is shown
    return _table_page(request, table, token)


@router.get("/t/{table_id}/replay", response_class=HTMLResponse, responses=documented(404, 409, 410))
async def replay_page(request: Request, table_id: str) -> Response:
    table = await server_of(request).current_table(table_id)
    require_over(table)
    context = {"table": table, "title": table.game.title, "table_id": table.id}
    return templates.TemplateResponse(request, "replay.html", context)


@router.get("/api/docs", response_class=HTMLResponse, include_in_schema=False)
async def api_docs(request: Request) -> Response:
    return HTMLResponse(docs_page(request.app.openapi()))


def _table_page(request: Request, table: Table, token: str | None) -> Response:
    context = {"table_id": table.id, "token": token or "", "title": table.game.title}
    return templates.TemplateResponse(request, "table.html", context)
