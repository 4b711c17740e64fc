"""Race for the Galaxy: the base game and its three expansions for 2 (expert rules) to 6 players, and the
solitaire game against the robot (registered as 'race-for-the-galaxy')."""

from .game import RaceForTheGalaxy
from .solo import RobotGame
from .variants import variant_class

__all__ = ["RaceForTheGalaxy", "RobotGame", "variant_class"]
