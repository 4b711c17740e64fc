"""The Search phase (level 3, RULES.md BOW-11, BOW-12): a player who chose Search names one of nine
categories, then cards are turned over from the deck, face up, until one matches; the player takes
it, or declines it once and must take the next match. The cards turned over and not taken are
discarded. If deck and discard pile run out first, the search fails and the player keeps the card."""

from __future__ import annotations

from functools import cache

from cardtable.core import Action, OneOf, push, seat_mark

from .cards import Card, Catalog
from .chance import take
from .state import RftgAuto, RftgChoice, RftgState

#: the nine categories, in the reference engine's order, with what the narration calls them
CATEGORIES = {
    "military-development": "a development with +1 or +2 Military",
    "military-windfall": "a military windfall world with 1 or 2 defence",
    "peaceful-windfall": "a peaceful windfall world of cost 1 or 2",
    "chromosome-world": "a world with the chromosome symbol",
    "alien-world": "a world producing or coming with an Alien good",
    "consume-two": "a card consuming two or more goods",
    "military-5": "a military world of defence 5 or more",
    "six-cost": "a 6-cost development scoring bonus VP",
    "takeover": "a card with a takeover power",
}


def matches(card: Card, category: str) -> bool:
    """Whether a card belongs to a search category (K `search_match`)."""
    world, devel = card.is_world, card.type == "development"
    if category == "military-development":
        return devel and any(
            p.phase == "settle"
            and p.power == "military"
            and p.value in (1, 2)
            and not (p.good or p.against or p.per or p.when or p.spend)
            for p in card.powers
        )
    if category == "military-windfall":
        return world and card.windfall and card.military and 1 <= card.cost <= 2
    if category == "peaceful-windfall":
        return world and card.windfall and not card.military and 1 <= card.cost <= 2
    if category == "chromosome-world":
        return world and "chromo" in card.flags
    if category == "alien-world":
        return world and card.good in ("alien", "any")
    if category == "consume-two":
        return any(
            p.phase == "consume"
            and (
                (p.power == "consume" and (p.times > 1 or p.goods >= 2))
                or p.power in ("consume-all", "consume-different", "consume-kinds")
            )
            for p in card.powers
        )
    if category == "military-5":
        return world and card.military and card.cost >= 5
    if category == "six-cost":
        return card.six_cost and bool(card.bonus)
    return any(
        p.phase == "settle" and p.power in ("takeover", "takeover-defence", "prevent-takeover")
        for p in card.powers
    )


@cache
def matching(cat: Catalog, category: str) -> frozenset[str]:
    """The cards of the catalog that belong to a search category."""
    return frozenset(key for key in cat.keys if matches(cat[key], category))


class SearchCategory(RftgChoice, OneOf, tag="search-category"):
    """Name the category to search for."""

    verb = "search"
    question = "name a category to search the deck for"

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        return list(CATEGORIES)

    def chosen(self, cat: Catalog, s: RftgState, category: str) -> None:
        self.done(s)
        s.log.append(f"{seat_mark(self.seat)} searches for {CATEGORIES[category]}.")
        push(s, SearchReveal(self.seat, category), SearchEnd(self.seat))


class SearchReveal(RftgAuto, tag="search-reveal"):
    """Turn over cards until one matches. `declined`: a match was declined, so the next one is taken
    without asking; `again`: a declined match was the "any"-kind Alien world, which does not use up the
    decline when searching for an Alien world (K `phase_search`)."""

    seat: int
    category: str
    declined: bool = False
    again: bool = False

    def run(self, cat: Catalog, s: RftgState) -> None:
        who = seat_mark(self.seat)
        while True:
            card = take(cat, s, self.seat, "reveal")
            if card is None:
                s.players[self.seat].searched = False
                s.log.append(f"The search of {who} fails: the card stays unused.")
                return
            s.aside.append(card)
            found = card in matching(cat, self.category)
            s.log.append(f"{who} turns over {cat[card].name}{' (a match)' if found else ''}.")
            if not found:
                continue
            oort = cat[card].good == "any" and self.category == "alien-world"
            if self.declined and oort:
                self.declined, self.again = False, True
            if not self.declined:
                push(s, SearchKeep(self.seat, card, self.category, again=self.again))
                return
            keep(cat, s, self.seat, card)
            return


def keep(cat: Catalog, s: RftgState, seat: int, card: str) -> None:
    s.aside.remove(card)
    s.players[seat].hand.append(card)
    s.log.append(f"{seat_mark(seat)} takes {cat[card].name}.")


class SearchKeep(RftgChoice, tag="search-keep"):
    """Take the match just turned over, or decline it (once) and search on."""

    card: str
    category: str
    again: bool = False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"take {cat[self.card].name}, or decline it and search on"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("take", (self.card,)), Action("decline")]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.done(s)
        if action.verb == "take":
            keep(cat, s, self.seat, self.card)
            return
        s.log.append(f"{seat_mark(self.seat)} declines {cat[self.card].name}.")
        oort = cat[self.card].good == "any" and self.category == "alien-world"
        push(
            s,
            SearchReveal(self.seat, self.category, declined=not (oort and not self.again), again=self.again),
        )


class SearchEnd(RftgAuto, tag="search-end"):
    """The cards turned over and not taken are discarded."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        s.discard += s.aside
        s.aside = []
