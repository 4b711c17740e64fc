"""Where bots think (and replays are built): lanes of worker processes, each fed by a fair queue.

A bot's decision may take a millisecond (random), tens of milliseconds (heuristic) or seconds (ISMCTS).
Each kind thinks in a lane of its own: `quick` (one process at the server's priority) and `slow`
(`Limits.bot_workers` processes at a lower priority, by default as many as the machine's cores), so a
quick bot never waits behind a searching one. The coach's searches (`coach`: a person waits for them,
two seconds at most) have a lane of their own at the server's priority. In a lane, the next job is the
oldest job of the next address in turn (round robin over the visitors' addresses; a table asks for one
decision at a time), so a visitor with many tables delays another's bot by at most one job per address,
never by all its jobs.

A lane runs at most as many jobs as it has processes; the rest wait in its own queue (the executor's
queue stays empty, so the lane alone decides the order). The server process never runs a bot itself: it
acknowledges people's actions while bots think, and a searching bot cannot hold its interpreter lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, Literal, TypeVar

from cardtable.players import split_kind

from .plugins import import_plugins

log = logging.getLogger(__name__)

T = TypeVar("T")
LaneName = Literal["quick", "slow", "coach"]
#: player kinds that search (seconds per decision): they think in the slow lane
SEARCHING_KINDS = frozenset({"ismcts"})
#: the lanes' priority below the server's (nice); the quick lane's jobs are short, the server's peers
NICENESS: dict[LaneName, int] = {"quick": 0, "slow": 10, "coach": 0}


def lane_of(kind: str) -> LaneName:
    """The lane a player kind thinks in."""
    return "slow" if split_kind(kind)[0] in SEARCHING_KINDS else "quick"


class FairQueue(Generic[T]):
    """Jobs by address: `pop` takes the oldest job of the address whose turn it is, then that address
    goes to the back of the line."""

    def __init__(self) -> None:
        self._by_address: OrderedDict[str, deque[T]] = OrderedDict()
        self._size = 0

    def push(self, address: str, job: T) -> None:
        self._by_address.setdefault(address, deque()).append(job)
        self._size += 1

    def pop(self) -> T | None:
        if not self._by_address:
            return None
        address, jobs = next(iter(self._by_address.items()))
        job = jobs.popleft()
        del self._by_address[address]
        if jobs:
            self._by_address[address] = jobs  # to the back of the line
        self._size -= 1
        return job

    def __len__(self) -> int:
        return self._size


class _Job:
    __slots__ = ("args", "function", "future")

    def __init__(
        self, future: asyncio.Future[Any], function: Callable[..., Any], args: tuple[Any, ...]
    ) -> None:
        self.future = future
        self.function = function
        self.args = args


class Lane:
    """One lane: `workers` processes (0: two threads of this process, for tests) and a fair queue."""

    def __init__(self, name: LaneName, workers: int) -> None:
        self.name = name
        self.workers = workers
        self.queue: FairQueue[_Job] = FairQueue()
        self.running = 0

    @property
    def capacity(self) -> int:
        return self.workers if self.workers > 0 else 2

    async def run(self, address: str, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in this lane, after the jobs ahead of it in the fair order."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.queue.push(address, _Job(future, function, args))
        self._dispatch()
        return await future

    def start(self, warm_up: Callable[[], Any]) -> list[Future[Any]]:
        """Start the processes now (they take seconds to import everything), not at the first job; each
        runs `warm_up` first. The warm-ups, to wait for."""
        executor = _executor(self.name, self.workers)
        return [executor.submit(warm_up) for _ in range(self.capacity)]

    def _dispatch(self) -> None:
        while self.running < self.capacity:
            job = self.queue.pop()
            if job is None:
                return
            if job.future.done():  # its bot was stopped while it waited
                continue
            self._submit(job, retry=True)

    def _submit(self, job: _Job, *, retry: bool) -> None:
        self.running += 1
        try:
            done = _executor(self.name, self.workers).submit(job.function, *job.args)
        except BrokenProcessPool:
            done = _broken()
        done.add_done_callback(lambda finished: _call_soon(job, lambda: self._finished(job, finished, retry)))

    def _finished(self, job: _Job, finished: Future[Any], retry: bool) -> None:
        self.running -= 1
        error = finished.exception()
        if isinstance(error, BrokenProcessPool) and retry:  # a worker died (killed, out of memory)
            _forget_executor(self.name, self.workers)
            self._submit(job, retry=False)
            return
        if not job.future.done():
            if error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(finished.result())
        self._dispatch()


def _call_soon(job: _Job, callback: Callable[[], None]) -> None:
    """Run `callback` on the event loop of `job` (an executor calls back in a thread of its own)."""
    loop = job.future.get_loop()
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(callback)


def _broken() -> Future[Any]:
    failed: Future[Any] = Future()
    failed.set_exception(BrokenProcessPool("the worker processes could not be started"))
    return failed


#: the executors of every lane, per lane and size, shared by every app a process runs (tests make many)
_EXECUTORS: dict[tuple[LaneName, int], Executor] = {}


def _executor(name: LaneName, workers: int) -> Executor:
    executor = _EXECUTORS.get((name, workers))
    if executor is None:
        if workers <= 0:
            executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix=f"bots-{name}")
        else:
            executor = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(), NICENESS[name]),
            )
        _EXECUTORS[(name, workers)] = executor
    return executor


def _forget_executor(name: LaneName, workers: int) -> None:
    executor = _EXECUTORS.pop((name, workers), None)
    if executor is not None:
        executor.shutdown(wait=False, cancel_futures=True)


def _worker_start(server: int, niceness: int) -> None:
    """A worker process: `niceness` below the server in priority, deaf to the Ctrl-C meant for the
    server, and gone soon after the server process `server` is (however it ended: SIGKILL runs no
    shutdown code)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import_plugins()
    if niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)
    threading.Thread(target=_exit_after, args=(server,), name="exit-after-server", daemon=True).start()


def _exit_after(server: int) -> None:
    """Stop this process once its parent is no longer the server (the orphan was adopted)."""
    while os.getppid() == server:
        time.sleep(1)
    os._exit(0)
