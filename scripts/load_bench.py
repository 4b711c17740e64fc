"""Loopback load benchmark of the web table: N tables played at once by WebSocket clients.

Each table has two seats, each driven by its own WebSocket client that plays a random legal action
whenever the seat must decide, after a think time like the bots (--think 0 plays flat out); when a
game ends the pair starts a new table. The round trip of an action is the time from sending it to
receiving its acknowledgement (by then the server has checked it, committed it to the database and
sent every watcher its update).

    .venv/bin/python scripts/load_bench.py --tables 50 200 --seconds 20

Starts its own server (`cardtable serve`, a temporary SQLite file, bots without delay) on a free
loopback port unless --url names a running one. Bounded: stops after --seconds per run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import msgspec
import websockets

decode = msgspec.json.Decoder().decode


@dataclass
class Stats:
    round_trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0


async def play_tables(
    http: httpx.AsyncClient, game: str, deadline: float, stats: Stats, rng: random.Random, think: float
) -> None:
    """Play tables of `game` one after the other until `deadline`."""
    ws_base = str(http.base_url).rstrip("/").replace("http://", "ws://")
    while time.monotonic() < deadline:
        response = await http.post("/api/tables", json={"game": game, "seats": ["human", "human"]})
        if response.status_code != 201:
            stats.errors.append(f"create: {response.status_code}")
            await asyncio.sleep(0.1)
            continue
        table = response.json()
        urls = [f"{ws_base}/ws/tables/{table['table']}?token={s['token']}" for s in table["seats"]]
        async with websockets.connect(urls[0]) as first, websockets.connect(urls[1]) as second:
            sockets = [first, second]
            states = [decode(await ws.recv()) for ws in sockets]
            while time.monotonic() < deadline:
                decision = states[0]["decision"]
                if decision is None:
                    stats.games += 1
                    break
                seat = decision["seat"]
                mine, other = sockets[seat], sockets[1 - seat]
                action = rng.choice(states[seat]["legal"])
                if think:  # a player (or a bot with its visible delay) takes a moment to choose
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                started = time.perf_counter()
                await mine.send(
                    json.dumps({"type": "action", "action": action, "move": states[seat]["move"]})
                )
                while True:
                    message = decode(await mine.recv())
                    if message["type"] == "state":
                        states[seat] = message
                    elif message["type"] == "ack":
                        stats.round_trips.append(time.perf_counter() - started)
                        break
                    else:
                        stats.errors.append(message.get("error", "?"))
                        await mine.send(json.dumps({"type": "sync"}))
                states[1 - seat] = decode(await other.recv())


async def run(base: str, game: str, tables: int, seconds: float, think: float) -> Stats:
    stats = Stats()
    deadline = time.monotonic() + seconds
    rng = random.Random(tables)
    # one HTTP client for all (making one costs tens of milliseconds of the loop's time)
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
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


def start_server(folder: Path, plugins: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [sys.executable, "-c", "from cardtable.cli import main; main()", "serve", "--port", str(port),
               "--database-url", f"sqlite:///{folder / 'bench.db'}", "--bot-delay", "0"]  # fmt: skip
    for plugin in plugins:
        command += ["--plugin", plugin]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}  # for tests.toygame
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200], help="concurrent tables per run")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each run")
    parser.add_argument(
        "--game", default="biosphere5", help="game to play (toy: the test game, loaded as a plugin)"
    )
    parser.add_argument(
        "--think", type=float, default=0.5, help="mean seconds a seat thinks before it acts (0: flat out)"
    )
    parser.add_argument("--url", help="a running server (default: start one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        plugins = ["tests.toygame"] if args.game == "toy" else []
        process, base = (None, args.url) if args.url else start_server(Path(folder), plugins)
        try:
            print(f"server {base}, game {args.game}, {args.seconds:.0f} s per run, think {args.think} s")
            columns = ("tables", "actions", "games", "act/s", "p50 ms", "p99 ms", "max ms")
            print(" ".join(f"{c:>8}" for c in columns), "errors")
            for tables in args.tables:
                stats = asyncio.run(run(base, args.game, tables, args.seconds, args.think))
                trips = [t * 1000 for t in stats.round_trips]
                if not trips:
                    print(f"{tables:>8} no action completed; errors: {stats.errors[:3]}")
                    continue
                print(
                    f"{tables:>8} {len(trips):>8} {stats.games:>8} {len(trips) / args.seconds:>8.0f} "
                    f"{statistics.median(trips):>8.1f} {percentile(trips, 0.99):>8.1f} {max(trips):>8.1f} "
                    f"{len(stats.errors)} {sorted(set(stats.errors))[:3]}"
                )
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)


if __name__ == "__main__":
    main()
