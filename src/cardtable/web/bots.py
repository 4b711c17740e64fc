"""Bots at the table: seats of a player kind are played by the server, after a short visible delay; and a
person's forced move (their only legal one) is played for them at once, unless they asked to be asked.

A searching bot may think for seconds. It thinks in a separate worker process at a lower priority
(`Limits.bot_workers`; 0 keeps it in a thread, for tests), so the server process, which acknowledges
people's actions, never waits for it nor shares its interpreter lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cardtable.core import make_game, mix_seed
from cardtable.players import make_player

from .tables import Table, TableError, Tables, shared_game

log = logging.getLogger(__name__)

Act = Callable[[Table, int, str, int], Awaitable[Any]]

#: one pool of thinking processes per server process, shared by every app it runs (tests make many)
_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
        )
        _POOLS[workers] = pool
    return pool


def _worker_start(server: int) -> None:
    """A thinking process: below the server in priority, deaf to the Ctrl-C meant for the server, and
    gone soon after the server process `server` is (however it ended: SIGKILL runs no shutdown code)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(10)
    threading.Thread(target=_exit_after, args=(server,), name="exit-after-server", daemon=True).start()


def _exit_after(server: int) -> None:
    """Stop this process once its parent is no longer the server (the orphan was adopted)."""
    while os.getppid() == server:
        time.sleep(1)
    os._exit(0)


def _warm_up() -> None:
    """Import every registered game in a new thinking process, before its first decision."""
    from cardtable.core import game_names

    for name in game_names():
        make_game(name)


def think(
    module: str, name: str, options: dict[str, Any], state: str, seat: int, kind: str, seed: int
) -> str:
    """The action a `kind` bot seeded with `seed` chooses for `seat` in `state` (a game state as JSON).

    Runs in a worker process: the game's module is imported there first (a plugin's game registers
    itself on import), and everything crosses the process boundary as plain text.
    """
    importlib.import_module(module)  # once per process; then a lookup in sys.modules
    game = shared_game(name, options)
    position = game.from_json(state)
    return str(make_player(kind, seed).choose(game.observe(position, seat)))


class Bots:
    """Watches tables and plays every pending decision that belongs to a bot seat."""

    def __init__(self, tables: Tables, act: Act, delay: float, workers: int = 1) -> None:
        self.tables = tables
        self.act = act
        self.delay = delay
        self.workers = workers
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def start(self) -> None:
        """Start the thinking processes now (they take seconds to import everything), not at the
        first bot's decision."""
        if self.workers > 0:
            pool = _pool(self.workers)
            for _ in range(self.workers):
                pool.submit(_warm_up)

    def kick(self, table: Table) -> None:
        """If a bot must decide at `table`, make sure it will (once; calling again is harmless)."""
        decision = table.decision
        if decision is None or not (table.seats[decision.seat].is_bot or table.forced() is not None):
            return
        task = self.tasks.get(table.id)
        if task is None or task.done():
            self.tasks[table.id] = asyncio.get_running_loop().create_task(self._play(table.id))

    def busy(self, table_id: str) -> bool:
        task = self.tasks.get(table_id)
        return task is not None and not task.done()

    async def _play(self, table_id: str) -> None:
        try:
            table = self.tables.get(table_id)
            forced = table.forced()
            if forced is not None:
                await self.act(table, table.decision.seat, str(forced), table.ply)  # type: ignore[union-attr]
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
        table = self.tables.live.get(table_id)
        if table is not None:
            self.kick(table)

    async def _think(self, table_id: str) -> None:
        """After the visible delay, the bot whose decision is pending chooses and plays."""
        await asyncio.sleep(self.delay)
        table = self.tables.get(table_id)
        decision = table.decision
        if decision is None or not table.seats[decision.seat].is_bot:
            return
        ply, game = table.ply, table.game
        arguments = (
            type(game).__module__,
            game.name,
            dict(game.options),
            game.to_json(table.match.state),
            decision.seat,
            table.seats[decision.seat].kind,
            mix_seed(table.match.seed, decision.seat, ply),
        )
        action = await self._choose(arguments)
        if table.ply == ply:  # nothing else moved the table meanwhile (another process may have)
            await self.act(table, decision.seat, action, ply)

    async def _choose(self, arguments: tuple[Any, ...]) -> str:
        loop = asyncio.get_running_loop()
        if self.workers <= 0:
            return await asyncio.to_thread(think, *arguments)
        executor: Executor = _pool(self.workers)
        try:
            return await loop.run_in_executor(executor, think, *arguments)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start a new pool
            _POOLS.pop(self.workers, None)
            return await loop.run_in_executor(_pool(self.workers), think, *arguments)

    async def stop(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        self.tasks.clear()
