"""Biosphere 5: the basic game for 2, 3 and 4 (teams) players, The Abyss, and Man against Machine."""

from .abyss import AbyssGame
from .machine import MachineGame
from .rules import Biosphere5
from .variants import variant_class

__all__ = ["AbyssGame", "Biosphere5", "MachineGame", "variant_class"]
