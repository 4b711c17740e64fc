"""The state of a game of 51st State: plain data, JSON round-trip via msgspec.

Cards are card keys ('gun-shop'); copies of a location are alike, so a hand is a list of keys. A
location in a player's State is a `Site` at a fixed position (1-based in the notation): developing
replaces the card in place and a razed location stays where it is as a Ruin.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from cardtable.core import Auto, Choice, Queue, Rng, Said, Step

#: the phases of a round (RESEARCH.md §2.3), after the set-up's "keep 4 of 6"
PHASES = ("setup", "lookout", "action", "cleanup", "over")
Phase = Literal["setup", "lookout", "action", "cleanup", "over"]
#: how a game ends (`Result.termination`; RULES.md "End of the game", the solo game's end); its words
#: are in game.toml, in this order
Termination = Literal["end-score", "beat-virtual", "tie-lost", "virtual-more"]


class FiftyStep(Step):
    """Any step of a game of 51st State (`cardtable.core.steps`): the state's queue holds these. The
    round's own steps are in `rules.py`, the Lookout's in `lookout.py`, the Action phase's (an action
    chosen, paid and carried out) in `actions.py`, the solo game's virtual player's in
    `virtual_player.py`; their methods receive the card catalog."""


class FiftyAuto(FiftyStep, Auto):
    """A step nobody decides (a reveal, production, carrying out a paid action, the virtual player)."""


class FiftyChoice(FiftyStep, Choice):
    """A decision of `seat` (its tag is the `Decision.kind`)."""


class Site(msgspec.Struct):
    """A location in a player's State: the card, whether it is a Ruin, this round's activations, and
    the goods lying on it (a cache Feature's goods, or what a storage Feature keeps over Cleanup)."""

    key: str
    ruin: bool = False
    uses: int = 0
    held: dict[str, int] = msgspec.field(default_factory=dict)
    defended: bool = False


class Player(msgspec.Struct):
    faction: str
    hand: list[str] = msgspec.field(default_factory=list)  # location cards
    #: the part of `hand` every player knows (cards taken face up in the Lookout), a sub-multiset
    known: list[str] = msgspec.field(default_factory=list)
    connections: list[str] = msgspec.field(default_factory=list)  # Connection cards in hand (public)
    sites: list[Site] = msgspec.field(default_factory=list)
    deals: list[str] = msgspec.field(default_factory=list)  # location cards tucked as deals
    supply: dict[str, int] = msgspec.field(default_factory=dict)
    vp: int = 0
    passed: bool = False
    faction_used: list[str] = msgspec.field(default_factory=list)  # contact colours used this round
    setup_discards: int = 0  # cards still to discard in the set-up


class Pending(msgspec.Struct):
    """An action chosen and being paid for, one token at a time, then carried out (`actions.py`).

    `action` is the action's text; `units` its token cost units; `spent` the sources spent so far
    (a supply token: slot 0; goods on a location: its position). The card cost units still to pay
    are the steps that ask for them (`actions.CardCost`).
    """

    seat: int
    action: str
    units: list[str]
    spent: list[tuple[str, int]] = msgspec.field(default_factory=list)
    #: the card played from hand (build, develop, deal, raze): out of the hand and public once chosen
    card: str = ""


class Draft(msgspec.Struct):
    """The Lookout: the revealed cards (who picks next: the `lookout.Pick` steps in the queue)."""

    revealed: list[str] = msgspec.field(default_factory=list)
    second: bool = False  # the second, counter-clockwise reveal


class Virtual(msgspec.Struct):
    """The solo game's virtual player (seat `VIRTUAL`, RULES.md "The solo game"): its attacks this
    round (attacks, not cards in the pile, count towards its limit) and the face-up attack pile."""

    attacks: int = 0
    pile: list[str] = msgspec.field(default_factory=list)


#: the seats of the solo game: the person, and the virtual player (an automaton seat)
PERSON, VIRTUAL = 0, 1


class FiftyState(msgspec.Struct):
    players: list[Player]
    deck: list[str]  # face down; the top is the end of the list
    discard: list[str]  # face down in cardtable (RULES.md): only its size is public
    connection_decks: dict[str, list[str]]  # "blue"/"red": face down, top is the end
    connection_discards: dict[str, list[str]]
    connection_up: dict[str, str]  # the face-up Connection card of each colour this round ("" none)
    phase: Phase = "setup"
    round: int = 1
    first: int = 0  # who holds the first-player token
    turn: int = 0  # whose turn it is in the Action phase
    draft: Draft = msgspec.field(default_factory=Draft)
    pending: Pending | None = None
    #: the steps still to run, the head first (the pending decision); empty once the game is over
    steps: Queue[FiftyStep] = msgspec.field(default_factory=list)
    last_round: bool = False  # someone reached the end score: this round is the last
    #: public narration, the latest lines (a round's opening and the virtual player's acts as marked lines)
    events: list[Said] = msgspec.field(default_factory=list)
    rng: Rng = msgspec.field(default_factory=Rng)
    #: the virtual player of the solo game (`solo=virtual`); None in the game for 2 to 4 players
    virtual: Virtual | None = None
