"""Biomechanic Dino Battles — the deckbuilding game for 2 to 4 players (registered as 'dino-battles')."""

from .game import DinoBattles

__all__ = ["DinoBattles"]
