"""The table server: tables, live connections and bots, joined by the one path every action takes.

Several server processes may share one PostgreSQL database: each move and each take-back is stored in one
statement that checks and advances the table's revision, so a write made on an outdated copy of a table
is refused (`store`), and is announced on a channel every process listens to (LISTEN/NOTIFY), so each
process catches its tables up and tells its own watchers; an expired table is announced the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math

from sqlalchemy import select

from cardtable.core import Action

from .bots import Bots
from .coach import Coach
from .db import Checkpointer, SeatRow, TableRow, connect
from .hub import Answer, Hub
from .limits import Limits, RateLimiter
from .replay import Replays
from .store import CHANNEL, note_of
from .tables import AUTOMATON, HUMAN, Table, TableError, Tables

log = logging.getLogger(__name__)


class TableServer:
    def __init__(self, database_url: str, *, bot_delay: float = 0.6, limits: Limits | None = None) -> None:
        self.database_url = database_url
        self.limits = limits or Limits()
        self.engine = connect(database_url, background_checkpoints=True)
        #: a SQLite file's log is copied into the database in a thread, not by a commit on the event loop
        self.checkpointer = Checkpointer.needed_for(self.engine)
        self.tables = Tables(self.engine)
        self.hub = Hub(self.limits)
        self.bots = Bots(self.tables, self.act, bot_delay, self.limits.bot_workers)
        #: finished games' replays, built once each in the bots' slow lane
        self.replays = Replays(self.bots.lanes["slow"])
        self.rates = Rates(self.limits)
        #: the coach's answers and refusals ("What would you play?")
        self.coach = Coach(self)
        self.background: list[asyncio.Task[None]] = []

    @staticmethod
    def throttle(limiter: RateLimiter, who: str, what: str) -> None:
        """Count a request of `who` (an address); TableError 429 when it asks too often."""
        if not limiter.allow(who):
            wait = math.ceil(limiter.retry_after(who))
            raise TableError(429, "rate-limited", f"too many {what} from your address; wait {wait} s")

    def table(self, table_id: str) -> Table:
        """The table `table_id`, from memory or loaded; its bots move on if they must. Other processes'
        moves reach a table held in memory by NOTIFY (`current_table` also reads them at once)."""
        table = self.tables.get(table_id)
        self.bots.kick(table)
        return table

    async def current_table(self, table_id: str) -> Table:
        """`table(table_id)`, caught up with other processes' moves without holding the event loop
        while the database answers (PostgreSQL; a table this process did not hold is loaded as before)."""
        held = self.tables.live.get(table_id)
        table = self.table(table_id)
        if table is held and self.tables.shared:
            try:
                caught_up = await self.tables.catch_up_waiting(table)
            except TableError as err:
                if err.status == 404:
                    self.forget(table_id)
                raise
            if caught_up:
                # caught up here with another process's move before its NOTIFY came: that NOTIFY will
                # find nothing new, so this process's watchers are told now
                self.hub.broadcast(table)
                self.bots.kick(table)
        return table

    async def act(
        self, table: Table, seat: int | None, text: object, move: object, *, answer: Answer | None = None
    ) -> Action:
        """Play an action: checked, stored, applied, then sent to every watcher, then bots move on.
        `answer`: the watcher that asked for it and its request's id, to be acknowledged in its update."""
        async with table.mover:  # one action at a time per table, while the database answers
            before = table.revision
            try:
                action = self.tables.check(table, seat, text, move)
                if self.tables.shared:  # PostgreSQL: other tables are served while it answers
                    await self.tables.commit_waiting(table, seat, action, move)  # type: ignore[arg-type]
                else:  # SQLite answers in microseconds (no flush to disk per commit): at once
                    self.tables.commit(table, seat, action, move)  # type: ignore[arg-type]
            except TableError as err:
                self._refused(table, before, err)
                raise
        self.hub.broadcast(table, answer)
        self.bots.kick(table)
        return action

    async def take_back(
        self, table: Table, seat: int | None, move: object, *, answer: Answer | None = None
    ) -> None:
        """Take back a seat's latest moves (`core.undo`): stored, replayed, sent to every watcher
        (`answer`: as in `act`)."""
        async with table.mover:  # not while a move of this table is being stored
            before = table.revision
            try:
                if self.tables.shared:
                    await self.tables.take_back_waiting(table, seat, move)
                else:
                    self.tables.take_back(table, seat, move)
            except TableError as err:
                self._refused(table, before, err)
                raise
        self.hub.broadcast(table, answer)
        self.bots.kick(table)

    def _refused(self, table: Table, revision: int, err: TableError) -> None:
        """After a refused write: a table gone (expired) is forgotten; a table that caught up with
        another process's write meanwhile is sent to this process's watchers now (that write's NOTIFY
        will find nothing new)."""
        if err.status == 404:
            self.forget(table.id)
        elif table.revision != revision:
            self.hub.broadcast(table)
            self.bots.kick(table)

    def forget(self, table_id: str) -> None:
        """A table that is gone (it expired, here or in another process): out of memory, its watchers
        told (4410 'expired') and closed."""
        self.tables.live.pop(table_id, None)
        for connection in list(self.hub.watchers.get(table_id, ())):
            connection.drop(4410, "expired")
            self.hub.leave(table_id, connection)

    def set_ask_every_window(self, table: Table, seat: int | None, ask: object) -> None:
        """A person's choice: be asked at every decision, or have a forced move played for them."""
        if seat is None:
            raise TableError(403, "spectator", "spectators have no moves to be asked about")
        if not isinstance(ask, bool):
            raise TableError(400, "bad-request", "ask_every_window must be true or false")
        self.tables.set_ask_always(table, seat, ask)
        if not ask:
            self.bots.kick(table)

    # --- life cycle -----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the background work: recent bot tables resumed, expiry and eviction, other processes'
        moves heard. Nothing here replays every table: start-up costs the same with 15,000 tables."""
        loop = asyncio.get_running_loop()
        if self.checkpointer is not None:
            self.checkpointer.start()
        self.bots.start()
        self.background.append(loop.create_task(self._resume_recent()))
        self.background.append(loop.create_task(self._housekeeping()))
        if self.tables.shared:
            self.background.append(loop.create_task(self._listen()))

    async def _resume_recent(self, most: int = 200) -> None:
        """Let the bots of the tables that were moving lately play on (at most `most`, newest first)."""
        try:
            with self.engine.connect() as connection:
                ids = list(
                    connection.scalars(
                        select(TableRow.id)
                        .where(TableRow.result == "*")
                        .where(
                            TableRow.id.in_(
                                select(SeatRow.table_id).where(SeatRow.kind.not_in([HUMAN, AUTOMATON]))
                            )
                        )
                        .order_by(TableRow.updated.desc())
                        .limit(most)
                    )
                )
        except Exception:
            log.exception("could not list the tables to resume")
            return
        for table_id in ids:
            try:
                self.table(table_id)
            except TableError as err:
                log.warning("table %s not resumed: %s", table_id, err.message)
            await asyncio.sleep(0)  # one table at a time: requests are served meanwhile

    async def _housekeeping(self) -> None:
        """Expire abandoned tables and evict idle ones from memory, now and then."""
        limits = self.limits
        period = max(
            0.5, min(60.0, limits.table_ttl / 10, limits.bot_table_ttl / 10, limits.idle_eviction / 4)
        )
        while True:
            try:
                if self.tables.shared:  # every process hears of each table deleted (its NOTIFY)
                    expired = await self.tables.expire_waiting(
                        self.limits.table_ttl, self.limits.bot_table_ttl
                    )
                    for table_id in expired:
                        self.forget(table_id)
                self.sweep()
            except Exception:
                log.exception("housekeeping failed")
            await asyncio.sleep(period)

    def sweep(self) -> tuple[list[str], list[str]]:
        """Expire abandoned tables (SQLite; PostgreSQL's are expired by `_housekeeping`, awaited) and
        evict idle ones from memory."""
        limits = self.limits
        expired = [] if self.tables.shared else self.tables.expire(limits.table_ttl, limits.bot_table_ttl)
        for table_id in expired:
            self.forget(table_id)
        evicted = self.tables.evict(
            lambda i: self.hub.watched(i) or self.bots.busy(i),
            self.limits.idle_eviction,
            self.limits.max_live_tables,
        )
        return expired, evicted

    async def _listen(self) -> None:
        """Hear every move any process stores (PostgreSQL NOTIFY) and tell this process's watchers."""
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    # moves stored while this process was not listening: catch up the tables it holds
                    self._heard_all()
                    async for note in connection.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening for other processes' moves failed; listening again")
                await asyncio.sleep(1)

    def _heard_all(self) -> None:
        """Catch up every table held here (notes sent while this process was not listening are lost)."""
        for table_id in list(self.tables.live):
            self._heard(f"{table_id} any")

    def _heard(self, payload: str) -> None:
        """Another process's note (`store.note_of`): its move applied here as told, or the table
        caught up from the database (a take-back, a missed note), or forgotten (it expired)."""
        note = note_of(payload)
        table = self.tables.live.get(note.table)
        if table is None:
            return
        if note.kind == "expired":
            self.forget(note.table)
            return
        if table.mover.locked():
            # a move of this process is being stored (the NOTIFY is most likely its own, heard before
            # the database's answer): look again once it is applied, instead of reading it back
            asyncio.get_running_loop().create_task(self._heard_after_move(table, payload))
            return
        try:
            applied = self.tables.heard(table, note)
        except TableError as err:
            log.warning("table %s: %s", note.table, err.message)
            return
        if applied:
            self.hub.broadcast(table)
            self.bots.kick(table)
        elif applied is None:
            asyncio.get_running_loop().create_task(self._catch_up(table))

    async def _heard_after_move(self, table: Table, payload: str) -> None:
        async with table.mover:
            pass
        self._heard(payload)

    async def _catch_up(self, table: Table) -> None:
        """Bring `table` up to the database's copy (under its lock, as a move) and tell its watchers."""
        try:
            changed = await self.tables.catch_up_waiting(table)
        except TableError as err:
            if err.status == 404:
                self.forget(table.id)
            else:
                log.warning("table %s: %s", table.id, err.message)
            return
        if changed:
            self.hub.broadcast(table)
            self.bots.kick(table)

    async def close(self) -> None:
        for task in self.background:
            task.cancel()
        for task in self.background:
            with contextlib.suppress(BaseException):
                await task
        await self.bots.stop()
        await self.tables.store.aclose()
        if self.checkpointer is not None:
            await asyncio.to_thread(self.checkpointer.stop)
        self.engine.dispose()


class Rates:
    """The per-address rates of one server process: new tables, actions, replays, the coach (`Limits`)."""

    def __init__(self, limits: Limits) -> None:
        self.creations = RateLimiter(limits.create_burst, 1 / limits.create_every)
        self.actions = RateLimiter(limits.action_burst, limits.actions_per_second)
        self.replays = RateLimiter(limits.replay_burst, 1 / limits.replay_every)
        self.coach = RateLimiter(limits.coach_burst, 1 / limits.coach_every)
