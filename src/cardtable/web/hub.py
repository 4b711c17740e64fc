"""Live connections: every browser watching a table, each sent its own seat's payload.

Nothing a watcher does can hold up a table: a message to a watcher is sent at once only when its socket
takes it without waiting (the usual case: no task switch, no timer); else it goes into that watcher's own
bounded queue, sent by its own task with a time limit. A watcher whose queue is full or whose send times
out is dropped (its browser reconnects and is sent the current state), never waited for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import types
from collections.abc import Coroutine, Generator, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import msgspec
from fastapi import WebSocket

from .limits import Limits
from .table import Table

log = logging.getLogger(__name__)
_encode = msgspec.json.Encoder().encode

#: close codes a dropped or refused watcher is told (4400-4499: the browser does not retry at once)
TOO_SLOW = 4408
TOO_MANY = 4429


class Connection:
    """One watcher: its seat (None for a spectator), address, and a bounded queue of outgoing messages."""

    def __init__(
        self, websocket: WebSocket, seat: int | None, address: str = "", limits: Limits | None = None
    ) -> None:
        limits = limits or Limits()
        self.websocket = websocket
        self.seat = seat
        self.address = address
        self.send_timeout = limits.send_timeout
        #: what the pump sends next: a message, a send begun at once that must wait for the socket (the
        #: coroutine and what it waits for), or None: close
        self.queue: asyncio.Queue[str | _Waiting | None] = asyncio.Queue(maxsize=limits.send_queue)
        #: the pump is sending (a message of the queue, or one begun at once): later ones queue behind it
        self.pumping = False
        self.closed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        #: the log this watcher was sent: (lines generation, number of lines), None before any state
        self.log_held: tuple[int, int] | None = None
        self.timed_out = False
        #: the task waiting in `receive` for this watcher's next message (interrupted when it is closed)
        self.reading: asyncio.Task[Any] | None = None
        self.interrupted = False

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._pump())

    async def receive(self) -> MutableMapping[str, Any] | None:
        """The next ASGI message from this watcher's socket; None once the watcher is closed (a drop
        while waiting interrupts the wait: no task per message is needed to watch for it)."""
        if self.closed.is_set():
            return None
        self.reading = asyncio.current_task()
        try:
            message: MutableMapping[str, Any] = await self.websocket.receive()
            return message
        except asyncio.CancelledError:
            if not self.interrupted:
                raise
            self.reading.uncancel()  # type: ignore[union-attr]
            return None
        finally:
            self.reading = None

    def _set_closed(self) -> None:
        """Mark the watcher closed, and wake its reader if it is waiting for a message."""
        self.closed.set()
        if self.reading is not None and not self.interrupted:
            self.interrupted = True
            self.reading.cancel()

    def send(self, message: dict[str, Any] | bytes | str) -> bool:
        """Send `message` to this watcher at once if its socket takes it, else queue it; False (and the
        watcher is dropped) when it is too far behind."""
        if self.closed.is_set():
            return False
        if isinstance(message, dict):
            message = _encode(message)
        text = message if isinstance(message, str) else message.decode()
        if not self.pumping and self.queue.empty() and self.task is not None:
            return self._send_at_once(text)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("dropping a watcher too far behind (%s)", self.address)
            self.drop(TOO_SLOW, "too-slow")
            return False
        return True

    def _send_at_once(self, text: str) -> bool:
        """Send `text` now, as far as the socket takes it without waiting; a send that must wait (the
        socket's buffer is full) is finished by the pump, under its time limit."""
        sending = self.websocket.send_text(text)
        try:
            waiting = sending.send(None)
        except StopIteration:
            return True
        except Exception:  # a closed socket: the browser will reconnect
            self.drop(1000, "")
            return True
        self.queue.put_nowait(_Waiting(sending, waiting))
        return True

    def send_state(self, table: Table) -> bool:
        """Send the whole payload of this watcher's seat (on connecting, or when it asks)."""
        data, held = table.encoded_update(self.seat, None)
        if not self.send(data):
            return False
        self.log_held = held
        return True

    def drop(self, code: int, reason: str, *, flush: bool = False) -> None:
        """Stop sending; close the socket with `code` (without waiting for a reader that never reads).
        `flush`: what is queued is sent first (e.g. the error that says why it is closed)."""
        if self.closed.is_set():
            return
        self._set_closed()
        self.close_code = (code, reason)
        if not flush or self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.queue.get_nowait()
        self.queue.put_nowait(None)

    async def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                data = await self.queue.get()
                if data is None:
                    break
                # a timer, not asyncio.wait_for (which makes a task per message): a send still waiting
                # when it fires is cancelled, and the watcher dropped
                timer = loop.call_later(self.send_timeout, self._send_timed_out)
                self.pumping = True
                try:
                    if isinstance(data, _Waiting):
                        await data.rest()
                    else:
                        await self.websocket.send_text(data)
                finally:
                    self.pumping = False
                    timer.cancel()
        except asyncio.CancelledError:
            if not self.timed_out:
                raise
            if self.task is not None:
                self.task.uncancel()
            log.info("dropping a watcher whose send timed out (%s)", self.address)
            self._set_closed()
            self.close_code = (TOO_SLOW, "too-slow")
        except Exception:  # a closed socket: the browser will reconnect
            self._set_closed()
            return
        code, reason = getattr(self, "close_code", (1000, ""))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.websocket.close(code=code, reason=reason), 1.0)

    def _send_timed_out(self) -> None:
        self.timed_out = True
        if self.task is not None:
            self.task.cancel()

    async def stop(self) -> None:
        self._set_closed()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task


@dataclass(frozen=True)
class _Waiting:
    """A send begun at once that must wait: its coroutine, and what it yielded (the future it waits on)."""

    sending: Coroutine[Any, Any, None]
    waiting: Any

    @types.coroutine
    def rest(self) -> Generator[Any, Any, None]:
        """The rest of the send, driven by the awaiting task as if it had run it from the start: what the
        coroutine waits on is yielded to the task, whose answer (or error: a cancellation) goes back."""
        waiting = self.waiting
        while True:
            try:
                answer = yield waiting
            except BaseException as err:  # e.g. the task cancelled by the send's time limit
                try:
                    waiting = self.sending.throw(err)
                except StopIteration:
                    return
                continue
            try:
                waiting = self.sending.send(answer)
            except StopIteration:
                return


@dataclass(frozen=True)
class Answer:
    """A request that a table's next update answers: the watcher that sent it and the request's id."""

    connection: Connection
    request: Any


@dataclass
class Hub:
    limits: Limits = field(default_factory=Limits)
    watchers: dict[str, set[Connection]] = field(default_factory=dict)
    by_address: dict[str, int] = field(default_factory=dict)

    def refusal(
        self, table_id: str, address: str, seat: int | None, *, moving: Connection | None = None
    ) -> str | None:
        """Why a new watcher of `table_id` from `address` at `seat` (None: a spectator) is refused (None:
        it is welcome). Spectators are limited per table, a seat's windows per seat: spectators never
        lock a table's seats out. `moving`: a watcher of this table changing seat (not counted)."""
        group = [c for c in self.watchers.get(table_id, ()) if c is not moving]
        if seat is None and sum(c.seat is None for c in group) >= self.limits.watchers_per_table:
            return "this table has as many spectators as it can take; try again later"
        if seat is not None and sum(c.seat == seat for c in group) >= self.limits.connections_per_seat:
            return "this seat is open in too many windows; close one first"
        if moving is None and self.by_address.get(address, 0) >= self.limits.watchers_per_address:
            return "too many open connections from your address; close some tables first"
        return None

    def full_of_spectators(self, table_id: str) -> bool:
        """Whether a new spectator of `table_id` would be refused for the table's own limit."""
        group = self.watchers.get(table_id, ())
        return sum(c.seat is None for c in group) >= self.limits.watchers_per_table

    def join(self, table_id: str, connection: Connection) -> None:
        self.watchers.setdefault(table_id, set()).add(connection)
        self.by_address[connection.address] = self.by_address.get(connection.address, 0) + 1

    def leave(self, table_id: str, connection: Connection) -> None:
        group = self.watchers.get(table_id)
        if group is None or connection not in group:
            return
        group.discard(connection)
        if not group:
            del self.watchers[table_id]
        left = self.by_address.get(connection.address, 1) - 1
        if left > 0:
            self.by_address[connection.address] = left
        else:
            self.by_address.pop(connection.address, None)

    def watched(self, table_id: str) -> bool:
        return bool(self.watchers.get(table_id))

    def broadcast(self, table: Table, answer: Answer | None = None) -> None:
        """Send each watcher of `table` the payload of its own seat with only the log lines it
        lacks (built once per seat and lines held: every watcher of a seat usually shares one).
        `answer`: the watcher whose request this update answers; its update carries `"ack"`.

        Never waits: what a watcher's socket does not take at once its own task sends, and a watcher
        too far behind is dropped.
        """
        updates: dict[tuple[int | None, tuple[int, int] | None], tuple[str, tuple[int, int]]] = {}
        for connection in list(self.watchers.get(table.id, ())):
            key = (connection.seat, connection.log_held)
            update = updates.get(key)
            if update is None:
                data, held = table.encoded_update(connection.seat, connection.log_held)
                update = updates[key] = (data.decode(), held)
            text = update[0]
            if answer is not None and connection is answer.connection:
                ack = _encode({"id": answer.request, "move": table.ply}).decode()
                text = f'{text[:-1]},"ack":{ack}}}'
            if connection.send(text):
                connection.log_held = update[1]
            else:
                self.leave(table.id, connection)


def encode(message: dict[str, Any]) -> bytes:
    return _encode(message)
