"""The messages a client sends on a table's WebSocket: a tagged union (`"type"`), each parsed once, checked
field by field, into its own struct; `routes/live.py` has one handler per type.

    {"type": "hello", "token": "..."}                     sit at the token's seat (none: a spectator)
    {"type": "action", "action": "...", "move": n}        play an action on move n
    {"type": "undo", "move": n}                           take back the seat's latest move
    {"type": "sync"}                                      send me the whole state again
    {"type": "prefs", "ask_every_window": true}           ask me even when my only move is forced
    {"type": "coach"}                                     what would you play? (answered by a `coach`)
    {"type": "allow-coach", "allow": true}                my seat allows the coach at this table

An `action` or `undo` is acknowledged as `ack` says: by an `ack` message ("message", the default), in the
sender's own update ("update"), or not at all ("none"); every message may carry an `id` (a number or a
short text), echoed in its acknowledgement or error. Fields the server does not know are ignored.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from .errors import TableError

Acknowledgement = Literal["message", "update", "none"]


class Identified(msgspec.Struct, frozen=True, kw_only=True):
    #: the client's id for this request, echoed when it is a number or a short text
    id: Any = None

    @property
    def request(self) -> int | str | None:
        """The id as echoed: a number or a text under 64 characters, else None."""
        value = self.id
        plain = isinstance(value, int | str) and not isinstance(value, bool) and len(str(value)) < 64
        return value if plain else None


class Message(Identified, frozen=True, kw_only=True, tag_field="type"):
    """A message of the union (its `type` is its tag)."""


class Hello(Message, frozen=True, kw_only=True, tag="hello"):
    token: str | None = None


class Act(Message, frozen=True, kw_only=True, tag="action"):
    action: str
    move: int
    ack: Acknowledgement = "message"


class Undo(Message, frozen=True, kw_only=True, tag="undo"):
    move: int
    ack: Acknowledgement = "message"


class Sync(Message, frozen=True, kw_only=True, tag="sync"):
    pass


class Prefs(Message, frozen=True, kw_only=True, tag="prefs"):
    ask_every_window: bool


class AskCoach(Message, frozen=True, kw_only=True, tag="coach"):
    pass


class AllowCoach(Message, frozen=True, kw_only=True, tag="allow-coach"):
    allow: bool


ClientMessage = Hello | Act | Undo | Sync | Prefs | AskCoach | AllowCoach
_decoder = msgspec.json.Decoder(ClientMessage)
KINDS = "'hello', 'action', 'undo', 'sync', 'prefs', 'coach' or 'allow-coach'"


def parse(raw: str | bytes) -> ClientMessage:
    """The message a WebSocket frame holds; TableError 400 'bad-request' saying what is wrong with it."""
    try:
        return _decoder.decode(raw)
    except msgspec.ValidationError as err:
        problem = str(err)
        if problem.startswith("Expected `object`"):
            raise TableError(400, "bad-request", "messages must be JSON objects") from None
        if "`$.type`" in problem or "field `type`" in problem:
            raise TableError(400, "bad-request", f"unknown message type; use {KINDS}") from None
        raise TableError(400, "bad-request", f"malformed message: {problem}") from None
    except (msgspec.DecodeError, RecursionError):
        raise TableError(400, "bad-request", "messages must be JSON objects") from None


def request_of(raw: str | bytes) -> int | str | None:
    """The id of a message that did not parse, if it has a plain one (for its error)."""
    try:
        return msgspec.json.decode(raw, type=Identified).request
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None
