"""Cards Against the Apocalypse: the cooperative shelter-building card game for 3 players.

Importing this package registers the game under the name `apocalypse`.
"""

from .rules import Apocalypse

__all__ = ["Apocalypse"]
