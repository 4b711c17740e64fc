"""The replay of a finished game: every position as each seat and a spectator saw it, in one place for a
table of this server and for a record file a visitor opens.

A long game's replay is large (a 1,140-move Dino Battles game: 27.7 MB of JSON) and takes a second to
build, so it is built once, in a worker process (the slow lane of `thinking`, in turn with the other
visitors' work), straight into gzip (307 KB for that game: the frames repeat each other), frame by frame
(the worker never holds them all). A server keeps the compressed replays it built (`Replays`, bounded
by their size), and sends one as it is to a browser (every browser takes gzip), so the event loop
neither builds nor copies them; each address may ask for a few a minute.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import importlib
import zlib
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

import msgspec

from cardtable.core import BadRecord, CardtableError, Match, Narrator, Record, named, replay

from .errors import TableError
from .table import Table
from .thinking import Lane

_encode = msgspec.json.Encoder().encode
#: a record is a few kilobytes; anything much larger is not one
MAX_RECORD_BYTES = 2_000_000


def frames(
    record: Record, finished: Match, seats: list[dict[str, Any]], table: str | None
) -> Iterator[bytes]:
    """The replay of the finished match `finished` (made from `record`), as the pieces of one JSON
    object: every position as each seat and a spectator saw it, with the move that led there and what a
    spectator read of it; `seats`: the seats as the table shows them."""
    game = finished.game
    viewers = range(game.num_seats)
    names = list(finished.seats)
    match = Match(game, record.seed, names)
    narrator = Narrator(game, match.state, None)  # the replay's log is what a spectator read
    head = {
        "table": table,
        "game": game.name,
        "title": game.title,
        "options": dict(game.options),
        "seats": seats,
        "setup_events": narrator.setup,
        #: the seats that asked the coach (the record's Coach header)
        "coached": list(record.coached),
    }

    def frame(last: dict[str, Any] | None) -> bytes:
        decision, result = match.decision, match.result
        return _encode(
            {
                "move": len(match.moves),
                "last": last,
                "decision": None if decision is None else {"seat": decision.seat, "prompt": decision.prompt},
                "spectator": game.view(match.state, None),
                "views": [game.view(match.state, s) for s in viewers],
                "result": None if result is None else named(result.describe(names), names),
            }
        )

    yield _encode(head)[:-1] + b',"frames":['
    yield frame(None)
    for move in finished.moves:
        before = game.clone(match.state)
        match.apply(move.action, validate=False)
        # a finished game's replay shows every seat's view: each move reads as its seat read it, as the
        # live table's log does once the game is over
        told = narrator.told(before, game.parse_action(move.action), match.state, reader=move.seat)
        last = {"seat": move.seat, "letter": game.seat_name(move.seat), "action": move.action}
        yield b"," + frame({**last, "events": told.events})
    yield b"]}"


def build(
    module: str | None, record_json: str, seats: list[dict[str, Any]] | None, table: str | None
) -> bytes:
    """The replay of a record (as JSON), gzip-compressed, built frame by frame. Runs in a worker process:
    the game's module is imported first (a plugin's game registers itself on import). `seats`: as the
    table shows them (None: named from the record, the game's automata as such). Raises BadRecord
    when the record does not replay."""
    if module:
        importlib.import_module(module)
    record = Record.from_json(record_json)
    finished = replay(record)
    game = finished.game
    if seats is None:
        automata = game.automata()
        seats = [
            {
                "seat": s,
                "letter": game.seat_name(s),
                "name": finished.seats[s],
                "kind": "automaton" if s in automata else "human",
            }
            for s in range(game.num_seats)
        ]
    compressor = zlib.compressobj(6, zlib.DEFLATED, 16 + zlib.MAX_WBITS)  # the gzip format
    parts = [compressor.compress(piece) for piece in frames(record, finished, seats, table)]
    return b"".join([*parts, compressor.flush()])


class Replays:
    """The replays a server builds: once each (concurrent askers wait for the one build), in `lane`,
    kept while they fit in `most_bytes` (the server's `Rates.replays` bounds how often one address may
    ask)."""

    def __init__(self, lane: Lane, most_bytes: int = 64 * 1024 * 1024) -> None:
        self.lane = lane
        self.most_bytes = most_bytes
        self.kept: OrderedDict[str, bytes] = OrderedDict()
        self.size = 0
        self.building: dict[str, asyncio.Future[bytes]] = {}

    async def of_table(self, table: Table, address: str) -> bytes:
        """The finished `table`'s replay, gzip-compressed."""
        record = table.record()
        seats = [s.public(table.game) for s in table.seats]
        module = type(table.game).__module__
        return await self._built(f"table {table.id}", address, module, record.to_json(), seats, table.id)

    async def of_record(self, text: str, address: str) -> bytes:
        """The replay of a record file (text or JSON) a visitor sent, gzip-compressed; TableError 400
        naming the move at fault when it does not replay."""
        try:
            record = Record.load(text)
            record_json = record.to_json()
        except CardtableError as err:
            raise TableError(400, "bad-record", f"this file is not a game record: {err}") from None
        key = "record " + hashlib.sha256(record_json.encode()).hexdigest()
        return await self._built(key, address, None, record_json, None, None)

    async def _built(self, key: str, address: str, *args: Any) -> bytes:
        kept = self.kept.get(key)
        if kept is not None:
            self.kept.move_to_end(key)
            return kept
        building = self.building.get(key)
        if building is None:
            building = self.building[key] = asyncio.ensure_future(self._build(key, address, *args))
        return await asyncio.shield(building)

    async def _build(self, key: str, address: str, *args: Any) -> bytes:
        try:
            data = await self.lane.run(address, build, *args)
        except BadRecord as err:
            raise TableError(400, "bad-record", f"this record does not replay: {err}") from None
        except CardtableError as err:
            raise TableError(400, "bad-record", f"this file is not a game record: {err}") from None
        finally:
            self.building.pop(key, None)
        self.kept[key] = data
        self.size += len(data)
        while self.size > self.most_bytes and len(self.kept) > 1:
            _, dropped = self.kept.popitem(last=False)
            self.size -= len(dropped)
        return data


def decompressed(data: bytes) -> bytes:
    """A replay for the rare client that does not take gzip."""
    return gzip.decompress(data)
