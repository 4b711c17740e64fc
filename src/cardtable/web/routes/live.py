"""The live table: one WebSocket per watcher, each message parsed once (`messages`) and answered by the
handler of its type."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from ..errors import TableError
from ..hub import TOO_MANY, Answer, Connection, encode
from ..messages import (
    Act,
    AllowCoach,
    AskCoach,
    ClientMessage,
    Hello,
    Message,
    Prefs,
    Sync,
    Undo,
    parse,
    request_of,
)
from ..server import TableServer
from ..table import Table
from .context import server_of, visitor_of

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    """The live table. A seat sends its token first, as `{"type": "hello", "token": ...}` (the `token`
    query parameter is still read, for older clients); until then it watches as a spectator. The first
    state (and the answer to `sync`, `hello` and `prefs`) is the whole payload; the updates after a move
    carry only the log lines the watcher lacks, after `"log_from": n`: the client keeps the first n
    lines of its log and appends these. An `action` or `undo` is acknowledged by an `ack` message, or
    with `"ack": "update"` in it by `"ack": {"id", "move"}` in the sender's own update (one message
    fewer: the browser's way), or with `"ack": "none"` not at all; a refused one is answered with an
    `error` either way. A table full of spectators lets a new watcher in only once it says `hello` with
    a seat's token (`Limits.hello_timeout`): spectators never lock a table's seats out."""
    if not _same_origin(websocket):
        await websocket.close(code=4403, reason="origin")
        return
    server, who = server_of(websocket), visitor_of(websocket)
    await websocket.accept()
    try:
        table = await server.current_table(table_id)
        seat = table.seat_of(token)
        if seat is None and server.hub.full_of_spectators(table.id):
            seat = await _seat_from_hello(websocket, table, server.limits.hello_timeout)
        refusal = server.hub.refusal(table.id, who, seat)
        if refusal is not None:
            raise TableError(TOO_MANY - 4000, "too-many-watchers", refusal)
    except WebSocketDisconnect:
        return
    except TableError as err:
        await websocket.send_text(encode(err.message_body()).decode())
        await websocket.close(code=4000 + err.status, reason=err.code)
        return
    await Session(server, Connection(websocket, seat, who, server.limits), table.id).run(table)


async def _seat_from_hello(websocket: WebSocket, table: Table, timeout: float) -> int:
    """The seat a watcher's first message, a `hello` with its token, opens; a watcher that says nothing
    of the kind in time is a spectator too many, refused."""
    try:
        message = await asyncio.wait_for(websocket.receive(), timeout)
    except TimeoutError:
        message = {}
    if message.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    try:
        hello = parse(_frame(message))
    except TableError:
        hello = None
    if isinstance(hello, Hello) and hello.token:
        seat = table.seat_of(hello.token)  # a wrong token is refused as such
        if seat is not None:
            return seat
    refusal = "this table has as many spectators as it can take; try again later"
    raise TableError(TOO_MANY - 4000, "too-many-watchers", refusal)


class Session:
    """One watcher's WebSocket: its messages, each answered by the handler of its type."""

    def __init__(self, server: TableServer, connection: Connection, table_id: str) -> None:
        self.server = server
        self.connection = connection
        self.table_id = table_id
        self.handlers: dict[type[Message], Callable[[Any, Table], Awaitable[None]]] = {
            Hello: self.on_hello,
            Act: self.on_action,
            Undo: self.on_undo,
            Sync: self.on_sync,
            Prefs: self.on_prefs,
            AskCoach: self.on_coach,
            AllowCoach: self.on_allow_coach,
        }

    async def run(self, table: Table) -> None:
        server, connection = self.server, self.connection
        server.hub.join(self.table_id, connection)
        connection.start()
        try:
            connection.send_state(table)
            while True:
                message = await connection.receive()  # None once the watcher is dropped
                if message is None or message["type"] == "websocket.disconnect":
                    break
                await self.handle(_frame(message))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            server.hub.leave(self.table_id, connection)
            if not connection.closed.is_set():
                connection.drop(1000, "")
            if connection.task is not None:
                await asyncio.wait({connection.task}, timeout=server.limits.send_timeout + 1)
                await connection.stop()

    async def handle(self, frame: str | bytes) -> None:
        """Parse a message and answer it, on the table as this process holds it (no database read per
        message: other processes' moves reach it by NOTIFY, and a move is checked against the database
        when it is stored); a refusal is answered with an `error` (and the message's id)."""
        message: ClientMessage | None = None
        try:
            message = parse(frame)
            await self.handlers[type(message)](message, self.server.table(self.table_id))
        except TableError as err:
            request = message.request if message is not None else request_of(frame)
            self.connection.send({**err.message_body(), "id": request})
            if err.code == "bad-token":  # a wrong token in a hello: the link is wrong, say so and close
                self.connection.drop(4403, "bad-token", flush=True)

    async def on_hello(self, message: Hello, table: Table) -> None:
        connection, hub = self.connection, self.server.hub
        seat = table.seat_of(message.token)
        if seat != connection.seat:
            refusal = hub.refusal(self.table_id, connection.address, seat, moving=connection)
            if refusal is not None:
                raise TableError(TOO_MANY - 4000, "too-many-watchers", refusal)
            hub.leave(self.table_id, connection)
            connection.seat = seat
            hub.join(self.table_id, connection)
        connection.send_state(table)

    async def on_action(self, message: Act, table: Table) -> None:
        answer = self._answer(message)
        await self.server.act(table, self.connection.seat, message.action, message.move, answer=answer)
        self._acknowledge(message, table)

    async def on_undo(self, message: Undo, table: Table) -> None:
        answer = self._answer(message)
        await self.server.take_back(table, self.connection.seat, message.move, answer=answer)
        self._acknowledge(message, table)

    def _answer(self, message: Act | Undo) -> Answer | None:
        """Count an action or a take-back against the address's rate; the update that acknowledges it
        when it asks for one (`"ack": "update"`)."""
        self.server.throttle(self.server.rates.actions, self.connection.address, "actions")
        return Answer(self.connection, message.request) if message.ack == "update" else None

    def _acknowledge(self, message: Act | Undo, table: Table) -> None:
        """The acknowledgement of a done action or take-back, when it asks for one of its own."""
        if message.ack == "message":
            self.connection.send({"type": "ack", "id": message.request, "move": table.ply})

    async def on_sync(self, message: Sync, table: Table) -> None:
        self.connection.send_state(table)

    async def on_prefs(self, message: Prefs, table: Table) -> None:
        self.server.set_ask_every_window(table, self.connection.seat, message.ask_every_window)
        self.connection.send_state(table)

    async def on_coach(self, message: AskCoach, table: Table) -> None:
        """The coach's suggestions for this seat's decision, answered as a `coach` message (`coach`)."""
        answer = await self.server.coach.ask(table, self.connection.seat, self.connection.address)
        self.connection.send({**answer, "id": message.request})

    async def on_allow_coach(self, message: AllowCoach, table: Table) -> None:
        self.server.coach.allow(table, self.connection.seat, message.allow)


def _frame(message: Mapping[str, Any]) -> str | bytes:
    """The text of a WebSocket message (a binary frame is read as text too)."""
    text = message.get("text")
    return text if text is not None else (message.get("bytes") or b"")


def _same_origin(websocket: WebSocket) -> bool:
    """A browser's WebSocket from another site's page is refused (cross-site WebSocket hijacking);
    clients that send no Origin (not browsers) are let in."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host
