"""The table server: tables, live connections and bots, joined by the one path every action takes."""

from __future__ import annotations

import logging

from cardtable.core import Action

from .bots import Bots
from .db import connect
from .hub import Hub
from .tables import Table, TableError, Tables

log = logging.getLogger(__name__)


class TableServer:
    def __init__(self, database_url: str, *, bot_delay: float = 0.6) -> None:
        self.database_url = database_url
        self.engine = connect(database_url)
        self.tables = Tables(self.engine)
        self.hub = Hub()
        self.bots = Bots(self.tables, self.act, bot_delay)

    async def act(self, table: Table, seat: int | None, text: object, move: object) -> Action:
        """Play an action: checked, stored, applied, then sent to every watcher, then bots move on."""
        action = self.tables.check(table, seat, text, move)
        self.tables.commit(table, seat, action, move)  # type: ignore[arg-type]
        await self.hub.broadcast(table)
        self.bots.kick(table)
        return action

    def set_ask_every_window(self, table: Table, seat: int | None, ask: object) -> None:
        """A person's choice: be asked at every decision, or have a forced move played for them."""
        if seat is None:
            raise TableError(403, "spectator", "spectators have no moves to be asked about")
        if not isinstance(ask, bool):
            raise TableError(400, "bad-request", "ask_every_window must be true or false")
        if ask:
            table.ask_always.add(seat)
        else:
            table.ask_always.discard(seat)
            self.bots.kick(table)

    def resume(self) -> None:
        """After a start: load every unfinished table with a bot seat and let its bots play on."""
        for table_id in self.tables.unfinished_ids():
            try:
                table = self.tables.get(table_id)
            except TableError as err:
                log.warning("table %s not resumed: %s", table_id, err.message)
                continue
            self.bots.kick(table)

    async def close(self) -> None:
        await self.bots.stop()
        self.engine.dispose()
