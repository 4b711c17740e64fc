"""Biosphere 5: the basic game for 2, 3 and 4 (teams) players."""

from .rules import Biosphere5

__all__ = ["Biosphere5"]
