"""The state of a game of Cards Against the Apocalypse: plain data, JSON round-trip via msgspec.

Card ids index `Catalog.cards` (cards.toml expanded copy by copy). Deck lists have their top card
first. Every card is in exactly one place: a deck, the card pool, the discard pile, the board (as a
tile, or as the Earthquake lying on a tile), a seat's abilities, the used abilities, the resolved
catastrophes, the current catastrophe or the card in hand (`held`).
"""

from __future__ import annotations

import msgspec

from cardtable.core import Rng


class Tile(msgspec.Struct):
    """A card on the board."""

    card: int
    unstable: bool = False  # turned upside down once
    quake: int = -1  # the Earthquake card lying on this mechanism (disabled), or -1


class ApocalypseState(msgspec.Struct):
    rng: Rng
    building_deck: list[int]
    natural_decks: dict[str, list[int]]  # keyed by the resource the deck gives: "energy", "water"
    catastrophe_deck: list[int]
    abilities: list[list[int]]  # unused ability cards of each seat
    # --- public piles and the board --------------------------------------------------------------
    board: dict[str, Tile] = {}
    pool: list[int] = []
    discard: list[int] = []
    used_abilities: list[int] = []
    resolved: list[int] = []  # catastrophes that took effect and left the game
    catastrophe: int = -1  # the catastrophe drawn this round
    dead: list[int] = []  # living cards discarded from the board (each costs 1 point)
    # --- what every seat knows about the decks ---------------------------------------------------
    deck_known: int = 0  # the top `deck_known` building cards were seen (Research)
    catastrophe_known: bool = False  # the top catastrophe was seen (Weather Report)
    # --- where we are ----------------------------------------------------------------------------
    round: int = 0  # 0 during set-up, then 1..7
    step: str = "setup"  # setup, round-start, draw, window, turn, discard, needs, catastrophe, end, over
    leader: int = 0  # the seat that starts the round's turns and decides for the catastrophe
    turn: int = 0  # 0..2: whose step-3 turn within the round (leader + turn)
    skip_turns: bool = False  # Volcanic Eruption: no step-3 turns this round
    workforce_spent: int = 0
    protected: int = -1  # card protected from turning until the round ends (Use Reserves)
    # an ability window: each seat in turn may use abilities or pass, then `after` follows
    window_seat: int = -1
    window_left: int = 0
    after: str = ""
    # a task: a short chain of decisions of one seat (an ability, or placing a catastrophe)
    task: str = ""
    task_seat: int = -1
    held: int = -1  # a card in hand, to be put on the board
    held_unstable: bool = False
    # --- the end ---------------------------------------------------------------------------------
    trios: int = 0
    points: int = 0
    log: list[str] = []
