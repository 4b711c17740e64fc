"""Shared set-up for the web table tests: an app on a fresh SQLite file, with the toy game registered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import tests.toygame  # noqa: F401  (registers "toy")
from cardtable.web import create_app
from cardtable.web.limits import Limits

from .helpers import LiveServer, free_port


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # no rate limit: these tests play flat out from one address (tests/web/test_limits.py checks them);
    # bots think in threads here (tests/web/test_limits.py checks the thinking processes of a real server)
    limits = Limits.relaxed(bot_workers=0)
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as test_client:
        yield test_client


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(f"sqlite:///{tmp_path / 'live.db'}", free_port(), log=tmp_path / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium, once per test process (tests open pages in contexts of their own)."""
    from playwright.sync_api import sync_playwright

    from .browser import launch

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One real server for every browser test of a test process (starting one takes seconds)."""
    folder = tmp_path_factory.mktemp("web")
    server = LiveServer(f"sqlite:///{folder / 'web.db'}", free_port(), log=folder / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()
