"""Helpers for the web tests: creating and playing tables over the API, and a real server process."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from .patience import patience

ROOT = Path(__file__).resolve().parents[2]


def run_apart(coroutine: Coroutine[Any, Any, Any], timeout: float = 60) -> Any:
    """Run `coroutine` to its end on an event loop of its own, in a thread of its own: an earlier test in
    this process (a browser test) may have left an event loop running in this thread, where
    `asyncio.run` refuses to start."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result(timeout=patience(timeout))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def new_table(client: Any, game: str = "toy", **body: Any) -> dict[str, Any]:
    """A new table; its people are asked at every decision unless the test says otherwise, so a test
    that sends each move itself meets no move played for it."""
    body.setdefault("ask_every_window", True)
    response = client.post("/api/tables", json={"game": game, **body})
    assert response.status_code == 201, response.text
    return response.json()


def tokens(table: dict[str, Any]) -> list[str | None]:
    return [seat.get("token") for seat in table["seats"]]


def state(client: Any, table_id: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    response = client.get(f"/api/tables/{table_id}", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def play(client: Any, table_id: str, token: str, action: str, move: int) -> httpx.Response:
    return client.post(
        f"/api/tables/{table_id}/actions", json={"token": token, "action": action, "move": move}
    )


def play_out(client: Any, table: dict[str, Any], limit: int = 500, timeout: float = 20.0) -> dict[str, Any]:
    """Play every human seat's first legal action until the game ends (bots move by themselves)."""
    seat_tokens = tokens(table)
    deadline = time.monotonic() + patience(timeout)
    spectator = state(client, table["table"])
    for _ in range(limit):
        spectator = state(client, table["table"])
        if spectator["result"] is not None:
            return spectator
        decision = spectator["decision"]
        token = seat_tokens[decision["seat"]]
        if token is None:  # a bot's turn: give it a moment
            assert time.monotonic() < deadline, "a bot did not move"
            time.sleep(0.01)
            continue
        mine = state(client, table["table"], token)
        if not mine["legal"]:  # the table moved on between the two reads (a forced move, a bot)
            assert time.monotonic() < deadline, "the seat was never asked"
            continue
        response = play(client, table["table"], token, mine["legal"][0], mine["move"])
        assert response.status_code == 200, response.text
    return spectator


def whole(message: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """A WebSocket state message made whole, as the browser does: an update after a move carries only
    the log lines the watcher lacks, after `log_from` (it keeps that many lines of `before`)."""
    if message.get("type") != "state" or "log_from" not in message:
        return message
    assert before is not None and len(before["log"]) >= message["log_from"], "an update with no whole state"
    made = {key: value for key, value in message.items() if key != "log_from"}
    made["log"] = before["log"][: message["log_from"]] + message["log"]
    return made


def wait_until(predicate: Any, timeout: float = 10.0, step: float = 0.01) -> Any:
    """The first true value of `predicate()`, asked every `step` s for up to `timeout` s (scaled to the
    machine: `patience`)."""
    deadline = time.monotonic() + patience(timeout)
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(step)


class LiveServer:
    """`cardtable serve` as a real process (with the toy game as a plugin) on a loopback port."""

    def __init__(
        self,
        database_url: str,
        port: int,
        bot_delay: float = 0.0,
        log: Path | None = None,
        *,
        rate_limits: bool = False,
        workers: int = 1,
        env: dict[str, str] | None = None,
        prefix: list[str] | None = None,
    ) -> None:
        """`rate_limits`: the per-address rates of a public server (off by default: tests play flat out
        from one address); `workers`: server processes; `env`: e.g. CARDTABLE_LIMIT_* variables;
        `prefix`: a command the server runs under (e.g. `prlimit` with a lower open-file limit)."""
        self.database_url = database_url
        self.log = log or Path(f"/tmp/cardtable-live-{port}.log")
        self.port = port
        self.bot_delay = bot_delay
        self.rate_limits = rate_limits
        self.workers = workers
        self.env = env or {}
        self.prefix = prefix or []
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        # this checkout's code (src), whatever cardtable the environment has installed, and the toy game
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]), **self.env}
        command = [
            *self.prefix, sys.executable, "-c", "from cardtable.cli import main; main()", "serve",
            "--port", str(self.port), "--database-url", self.database_url,
            "--plugin", "tests.toygame", "--bot-delay", str(self.bot_delay),
            "--workers", str(self.workers), "--rate-limits" if self.rate_limits else "--no-rate-limits",
        ]  # fmt: skip
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
        started = time.monotonic()
        deadline = started + patience(90)  # a loaded machine can take long to import everything
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.log.read_text(errors="replace")
                raise AssertionError(f"the server exited: {output}")
            try:
                if httpx.get(self.url + "/static/hints.json", timeout=patience(5)).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        output = self.log.read_text(errors="replace")
        raise AssertionError(f"the server did not answer in {time.monotonic() - started:.0f} s: {output}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def served(tmp_path: Path, env: dict[str, str], *, rate_limits: bool = True) -> LiveServer:
    """A `LiveServer` started on a SQLite file in `tmp_path`, with a public server's per-address rates
    (unless `rate_limits` is False) and the limits `env` sets (CARDTABLE_LIMIT_*)."""
    server = LiveServer(
        f"sqlite:///{tmp_path / 'live.db'}",
        free_port(),
        log=tmp_path / "server.log",
        rate_limits=rate_limits,
        env=env,
    )
    server.start()
    return server
