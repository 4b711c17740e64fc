"""How the web table says no: `TableError` (an HTTP status and a stable code with words for people), as a
JSON body on the API and the WebSocket, as a page for a browser, and documented in the OpenAPI document.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from .rendering import templates

log = logging.getLogger(__name__)


class TableError(Exception):
    """A request the table refuses; `status` is the HTTP status, `code` a stable identifier."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def message_body(self) -> dict[str, Any]:
        """The error as a WebSocket message."""
        return {"type": "error", "error": self.code, "status": self.status, "message": self.message}


class ErrorBody(BaseModel):
    error: str
    message: str


_WORDS = {
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


def documented(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error answers a route documents in the OpenAPI document (every status it can return)."""
    return {status: {"model": ErrorBody, "description": _WORDS[status]} for status in statuses}


def install_error_handlers(app: FastAPI) -> None:
    """Every refusal as JSON on the API, as a page to a browser; a failure of the server's own as a 500
    that says nothing of its cause (which is logged)."""

    @app.exception_handler(TableError)
    async def table_error(request: Request, err: TableError) -> Response:
        return _respond(request, err.status, err.code, err.message)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, err: RequestValidationError) -> Response:
        problems = []
        for problem in err.errors():
            where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
            problems.append(
                f"{where}: {problem.get('msg', 'invalid')}" if where else problem.get("msg", "invalid")
            )
        return _respond(request, 400, "bad-request", "; ".join(problems) or "malformed request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, err: StarletteHTTPException) -> Response:
        code = {404: "not-found", 405: "method-not-allowed"}.get(err.status_code, "http-error")
        message = "there is no such page" if err.status_code == 404 else str(err.detail)
        return _respond(request, err.status_code, code, message)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, err: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        return _respond(request, 500, "internal", "something went wrong on the server; please try again")


def _respond(request: Request, status: int, code: str, message: str) -> Response:
    wants_html = not request.url.path.startswith("/api/") and "text/html" in request.headers.get("accept", "")
    if wants_html:
        context = {"status": status, "message": message}
        return templates.TemplateResponse(request, "error.html", context, status_code=status)
    return JSONResponse({"error": code, "message": message}, status_code=status)
