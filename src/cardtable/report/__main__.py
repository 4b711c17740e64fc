"""`python -m cardtable.report GAME FOLDER`: the same as `cardtable report GAME FOLDER`."""

from __future__ import annotations

import sys

from cardtable.cli import app

if __name__ == "__main__":
    app(["report", *sys.argv[1:]], prog_name="cardtable")
