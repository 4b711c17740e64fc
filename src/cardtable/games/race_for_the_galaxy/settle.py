"""Phase III, Settle (RESEARCH.md §2.6): a secret pick, the reveal, how to settle, payment, draws; with
the expansions the powers used after a world is placed (a second world, an upgrade) and takeovers."""

from __future__ import annotations

from functools import cache

from cardtable.core import Action, OneOf, push, seat_mark

from . import settling as st
from .cards import Catalog
from .chance import put_good
from .payment import PaymentPower, SaveCard, SettlePay
from .placing import AfterPlacing, place_world, placed_prestige, settle_bonus
from .state import Player, RftgAuto, RftgChoice, RftgState
from .steps import PairOrNone, Pick, discard_from_tableau, discard_good, distinct, gain_prestige
from .takeover import TakeoverDeclare, targets


class SettleChoose(Pick, tag="settle-choose"):
    """The secret pick of a world the seat has a way to settle (not one already in its tableau), or none."""

    verb = "settle"
    question = "choose a world to settle, in secret, or none"

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        p = s.players[self.seat]
        worlds = [k for k in distinct(p.hand) if cat[k].is_world and k not in p.tableau]
        return ["none", *(k for k in worlds if st.settle_legal(cat, s, p, cat[k]))]


class SettlePlace(RftgAuto, tag="settle-place"):
    """The reveal: every picked world goes into its tableau (a windfall world with a good on it)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        for seat, p in enumerate(s.players):
            if p.pick and p.pick != "-":
                place_world(cat, s, seat, p.pick)
                p.settled = p.pick
            p.pick = ""


class SettleMethod(RftgChoice, tag="settle-method"):
    """How to settle the placed world (`settling.ways`): asked only when the seat has more than one way.
    A way several cards offer names the card."""

    question = "choose how to settle the world"

    def ways(self, cat: Catalog, s: RftgState) -> list[st.Way]:
        p = s.players[self.seat]
        return st.ways(cat, s, p, cat[p.placing], len(p.hand))

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        if not p.placing:
            self.done(s)
            return True
        ways = self.ways(cat, s)
        if len(ways) == 1:
            use_way(cat, s, self.seat, ways[0])
            self.done(s)
            return True
        return False

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        ways = self.ways(cat, s)
        shared = {w.method for w in ways if sum(1 for v in ways if v.method == w.method) > 1}
        actions = [Action("method", (w.method, w.card) if w.method in shared else (w.method,)) for w in ways]
        return sorted(actions, key=str)

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        method = str(action.args[0])
        card = str(action.args[1]) if len(action.args) > 1 else ""
        way = next(w for w in self.ways(cat, s) if w.method == method and (not card or w.card == card))
        use_way(cat, s, self.seat, way)
        self.done(s)


def use_way(cat: Catalog, s: RftgState, seat: int, way: st.Way) -> None:
    p = s.players[seat]
    p.owe = way.owe
    p.method = way.method
    if way.method in ("colony-ship", "tactics", "conquer-peaceful"):
        p.way_card = way.card  # discarded once the payment is complete (K `settle_callback`)
    if way.method == "tactics":
        power = next(x[2] for x in st.usable(cat, p, "settle", "tactics") if x[0] == way.card)
        p.temp_military += power.value
    elif way.method == "conquer-peaceful":
        power = next(x[2] for x in st.usable(cat, p, "settle", "conquer-peaceful") if x[0] == way.card)
        p.extra += power.value
    elif way.method == "contact":
        s.log.append(f"{seat_mark(seat)} pays for the military world ({p.owe}).")


class SettleAfter(AfterPlacing, tag="settle-after"):
    """After settling: the Settle bonus and the seat's powers (`settle_bonus`)."""

    def clear(self, p: Player) -> None:
        p.placing = ""
        p.method = ""
        p.extra = 0

    def placed(self, cat: Catalog, s: RftgState, world: str) -> None:
        settle_bonus(cat, s, self.seat, world)


def placed_this_phase(s: RftgState, seat: int) -> bool:
    """Whether the seat placed the world it picked this phase or declared a takeover (K
    `settle_action`'s world)."""
    return bool(s.players[seat].settled) or any(t.attacker == seat for t in s.declared)


#: the powers `SettlePower` offers, as keys of `Catalog.by_name`
EXTRA_POWERS = (("settle", "place-second"), ("settle", "place-military"), ("settle", "upgrade-world"))


@cache
def extra_cards(cat: Catalog) -> frozenset[str]:
    """The cards with a power `SettlePower` offers."""
    empty: frozenset[str] = frozenset()
    return empty.union(*(cat.power_holders.get(wanted, empty) for wanted in EXTRA_POWERS))


class SettlePower(RftgChoice, tag="settle-power"):
    """After its world, the seat may use its extra-placement powers (a second world, Improved Logistics;
    a military world, Rebel Sneak Attack) and world upgrades (Terraforming Engineers), one at a time,
    or stop (K `settle_action`). A power is offered when what every seat can see allows it (a world
    placed, cards in hand); whether the hand holds a world it could place stays the seat's secret,
    so the follow-up may offer only 'none' (K leaves such a power out, `real`)."""

    question = "use a power to place another world or upgrade one, or stop"

    def options(self, cat: Catalog, s: RftgState, real: bool = False) -> list[tuple[str, int]]:
        p = s.players[self.seat]
        if extra_cards(cat).isdisjoint(p.powered):
            return []
        placed = placed_this_phase(s, self.seat)
        if not placed and not p.hand:  # a second world needs one placed, an upgrade a card in hand
            return []
        found = []
        for key, index, power in st.usable(cat, p, "settle", ""):
            name = power.power
            if name in ("place-second", "place-military") and placed:
                military = name == "place-military"
                # a world it may place, or a takeover it may declare (the costlier scan last)
                world = self.world_to_place(cat, s, military) if real else bool(p.hand)
                if world or (not military and targets(cat, s, self.seat)):
                    found.append((key, index))
            elif name == "upgrade-world" and p.hand:
                possible = (
                    upgrades(cat, s, self.seat) if real else any(upgradable(cat, p, w) for w in p.powered)
                )
                if possible:
                    found.append((key, index))
        return found

    def world_to_place(self, cat: Catalog, s: RftgState, mil_only: bool) -> bool:
        p = s.players[self.seat]
        return any(
            cat[k].is_world and k not in p.tableau and st.settle_legal(cat, s, p, cat[k], mil_only)
            for k in set(p.hand)
        )

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.done_if(s, not self.options(cat, s))

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("power", (key, index + 1)) for key, index in self.options(cat, s)] + [Action("stop")]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        if action.verb == "stop":
            self.done(s)
            return
        key, index = str(action.args[0]), int(action.args[1]) - 1
        p = s.players[self.seat]
        p.used.append(f"{key}#{index}")
        power = cat[key].powers[index]
        if power.power == "upgrade-world":
            push(s, Upgrade(self.seat))
        else:
            push(s, SettleSecond(self.seat, key, mil_only=power.power == "place-military"))


class SettleSecond(RftgChoice, OneOf, tag="settle-second"):
    """The second world of an extra-placement power (placed at once, not in secret), or none."""

    verb = "settle"
    card: str
    mil_only: bool = False

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        p = s.players[self.seat]
        worlds = [k for k in distinct(p.hand) if cat[k].is_world and k not in p.tableau]
        return [*(k for k in worlds if st.settle_legal(cat, s, p, cat[k], self.mil_only)), "none"]

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"choose a further world to settle with {cat[self.card].name}, or none"

    def chosen(self, cat: Catalog, s: RftgState, world: str) -> None:
        self.done(s)
        if world == "none":
            if not self.mil_only:
                push(s, TakeoverDeclare(self.seat, extra=True))
            return
        place_world(cat, s, self.seat, world)
        after: list[RftgChoice | RftgAuto] = [
            SettleMethod(self.seat),
            PaymentPower(self.seat),
            SettlePay(self.seat),
            SaveCard(self.seat),
            SettleAfter(self.seat),
        ]
        if any(power.discard for power in cat[self.card].powers if power.power == "place-military"):
            after.append(DiscardPower(self.seat, self.card))
        push(s, *after)


class DiscardPower(RftgAuto, tag="discard-power"):
    """A card that discards itself after its power placed a world (Rebel Sneak Attack)."""

    seat: int
    card: str

    def run(self, cat: Catalog, s: RftgState) -> None:
        if self.card in s.players[self.seat].tableau:
            discard_from_tableau(cat, s, self.seat, self.card)


def upgradable(cat: Catalog, p: Player, world: str) -> bool:
    """A world of the tableau since the phase began that Terraforming Engineers may replace."""
    return world in p.tableau and cat[world].is_world and not cat[world].military


def upgrades(cat: Catalog, s: RftgState, seat: int) -> list[tuple[str, str]]:
    """The (old world, replacement) pairs Terraforming Engineers allows (RULES.md BOW-16): a non-military
    world of the tableau since the phase began, by a non-military world from hand of the same kind
    (any kind matches any kind; worlds without goods only each other) costing 0 to 3 more."""
    p = s.players[seat]
    pairs = []
    for new in distinct(p.hand):
        b = cat[new]
        if not b.is_world or b.military:
            continue
        for old in p.powered:
            a = cat[old]
            if not upgradable(cat, p, old):
                continue
            if a.good != b.good and (not a.good or not b.good or "any" not in (a.good, b.good)):
                continue
            if a.cost <= b.cost <= a.cost + 3:
                pairs.append((old, new))
    return pairs


class Upgrade(PairOrNone, tag="upgrade"):
    """Replace a world by one from hand (Terraforming Engineers): the old world and its goods (and the
    cards saved under it) are discarded, the new one placed; +1 prestige. Or none."""

    question = "replace a world of your tableau by a world from hand, or none"

    def pairs(self, cat: Catalog, s: RftgState) -> list[tuple[str, str]]:
        return upgrades(cat, s, self.seat)

    def paired(self, cat: Catalog, s: RftgState, old: str, new: str) -> None:
        seat = self.seat
        p = s.players[seat]
        if old in p.goods:
            discard_good(s, p, old)
        if "start-save" in cat[old].special:
            s.discard += p.saved
            p.saved = []
        p.tableau.remove(old)
        s.discard.append(old)
        p.hand.remove(new)
        p.tableau.append(new)
        s.log.append(f"{seat_mark(seat)} replaces {cat[old].name} by {cat[new].name}.")
        if cat[new].windfall:
            put_good(cat, s, seat, new)
        placed_prestige(cat, s, seat, new)
        gain_prestige(s, seat, 1)
