"""Loopback load benchmark of the web table: N tables played at once by WebSocket clients.

Each seat of a table is driven by its own WebSocket client that plays a random legal action whenever
the seat must decide, after a think time like the bots (--think 0 plays flat out); when a game ends
the clients start a new table. The round trip of an action is the time from sending it to
receiving its acknowledgement, which the client asks for in its own update (`"ack": "update"`, as the
browser does): by then the server has checked the action, committed it to the database and queued every
watcher's update.

    .venv/bin/python scripts/load_bench.py --tables 50 200 --seconds 20
    .venv/bin/python scripts/load_bench.py --tables 200 --processes 2 --database postgresql://u@h/db --json

Starts its own server (`cardtable serve --no-rate-limits`, a temporary SQLite file unless --database
names another, bots without delay, --processes server processes) on a free loopback port unless --url
names a running one. Bounded: stops after --seconds per run. Every seat of the game (its default
number) is a person's client, which is also a watcher, and each table has one spectator more. The
server's CPU time (user + system of every server process) is read from /proc before and after the
measured window: divided by the actions, it is the server CPU per action (the user part alone is
given too: the system part is mostly loopback sockets, which the load generator shares).

The load generator runs on the same machine as the server: on a small machine they compete for the
cores, and the round trips measure both. So the generator keeps its own work small: it runs on uvloop
(as the server does) when it is installed, and its garbage collector is off during a run (its pauses,
up to 90 ms at 200 tables, would be counted as the server's). Its CPU per action is reported beside the
server's, and so is their ratio: a small or shared machine's speed drifts (here by a third over minutes,
for the server and the generator alike), and the ratio lets runs made at different moments be compared.

The server's CPU per action also depends on how busy it is. A server that waits between actions pays
for waking up to each one, and on a small virtual machine that can cost nearly as much as the action:
Apocalypse at 20 tables took 1.66 ms an action at 100 actions/s (--think 0.2), 1.21 ms at 380 (--think
0.05), 1.03 ms at 980 (--think 0.01) and 0.90 ms flat out (--think 0), one run each. Flat out, one
process serves as many actions a second as the one core it runs on allows: that is the server's cost
of an action at its capacity (1 / actions a second), and the figure to compare across versions.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import websockets

decode = msgspec.json.Decoder().decode


@dataclass
class Stats:
    round_trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0
    #: round trips are counted from this moment on (after the warm-up: tables made, sockets open)
    measure_from: float = 0.0
    cpu_start: tuple[float, float] | None = None
    #: the load generator's own CPU seconds (user + system) when the measured window began
    own_cpu_start: float | None = None


async def play_tables(
    http: httpx.AsyncClient, game: str, deadline: float, stats: Stats, rng: random.Random, think: float
) -> None:
    """Play tables of `game` one after the other until `deadline`."""
    ws_base = str(http.base_url).rstrip("/").replace("http://", "ws://")
    while time.monotonic() < deadline:
        try:
            response = await http.post("/api/tables", json={"game": game, "ask_every_window": True})
        except httpx.TransportError as err:  # e.g. a kept-alive connection the server closed meanwhile
            stats.errors.append(f"create: {type(err).__name__}")
            continue
        if response.status_code != 201:
            stats.errors.append(f"create: {response.status_code}")
            await asyncio.sleep(0.1)
            continue
        table = response.json()
        url = f"{ws_base}/ws/tables/{table['table']}"
        people = [seat for seat in table["seats"] if seat.get("token")]  # not the game's own automata
        async with contextlib.AsyncExitStack() as stack:
            sockets = {
                seat["seat"]: await stack.enter_async_context(websockets.connect(url, open_timeout=60))
                for seat in people
            }
            spectator = await stack.enter_async_context(websockets.connect(url, open_timeout=60))
            states: dict[int, dict] = {}
            for seat in people:  # the token in the first message
                ws = sockets[seat["seat"]]
                await ws.recv()
                await ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
                states[seat["seat"]] = decode(await ws.recv())
            watching = asyncio.ensure_future(drain(spectator))
            while time.monotonic() < deadline:
                decision = next(iter(states.values()))["decision"]
                if decision is None:
                    stats.games += 1
                    break
                seat = decision["seat"]
                mine = sockets[seat]
                action = rng.choice(states[seat]["legal"])
                if think:  # a player (or a bot with its visible delay) takes a moment to choose
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                started = time.perf_counter()
                # acknowledged in the mover's own update, as the browser asks (one message fewer)
                request = {"type": "action", "action": action, "move": states[seat]["move"], "ack": "update"}
                await mine.send(json.dumps(request))
                acted = resyncing = False
                while True:
                    message = decode(await mine.recv())
                    if message["type"] == "error":
                        stats.errors.append(message.get("error", "?"))
                        await mine.send(json.dumps({"type": "sync"}))
                        resyncing = True
                        continue
                    if message["type"] == "state":
                        states[seat] = message
                    if "ack" in message or message["type"] == "ack":  # (an older server's own message)
                        acted = True
                        if time.monotonic() >= stats.measure_from:
                            stats.round_trips.append(time.perf_counter() - started)
                        break
                    if resyncing and message["type"] == "state":
                        break  # the whole state, after a refused action: nothing moved
                for other, ws in sockets.items():
                    if other != seat and acted:
                        states[other] = decode(await ws.recv())
            watching.cancel()


async def drain(spectator: websockets.ClientConnection) -> None:
    """The spectator reads every update, as a browser does."""
    while True:
        await spectator.recv()


async def run(
    base: str, game: str, tables: int, seconds: float, think: float, warmup: float, server_pid: int | None
) -> Stats:
    """`warmup` seconds to make the tables and open the sockets, then `seconds` measured."""
    stats = Stats()
    stats.measure_from = time.monotonic() + warmup
    deadline = stats.measure_from + seconds

    def measure() -> None:
        stats.cpu_start = cpu_seconds(server_pid) if server_pid else None
        stats.own_cpu_start = own_cpu_seconds()

    asyncio.get_running_loop().call_later(warmup, measure)
    rng = random.Random(tables)
    # one HTTP client for all (making one costs tens of milliseconds of the loop's time)
    # idle connections are let go before the server's keep-alive (5 s) closes them under a request
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables, keepalive_expiry=3)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        workers = [
            play_tables(http, game, deadline, stats, random.Random(rng.random()), think)
            for _ in range(tables)
        ]
        results = await asyncio.gather(*workers, return_exceptions=True)
    stats.errors += [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    return stats


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def start_server(
    folder: Path, plugins: list[str], processes: int, database: str | None
) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [sys.executable, "-c", "from cardtable.cli import main; main()", "serve", "--port", str(port),
               "--database-url", database or f"sqlite:///{folder / 'bench.db'}", "--bot-delay", "0",
               "--workers", str(processes), "--no-rate-limits"]  # fmt: skip
    for plugin in plugins:
        command += ["--plugin", plugin]
    root = Path(__file__).resolve().parents[1]  # this checkout's code (src), and tests.toygame
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "src"), str(root)])}
    # no bot plays here: no thinking process either (its start-up imports would be counted as CPU)
    env["CARDTABLE_LIMIT_BOT_WORKERS"] = "0"
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120  # patient: on a busy machine the imports alone take long
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/games", timeout=30).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def own_cpu_seconds() -> float:
    """The load generator's CPU seconds so far (user + system)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_quietly(work: Any) -> Stats:
    """Run `work` (a coroutine) on uvloop when it is installed, with the collector off: the generator's
    own pauses would otherwise be measured as round trips (its garbage is collected afterwards)."""
    try:
        import uvloop
    except ImportError:
        uvloop = None
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        if uvloop is not None:
            with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
                return runner.run(work)  # type: ignore[no-any-return]
        return asyncio.run(work)  # type: ignore[no-any-return]
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


def cpu_seconds(root: int) -> tuple[float, float]:
    """User and system CPU seconds of process `root` and all its descendants (Linux /proc)."""
    user = system = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in [root, *descendants(root)]:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        user += int(fields[11]) / tick  # utime
        system += int(fields[12]) / tick  # stime
    return user, system


def descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200], help="concurrent tables per run")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each run (measured)")
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds to make the tables and connect, not measured"
    )
    parser.add_argument(
        "--game", default="biosphere5", help="game to play (toy: the test game, loaded as a plugin)"
    )
    parser.add_argument(
        "--think", type=float, default=0.5, help="mean seconds a seat thinks before it acts (0: flat out)"
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes (more than 1: PostgreSQL)")
    parser.add_argument("--database", help="database URL for the started server (default: a SQLite file)")
    parser.add_argument("--url", help="a running server (default: start one; no CPU figure then)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per run instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        plugins = ["tests.toygame"] if args.game == "toy" else []
        process, base = (
            (None, args.url)
            if args.url
            else start_server(Path(folder), plugins, args.processes, args.database)
        )
        try:
            database = "external" if args.url else ("postgresql" if args.database else "sqlite")
            if not args.json:
                print(
                    f"server {base} ({database}, {args.processes} process(es)), game {args.game}, "
                    f"{args.seconds:.0f} s per run, think {args.think} s"
                )
                columns = ("tables", "actions", "games", "act/s", "p50 ms", "p99 ms", "max ms", "cpu ms/act",
                           "gen ms/act")  # fmt: skip
                print(" ".join(f"{c:>8}" for c in columns), "errors")
            for tables in args.tables:
                pid = process.pid if process else None
                stats = run_quietly(run(base, args.game, tables, args.seconds, args.think, args.warmup, pid))
                own = own_cpu_seconds() - stats.own_cpu_start if stats.own_cpu_start is not None else None
                cpu = user = None
                if pid and stats.cpu_start is not None:
                    end = cpu_seconds(pid)
                    user, cpu = end[0] - stats.cpu_start[0], sum(end) - sum(stats.cpu_start)
                trips = sorted(t * 1000 for t in stats.round_trips)
                row = {
                    "game": args.game,
                    "database": database,
                    "processes": args.processes,
                    "tables": tables,
                    "think": args.think,
                    "seconds": args.seconds,
                    "warmup": args.warmup,
                    "actions": len(trips),
                    "games": stats.games,
                    "actions_per_second": len(trips) / args.seconds,
                    "p50_ms": statistics.median(trips) if trips else None,
                    "p99_ms": percentile(trips, 0.99) if trips else None,
                    "max_ms": max(trips) if trips else None,
                    "errors": len(stats.errors),
                    "error_kinds": sorted(set(stats.errors))[:5],
                    "server_cpu_ms_per_action": cpu * 1000 / len(trips)
                    if cpu is not None and trips
                    else None,
                    # of which in the kernel (sockets, the database's writes): the rest is the user part
                    "server_user_ms_per_action": user * 1000 / len(trips)
                    if user is not None and trips
                    else None,
                    # the load generator's own CPU per action, on the same cores
                    "client_cpu_ms_per_action": own * 1000 / len(trips)
                    if own is not None and trips
                    else None,
                    # the server's CPU per action in units of the generator's (steadier than either
                    # when the machine's speed drifts)
                    "server_to_client_cpu": cpu / own if cpu is not None and own else None,
                    "load_average": os.getloadavg()[0],
                }
                if args.json:
                    print(json.dumps(row))
                    continue
                if not trips:
                    print(f"{tables:>8} no action completed; errors: {stats.errors[:3]}")
                    continue
                cpu_text = f"{row['server_cpu_ms_per_action']:.2f}" if cpu is not None else "?"
                own_text = f"{row['client_cpu_ms_per_action']:.2f}" if own is not None else "?"
                print(
                    f"{tables:>8} {len(trips):>8} {stats.games:>8} {row['actions_per_second']:>8.0f} "
                    f"{row['p50_ms']:>8.1f} {row['p99_ms']:>8.1f} {row['max_ms']:>8.1f} "
                    f"{cpu_text:>8} {own_text:>8} "
                    f"{len(stats.errors)} {row['error_kinds'][:3]}"
                )
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)


if __name__ == "__main__":
    main()
