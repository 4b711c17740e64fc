"""The web pages' name for a seat (static/js/dom.js `seatName`, used by the table, the log and the
replay): the seat's name at the table, else the default the table gives a seat ("Player 2",
`web.newtable`), never a raw index ("seat 1")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

DOM = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "static" / "js" / "dom.js"
SCRIPT = """
const { seatName } = await import(process.argv[1]);
const seats = [{ name: "Ann" }, { name: "Random bot 2" }];
console.log(JSON.stringify([seatName(seats, 0), seatName(seats, 1), seatName(seats, 2), seatName(null, 0)]));
"""


def test_a_seat_without_a_name_is_called_as_the_table_calls_it() -> None:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT, DOM.as_uri()],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == ["Ann", "Random bot 2", "Player 3", "Player 1"]


def test_no_page_falls_back_to_a_raw_seat_index() -> None:
    static = DOM.parents[1]
    pages = [static / "replay.js", static / "render.js", static / "table.js", *static.glob("js/*.js")]
    raw = [p.name for p in pages if "`seat ${" in p.read_text().lower()]
    assert raw == []
