"""The browser tests' one set-up: Debian's Chromium driven by Playwright, a page at a desktop's or a
phone's width, and waiting for the table to move on. The fixtures (`browser`, `web_server`: one real
server per test process) are in conftest.py."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from .helpers import ROOT
from .patience import patience_ms

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / "reports" / "screenshots"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: a desktop and a phone (390 px: the width the issue's phone has), each with its height
WIDTHS = {1280: 900, 390: 844}

#: marks a test that needs Debian's chromium (the web extra has Playwright, not a browser)
browser_only = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("chromium") is None, reason="Debian's chromium is not installed"
)


def launch(playwright: Any) -> Any:
    # Playwright gives every launch a fresh, empty profile (its own --user-data-dir)
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)


def new_context(browser: Any, **options: Any) -> Any:
    """A browser context whose waits (Playwright's 30 s for an action, 5 s for an `expect`) are scaled to
    the machine (`patience`), as every wall-clock limit of the web tests is."""
    from playwright.sync_api import expect

    context = browser.new_context(**options)
    context.set_default_timeout(patience_ms(30_000))
    context.set_default_navigation_timeout(patience_ms(30_000))
    expect.set_options(timeout=patience_ms(5_000))
    return context


def open_page(browser: Any, url: str | None = None, width: int = 1280, **context: Any) -> Any:
    """A page in a context of its own (closing the page's context closes both), `width` px wide."""
    viewport = {"width": width, "height": WIDTHS.get(width, 900)}
    page = new_context(browser, viewport=viewport, **context).new_page()
    if url is not None:
        page.goto(url)
    return page


def close(page: Any) -> None:
    page.context.close()


def move_of(page: Any) -> int:
    """The move number the page last drew (-1 before its first drawing)."""
    value = page.evaluate("document.body.dataset.move")
    return int(value) if value is not None else -1


def wait_move(page: Any, before: int, timeout: float = 20000) -> None:
    """Wait until the page has drawn a move after `before` (up to `timeout` ms, scaled: `patience`)."""
    page.wait_for_function(
        "(b) => Number(document.body.dataset.move) > b", arg=before, timeout=patience_ms(timeout)
    )


def screenshot(page: Any, name: str, *, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page.screenshot(path=str(path), full_page=full_page)
    return path
