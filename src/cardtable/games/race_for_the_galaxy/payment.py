"""Paying for a development or a world (RESEARCH.md §2.10.5): first the optional powers that change
what is owed (a card discarded for a discount, a good or prestige spent, cards from hand as military),
then one card from hand at a time; then Galactic Scavengers may save one of the cards paid."""

from __future__ import annotations

from functools import cache

from cardtable.core import Action, OneOf, push, seat_mark

from . import powers as pw
from . import settling as st
from .cards import Card, Catalog, Power
from .state import Player, RftgChoice, RftgState
from .steps import FromZone, discard_from_tableau, discard_good, distinct, gain_prestige, spend_prestige


class Pay(FromZone):
    """Discard a card from hand towards what the placed card costs (`Player.owe` to go). Nothing
    owed: no step; owing the whole hand or more: the hand goes without asking."""

    verb = "pay"

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        if not p.placing or p.owe <= 0:
            self.paid(cat, s)
            return True
        if p.owe >= len(p.hand):
            s.discard += p.hand
            if cat.level:  # for Galactic Scavengers (`SaveCard`)
                p.paid += p.hand
            p.hand = []
            p.owe = 0
            self.paid(cat, s)
            return True
        return False

    def paid(self, cat: Catalog, s: RftgState) -> None:
        """The payment is complete."""
        self.done(s)

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        p = s.players[self.seat]
        return f"pay for {cat[p.placing].name}: discard a card ({p.owe} to go)"

    def chosen(self, cat: Catalog, s: RftgState, card: str) -> None:
        p = self.take(s, card)
        s.discard.append(card)
        if cat.level:
            p.paid.append(card)
        p.owe -= 1
        if p.owe <= 0:
            self.paid(cat, s)


class DevelopPay(Pay, tag="develop-pay"):
    """Paying for the development placed this Develop phase."""


class SettlePay(Pay, tag="settle-pay"):
    """Paying for the world settled this Settle phase (a normal world, or a military one by contact)."""

    def paid(self, cat: Catalog, s: RftgState) -> None:
        """Pan-Galactic Mediator: prestige once a military world is paid for (K `settle_callback`)."""
        self.done(s)
        p = s.players[self.seat]
        if p.placing and p.method == "contact":
            for _, _, power in st.usable(cat, p, "settle", "prestige-after"):
                if power.against == "paid-military":
                    gain_prestige(s, self.seat, power.prestige)


@cache
def payment_cards(cat: Catalog) -> frozenset[str]:
    """The cards with a power `PaymentPower` may offer: a discount for a card from the tableau, cards
    from hand as military, a good or prestige spent, a tactics or conquering card discarded."""
    optional = ("discard-reduce", "hand-military", "tactics", "conquer-peaceful")
    return frozenset(
        key
        for key in cat.keys
        if any(
            p.power in optional or (p.power in ("reduce", "military") and p.spend) for p in cat[key].powers
        )
    )


def _spend(power: Power) -> str:
    return power.spend


class UsePowers(RftgChoice):
    """Optional powers (`options`) used one at a time (`use`), then `done` once `enough`; with none to
    use, the step finishes at once (`finish`)."""

    def options(self, cat: Catalog, s: RftgState) -> list[Action]:
        raise TypeError(f"step {self.kind} defines no options")

    def enough(self, cat: Catalog, s: RftgState) -> bool:
        return True

    def use(self, cat: Catalog, s: RftgState, action: Action) -> None:
        raise TypeError(f"step {self.kind} defines no use")

    def finish(self, cat: Catalog, s: RftgState) -> None:
        raise TypeError(f"step {self.kind} defines no finish")

    def run(self, cat: Catalog, s: RftgState) -> bool:
        if not self.options(cat, s):
            self.finish(cat, s)
            return True
        return False

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        done = [Action("done")] if self.enough(cat, s) else []
        return self.options(cat, s) + done

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        if action.verb == "done":
            self.finish(cat, s)
        else:
            self.use(cat, s, action)


class PaymentPower(UsePowers, tag="payment-power"):
    """Before paying, use the optional powers that apply, one at a time, then `done`:
    - Develop: discard a card from the tableau for a discount (R&D Crash Program), spend a Rare good for
      one (Golden Age of Terraforming);
    - settling by paying: spend a Genes good for a discount (Lifeforms, Inc);
    - conquering: discard a card from hand for +1 military (up to the powers' total), spend a good or
      prestige for military; `done` once the military is enough.
    Asked only when such a power applies (K asks the payment with its special powers)."""

    #: cards given from hand for military in this payment
    given: int = 0

    def options(self, cat: Catalog, s: RftgState) -> list[Action]:
        p = s.players[self.seat]
        if not p.placing or payment_cards(cat).isdisjoint(p.powered):
            return []
        found: list[Action] = []
        if s.phase.startswith("develop"):
            for key, index, _ in st.usable(cat, p, "develop", "discard-reduce"):
                if key in p.tableau:
                    found.append(Action("reduce", (key, index + 1)))
            for key, index, power in st.usable(cat, p, "develop", "reduce"):
                if power.spend and st.good_worlds(cat, p, power.spend):
                    found.append(Action("reduce", (key, index + 1)))
            return found
        world = cat[p.placing]
        if p.method in st.MILITARY_WAYS:
            found = military_actions(cat, p, world, self.given, tactics=False)
            if p.method == "conquer-peaceful":  # another such card may be discarded too (K)
                found += [
                    Action("boost", (key, index + 1))
                    for key, index, _ in st.usable(cat, p, "settle", "conquer-peaceful")
                    if key in p.tableau and key != p.way_card
                ]
            return found
        for key, index, power in st.usable(cat, p, "settle", "reduce"):
            if power.spend and pw.matches_world(power, world) and st.good_worlds(cat, p, power.spend):
                found.append(Action("reduce", (key, index + 1)))
        if not cat.level:  # the base game asks no such question (its records were played without one)
            return found
        # military for later in the phase may be bought while paying too, not with cards (K)
        return found + military_actions(cat, p, world, self.given, tactics=True, hand=False)

    def enough(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        if p.method not in st.MILITARY_WAYS:
            return True
        return st.strength(cat, p, cat[p.placing]) >= cat[p.placing].cost

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"use a power for {cat[s.players[self.seat].placing].name}, or go on"

    def use(self, cat: Catalog, s: RftgState, action: Action) -> None:
        p = s.players[self.seat]
        if action.verb in ("military", "boost"):
            self.given += use_military(cat, s, self.seat, action)
            return
        key, index = str(action.args[0]), int(action.args[1]) - 1
        power = cat[key].powers[index]
        p.used.append(f"{key}#{index}")
        if power.power == "discard-reduce":
            discard_from_tableau(cat, s, self.seat, key)
        else:
            push(s, PaymentGood(self.seat, key, index))
            if s.phase.startswith("settle"):
                p.temp_reduce += power.value
        p.owe = max(0, p.owe - power.value)

    def finish(self, cat: Catalog, s: RftgState) -> None:
        """Hand-military powers drawn on are used up for the phase (K marks each one named)."""
        p = s.players[self.seat]
        use_hand_military(cat, p, self.given)
        if self.given:
            p.paid = ["-"]  # cards given for military: nothing may be saved (K `settle_callback`)
        if p.way_card:
            card, p.way_card = p.way_card, ""
            discard_from_tableau(cat, s, self.seat, card)
            if p.method == "conquer-peaceful":
                gain_prestige(
                    s, self.seat, sum(x.prestige for x in cat[card].powers if x.power == "conquer-peaceful")
                )
        self.done(s)


def military_actions(
    cat: Catalog, p: Player, world: Card | None, given: int, tactics: bool, hand: bool = True
) -> list[Action]:
    """What may add military now: a card from hand (`military CARD`, while the hand-military powers'
    total exceeds the cards `given`; not unless `hand`), a power spending prestige or a good (`boost`,
    against `world` when one is being attacked or settled), a tactics card discarded (`boost`, if
    `tactics`)."""
    found: list[Action] = []
    if hand and sum(power.value for _, _, power in st.usable(cat, p, "settle", "hand-military")) > given:
        found += [Action("military", (c,)) for c in distinct(p.hand)]
    for key, index, power in st.usable(cat, p, "settle", "military"):
        if not power.spend or (world is not None and not pw.matches_world(power, world)):
            continue
        if p.prestige > 0 if power.spend == "prestige" else bool(st.good_worlds(cat, p, power.spend)):
            found.append(Action("boost", (key, index + 1)))
    if tactics:
        found += [
            Action("boost", (key, index + 1)) for key, index, _ in st.usable(cat, p, "settle", "tactics")
        ]
    return found


def use_military(cat: Catalog, s: RftgState, seat: int, action: Action) -> int:
    """Carry out a `military_actions` action; 1 if it gave a card from hand, else 0."""
    p = s.players[seat]
    who = seat_mark(seat)
    if action.verb == "military":
        card = str(action.args[0])
        p.hand.remove(card)
        s.discard.append(card)
        p.temp_military += 1
        s.log.append(f"{who} discards a card for +1 military.")
        return 1
    key, index = str(action.args[0]), int(action.args[1]) - 1
    power = cat[key].powers[index]
    if power.power == "conquer-peaceful":
        discard_from_tableau(cat, s, seat, key)
        p.extra += power.value
        gain_prestige(s, seat, power.prestige)
        return 0
    if power.power == "tactics":
        discard_from_tableau(cat, s, seat, key)
    else:
        p.used.append(f"{key}#{index}")
        if power.spend == "prestige":
            spend_prestige(cat, s, seat, 1)
            s.log.append(f"{who} spends prestige for +{power.value} military.")
        else:
            push(s, PaymentGood(seat, key, index))
    p.temp_military += power.value
    return 0


def use_hand_military(cat: Catalog, p: Player, given: int) -> None:
    """The hand-military powers the cards given drew on are used up for the phase (K marks each one)."""
    if given <= 0:
        return
    left = given
    for key, index, power in st.usable(cat, p, "settle", "hand-military"):
        if left <= 0:
            break
        p.used.append(f"{key}#{index}")
        left -= power.value


class PaymentGood(RftgChoice, OneOf, tag="payment-good"):
    """The good spent for the power `index` of `card` (asked when more than one would do)."""

    verb = "good"
    card: str
    index: int

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        return st.good_worlds(cat, s.players[self.seat], _spend(cat[self.card].powers[self.index]))

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.take_only(cat, s)

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"choose the good to spend for {cat[self.card].name}"

    def chosen(self, cat: Catalog, s: RftgState, world: str) -> None:
        self.done(s)
        discard_good(s, s.players[self.seat], world)
        s.log.append(
            f"{seat_mark(self.seat)} spends the good on {cat[world].name} for {cat[self.card].name}."
        )


class SaveCard(FromZone, tag="save-card"):
    """Galactic Scavengers (RULES.md BOW-13): one of the cards just paid is saved under it, chosen when
    more than one was paid (not after cards were given for military)."""

    verb = "save"
    zone = "paid"
    question = "save one of the cards you paid under Galactic Scavengers"

    def saving(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        phase = "develop" if s.phase.startswith("develop") else "settle"
        return bool(st.usable(cat, p, phase, "save-payment")) and "-" not in p.paid

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        if not p.paid or not self.saving(cat, s):
            p.paid = []
            self.done(s)
            return True
        if len(p.paid) == 1:
            self.chosen(cat, s, p.paid[0])
            return True
        return False

    def chosen(self, cat: Catalog, s: RftgState, card: str) -> None:
        self.done(s)
        p = s.players[self.seat]
        s.discard.remove(card)
        p.saved.append(card)
        p.paid = []
        s.log.append(f"{seat_mark(self.seat)} saves a card under Galactic Scavengers.")
