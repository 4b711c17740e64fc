"""The games. Each lives in its own package and registers itself when imported."""

import importlib

#: Packages of the games that are part of cardtable, in the order `cardtable games` lists them.
GAME_PACKAGES = ("biosphere5", "apocalypse", "dino_battles", "fifty_first_state", "race_for_the_galaxy")

_loaded = False


def load() -> None:
    """Import every game package once, so each registers itself.

    Marked done only after every import succeeded: a package that fails to import fails every call,
    rather than leaving a registry that silently lacks a game.
    """
    global _loaded
    if _loaded:
        return
    for package in GAME_PACKAGES:
        importlib.import_module(f"{__name__}.{package}")
    from .race_for_the_galaxy_parts import load as declare_rftg_parts  # RftG: removed with the expansions

    declare_rftg_parts()
    _loaded = True
