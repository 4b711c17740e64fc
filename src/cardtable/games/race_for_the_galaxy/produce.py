"""Phase V, Produce (RESEARCH.md §2.8): goods on production worlds, windfalls, draw powers; with the
expansions the powers that discard a card to produce, and the kind of Alien Oort Cloud Refinery's good.

Per seat, as the reference engine orders them (K `produce_action`; in the base game the any-kind
windfall powers keep their tableau turn, as records of it were played): production and the free
windfall powers of one kind in tableau order (a windfall power asks for its world in turn), the Produce bonus
(a prestige Produce: a second windfall and 3 cards), the free windfall powers of any kind, the draws
that need no production (and those of the worlds produced so far), then the powers whose order is the
player's to choose (a discard to produce, and the draws per good produced, which count what was
produced before them), then the remaining draws; after every seat, the draws for producing the most.
"""

from __future__ import annotations

from collections import Counter

from cardtable.core import Action, OneOf, push, seat_mark
from cardtable.core.words import plural

from . import powers as pw
from . import settling as st
from .cards import Catalog, Power
from .chance import draw, put_good
from .oort import OortKind
from .state import RftgAuto, RftgChoice, RftgState
from .steps import chose, chose_prestige, distinct, gain_prestige

#: produce powers whose turn the player chooses (K asks `PRODUCE` when two or more remain)
ORDERED = ("discard-produce", "discard-windfall", "draw-per-good", "draw-per-kind")
PRESTIGE_PRODUCE_CARDS = 3


def produced_kind(cat: Catalog, s: RftgState, world: str) -> str:
    """The kind of good a world produced this phase (Alien Oort Cloud Refinery: the kind it was made)."""
    kind = cat[world].good or ""
    return s.oort_made or kind if kind == "any" else kind


class Produce(RftgAuto, tag="produce"):
    """Production powers and free windfall powers in tableau order, then the Produce bonus; then the
    ordered powers (`ProducePower`) and the draws (`ProduceDraws`).

    `at` is how far along the tableau the step has come: it resumes there after a windfall choice.
    """

    seat: int
    at: int = 0

    def run(self, cat: Catalog, s: RftgState) -> None:
        seat = self.seat
        p = s.players[seat]
        # the expansions: the most recently placed card first, as the reference runs its powers (K)
        order = p.powered[::-1] if cat.level else p.powered
        while self.at < len(order):
            key = order[self.at]
            self.at += 1
            for _, power in cat[key].phase_powers("produce"):
                if power.power == "produce" and key not in p.goods:
                    produce_on(cat, s, seat, key, cat[key].good or "any")
                elif power.power == "windfall" and (power.good != "any" or not cat.level):
                    push(s, Windfall(seat, power.good, key if power.world == "other" else ""), self)
                    return
        bonus: list[RftgChoice | RftgAuto] = [Windfall(seat, "any")] if chose(p, "produce") else []
        if chose_prestige(p, "produce"):
            bonus += [Windfall(seat, "any"), PrestigeProduceDraw(seat)]
        early = ProduceDraws(seat, early=True)
        if not cat.level:  # the base game: every draw after every good, as its records were played
            push(s, *bonus, early, ProducePower(seat), ProduceDraws(seat))
            return
        # the expansions (K): draws at once, then the bonus, then the any-kind windfall powers
        anykind = [
            Windfall(seat, "any")
            for _, _, pwr in pw.powers(cat, p, "produce", "windfall")
            if pwr.good == "any"
        ]
        push(s, early, *bonus, *anykind, ProducePower(seat), ProduceDraws(seat))


def windfall_worlds(cat: Catalog, s: RftgState, seat: int, good: str, skip: str = "") -> list[str]:
    """Windfall worlds without a good that a windfall of `good` may fill (an any-kind world takes any)."""
    p = s.players[seat]
    return [
        w
        for w in p.tableau
        if cat[w].windfall
        and w not in p.goods
        and w != skip
        and (good == "any" or cat[w].good in (good, "any"))
    ]


def produce_on(cat: Catalog, s: RftgState, seat: int, world: str, good: str) -> None:
    """A good on `world`; an any-kind world asks its kind when an any-kind power produced it (K). With
    the expansions the world's own powers for producing draw or give prestige at once (K
    `produce_world`); in the base game `ProduceDraws` draws them, as its records were played."""
    if not put_good(cat, s, seat, world):
        return
    if cat.level:
        p = s.players[seat]
        for index, power in cat[world].phase_powers("produce"):
            ref = f"{world}#{index}"
            if power.power in ("draw-if-produced", "prestige-if-produced") and ref not in p.used:
                p.used.append(ref)
                draw(cat, s, seat, power.value)
                gain_prestige(s, seat, power.prestige)
    if cat[world].good == "any":
        if good == "any":
            push(s, OortKind(seat))
        else:
            s.oort_made = good


class Windfall(RftgChoice, OneOf, tag="windfall"):
    """A good on a windfall world without one, of kind `good` (a kind of `cards.GOODS`, or "any", as
    the card data writes it), not on `skip` (a power for other worlds only); asked only when there are
    two or more such worlds."""

    verb = "windfall"
    question = "choose a windfall world to produce on"
    good: str
    skip: str = ""

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        return windfall_worlds(cat, s, self.seat, self.good, self.skip)

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.take_only(cat, s)

    def chosen(self, cat: Catalog, s: RftgState, world: str) -> None:
        self.done(s)
        produce_on(cat, s, self.seat, world, self.good)


class PrestigeProduceDraw(RftgAuto, tag="prestige-produce-draw"):
    """A prestige Produce action: 3 cards more (RULES.md BOW-10)."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        draw(cat, s, self.seat, PRESTIGE_PRODUCE_CARDS)


def ordered_powers(cat: Catalog, s: RftgState, seat: int) -> list[tuple[str, int, Power]]:
    """The ordered produce powers the seat may still use (K `produce_action`'s list)."""
    p = s.players[seat]
    found = []
    for key, index, power in st.usable(cat, p, "produce", ""):
        name = power.power
        if name == "discard-produce":
            if key not in p.goods and p.hand:
                found.append((key, index, power))
        elif name == "discard-windfall":
            if p.hand and windfall_worlds(cat, s, seat, power.good):
                found.append((key, index, power))
        elif name in ("draw-per-good", "draw-per-kind"):
            found.append((key, index, power))
    return found


class ProducePower(RftgChoice, tag="produce-power"):
    """Which ordered produce power to use next, when two or more remain and one of them produces; the
    draws per good produced then wait for the production chosen first (K `produce_action`)."""

    question = "choose the next produce power to use"

    def run(self, cat: Catalog, s: RftgState) -> bool:
        options = ordered_powers(cat, s, self.seat)
        if not any(power.power.startswith("discard-") for _, _, power in options):
            self.done(s)  # only draws are left: `ProduceDraws` takes them
            return True
        if len(options) == 1:
            key, index, _ = options[0]
            self.use(cat, s, key, index)
            return True
        return False

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("produce", (key, index + 1)) for key, index, _ in ordered_powers(cat, s, self.seat)]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.use(cat, s, str(action.args[0]), int(action.args[1]) - 1)

    def use(self, cat: Catalog, s: RftgState, key: str, index: int) -> None:
        p = s.players[self.seat]
        p.used.append(f"{key}#{index}")
        power = cat[key].powers[index]
        if power.power.startswith("discard-"):
            push(s, DiscardProduce(self.seat, key, index))
        else:
            got = draw(cat, s, self.seat, draw_for(cat, s, self.seat, power))
            s.log.append(f"{seat_mark(self.seat)} draws {got} with {cat[key].name}.")


class DiscardProduce(RftgChoice, tag="discard-produce"):
    """Discard a card from hand to produce on a world (the card's own world, Damaged Alien Factory; or a
    windfall world of a kind, Lifeforms, Inc: first the world when several would do), or not (K
    `discard_produce`, `discard_windfall`)."""

    card: str
    index: int
    #: the windfall world chosen, when there was a choice
    world: str = ""

    def worlds(self, cat: Catalog, s: RftgState) -> list[str]:
        if self.world:
            return [self.world]
        power = cat[self.card].powers[self.index]
        if power.power == "discard-produce":
            return [] if self.card in s.players[self.seat].goods else [self.card]
        return windfall_worlds(cat, s, self.seat, power.good)

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.done_if(s, not self.worlds(cat, s) or not s.players[self.seat].hand)

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard a card to produce with {cat[self.card].name}, or not"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        worlds = self.worlds(cat, s)
        if len(worlds) > 1:
            return [*(Action("windfall", (w,)) for w in worlds), Action("stop")]
        return [*(Action("produce-with", (c,)) for c in distinct(s.players[self.seat].hand)), Action("stop")]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        if action.verb == "windfall":
            self.world = str(action.args[0])
            return
        self.done(s)
        if action.verb == "stop":
            return
        card = str(action.args[0])
        world = self.worlds(cat, s)[0]
        p = s.players[self.seat]
        p.hand.remove(card)
        s.discard.append(card)
        s.log.append(f"{seat_mark(self.seat)} discards a card to produce on {cat[world].name}.")
        power = cat[self.card].powers[self.index]
        produce_on(cat, s, self.seat, world, power.good or "any")


def draw_for(cat: Catalog, s: RftgState, seat: int, power: Power) -> int:
    """Cards a produce draw power gives now."""
    p = s.players[seat]
    name = power.power
    produced = [produced_kind(cat, s, w) for w in p.produced]
    if name == "draw":
        return power.value
    if name == "draw-per-good":
        return power.value * produced.count(power.good)
    if name == "draw-per-kind":
        return power.value * len(set(produced))
    if name == "draw-per-world":
        return power.value * sum(
            1 for w in p.tableau if cat[w].is_world and cat[w].good in (power.good, "any")
        )
    if name == "draw-per":
        cards = p.powered if power.per in ("military-world", "chromo-card") else p.tableau
        return power.value * pw.count_flag(cat, cards, power.per)
    return 0


class ProduceDraws(RftgAuto, tag="produce-draws"):
    """The seat's draw and prestige powers of the Produce phase (each once). `early`: those that need no
    production, and those of worlds produced so far, before the ordered powers (K uses them at once);
    then the rest. The cards saved under Galactic Scavengers go to the hand."""

    seat: int
    early: bool = False

    def run(self, cat: Catalog, s: RftgState) -> None:
        seat = self.seat
        p = s.players[seat]
        total = 0
        for key, index, power in st.usable(cat, p, "produce", ""):
            name = power.power
            if name in ("draw-if-produced", "prestige-if-produced"):
                if key not in p.produced:
                    continue
                if name == "prestige-if-produced":
                    gain_prestige(s, seat, power.prestige)
                else:
                    total += power.value
            elif name in ("draw", "draw-per-world", "draw-per") or (not self.early and name in ORDERED[2:]):
                total += draw_for(cat, s, seat, power)
            elif name == "prestige-most":
                mine = pw.count_flag(cat, p.powered, power.per)
                if all(pw.count_flag(cat, o.powered, power.per) < mine for o in s.players if o is not p):
                    gain_prestige(s, seat, power.prestige)
            elif name == "take-saved":
                if p.saved:
                    p.hand += p.saved
                    taken = plural(len(p.saved), "card")
                    s.log.append(f"{seat_mark(seat)} takes {taken} from under {cat[key].name}.")
                    p.saved = []
            else:
                continue
            p.used.append(f"{key}#{index}")
        got = draw(cat, s, seat, total)
        if not self.early:
            worlds = ", ".join(cat[w].name for w in p.produced)
            produced = f"produces on {worlds}" if worlds else "produces no good"
            drew = f", draws {plural(got, 'card')}." if got else "."
            s.log.append(f"{seat_mark(seat)} {produced}{drew}")
        elif got:
            s.log.append(f"{seat_mark(seat)} draws {plural(got, 'card')} with its produce powers.")


class ProduceMost(RftgAuto, tag="produce-most"):
    """Draws for producing strictly the most goods of a kind, or of all kinds (after every seat)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        counts = [Counter(produced_kind(cat, s, w) for w in p.produced) for p in s.players]
        totals = [len(p.produced) for p in s.players]
        for seat, p in enumerate(s.players):
            for _, _, power in pw.powers(cat, p, "produce", "draw-most"):
                if power.good == "any":
                    mine, theirs = totals[seat], [t for other, t in enumerate(totals) if other != seat]
                else:
                    mine = counts[seat][power.good]
                    theirs = [counts[o][power.good] for o in range(len(s.players)) if o != seat]
                if mine > 0 and all(mine > n for n in theirs):
                    draw(cat, s, seat, power.value)
