"""Shared test set-up.

- The toy game is registered for every test (it is not a production game).
- Hypothesis runs without per-example deadlines: the CI machine is shared, and a slow example is not
  a wrong one.
"""

from hypothesis import settings

import tests.toygame  # noqa: F401  (registers the game "toy")

settings.register_profile("cardtable", deadline=None)
settings.load_profile("cardtable")
