"""Shared test set-up.

- The toy game is registered for every test (it is not a production game).
- Hypothesis is reproducible (derandomised, no example database) unless `make fuzz` asks for fresh
  examples: see `tests/fuzzing.py`.
"""

import tests.toygame  # noqa: F401  (registers the game "toy")
from tests import fuzzing

fuzzing.load_profile()
