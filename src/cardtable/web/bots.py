"""Bots at the table: seats of a player kind are played by the server, after a short visible delay; and a
person's forced move (their only legal one) is played for them at once, unless they asked to be asked."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from cardtable.core import mix_seed
from cardtable.players import Player, make_player

from .tables import Table, TableError, Tables

log = logging.getLogger(__name__)

Act = Callable[[Table, int, str, int], Awaitable[Any]]


class Bots:
    """Watches tables and plays every pending decision that belongs to a bot seat."""

    def __init__(self, tables: Tables, act: Act, delay: float) -> None:
        self.tables = tables
        self.act = act
        self.delay = delay
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.players: dict[tuple[str, int], Player] = {}

    def kick(self, table: Table) -> None:
        """If a bot must decide at `table`, make sure it will (once; calling again is harmless)."""
        decision = table.match.decision
        if decision is None or not (table.seats[decision.seat].is_bot or table.forced() is not None):
            return
        task = self.tasks.get(table.id)
        if task is None or task.done():
            self.tasks[table.id] = asyncio.get_running_loop().create_task(self._play(table.id))

    async def _play(self, table_id: str) -> None:
        try:
            table = self.tables.get(table_id)
            forced = table.forced()
            if forced is not None:
                await self.act(table, table.match.decision.seat, str(forced), table.ply)  # type: ignore[union-attr]
            else:
                await self._think(table_id)
        except TableError as err:
            log.warning("bot at table %s: %s", table_id, err.message)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot at table %s failed", table_id)
        finally:
            self.tasks.pop(table_id, None)
        self.kick(self.tables.get(table_id))

    async def _think(self, table_id: str) -> None:
        """After the visible delay, the bot whose decision is pending chooses and plays."""
        await asyncio.sleep(self.delay)
        table = self.tables.get(table_id)
        decision = table.match.decision
        if decision is None or not table.seats[decision.seat].is_bot:
            return
        player = self._player(table, decision.seat)
        # a searching bot may think for seconds: it thinks in a worker thread, on its own copy
        observation = table.game.observe(table.game.clone(table.match.state), decision.seat)
        action = await asyncio.to_thread(player.choose, observation)
        await self.act(table, decision.seat, str(action), table.ply)

    def _player(self, table: Table, seat: int) -> Player:
        key = (table.id, seat)
        if key not in self.players:
            kind = table.seats[seat].kind
            self.players[key] = make_player(kind, mix_seed(table.match.seed, seat, 0xB07))
        return self.players[key]

    async def stop(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        self.tasks.clear()
