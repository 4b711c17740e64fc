"""How much the property tests explore: the same examples on every ordinary run, fresh ones in `make fuzz`.

An ordinary run (`make test`, CI, a fresh clone) is reproducible: Hypothesis is derandomised (each test
draws the same examples on every machine and run, from a seed made of the test's name) and keeps no
example database, so no run depends on an earlier one. `make fuzz` sets CARDTABLE_FUZZ to a factor:
each property test then draws that many times its usual number of examples from fresh random seeds,
and the failures it finds are kept in `.hypothesis/`, to be tried first by the next fuzz run.
"""

from __future__ import annotations

import os

from hypothesis import settings

#: how many times its usual examples each property test draws (0: an ordinary, reproducible run)
FUZZ = int(os.environ.get("CARDTABLE_FUZZ") or 0)
#: Hypothesis's own default number of examples, for tests that do not set theirs
USUAL_EXAMPLES = 100

# no per-example deadline: the machines are shared, and a slow example is not a wrong one
settings.register_profile("cardtable", deadline=None, derandomize=True, print_blob=True)
settings.register_profile(
    "fuzz", deadline=None, derandomize=False, print_blob=True, max_examples=USUAL_EXAMPLES * max(FUZZ, 1)
)


def load_profile() -> None:
    settings.load_profile("fuzz" if FUZZ else "cardtable")


def examples(usual: int) -> int:
    """The number of examples for a test that draws `usual` in an ordinary run."""
    return usual * FUZZ if FUZZ else usual
