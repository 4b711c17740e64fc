"""The web tests' one wall-clock setting.

A web test waits for something that will happen: a server to answer, a page to draw, a bot to move, a
message to arrive. On a starved machine all of it takes longer, and a fixed limit turns slowness into a
red run. So every such limit is the time it takes on a quiet machine, with room, times one factor:
`CARDTABLE_TEST_SLOWDOWN` if it is set, else the machine's load per core at the moment the wait begins
(the one-minute load average over the cores; never below 1, at most 10). A limit still ends every wait:
a server that never answers fails the test, only later on a busy machine.
"""

from __future__ import annotations

import os

VARIABLE = "CARDTABLE_TEST_SLOWDOWN"
MOST = 10.0


def slowdown() -> float:
    """The factor every wall-clock limit of the web tests is multiplied by (see the module's text)."""
    given = os.environ.get(VARIABLE)
    if given:
        try:
            factor = float(given)
        except ValueError:
            raise ValueError(f"{VARIABLE} must be a number of at least 1, not {given!r}") from None
        if factor < 1:
            raise ValueError(f"{VARIABLE} must be a number of at least 1, not {given!r}")
        return factor
    return min(MOST, max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1)))


def patience(seconds: float) -> float:
    """`seconds`, the limit on a quiet machine, scaled to this one now."""
    return seconds * slowdown()


def patience_ms(milliseconds: float) -> float:
    """The same, in the milliseconds Playwright counts."""
    return milliseconds * slowdown()
