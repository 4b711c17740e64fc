"""51st State: Master Set — the base game for 2 to 4 players (registered as '51st-state')."""

from .game import FiftyFirstState

__all__ = ["FiftyFirstState"]
