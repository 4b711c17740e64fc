"""The game as registered: the multi-player game, with the solitaire game against the robot as a class
of its own that the options pick (`variant_class`), so the base game's module never imports it."""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.core import register
from cardtable.core.game import OptionValue

from .game import RaceForTheGalaxy
from .solo import RobotGame


def variant_class(options: Mapping[str, OptionValue]) -> type[RaceForTheGalaxy]:
    """The class that plays `options`: the robot's (solo=robot) or the multi-player game's."""
    solo = next(spec for spec in RaceForTheGalaxy.option_specs if spec.name == "solo")
    if "solo" in options and solo.parse(options["solo"]) == "robot":
        return RobotGame
    return RaceForTheGalaxy


register(RaceForTheGalaxy, variants=variant_class)
