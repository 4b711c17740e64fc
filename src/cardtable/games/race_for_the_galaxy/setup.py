"""Set-up at every expansion level (RESEARCH.md §2.2; RULES.md "Options and set-up per level").

Levels 0-1: one start world dealt to each player at random (the unused ones join the deck only after
the start goods are drawn), 6 cards, keep 4 (Ancient Race 3). Levels 2-3: each player is offered a
red and a blue start world (seen only by that player), gets 6 cards, and chooses one world and 2 cards
to discard in secret; the worlds are placed once all have chosen, the unchosen one goes to the
discard pile unseen. Galactic Scavengers' owner then saves a card under it. With goals, 4 "first"
and 2 "most" goals of the level are drawn before anything else and checked once at the end of
set-up (as after a Settle phase, K `begin_game`).
"""

from __future__ import annotations

import msgspec

from cardtable.core import OneOf, Rng, push, seat_mark

from . import goalplay
from .cards import Catalog
from .chance import draw, put_good
from .discards import InitialDiscard
from .goals import goals as level_goals
from .rules import KEEP_AT_START, POOL_PER_PLAYER, START_HAND, BeginRound
from .state import Player, RftgAuto, RftgChoice, RftgState
from .steps import FromZone

#: the 5 VP more in the pool at level 3 (RULES.md BOW-2)
POOL_PRESTIGE = 5
#: the most players each level seats (RULES.md "Options and set-up per level")
MAX_PLAYERS = {0: 4, 1: 5, 2: 6, 3: 6}


class Deal(msgspec.Struct):
    """What set-up takes from chance, given instead of shuffled (an oracle replay): each seat's start
    world (levels 0-1) or its red and blue offer (levels 2-3), the goals in play, and per seat the
    cards it takes from the deck in order (`RftgState.script`)."""

    starts: list[str] = msgspec.field(default_factory=list)
    offers: list[list[str]] = msgspec.field(default_factory=list)
    goals: list[str] = msgspec.field(default_factory=list)
    script: list[list[str]] = msgspec.field(default_factory=list)


def keep_at_start(cat: Catalog, world: str) -> int:
    """Cards its owner keeps at the start: 4, or 3 with Ancient Race (RULES.md TGS-4)."""
    return 3 if "start-hand-3" in cat[world].special else KEEP_AT_START


def set_up(
    cat: Catalog,
    players: int,
    seed: int,
    expert: bool,
    goals: bool = False,
    takeovers: bool = False,
    deal: Deal | None = None,
) -> RftgState:
    """The state after the deal, its queue holding the set-up choices and the first round."""
    deal = deal or Deal()
    rng = Rng(seed)
    level = cat.level
    s = RftgState(
        players=[],
        deck=[],
        discard=[],
        pool=POOL_PER_PLAYER * players + (POOL_PRESTIGE if level >= 3 else 0),
        rng=rng,
        expert=expert,
        script=[list(q) for q in deal.script],
        takeovers=takeovers and level >= 2,
    )
    if goals and level >= 1:
        s.goals = deal.goals or draw_goals(level, rng)
        names = ", ".join(goalplay.goal(g).name for g in s.goals)
        s.log.append(f"Goals in play: {names}.")
    if level >= 2:
        _offer_start_worlds(cat, s, players, deal.offers)
        s.steps = [*(StartChoose(seat) for seat in range(players)), StartPlace()]
    else:
        _deal_start_worlds(cat, s, players, deal.starts)
        s.steps = [
            InitialDiscard(seat, n=START_HAND - keep_at_start(cat, p.start))
            for seat, p in enumerate(s.players)
        ]
        if s.goals:
            s.steps.append(SetupGoals())
    s.steps.append(BeginRound())
    return s


def draw_goals(level: int, rng: Rng) -> list[str]:
    """4 "first" and 2 "most" goals of the level, at random."""
    drawn = []
    for kind, count in (("first", 4), ("most", 2)):
        keys = [g.key for g in level_goals(level) if g.type == kind]
        rng.shuffle(keys)
        drawn += keys[:count]
    return drawn


def _deal_start_worlds(cat: Catalog, s: RftgState, players: int, starts: list[str]) -> None:
    """Levels 0-1: a start world each, its good, then the 6 cards (RESEARCH.md §2.2)."""
    rng = s.rng
    start_worlds = list(cat.start_worlds)
    rng.shuffle(start_worlds)
    chosen = list(starts) if starts else start_worlds[:players]
    rest = [w for w in cat.start_worlds if w not in chosen]
    s.deck = [k for k in cat.all_cards if not cat[k].start]
    rng.shuffle(s.deck)
    s.players = [Player(start=w, tableau=[w]) for w in chosen]
    names = ", ".join(f"{seat_mark(i)} {cat[w].name}" for i, w in enumerate(chosen))
    s.log.append(f"Start worlds: {names}.")
    for seat, world in enumerate(chosen):
        if cat[world].windfall:
            put_good(cat, s, seat, world)
    # the unused start worlds join the deck only after the start goods are drawn
    s.deck.extend(rest)
    rng.shuffle(s.deck)
    for seat in range(players):
        draw(cat, s, seat, START_HAND)
        s.players[seat].produced = []


def _offer_start_worlds(cat: Catalog, s: RftgState, players: int, offers: list[list[str]]) -> None:
    """Levels 2-3: a red and a blue start world offered to each player, then the 6 cards; the start
    worlds not offered stay in the deck (RULES.md RVI-4)."""
    rng = s.rng
    if not offers:
        reds = [w for w in cat.start_worlds if cat[w].colour == "red"]
        blues = [w for w in cat.start_worlds if cat[w].colour == "blue"]
        rng.shuffle(reds)
        rng.shuffle(blues)
        offers = [[reds[i], blues[i]] for i in range(players)]
    offered = {w for pair in offers for w in pair}
    s.deck = [k for k in cat.all_cards if k not in offered]
    rng.shuffle(s.deck)
    s.players = [Player(start="", offer=sorted(pair, key=lambda w: cat[w].number or 0)) for pair in offers]
    s.log.append("Each player is offered a red and a blue start world.")
    for seat in range(players):
        draw(cat, s, seat, START_HAND)


class StartChoose(RftgChoice, OneOf, tag="start-choose"):
    """Levels 2-3: keep one of the two start worlds offered (in secret, until every seat has chosen),
    then discard 2 of the 6 cards."""

    verb = "start"
    question = "choose your start world, in secret"

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        return list(s.players[self.seat].offer)

    def chosen(self, cat: Catalog, s: RftgState, world: str) -> None:
        s.players[self.seat].pick = world
        self.done(s)
        push(s, InitialDiscard(self.seat, n=START_HAND - KEEP_AT_START))


class StartPlace(RftgAuto, tag="start-place"):
    """Every chosen start world is placed (a windfall one with its good); the other offered world goes
    to the discard pile. Ancient Race's owner then discards down to 3; Galactic Scavengers' owner saves
    a card; then the goals are checked."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        for seat, p in enumerate(s.players):
            world = p.pick
            p.pick = ""
            s.discard += [w for w in p.offer if w != world]
            p.offer = []
            p.start = world
            p.tableau = [world]
            if cat[world].windfall:
                put_good(cat, s, seat, world)
            p.produced = []
        names = ", ".join(f"{seat_mark(i)} {cat[p.start].name}" for i, p in enumerate(s.players))
        s.log.append(f"Start worlds: {names}.")
        after: list[RftgChoice | RftgAuto] = []
        for seat, p in enumerate(s.players):
            extra = len(p.hand) - keep_at_start(cat, p.start)
            if extra > 0:
                after.append(InitialDiscard(seat, n=extra))
        after += [StartSave(seat) for seat, p in enumerate(s.players) if "start-save" in cat[p.start].special]
        if s.goals:
            after.append(SetupGoals())
        push(s, *after)


class StartSave(FromZone, tag="start-save"):
    """Galactic Scavengers (RULES.md BOW-13): its owner saves a card from hand face down under it."""

    verb = "save"
    question = "save a card from hand under your start world"

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.done_if(s, not s.players[self.seat].hand)

    def chosen(self, cat: Catalog, s: RftgState, card: str) -> None:
        p = self.take(s, card)
        p.saved.append(card)
        s.log.append(f"{seat_mark(self.seat)} saves a card under {cat[p.start].name}.")
        self.done(s)


class SetupGoals(RftgAuto, tag="setup-goals"):
    """The goals are checked once at the end of set-up, as after a Settle phase (K `begin_game`)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        for p in s.players:
            p.powered = list(p.tableau)
        goalplay.check_goals(cat, s, "settle")
