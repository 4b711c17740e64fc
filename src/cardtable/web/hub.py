"""Live connections: every browser watching a table, each sent its own seat's payload."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import msgspec
from fastapi import WebSocket

from .tables import Table

log = logging.getLogger(__name__)
_encode = msgspec.json.Encoder().encode


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    seat: int | None

    async def send(self, message: dict[str, Any] | bytes) -> None:
        data = message if isinstance(message, bytes) else _encode(message)
        await self.websocket.send_text(data.decode())


@dataclass
class Hub:
    watchers: dict[str, set[Connection]] = field(default_factory=dict)

    def join(self, table_id: str, connection: Connection) -> None:
        self.watchers.setdefault(table_id, set()).add(connection)

    def leave(self, table_id: str, connection: Connection) -> None:
        group = self.watchers.get(table_id)
        if group is not None:
            group.discard(connection)
            if not group:
                del self.watchers[table_id]

    async def broadcast(self, table: Table) -> None:
        """Send each watcher of `table` the payload of its own seat (built once per seat)."""
        encoded: dict[int | None, bytes] = {}
        for connection in list(self.watchers.get(table.id, ())):
            if connection.seat not in encoded:
                encoded[connection.seat] = _encode(table.payload(connection.seat))
            try:
                await connection.send(encoded[connection.seat])
            except Exception:  # a closed socket: forget it, the browser will reconnect
                log.debug("dropping a closed connection to table %s", table.id)
                self.leave(table.id, connection)


def encode(message: dict[str, Any]) -> bytes:
    return _encode(message)
