"""Issue 27's figures of the web table, measured in Debian's Chromium on a real server: for every game and
mode, at 1280x800 and 390x844, a whole game played by a person who clicks at random among what the table
offers (cards, cells and tokens more often than buttons), the other seats random bots (Dino Battles'
heuristic bots: between random players it may never end) or the rulebook's automaton. Per game and mode:

- clicks per move (the person's clicks between two moves sent, mean, and the share of moves in <= 2);
- buttons per decision (visible move buttons at each update, max and mean);
- page height at 1280x800 and at 390x844 (max and median over the updates);
- the decision bar's share of the screen's height at 390x844 (max and median);
- the smallest text on the table (px, at 1280);
- the JavaScript sent to a table (gzip) and the table's first drawing (ms after navigation).

    PYTHONPATH=src:. .venv/bin/python scripts/table_figures.py [--games race-for-the-galaxy ...]
        [--widths 1280 390] [--out reports/table-figures.json] [--shots DIR]
    PYTHONPATH=src:. .venv/bin/python scripts/table_figures.py --report BEFORE.json AFTER.json

With `--shots DIR` it also saves what the person sees (the window, not the whole page) at their 2nd and
20th decisions and at the end, as DIR/<game>-<mode>-<width>-<moment>.png, to look at every table.

It reads only what any version of the table page has (the move number on <body>, the decision panel
#decision, buttons in it, clickable cards on #board), so the same script measures before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright
from tests.web.browser import close, launch, open_page
from tests.web.helpers import LiveServer, free_port
from tests.web.test_table_play import modes_of, seat_kinds

from cardtable.core import game_names

VIEWPORTS = {1280: 800, 390: 844}

#: counts the moves the page sends (whatever the page's own code): wraps WebSocket.send
COUNT_SENDS = """
(() => {
  window.__sent = 0;
  window.__lastSent = null;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try {
      const message = JSON.parse(data);
      if (message.type === 'action') { window.__sent += 1; window.__lastSent = message.action; }
    } catch (err) { /* not JSON */ }
    return send.call(this, data);
  };
})();
"""

#: one update (scripts/table_figures.js): wait (after a move was sent) until the table moved on and
#: offers something or is over; then measure it and aim the next click
UPDATE = "\n".join(
    line
    for line in (Path(__file__).parent / "table_figures.js").read_text().splitlines()
    if not line.startswith("//")
)

FIRST_DRAWING = "() => document.body.dataset.move !== undefined && performance.now()"


#: the person's decisions (counted from 1) at which `--shots` saves the window
SHOT_DECISIONS = {2: "early", 20: "mid"}


def play(
    browser: Any, server: LiveServer, game: str, mode: str, options: dict[str, Any], width: int,
    shots: Path | None = None,
) -> dict:  # fmt: skip
    seats = seat_kinds(server, game, options)
    body = {"game": game, "options": options, "seats": seats, "names": ["You"], "seed": 7}
    table = httpx.post(f"{server.url}/api/tables", json=body, timeout=10).json()
    page = open_page(browser, width=width)
    page.set_viewport_size({"width": width, "height": VIEWPORTS[width]})
    page.add_init_script(COUNT_SENDS)
    scripts: dict[str, bytes] = {}

    def keep(response: Any) -> None:
        url = response.url
        if "/static/" in url and (url.endswith(".js") or url.endswith(".json")):
            with contextlib.suppress(Exception):  # a response without a body (a redirect)
                scripts[url] = response.body()

    page.on("response", keep)
    page.goto(server.url + table["seats"][0]["link"])
    first = page.wait_for_function(FIRST_DRAWING, timeout=30000).json_value()
    rng = random.Random(f"{game} {mode} {width}")
    updates: list[dict[str, Any]] = []
    per_move: list[int] = []
    clicks = 0
    before, waiting, sent = -1, False, 0
    started = time.monotonic()
    for _ in range(3000):
        snap = page.evaluate(UPDATE, {"before": before, "waiting": waiting, "r1": rng.random(),
                                      "r2": rng.random(), "share": 0.7})  # fmt: skip
        if snap.get("timeout"):
            raise AssertionError(f"{game} [{mode}] at {width}: the table did not move on: {snap['text']}")
        if snap["over"]:
            updates.append({"height": snap["height"]})
            shoot(page, shots, game, mode, width, "end")
            break
        updates.append(snap)
        if "buttons" in snap and (moment := SHOT_DECISIONS.get(sum("buttons" in u for u in updates))):
            shoot(page, shots, game, mode, width, moment)
        if len(updates) % 200 == 0:  # a long game's progress
            print(f"  {game} [{mode}] {width} px: move {snap['move']}", flush=True)
        page.mouse.click(snap["x"], snap["y"])
        clicks += 1
        now = page.evaluate("window.__sent")
        if now > sent:
            per_move.append(clicks)
            clicks, sent = 0, now
            before, waiting = snap["move"], True
        else:
            before, waiting = snap["move"], False
    else:
        raise AssertionError(f"{game} [{mode}] at {width}: the game did not end")
    seconds = time.monotonic() - started
    close(page)
    js = [body for url, body in scripts.items() if url.endswith(".js")]
    data = [body for url, body in scripts.items() if url.endswith(".json")]
    decisions = [u for u in updates if "buttons" in u]
    heights = [u["height"] for u in updates]
    return {
        "game": game, "mode": mode, "width": width, "moves": len(per_move), "seconds": round(seconds, 1),
        "clicks_per_move": round(statistics.mean(per_move), 2) if per_move else None,
        "moves_in_2_clicks": round(sum(c <= 2 for c in per_move) / len(per_move), 3) if per_move else None,
        "buttons_max": max((u["buttons"] for u in decisions), default=0),
        "buttons_mean": round(statistics.mean(u["buttons"] for u in decisions), 1) if decisions else 0,
        "height_max": max(heights), "height_median": int(statistics.median(heights)),
        "bar_share_max": round(max((u["panel"] / u["inner"] for u in decisions), default=0), 3),
        "bar_share_median": round(statistics.median(u["panel"] / u["inner"] for u in decisions), 3)
        if decisions else 0,
        "smallest_text_px": min((u["smallest"] for u in decisions), default=None),
        "js_gzip": sum(len(gzip.compress(b, 6)) for b in js),
        "data_gzip": sum(len(gzip.compress(b, 6)) for b in data),
        "first_drawing_ms": round(first),
    }  # fmt: skip


def shoot(page: Any, shots: Path | None, game: str, mode: str, width: int, moment: str) -> None:
    """Save the window as the person sees it now, into `shots` (None: no screenshots)."""
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        name = "-".join([game, mode.replace(" ", "_"), str(width), moment])
        page.screenshot(path=str(shots / f"{name}.png"))


def report(before: list[dict], after: list[dict]) -> str:
    """A Markdown table of two runs side by side ("before → after"), per game and mode."""
    rows = {(r["game"], r["mode"], r["width"]): r for r in before}
    lines = [
        "| game, mode | px | clicks per move | moves in ≤ 2 clicks | buttons max / mean | page height max "
        "| bar share max (390) | smallest text | first drawing ms |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for new in after:
        old = rows.get((new["game"], new["mode"], new["width"]))
        if old is None:
            continue

        def pair(key: str, o: dict = old, n: dict = new) -> str:
            return f"{o[key]} → {n[key]}"

        bar = pair("bar_share_max") if new["width"] == 390 else ""
        lines.append(
            f"| {new['game']} {new['mode']} | {new['width']} | {pair('clicks_per_move')} "
            f"| {pair('moves_in_2_clicks')} "
            f"| {old['buttons_max']} / {old['buttons_mean']} → {new['buttons_max']} / {new['buttons_mean']} "
            f"| {pair('height_max')} | {bar} | {pair('smallest_text_px')} | {pair('first_drawing_ms')} |"
        )
    js = f"{before[0]['js_gzip']} → {after[0]['js_gzip']}" if before and after else ""
    return "\n".join(lines) + f"\n\nJavaScript sent to a table (gzip, bytes): {js}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--modes", nargs="*", default=None, help="only these modes (by name)")
    parser.add_argument("--widths", nargs="*", type=int, default=[1280, 390])
    parser.add_argument("--out", type=Path, default=Path("reports/table-figures.json"))
    parser.add_argument("--shots", type=Path, default=None, help="save screenshots of the window here")
    parser.add_argument("--report", nargs=2, type=Path, metavar=("BEFORE", "AFTER"), help="compare two runs")
    args = parser.parse_args()
    if args.report:
        print(report(*(json.loads(path.read_text()) for path in args.report)))
        return
    results = []
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(f"sqlite:///{Path(folder) / 'figures.db'}", free_port(), log=Path(folder) / "log")
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                for game in args.games or [g for g in game_names() if g != "toy"]:
                    for mode, options in modes_of(game):
                        if args.modes and mode not in args.modes:
                            continue
                        for width in args.widths:
                            row = play(browser, server, game, mode, options, width, args.shots)
                            results.append(row)
                            print(json.dumps(row), flush=True)
                browser.close()
        finally:
            server.stop()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
