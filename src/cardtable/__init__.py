"""cardtable: the digital table for five tabletop card games."""

__version__ = "0.1.0"


def _load_games() -> None:
    """Import every game package (each registers itself): the registry's loader (`core.game`)."""
    from cardtable import games

    games.load()


def _set_up() -> None:
    from cardtable.core.game import set_games_loader

    set_games_loader(_load_games)


_set_up()
