"""What one visitor may ask of the server: sizes, timeouts, rates and caps, and how they are counted.

A public table server meets clients that never read, send forever or ask a thousand times a second;
every such request is bounded here. `Limits()` holds the defaults of a public deployment; the tests and
the load benchmark raise the rates they need through `Limits(...)` or `cardtable serve` options.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field, fields, replace
from typing import Any

ENVIRONMENT_PREFIX = "CARDTABLE_LIMIT_"


def machine_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class Limits:
    #: largest request body accepted (bytes); a larger one is refused with 413 before it is read whole
    max_body: int = 64 * 1024
    #: seconds a client may take to send a request's headers, and between two chunks of its body
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    #: seconds a whole request (headers and body) may take to arrive, however it trickles in
    request_timeout: float = 30.0
    #: HTTP connections open at once from one address (an IPv6 /64; a trusted proxy's are not counted)
    connections_per_address: int = 64
    #: seconds an idle keep-alive HTTP connection is kept open
    keep_alive: float = 5.0
    #: largest WebSocket message accepted (bytes)
    ws_max_message: int = 64 * 1024
    #: messages waiting to be sent to one watcher; a watcher further behind is dropped (it reconnects)
    send_queue: int = 16
    #: seconds one message may take to reach a watcher before it is dropped as too slow
    send_timeout: float = 5.0
    #: spectators at once on one table (a seat's own windows never count: seats always get in), and
    #: watchers (spectators and seats) from one address across all tables
    watchers_per_table: int = 64
    watchers_per_address: int = 32
    #: windows one seat may have open on its table at once
    connections_per_seat: int = 8
    #: seconds a new watcher of a table full of spectators has to say `hello` with its seat's token
    #: (a browser says it at once) before it is refused as one spectator too many
    hello_timeout: float = 3.0
    #: tables one address may create: a burst, then one every `create_every` seconds
    create_burst: float = 20
    create_every: float = 3.0
    #: actions one address may send: a burst, then `actions_per_second`
    action_burst: float = 60
    actions_per_second: float = 20
    #: replays of finished games one address may ask for: a burst, then one every `replay_every` seconds
    replay_burst: float = 10
    replay_every: float = 6.0
    #: questions to the coach one address may ask (two seconds of search each): a burst, then one every
    #: `coach_every` seconds
    coach_burst: float = 4
    coach_every: float = 2.0
    #: tables whose bots are working (a bot's decision pending) at once, per server process, before a new
    #: bot table is refused; and unfinished bot tables one address (an IPv6 /64) may hold
    bot_tables: int = 100
    bot_tables_per_address: int = 8
    #: worker processes in which searching bots think, per server process (`thinking`; quick bots have one
    #: more of their own; 0: threads of the server process, for tests): by default the machine's cores
    #: (`cardtable serve --workers N` gives each of its N processes a share)
    bot_workers: int = field(default_factory=machine_cores)
    #: seconds an unfinished table may go without a move before it expires (deleted; finished ones stay)
    table_ttl: float = 7 * 24 * 3600
    #: the same for an unfinished table with a bot seat (a person who left a bot waiting)
    bot_table_ttl: float = 3600
    #: seconds a table with no watcher and no move stays in memory before it is evicted (reloaded on use)
    idle_eviction: float = 600
    #: tables kept in memory at most (the least recently used ones without watchers go first)
    max_live_tables: int = 5000

    @classmethod
    def from_environment(cls, base: Limits | None = None) -> Limits:
        """`base` (default: the defaults) with every `CARDTABLE_LIMIT_<FIELD>` variable applied."""
        changes: dict[str, Any] = {}
        for spec in fields(cls):
            raw = os.environ.get(ENVIRONMENT_PREFIX + spec.name.upper())
            if raw is not None:
                kind = int if spec.type in ("int", int) else float
                changes[spec.name] = kind(raw)
        return replace(base or cls(), **changes)

    def to_environment(self) -> dict[str, str]:
        return {
            ENVIRONMENT_PREFIX + spec.name.upper(): str(getattr(self, spec.name)) for spec in fields(self)
        }

    @classmethod
    def relaxed(cls, **changes: Any) -> Limits:
        """No rate limit nor cap a test or a benchmark would meet (sizes and timeouts stay)."""
        base = cls(
            create_burst=1e9,
            create_every=1e-9,
            action_burst=1e9,
            actions_per_second=1e9,
            bot_tables=1_000_000,
            bot_tables_per_address=1_000_000,
            watchers_per_table=100_000,
            watchers_per_address=100_000,
            connections_per_address=1_000_000,
            replay_burst=1e9,
            replay_every=1e-9,
            coach_burst=1e9,
            coach_every=1e-9,
        )
        return replace(base, **changes)


class RateLimiter:
    """A token bucket per key (an address): `burst` tokens, refilled at `rate` per second."""

    def __init__(self, burst: float, rate: float, clock: Any = time.monotonic) -> None:
        self.burst = burst
        self.rate = rate
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        now = self.clock()
        tokens, last = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 10_000:
            self._forget_full(now)
        return True

    def retry_after(self, key: str) -> float:
        tokens, _ = self.buckets.get(key, (self.burst, 0.0))
        return max(0.0, (1 - tokens) / self.rate) if self.rate > 0 else 60.0

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled: memory stays bounded by the addresses active lately."""
        for key, (tokens, last) in list(self.buckets.items()):
            if tokens + (now - last) * self.rate >= self.burst:
                del self.buckets[key]
