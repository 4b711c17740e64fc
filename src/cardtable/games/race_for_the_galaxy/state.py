"""The state of a Race for the Galaxy game: plain data that round-trips through JSON.

Cards are referred to by key (`cards.toml`); two copies of a development share a key, so hands, the
deck and the discard pile are multisets kept as lists.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from cardtable.core import Auto, Choice, Queue, Rng, Said, Step

#: the action cards (RESEARCH.md §2.1), in phase order; the second Develop and Settle are 2-player only
ACTIONS = (
    "explore-5",
    "explore-1-1",
    "develop",
    "develop2",
    "settle",
    "settle2",
    "consume-trade",
    "consume-x2",
    "produce",
)

#: the level-3 action cards (RULES.md "The Brink of War"): Search, and the prestige version of each
#: action card (its action plus a further bonus, for 1 prestige); each once a game
SEARCH = "search"
PRESTIGE = "prestige-"
PRESTIGE_ACTIONS = tuple(PRESTIGE + a for a in ACTIONS)

#: how a game ends (`Result.termination`; RULES.md "Game end"): the round's end finds the VP pool empty, a
#: tableau of 12 cards (14 with Hidden Fortress, RVI-15), 15 prestige (The Brink of War) or, in the
#: solitaire game, the robot's 12 cards; then the most VP win. Its words are in game.toml, in this order
Termination = Literal["pool", "tableau", "prestige", "robot-tableau"]

#: the phases a round runs, in order (RESEARCH.md §2.3): a card's powers name the five of `cards.Phase`;
#: the second Develop and Settle run only in the 2-player game, Search only at level 3
RoundPhase = Literal["search", "explore", "develop", "develop2", "settle", "settle2", "consume", "produce"]


def base_action(action: str) -> str:
    """The action card a (prestige) action is: 'prestige-settle' -> 'settle'."""
    return action[len(PRESTIGE) :] if action.startswith(PRESTIGE) else action


class RftgStep(Step):
    """Any step of a Race for the Galaxy game (`cardtable.core.steps`): the state's queue holds these.

    Each kind is a class in the module of its phase (`explore.py` ...; the round itself in `rules.py`,
    the robot's turn in `robot.py`), subclassing `RftgAuto` or `RftgChoice`, with its own tag. Its
    methods receive the card catalog and the state.
    """


class RftgAuto(RftgStep, Auto):
    """A step that resolves itself (draws, placing the picks, production, the end check)."""


class RftgChoice(RftgStep, Choice):
    """A step that is the decision of `seat` (its tag is the `Decision.kind`)."""


class Player(msgspec.Struct):
    start: str
    hand: list[str] = msgspec.field(default_factory=list)
    tableau: list[str] = msgspec.field(default_factory=list)
    #: world key -> the face-down card lying on it as a good
    goods: dict[str, str] = msgspec.field(default_factory=dict)
    chips: int = 0
    #: the action cards chosen this round (hidden from others until every seat has chosen)
    actions: list[str] = msgspec.field(default_factory=list)
    #: the tableau as it stood at the start of the current phase: the cards whose powers work
    powered: list[str] = msgspec.field(default_factory=list)
    #: cards drawn by Explore and not yet kept or discarded; how many more to keep
    drawn: list[str] = msgspec.field(default_factory=list)
    keep: int = 0
    #: the card chosen in secret this Develop/Settle phase ("" none yet, "-" passed)
    pick: str = ""
    #: the card placed this phase and what is still to pay for it
    placing: str = ""
    owe: int = 0
    temp_military: int = 0
    #: powers used this Consume phase ("card#index"), the ×2 factor, VP by discards this phase
    used: list[str] = msgspec.field(default_factory=list)
    #: worlds that produced a good this Produce phase
    produced: list[str] = msgspec.field(default_factory=list)
    #: worlds whose good was consumed or traded this Consume phase, in order (public)
    consumed: list[str] = msgspec.field(default_factory=list)
    # --- the expansions (RULES.md "Expansions") ---
    #: the two start worlds offered at set-up (levels 2-3), until one is chosen (hidden from others)
    offer: list[str] = msgspec.field(default_factory=list)
    #: the goals it holds, and its progress towards each goal in play as last checked
    goals: list[str] = msgspec.field(default_factory=list)
    progress: dict[str, int] = msgspec.field(default_factory=dict)
    #: cards discarded to the hand limit at the end of this round (Budget Surplus)
    end_discards: int = 0
    #: prestige (level 3); whether prestige earned since the last round start lies on the leader's tile
    prestige: int = 0
    prestige_turn: bool = False
    #: whether the once-a-game prestige/search action card has been used
    searched: bool = False
    #: cards saved face down under Galactic Scavengers (hidden from others)
    saved: list[str] = msgspec.field(default_factory=list)
    #: whether the Settle bonus card was drawn this phase (once, even with a second world)
    bonus_used: bool = False
    #: cost reduction gained this phase by a good spent (Lifeforms, Inc), for later worlds of the phase
    temp_reduce: int = 0
    #: how the world being placed is settled (`settling.Way.method`), and military for it alone
    method: str = ""
    extra: int = 0
    #: the card the way of settling discards from the tableau, once the payment is complete
    way_card: str = ""
    #: the world picked and placed this Settle phase (extra-placement powers need one)
    settled: str = ""
    #: the cards just paid for the card being placed (hidden from others; Galactic Scavengers saves one)
    paid: list[str] = msgspec.field(default_factory=list)


class RobotState(msgspec.Struct):
    """The robot of the solitaire game (`robot.py`): its tracks, its piles and this round's dice.

    Its hand is a face-down pile nobody looks at (the top is the end of the list); its tableau a
    face-up pile whose cards count only by number and VP; `markers` 6-cost development markers lie
    beside it and `supply` are left.
    """

    start: str
    tile: str
    credit: int
    economy: int
    supply: int
    value: int
    hand: list[str] = msgspec.field(default_factory=list)
    tableau: list[str] = msgspec.field(default_factory=list)
    markers: int = 0
    chips: int = 0
    #: the faces rolled this round and the dice-row field each die lies on (an action card's name)
    dice: list[str] = msgspec.field(default_factory=list)
    fields: list[str] = msgspec.field(default_factory=list)
    #: Old Earth: whether the robot tile has been swapped for "Roboter = x2"
    swapped: bool = False
    #: prestige (set 3), and whether it gained some this round (the round-start bonus of the next round)
    prestige: int = 0
    prestige_turn: bool = False
    #: Doomed World: whether its first Settle Action (the deck search) is done, its tile discarded
    deck_searched: bool = False


class Takeover(msgspec.Struct):
    """A takeover declared this Settle phase (RULES.md RVI-6..12): `attacker` attempts to take `world`
    from `owner` with the takeover power `index` of `card`; `failed` once prevented or after a failed
    takeover of the same attacker."""

    attacker: int
    owner: int
    world: str
    card: str
    index: int
    failed: bool = False


class RftgState(msgspec.Struct):
    players: list[Player]
    deck: list[str]
    discard: list[str]
    pool: int
    rng: Rng
    expert: bool
    round: int = 0
    phase: str = "setup"
    #: the phases still to run this round, in order
    phases: list[RoundPhase] = msgspec.field(default_factory=list)
    #: the steps still to run, the head first (the pending decision, once the queue has advanced)
    steps: Queue[RftgStep] = msgspec.field(default_factory=list)
    #: public narration, oldest first (a round's opening and the robot's acts as marked lines)
    log: list[Said] = msgspec.field(default_factory=list)
    ended: bool = False
    #: how the game ended (`Termination`), set with `ended`
    ending: Termination | None = None
    #: scripted chance (oracle replays): per seat, the cards it draws, "draw:KEY" / "good:KEY" / "flip:KEY"
    script: list[list[str]] = msgspec.field(default_factory=list)
    #: how many reshuffles happened (public)
    reshuffles: int = 0
    #: the solitaire game's robot (seat B, an automaton), None in the base game
    robot: RobotState | None = None
    # --- the expansions (RULES.md "Expansions") ---
    #: the goals in play (levels 1-3 with goals): 4 "first" and 2 "most" goals, in the order drawn
    goals: list[str] = msgspec.field(default_factory=list)
    #: per "most" goal, the best progress of any player as last checked
    goal_most: dict[str, int] = msgspec.field(default_factory=dict)
    #: whether takeovers are played (levels 2-3), and the takeovers declared this Settle phase
    takeovers: bool = False
    declared: list[Takeover] = msgspec.field(default_factory=list)
    #: the takeovers won this game, in order (for the reports: RULES.md "What decides games")
    taken: list[Takeover] = msgspec.field(default_factory=list)
    #: cards turned over by a search or drawn for an ante, not yet taken or discarded (public)
    aside: list[str] = msgspec.field(default_factory=list)
    #: the kind Alien Oort Cloud Refinery's good was produced as this phase ("" none)
    oort_made: str = ""
