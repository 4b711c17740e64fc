"""The ASGI layer every request passes first: bounded bodies and the headers a public site sends.

- A request body is read here, whole, before the application sees it, but only up to `Limits.max_body`
  bytes (a larger one is answered 413 without reading further), with at most `Limits.body_timeout`
  seconds between two chunks (a client that stops sending is answered 408), and all of it by
  `Limits.request_timeout` seconds after the request's first byte (`protocol.BEGAN`; a body sent a byte
  at a time is answered 408 then).
- A HEAD request is answered as its GET would be, without the body (FastAPI's routes know no HEAD).
- Every response carries a Content-Security-Policy that allows only this site's own scripts, styles,
  images and connections, forbids framing (clickjacking), and says `nosniff` and `no-referrer`; pages
  and API answers that may hold a seat's view are `no-store`, so no cache or back button keeps them.
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

from .limits import Limits
from .protocol import BEGAN

Scope = dict[str, Any]
Receive = Any
Send = Any

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
#: paths whose answers may hold a seat's private view or token: never stored by a cache
_PRIVATE_PREFIXES = ("/t/", "/api/tables")


class Guard:
    def __init__(self, app: Any, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        private = path.startswith(_PRIVATE_PREFIXES)
        head = scope.get("method") == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}

        async def send_with_headers(message: dict[str, Any]) -> None:
            if head and message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {**message, "body": b""}
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() != b"cache-control" or not private
                ]
                headers += SECURITY_HEADERS
                if private:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        length = _content_length(scope)
        if length is not None and length > self.limits.max_body:
            await _refuse(
                send_with_headers, 413, "too-large", f"a request body is at most {self.limits.max_body} bytes"
            )
            return
        loop = asyncio.get_running_loop()
        deadline = scope.get(BEGAN, loop.time()) + self.limits.request_timeout
        body, status = await self._read_body(receive, deadline)
        if status == 413:
            await _refuse(
                send_with_headers, 413, "too-large", f"a request body is at most {self.limits.max_body} bytes"
            )
            return
        if status == 408:
            await _refuse(send_with_headers, 408, "timeout", "the request body came too slowly")
            return
        if status == 499:  # the client left: nothing to answer
            return
        delivered = False

        async def replay() -> dict[str, Any]:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)

    async def _read_body(self, receive: Receive, deadline: float) -> tuple[bytes, int]:
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        while True:
            wait = min(self.limits.body_timeout, deadline - loop.time())
            try:
                message = await asyncio.wait_for(receive(), max(wait, 0))
            except TimeoutError:
                return b"", 408
            if message["type"] == "http.disconnect":
                return b"", 499
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limits.max_body:
                return b"", 413
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), 200


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = msgspec.json.encode({"error": code, "message": message})
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
