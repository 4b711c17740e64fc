"""The coach (issue 31): a person asks "What would you play?" and the table answers with the best
player's suggestion for their own decision, its estimated chance to win, and the two next-best moves.

The best player is ISMCTS guided by the game's heuristic (`players/ismcts.py`), searching for the time
the budget leaves (`BUDGET` of wall time from the request). It thinks in the bots' own way
(`bots.observe`): a worker process of the `coach` lane receives the table's state and makes of it the
asking seat's `Observation`, so the search reads that seat's view and samples only states that seat
cannot tell apart from the real one, never another seat's hand. The estimated chance is the root's value
for that seat (the mean result of every search line, as a percent); the moves are ranked by visits.

The coach is off by default: it answers only at a table where every person seated allows it (a seat's
choice, stored with the seat; a solo table's one person is enough), only the seat that asks, only for
that seat's own decision; each request counts against the address's rate (`Limits.coach_burst`). A
seat that asked is marked in the table's record (`[Coach "A"]`).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from cardtable.core import Observation, Rng, mix_seed
from cardtable.players import IsmctsPlayer

from .bots import arguments, observe
from .errors import TableError
from .table import Table

if TYPE_CHECKING:
    from .server import TableServer

#: seconds of wall time from a request to its answer
BUDGET = 2.0
#: what the search leaves of the budget to the rest: the queue, the hand-over to the process and back
MARGIN = 0.5
#: the least search, however late the job starts
LEAST = 0.1
#: how many moves an answer names: the suggestion and the two next-best
SHOWN = 3
#: a salt for the search's seed, apart from the bots' (same table, seat and move)
_SALT = 31


def advise(
    module: str, name: str, options: dict[str, Any], state: str, seat: int, seed: int, until: float
) -> dict[str, Any]:
    """The suggestions for `seat` in `state` (a game state as JSON), searched until the wall-clock
    time `until` (time.time()). Runs in a worker process, as a bot's `think` does."""
    return suggestions(observe(module, name, options, state, seat), seed, max(LEAST, until - time.time()))


def suggestions(observation: Observation[Any], seed: int, seconds: float) -> dict[str, Any]:
    """What the best player would play from `observation`: `moves` (the best first, by visits, each
    with its own estimated chance), `chance` (the root's value for the seat; None for the only legal
    move, which is not searched) and the search's `iterations`."""
    legal = observation.legal_actions
    if len(legal) == 1:
        return {
            "moves": [{"action": str(legal[0]), "chance": None, "visits": 0}],
            "chance": None,
            "iterations": 0,
        }
    player = IsmctsPlayer(Rng(seed), iterations=10**9, seconds=seconds)
    player.choose(observation)
    root = player.last_root
    assert root is not None  # a search of two legal moves or more keeps its root
    searched = [(action, root.children[action]) for action in player.last_ranking if action in root.children]
    visits = sum(child.visits for _, child in searched)
    moves = [
        {"action": str(action), "chance": child.reward / child.visits, "visits": child.visits}
        for action, child in searched[:SHOWN]
        if child.visits
    ]
    chance = sum(child.reward for _, child in searched) / visits if visits else None
    return {"moves": moves, "chance": chance, "iterations": player.last_iterations}


class Coach:
    """The coach of one server: its refusals, its rate per address, and its answers."""

    def __init__(self, server: TableServer) -> None:
        self.server = server

    async def ask(self, table: Table, seat: int | None, address: str) -> dict[str, Any]:
        """The answer to `seat`'s "What would you play?" (a `coach` message); TableError, and nothing
        changed, where the coach may not answer."""
        asked = time.time()
        self.server.throttle(self.server.rates.coach, address, "questions to the coach")
        seat = _person(seat, "ask the coach")
        if self.server.tables.shared:  # another server process may hold a newer choice of a seat
            await asyncio.to_thread(self.server.tables.read_coach, table)
        if not table.coach_open:
            raise TableError(
                403, "coach-off", "the coach is off at this table: every person seated must allow it"
            )
        decision = table.decision
        if decision is None:
            raise TableError(409, "game-over", "the game is over: there is no move to suggest")
        if decision.seat != seat:
            raise TableError(409, "not-your-decision", "the coach suggests moves for your own decision only")
        ply = table.ply
        job = (*arguments(table, seat), mix_seed(table.match.seed, seat, ply, _SALT), asked + BUDGET - MARGIN)
        answer = await self.server.bots.lanes["coach"].run(address, advise, *job)
        self.server.tables.mark_coached(table, seat)
        return {"type": "coach", "move": ply, "seconds": round(time.time() - asked, 3), **answer}

    def allow(self, table: Table, seat: int | None, allow: object) -> None:
        """A person's choice to allow the coach at this table (or not); every watcher is told, as the
        coach opens only once every person allows it."""
        seat = _person(seat, "allow the coach")
        if not isinstance(allow, bool):
            raise TableError(400, "bad-request", "allow must be true or false")
        self.server.tables.allow_coach(table, seat, allow)
        self.server.hub.broadcast(table)


def _person(seat: int | None, what: str) -> int:
    if seat is None:
        raise TableError(403, "spectator", f"spectators cannot {what}: open your seat's link")
    return seat
