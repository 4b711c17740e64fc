"""How long a visitor's quick bot (random) takes to answer while other visitors' searching bots (ISMCTS)
think: a loopback measurement of the web table's bot pools (issue 32, fault 4).

Starts `cardtable serve` from a checkout (`--root`, default this one) with its public limits and the
default bot delay (0.6 s, which every answer below includes), on a SQLite file. Then `--addresses`
visitors (127.0.0.2, 127.0.0.3, ...: the whole of 127/8 is loopback) make `--search-tables` tables of
ISMCTS bots playing each other, spread over them; once they think, one more visitor plays the toy game
against a random bot over a WebSocket, and each of its bot's decisions is timed from the update that
gives it the decision to the update with its move. (The toy game has no heuristic bot:
tests/web/test_bots.py times a heuristic one of Biosphere 5.)

    .venv/bin/python scripts/bot_latency.py --search-tables 8 --addresses 1
    .venv/bin/python scripts/bot_latency.py --search-tables 90 --addresses 12 --root /tmp/before --json
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect


def start(root: Path, folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [sys.executable, "-c", "from cardtable.cli import main; main()", "serve", "--port", str(port),
               "--database-url", f"sqlite:///{folder / 'bots.db'}", "--plugin", "tests.toygame"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "src"), str(root)])}
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=30).status_code == 200:
                return process, port
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def client(port: int, address: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60, transport=transport)


def measure(port: int, decisions: int, seconds: float) -> list[float]:
    """Play the toy game against a random bot from 127.0.0.200; each bot decision's answer time."""
    with client(port, "127.0.0.200") as me:
        table = me.post(
            "/api/tables", json={"game": "toy", "seats": ["human", "random"], "ask_every_window": True}
        )
        table.raise_for_status()
        made = table.json()
    sock = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.200", 0))
    answers: list[float] = []
    deadline = time.monotonic() + seconds
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{made['table']}", sock=sock) as ws:
        json.loads(ws.recv(timeout=60))
        ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
        latest = json.loads(ws.recv(timeout=60))
        asked = time.monotonic() if latest["decision"] and latest["decision"]["seat"] == 1 else None
        while len(answers) < decisions and time.monotonic() < deadline:
            if latest["result"] is not None:  # a new game, the bot moving second
                return answers + measure(port, decisions - len(answers), deadline - time.monotonic())
            if latest["decision"]["seat"] == 0:
                action, move = latest["legal"][0], latest["move"]
                ws.send(json.dumps({"type": "action", "action": action, "move": move, "ack": "update"}))
            try:
                latest = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            except TimeoutError:  # the time is up: a decision still unanswered counts as its wait so far
                if asked is not None:
                    answers.append(time.monotonic() - asked)
                break
            bot_to_move = latest["result"] is None and latest["decision"]["seat"] == 1
            if asked is not None and not bot_to_move:
                answers.append(time.monotonic() - asked)
                asked = None
            if bot_to_move and asked is None:
                asked = time.monotonic()
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--root", type=Path, default=Path(__file__).resolve().parents[1], help="the checkout to serve"
    )
    parser.add_argument(
        "--search-tables", type=int, default=8, help="tables of ISMCTS bots thinking meanwhile"
    )
    parser.add_argument("--addresses", type=int, default=1, help="visitors they are spread over")
    parser.add_argument("--decisions", type=int, default=30, help="bot decisions to time")
    parser.add_argument("--seconds", type=float, default=240, help="longest measurement")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, port = start(args.root, Path(folder))
        try:
            for index in range(args.search_tables):
                with client(port, f"127.0.0.{2 + index % args.addresses}") as visitor:
                    body = {"game": "biosphere5", "seats": ["ismcts", "ismcts"]}
                    visitor.post("/api/tables", json=body).raise_for_status()
            time.sleep(3)  # they are thinking now
            answers = measure(port, args.decisions, args.seconds)
        finally:
            process.terminate()
            process.wait(30)
    answers.sort()
    p99 = answers[min(len(answers) - 1, round(0.99 * (len(answers) - 1)))] if answers else float("nan")
    figures = {
        "root": str(args.root),
        "search_tables": args.search_tables,
        "addresses": args.addresses,
        "kind": "random",
        "decisions": len(answers),
        "p50_s": round(statistics.median(answers), 3) if answers else None,
        "p99_s": round(p99, 3),
        "max_s": round(answers[-1], 3) if answers else None,
    }
    print(json.dumps(figures) if args.json else figures)


if __name__ == "__main__":
    main()
