"""Race for the Galaxy, base game, 2 (expert rules) to 4 players (registered as 'race-for-the-galaxy')."""

from .game import RaceForTheGalaxy

__all__ = ["RaceForTheGalaxy"]
