"""uvicorn's HTTP protocol with the limits a connection must keep before the application sees a request.

- A connection must deliver each request's headers within `Limits.header_timeout` seconds, or it is
  closed: uvicorn waits for ever for a client that opened a connection (or began a request) and never
  finishes its headers, and a thousand such clients hold every file descriptor.
- When a request begins is written into its scope (`BEGAN`), so that `guard.Guard` cuts off a body that
  arrives a byte at a time at `Limits.request_timeout` seconds from the request's first byte.
- One address (an IPv6 /64) may hold `Limits.connections_per_address` HTTP connections at once; one more
  is answered 429 and closed at once. A trusted proxy's connections are not counted (its visitors are
  told apart by the application; the proxy must limit them itself). A connection that becomes a
  WebSocket leaves the count (watchers are limited by the hub).

The limits are read from the environment, as `cardtable serve` starts every server process with them.

A WebSocket text frame that is not UTF-8 is refused by uvicorn (close code 1007) with a traceback in the
log; `QuietInvalidText` drops that record, so that no client can fill the log a frame at a time.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, ClassVar

import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .addresses import is_trusted, trusted_proxies, visitor
from .limits import Limits

#: the scope key holding when the request's first byte came (the event loop's time)
BEGAN = "cardtable.began"


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    limits: ClassVar[Limits | None] = None
    proxies: ClassVar[str] = ""
    #: open connections per address, in this server process
    open_by_address: ClassVar[dict[str, int]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if GuardedHttpToolsProtocol.limits is None:
            GuardedHttpToolsProtocol.limits = Limits.from_environment()
            GuardedHttpToolsProtocol.proxies = trusted_proxies()
        self._header_timer: asyncio.TimerHandle | None = None
        self._counted: str | None = None
        self._began = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else ""
        if not is_trusted(host, self.proxies):
            key = visitor(host)
            if self.open_by_address.get(key, 0) >= self._limits.connections_per_address:
                self._refuse()
                return
            self.open_by_address[key] = self.open_by_address.get(key, 0) + 1
            self._counted = key
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        self._uncount()
        super().handle_websocket_upgrade()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._began = self.loop.time()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        self.scope[BEGAN] = self._began  # type: ignore[literal-required]
        super().on_headers_complete()

    @property
    def _limits(self) -> Limits:
        return self.limits or Limits()

    def _refuse(self) -> None:
        body = msgspec.json.encode(
            {"error": "too-many-connections", "message": "too many open connections from your address"}
        )
        self.transport.write(
            b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
            b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(body), body)
        )
        self.transport.close()

    def _uncount(self) -> None:
        key, self._counted = self._counted, None
        if key is not None:
            left = self.open_by_address.get(key, 1) - 1
            if left > 0:
                self.open_by_address[key] = left
            else:
                self.open_by_address.pop(key, None)

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self._limits.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.abort()


class QuietInvalidText(logging.Filter):
    """Drops uvicorn's record (and traceback) of a WebSocket text frame that is not UTF-8: the client is
    answered with close code 1007, and nothing in the server went wrong."""

    MESSAGE = "Invalid UTF-8 sequence received from client."

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg != self.MESSAGE

    @classmethod
    def install(cls) -> None:
        logger = logging.getLogger("uvicorn.error")
        if not any(isinstance(f, cls) for f in logger.filters):
            logger.addFilter(cls())
