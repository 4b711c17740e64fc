"""Shared test set-up: the toy game is registered for every test (it is not a production game)."""

import tests.toygame  # noqa: F401  (registers the game "toy")
