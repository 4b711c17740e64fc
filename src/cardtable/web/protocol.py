"""uvicorn's HTTP protocol with a deadline for a request's headers.

uvicorn closes an idle keep-alive connection, but waits forever for a client that opened a connection
(or began a request) and never finishes its headers: a thousand such clients hold every file descriptor
and starve real visitors. Here a connection must deliver each request's headers within
`Limits.header_timeout` seconds (read from the environment, as every worker process is started with
it), or it is closed.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .limits import Limits


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    header_timeout: float | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if GuardedHttpToolsProtocol.header_timeout is None:
            GuardedHttpToolsProtocol.header_timeout = Limits.from_environment().header_timeout
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout or 10.0, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.abort()
