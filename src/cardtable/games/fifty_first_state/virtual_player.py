"""The solo game (`solo=virtual`): one person (seat A) against the virtual player (seat B, an automaton).

The virtual player follows the seed rules (../shared/rules/51st-state-virtual-player.txt) with no
freedom; its numbers, its tie-breaker order of goods and the achievement table are data in
`virtual.toml`. The engine plays it: its seat never has a decision, and each of its steps is told
in one public narration line. Where the seed is silent this module follows RULES.md ("The solo game
against the virtual player", decisions S1-S14).

What differs from the game for 2 to 4 players, in the order of the round:
  Lookout: reveal 4 cards; you take one; one of the other three at random goes face up into the
    virtual player's State; you take one of the last two; the last one goes to the virtual player;
    then the top card of the deck goes to the virtual player too.
  Production: the virtual player gets nothing.
  Action: you always act first (you keep the first-player token). The virtual player's turn, in
    priority order: pass if you have passed; pass if it has attacked 3 times this round; claim a
    face-up Connection card (2 VP; at random when there are two); otherwise attack: reveal the top
    card of the deck onto the attack pile and raze your location that shares the most type icons
    with it (tie-breakers: distance, unused Actions, used Actions, Features, Productions, spoils in
    the goods order, then at random). It scores 2 VP, you get the location's deal good, and the
    location becomes a Ruin; a defence token on it is discarded instead, with the attack card.
    Razing one of its locations discards the card; using its open production gives it 1 VP.
  End: at 25 VP the round's Action phase is finished; each side scores +1 VP per location; you win
    only with more VP than the virtual player (a tie is a loss); a win is ranked in the
    achievement table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, get_args

import msgspec
from msgspec import Meta

from cardtable.core import CardDataError, Result, push
from cardtable.core.carddata import load_card_file
from cardtable.core.lines import by

from .cards import Catalog, Location, Resource
from .lookout import Pick
from .state import PERSON, VIRTUAL, Draft, FiftyAuto, FiftyState, Site
from .table import check_end, counted, event, gain, raze_site, seat_name, take_top

VIRTUAL_FILE = Path(__file__).with_name("virtual.toml")
#: the classes tie-breakers 2 to 5 name, as the data spells them
ClassName = Literal["unused-action", "used-action", "feature", "production"]
CLASS_WORDS = {
    "unused-action": "an unused Action",
    "used-action": "a used Action",
    "feature": "a Feature",
    "production": "a Production",
}
#: the name of the automaton seat (Game.automata, records, the web table)
AUTOMATON = "virtual-player"
#: the virtual player as the narration's lines name their author
NAME = "Virtual player"


class LookoutRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    reveal: Annotated[int, Meta(ge=2)]
    from_deck: Annotated[int, Meta(ge=0)]


class TurnRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    attacks_per_round: Annotated[int, Meta(ge=0)]
    connection_vp: Annotated[int, Meta(ge=0)]
    raze_vp: Annotated[int, Meta(ge=0)]
    open_production_vp: Annotated[int, Meta(ge=0)]


class TieBreakers(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    class_order: list[ClassName]
    goods_order: list[Resource]
    goods_order_source: str


class Achievement(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A row of the achievement table: a title for a winning score below `below` and/or at least
    `at_least`."""

    title: str
    source: str
    below: int | None = None
    at_least: int | None = None


class VirtualFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    source: str
    lookout: LookoutRules
    turn: TurnRules
    tie_breakers: TieBreakers
    achievement: list[Achievement] = msgspec.field(default_factory=list)


@cache
def virtual_rules(path: Path = VIRTUAL_FILE) -> VirtualFile:
    """The virtual player's data, checked: every good and class ranked once, table rows sound."""
    data = load_card_file(path, VirtualFile)
    ties = data.tie_breakers
    if sorted(ties.class_order) != sorted(CLASS_WORDS):
        raise CardDataError(f"{path}: class_order ranks each of {', '.join(CLASS_WORDS)} once")
    goods = get_args(Resource)
    if sorted(ties.goods_order) != sorted(goods):
        raise CardDataError(f"{path}: goods_order ranks every resource once ({', '.join(goods)})")
    for row in data.achievement:
        if row.below is None and row.at_least is None:
            raise CardDataError(f"{path}: achievement {row.title!r} needs `below` or `at_least`")
    return data


def achievement(score: int, table: VirtualFile | None = None) -> str:
    """The achievement table's title for a winning `score`, or "" where the known rows say nothing."""
    for row in (table or virtual_rules()).achievement:
        if (row.below is None or score < row.below) and (row.at_least is None or score >= row.at_least):
            return row.title
    return ""


# --- set-up and Lookout ------------------------------------------------------------------------------
class VirtualLookout(FiftyAuto, tag="virtual-lookout"):
    """Lookout 2: reveal the top cards of the deck; you choose first (the Connection cards are
    already face up). With no card left to reveal, the round is the last (RULES.md decision S11)."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        if not s.deck and not s.discard and not s.last_round:
            s.last_round = True
            event(s, "The deck and the discard pile are empty: this round is the last.")
        cards = [c for c in (take_top(s) for _ in range(virtual_rules().lookout.reveal)) if c is not None]
        s.draft = Draft(revealed=cards)
        event(s, f"Lookout: revealed {_names(cat, cards) or 'nothing (no cards left)'}.")
        if cards:
            push(s, Pick(PERSON), AfterPick())
        else:
            finish_lookout(cat, s)


class AfterPick(FiftyAuto, tag="after-pick"):
    """After each of your picks: Lookout 4 (a random card of those left to the virtual player), then
    your second pick; after it, Lookout 6 and 7 (the last card and one from the deck to it)."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        draft = s.draft
        if not draft.second:
            draft.second = True
            if draft.revealed:
                left = sorted(draft.revealed)
                card = s.rng.choice(left)
                draft.revealed.remove(card)
                _place(s, card)
                says(
                    s,
                    f"The virtual player draws {cat.locations[card].name} at random from the {len(left)} "
                    f"cards left ({_names(cat, left)}) and puts it face up in its State.",
                )
            if draft.revealed:
                push(s, Pick(PERSON), AfterPick())
                return
        for card in sorted(draft.revealed):
            _place(s, card)
            says(s, f"The virtual player puts the last card, {cat.locations[card].name}, into its State.")
        draft.revealed = []
        finish_lookout(cat, s)


def finish_lookout(cat: Catalog, s: FiftyState) -> None:
    """Lookout 7: cards from the deck to the virtual player (Production follows)."""
    s.draft = Draft()
    for _ in range(virtual_rules().lookout.from_deck):
        card = take_top(s)
        if card is None:
            break
        _place(s, card)
        name = cat.locations[card].name
        says(s, f"The virtual player puts {name}, the top card of the deck, into its State.")


def says(s: FiftyState, text: str) -> None:
    """Narrate the virtual player's act `text` (a line of its own: `core.lines.by`)."""
    event(s, by(NAME, text))


def _place(s: FiftyState, card: str) -> None:
    """A card face up in the virtual player's State: built, but with no effect for it (decision S6)."""
    s.players[VIRTUAL].sites.append(Site(card))


def _names(cat: Catalog, cards: list[str]) -> str:
    return ", ".join(cat.locations[c].name for c in cards)


# --- the virtual player's turn ------------------------------------------------------------------------
class VirtualTurn(FiftyAuto, tag="virtual-turn"):
    """The virtual player's turn, in the seed's priority order (the next turn follows it)."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        v = s.virtual
        assert v is not None
        table = virtual_rules().turn
        up = [colour for colour in ("blue", "red") if s.connection_up[colour]]
        if s.players[PERSON].passed:
            _pass(cat, s, f"{seat_name(PERSON)} has passed")
        elif v.attacks >= table.attacks_per_round:
            _pass(cat, s, f"it has attacked {v.attacks} times this round")
        elif up:
            _claim(cat, s, up)
        elif not attack(cat, s):
            _pass(cat, s, "no card is left to reveal for an attack")
        check_end(cat, s)


def _pass(cat: Catalog, s: FiftyState, why: str) -> None:
    """The virtual player passes; the attack pile is discarded (RULES.md decision S2)."""
    v = s.virtual
    assert v is not None
    s.players[VIRTUAL].passed = True
    pile = f"; the attack pile ({_names(cat, v.pile)}) is discarded" if v.pile else ""
    s.discard.extend(v.pile)
    v.pile = []
    says(s, f"The virtual player passes: {why}{pile}.")


def _claim(cat: Catalog, s: FiftyState, up: list[str]) -> None:
    """Claim a face-up Connection card for free: 2 VP, the card discarded; at random between two."""
    colour = up[0] if len(up) == 1 else s.rng.choice(up)
    card = s.connection_up[colour]
    s.connection_up[colour] = ""
    s.connection_discards[colour].append(card)
    me = s.players[VIRTUAL]
    vp = virtual_rules().turn.connection_vp
    me.vp += vp
    how = " (chosen at random between the two face-up cards)" if len(up) > 1 else ""
    says(
        s,
        f"The virtual player claims the {colour} Connection card {cat.connections[card].name}{how}: "
        f"{vp} VP ({me.vp} in all); the card is discarded.",
    )


@dataclass(frozen=True)
class Target:
    """What an attack card hits: every matching location (position, types shared), the razed one
    and why it was chosen (the tie-breakers that decided, in words)."""

    matches: tuple[tuple[int, int], ...]
    slot: int | None
    why: str


def choose_target(cat: Catalog, s: FiftyState, card: str) -> Target:
    """The seed's attack: your location sharing the most type icons with `card` (Ruins have none),
    then tie-breakers 1-6 in order, then 7 at random (the state's Rng, only when still tied)."""
    person = s.players[PERSON]
    wanted = set(cat.locations[card].types)
    matches = tuple(
        (slot, n)
        for slot, site in enumerate(person.sites, 1)
        if not site.ruin and (n := len(wanted & set(cat.locations[site.key].types)))
    )
    if not matches:
        return Target(matches, None, "")
    best = max(n for _, n in matches)
    tied = [slot for slot, n in matches if n == best]
    if len(matches) == 1:
        return Target(matches, tied[0], "the only location sharing a type")
    if len(tied) == 1:
        second = max(n for _, n in matches if n < best)
        return Target(matches, tied[0], f"the most shared types: {best} against {second}")
    steps = [f"tied on {best} shared type{'s' if best > 1 else ''} with {_places(cat, s, tied)}"]
    for breaker in _tie_breakers(cat, s):
        kept = breaker.keep(tied)
        if len(kept) < len(tied):
            steps.append(breaker.say(kept, [slot for slot in tied if slot not in kept]))
            tied = kept
        if len(tied) == 1:
            break
    else:
        slot = s.rng.choice(sorted(tied))
        others = _places(cat, s, [t for t in tied if t != slot])
        steps.append(f"tie-breaker 7, still tied with {others}: chosen at random")
        tied = [slot]
    return Target(matches, tied[0], "; ".join(steps))


@dataclass(frozen=True)
class _Breaker:
    """One tie-breaker: the value it ranks a location by (the highest goes first) and its words."""

    value: Callable[[int], int]
    words: Callable[[int, int], str]  # (the kept location, an eliminated one) -> why

    def keep(self, tied: list[int]) -> list[int]:
        top = max(self.value(slot) for slot in tied)
        return [slot for slot in tied if self.value(slot) == top]

    def say(self, kept: list[int], out: list[int]) -> str:
        return self.words(kept[0], max(out, key=self.value))


def _tie_breakers(cat: Catalog, s: FiftyState) -> list[_Breaker]:
    """Tie-breakers 1 to 6 in the seed's order: distance; unused Actions, used Actions, Features,
    Productions (one ranking of classes); the spoils, good by good in the goods order."""
    ties = virtual_rules().tie_breakers
    sites = s.players[PERSON].sites
    rank = {name: len(ties.class_order) - i for i, name in enumerate(ties.class_order)}

    def loc(slot: int) -> Location:
        return cat.locations[sites[slot - 1].key]

    def kind(slot: int) -> ClassName:
        return _class(cat, sites[slot - 1])

    def distance(kept: int, out: int) -> str:
        return f"tie-breaker 1, the greater distance: {loc(kept).distance} against {loc(out).distance}"

    def by_class(kept: int, out: int) -> str:
        number = 2 + ties.class_order.index(kind(kept))
        return f"tie-breaker {number}, {CLASS_WORDS[kind(kept)]} before {CLASS_WORDS[kind(out)]}"

    def spoils(good: Resource) -> _Breaker:
        def words(kept: int, out: int) -> str:
            return (
                f"tie-breaker 6, more {good} in its spoils: "
                f"{loc(kept).spoils.count(good)} against {loc(out).spoils.count(good)}"
            )

        return _Breaker(lambda slot: loc(slot).spoils.count(good), words)

    return [
        _Breaker(lambda slot: loc(slot).distance, distance),
        _Breaker(lambda slot: rank[kind(slot)], by_class),
        *(spoils(good) for good in ties.goods_order),
    ]


def _class(cat: Catalog, site: Site) -> ClassName:
    loc = cat.locations[site.key]
    if loc.kind == "action":
        return "used-action" if site.uses else "unused-action"  # any use counts (decision S3)
    return "feature" if loc.kind == "feature" else "production"


def _places(cat: Catalog, s: FiftyState, slots: list[int]) -> str:
    sites = s.players[PERSON].sites
    return ", ".join(f"{cat.locations[sites[slot - 1].key].name} at {slot}" for slot in slots)


def attack(cat: Catalog, s: FiftyState) -> bool:
    """The virtual player's attack, narrated in one line. False if no card is left to reveal."""
    v = s.virtual
    assert v is not None
    card = take_top(s)
    if card is None:
        return False
    v.pile.append(card)
    v.attacks += 1
    limit = virtual_rules().turn.attacks_per_round
    shown = cat.locations[card]
    line = (
        f"The virtual player attacks ({v.attacks} of {limit} this round): it reveals {shown.name} "
        f"({', '.join(shown.types)})"
    )
    you = seat_name(PERSON)
    target = choose_target(cat, s, card)
    if target.slot is None:
        says(s, f"{line}; none of {you}'s locations shares a type with it: the attack fails.")
        return True
    site = s.players[PERSON].sites[target.slot - 1]
    name = f"{cat.locations[site.key].name} at {target.slot}"
    if site.defended:  # RULES.md decision S5: the token, then the attack card, are discarded
        site.defended = False
        v.pile.remove(card)
        s.discard.append(card)
        says(
            s,
            f"{line}: {name} is hit, but its defence token is discarded instead, and so is the attack card.",
        )
        return True
    me = s.players[VIRTUAL]
    me.vp += virtual_rules().turn.raze_vp
    back = raze_site(cat, s, PERSON, target.slot)
    says(
        s,
        f"{line}: it razes {name}, {virtual_rules().turn.raze_vp} VP ({me.vp} in all); "
        f"{you} gains {counted(back)}; the location is a Ruin.",
    )
    return True


# --- the person against the virtual player ------------------------------------------------------------
def razed(cat: Catalog, s: FiftyState, seat: int, slot: int, paid: str) -> None:
    """You raze one of the virtual player's locations: you take its spoils; the card is discarded
    (no Ruin) and the virtual player gets nothing (no deal good: it has no goods)."""
    site = s.players[VIRTUAL].sites.pop(slot - 1)
    got = gain(s, seat, list(cat.locations[site.key].spoils))
    s.discard.append(site.key)
    event(
        s,
        f"{seat_name(seat)} razes the virtual player's {cat.locations[site.key].name}{paid} and gains "
        f"{counted(got)}; the card is discarded.",
    )


def opened(s: FiftyState) -> int:
    """You used one of the virtual player's open productions: it gains 1 VP instead of a worker."""
    vp = virtual_rules().turn.open_production_vp
    s.players[VIRTUAL].vp += vp
    return vp


# --- the end -----------------------------------------------------------------------------------------
def final_line(s: FiftyState) -> str:
    """The end of the solo game in words: who won, and your rank in the achievement table."""
    mine, its = s.players[PERSON].vp, s.players[VIRTUAL].vp
    you = seat_name(PERSON)
    if mine > its:
        title = achievement(mine)
        rank = f"achievement: {title}" if title else "no title in the known rows of the achievement table"
        return f"{you} beats the virtual player {mine} to {its} ({rank})."
    how = "a tie is a loss" if mine == its else "it has more VP"
    return f"The virtual player wins {its} to {mine} ({how})."


def result(s: FiftyState) -> Result:
    """You win with more VP than the virtual player; a tie is a loss. A win gets its achievement."""
    mine, its = s.players[PERSON].vp, s.players[VIRTUAL].vp
    you = seat_name(PERSON)
    title = achievement(mine) if mine > its else ""  # the table ranks wins only
    details: dict[str, int | float | str] = {
        "rounds": s.round,
        "vp_a": mine,
        "vp_b": its,
        "faction_a": s.players[PERSON].faction,
        "achievement": title,
    }
    if mine > its:
        reason = f"{you} has more VP than the virtual player"
        return Result((PERSON,), (1.0, -1.0), reason, details=details, termination="beat-virtual")
    if mine == its:
        return Result((VIRTUAL,), (-1.0, 1.0), "a tie is a loss", details=details, termination="tie-lost")
    reason = "the virtual player has more VP"
    return Result((VIRTUAL,), (-1.0, 1.0), reason, details=details, termination="virtual-more")
