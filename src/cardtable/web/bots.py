"""Bots at the table: seats of a player kind are played by the server, after a short visible delay; and a
person's forced move (their only legal one) is played for them at once, unless they asked to be asked.

Bots think in worker processes (`thinking`): quick bots (random, heuristic) and searching ones (ISMCTS)
in lanes of their own, each lane serving the visitors' addresses in turn; so the server process, which
acknowledges people's actions, never waits for a bot nor shares its interpreter lock, and a quick bot
never waits behind a searching one. The coach (`coach`) thinks in a third lane, from the same
observation a bot seat gets (`observe`).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any

from cardtable.core import Observation, make_game, mix_seed
from cardtable.players import make_player

from .catalog import shared_game
from .errors import TableError
from .table import Table
from .tables import Tables
from .thinking import Lane, LaneName, lane_of

log = logging.getLogger(__name__)

Act = Callable[[Table, int, str, int], Awaitable[Any]]


def _warm_up() -> None:
    """Import every registered game in a new thinking process, before its first decision."""
    from cardtable.core import game_names

    for name in game_names():
        make_game(name)


def arguments(table: Table, seat: int) -> tuple[str, str, dict[str, Any], str, int]:
    """What a worker process needs to see `table` as `seat` sees it (`observe`), as plain data."""
    game = table.game
    return type(game).__module__, game.name, dict(game.options), game.to_json(table.match.state), seat


def observe(module: str, name: str, options: dict[str, Any], state: str, seat: int) -> Observation[Any]:
    """`seat`'s observation of `state` (a game state as JSON): all a bot (or the coach) thinks from.

    Runs in a worker process: the game's module is imported there first (a plugin's game registers
    itself on import), and everything crosses the process boundary as plain text.
    """
    importlib.import_module(module)  # once per process; then a lookup in sys.modules
    game = shared_game(name, options)
    return game.observe(game.from_json(state), seat)


def think(
    module: str, name: str, options: dict[str, Any], state: str, seat: int, kind: str, seed: int
) -> str:
    """The action a `kind` bot seeded with `seed` chooses for `seat` in `state` (a game state as JSON),
    in a worker process."""
    return str(make_player(kind, seed).choose(observe(module, name, options, state, seat)))


class Bots:
    """Watches tables and plays every pending decision that belongs to a bot seat."""

    def __init__(self, tables: Tables, act: Act, delay: float, workers: int = 1) -> None:
        """`workers`: the slow lane's processes (0: threads of this process, for tests)."""
        self.tables = tables
        self.act = act
        self.delay = delay
        self.lanes: dict[LaneName, Lane] = {
            "quick": Lane("quick", min(workers, 1)),
            "slow": Lane("slow", workers),
            # the coach answers a person within seconds: a process of its own, never behind the bots
            "coach": Lane("coach", min(workers, 1)),
        }
        self.tasks: dict[str, asyncio.Task[None]] = {}
        #: the lanes' warm-ups under way (`start`)
        self.warming: dict[LaneName, list[Future[Any]]] = {}

    def start(self) -> None:
        """Start the thinking processes now (they take seconds to import everything), not at the
        first bot's decision."""
        for lane in self.lanes.values():
            if lane.workers > 0:
                self.warming[lane.name] = lane.start(_warm_up)

    async def ready(self, timeout: float = 60.0) -> None:
        """Wait until the quick lane's processes have loaded every game (a server says it is ready once
        a quick bot answers at once). The coach's process loads them meanwhile: a question asked in the
        first seconds of a server may be answered late."""
        warming = [asyncio.wrap_future(future) for future in self.warming.get("quick", [])]
        if warming:
            await asyncio.wait(warming, timeout=timeout)

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
        held = self.tables.live.get(table_id)
        if held is not None:
            self.kick(held)

    async def _think(self, table_id: str) -> None:
        """After the visible delay, the bot whose decision is pending chooses and plays."""
        await asyncio.sleep(self.delay)
        table = self.tables.get(table_id)
        decision = table.decision
        if decision is None or not table.seats[decision.seat].is_bot:
            return
        ply, kind = table.ply, table.seats[decision.seat].kind
        job = (*arguments(table, decision.seat), kind, mix_seed(table.match.seed, decision.seat, ply))
        action = await self._choose(table, kind, job)
        if table.ply == ply:  # nothing else moved the table meanwhile (another process may have)
            await self.act(table, decision.seat, action, ply)

    async def _choose(self, table: Table, kind: str, arguments: tuple[Any, ...]) -> str:
        """The bot's choice, thought in its kind's lane, in turn with the other visitors' bots."""
        return await self.lanes[lane_of(kind)].run(table.creator, think, *arguments)

    async def stop(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        self.tasks.clear()
