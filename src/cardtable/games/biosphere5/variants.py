"""The game as registered: the basic game, with The Abyss and Man against Machine as classes of their own
that the options pick (`variant_class`), so the basic game's module never imports its variants."""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.core import register
from cardtable.core.game import OptionValue

from .abyss import AbyssGame
from .machine import MachineGame
from .rules import Biosphere5


def variant_class(options: Mapping[str, OptionValue]) -> type[Biosphere5]:
    """The class that plays `options`: the Machine's (solo=machine), The Abyss's (abyss=true), or the
    basic game's."""
    specs = {spec.name: spec for spec in Biosphere5.option_specs}
    if "solo" in options and specs["solo"].parse(options["solo"]) == "machine":
        return MachineGame
    if "abyss" in options and specs["abyss"].parse(options["abyss"]):
        return AbyssGame
    return Biosphere5


register(Biosphere5, variants=variant_class)
