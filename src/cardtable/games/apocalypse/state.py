"""The state of a game of Cards Against the Apocalypse: plain data, JSON round-trip via msgspec.

Card ids index `Catalog.cards` (cards.toml expanded copy by copy). Deck lists have their top card
first. Every card is in exactly one place: a deck, the card pool, the discard pile, the board (as a
tile, or as the Earthquake lying on a tile), a seat's abilities, the used abilities, the resolved
catastrophes, the current catastrophe or the card in hand (`held`).
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from cardtable.core import Auto, Choice, Queue, Rng, Said, Step


class Tile(msgspec.Struct):
    """A card on the board."""

    card: int
    unstable: bool = False  # turned upside down once
    quake: int = -1  # the Earthquake card lying on this mechanism (disabled), or -1


class ApoStep(Step):
    """Any step of a game of Cards Against the Apocalypse (`cardtable.core.steps`): the state's queue
    holds these. The round's steps are in `rules.py`, the abilities' in `abilities.py`, the
    catastrophes' in `catastrophes.py`; their methods receive the card catalog and the state."""

    #: the round step the views name while this step is at the head of the queue (`step` of a view)
    stage: ClassVar[str]

    def view_step(self) -> str:
        """The round step a view names while this step is at the head of the queue."""
        return self.stage


class ApoAuto(ApoStep, Auto):
    """A step nobody decides (drawing the pool, the needs check, the round's end)."""


class ApoChoice(ApoStep, Choice):
    """A decision of `seat` (its tag is the `Decision.kind`)."""


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
    #: the steps still to run, the head first (the pending decision); empty once the game is over
    steps: Queue[ApoStep] = []
    leader: int = 0  # the seat that starts the round's turns and decides for the catastrophe
    turn: int = 0  # 0..2: whose step-3 turn within the round (leader + turn)
    skip_turns: bool = False  # Volcanic Eruption: no step-3 turns this round
    workforce_spent: int = 0
    protected: int = -1  # card protected from turning until the round ends (Use Reserves)
    held: int = -1  # a card in hand, to be put on the board
    held_unstable: bool = False
    # --- the end ---------------------------------------------------------------------------------
    trios: int = 0
    points: int = 0
    #: public narration, oldest first (a round's opening as a marked line)
    log: list[Said] = []
