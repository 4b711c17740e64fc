"""Takeovers (levels 2-3 with takeovers on; RULES.md RVI-6..13, BOW-19; K `settle_check_takeover`,
`resolve_takeovers`, `resolve_takeover`, `defend_takeover`).

In Settle, a player who placed no world (or whose extra-placement power placed none) may declare a
takeover of a world another player had when the phase began, with a takeover power that makes the
world vulnerable, if its military could win: it may add military at once (cards from hand, a good or
prestige spent, a tactics card). At the end of Settle, in the order declared: a player with prestige
and a power to prevent takeovers may stop one; then the attack (the attacker's military against the
world, with the power's bonus) is compared with the defence (the owner's military against it, Rebel
Pact's bonus and the world's defence); when the attack wins, the owner may add military; the
attacker wins ties. A won takeover moves the world with its goods to the end of the attacker's tableau
(Imperium Planet Buster destroys it) and counts as placing a world; a lost one makes the attacker's
later takeovers of the phase fail.
"""

from __future__ import annotations

from functools import cache

import msgspec

from cardtable.core import Action, push, seat_mark

from . import powers as pw
from . import settling as st
from .cards import Card, Catalog, Power
from .payment import UsePowers, military_actions, use_hand_military, use_military
from .placing import settle_bonus
from .state import Player, RftgAuto, RftgChoice, RftgState, Takeover
from .steps import PairOrNone, discard_from_tableau, gain_prestige, spend_prestige

#: prestige for taking over a non-military world (Imperium Invasion Fleet) or destroying one
PEACEFUL_PRESTIGE = 2
DESTROY_PRESTIGE = 2


def takeover_powers(cat: Catalog, s: RftgState, seat: int) -> list[tuple[str, int, Power]]:
    """The seat's takeover powers it may use now (one that costs prestige only with prestige)."""
    p = s.players[seat]
    return [
        (k, i, power)
        for k, i, power in st.usable(cat, p, "settle", "takeover")
        if (k in p.tableau or not power.discard) and (power.spend != "prestige" or p.prestige > 0)
    ]


def rebel_military(cat: Catalog, cards: list[str]) -> int:
    return sum(1 for k in cards if cat[k].military and "rebel" in cat[k].flags)


def vulnerable(cat: Catalog, s: RftgState, power: Power, owner: int, world: Card) -> bool:
    """Whether a takeover power may target `world` of `owner`."""
    o = s.players[owner]
    if power.against == "rebel-military":
        return "rebel" in world.flags and rebel_military(cat, o.powered) > 0
    if power.against == "imperium":
        return pw.count_flag(cat, o.powered, "imperium") > 0
    if power.against == "military":
        return pw.total_military(cat, o.powered) > 0
    return True


def peaceful_takeover(cat: Catalog, p: Player) -> list[tuple[str, int, Power]]:
    """Powers that conquer a non-military world in a takeover too (Imperium Invasion Fleet)."""
    return [
        x
        for x in st.usable(cat, p, "settle", "conquer-peaceful")
        if not x[2].settle_only and x[0] in p.tableau
    ]


def defence(cat: Catalog, s: RftgState, owner: int, world: str) -> int:
    """The owner's military against its world, Rebel Pact's takeover defence, and the world's defence."""
    o = s.players[owner]
    card = cat[world]
    strength = pw.military(cat, o, card) + card.cost
    for _ in pw.powers(cat, o, "settle", "takeover-defence"):
        strength += pw.count_flag(cat, o.powered, "military-world") + rebel_military(cat, o.powered)
    return strength


def attack(cat: Catalog, s: RftgState, t: Takeover) -> int:
    """The attacker's military against the world, with the bonus of the power used (Rebel Alliance: +2
    per Rebel military world of its own)."""
    p = s.players[t.attacker]
    strength = pw.military(cat, p, cat[t.world])
    power = cat[t.card].powers[t.index]
    if power.against == "imperium":
        strength += power.value * rebel_military(cat, p.powered)
    return strength


def could_win(cat: Catalog, s: RftgState, seat: int, owner: int, world: str, bonus: int) -> bool:
    """Whether the attacker's military, with every optional power, could match the defence (K
    `settle_legal` for a takeover)."""
    p = s.players[seat]
    card = cat[world]
    strength = pw.military(cat, p, card) + bonus + st.military_room(cat, p, card, len(p.hand))
    strength += max((power.value for _, _, power in st.usable(cat, p, "settle", "tactics")), default=0)
    if not card.military:
        strength += max(power.value for _, _, power in peaceful_takeover(cat, p))
    return strength >= defence(cat, s, owner, world)


@cache
def _worlds(cat: Catalog, military_only: bool) -> frozenset[str]:
    """The worlds of the catalog (only the military ones if `military_only`)."""
    return frozenset(k for k in cat.keys if cat[k].is_world and (cat[k].military or not military_only))


def targets(cat: Catalog, s: RftgState, seat: int) -> list[tuple[str, str]]:
    """(world, power card) pairs the seat may declare (K `settle_check_takeover`)."""
    if not s.takeovers:
        return []
    p = s.players[seat]
    powers = takeover_powers(cat, s, seat)
    if not powers:
        return []
    open_worlds = _worlds(cat, military_only=not peaceful_takeover(cat, p))
    usable_here = [(k, power) for k, _, power in powers]
    imperium = any(power.against == "imperium" for _, power in usable_here)
    found = []
    for owner, o in enumerate(s.players):
        if owner == seat:
            continue
        bonus = 0
        if imperium and pw.count_flag(cat, o.powered, "imperium"):
            bonus = 2 * rebel_military(cat, p.powered)
        for world in o.tableau:
            if world not in open_worlds or world not in o.powered:
                continue
            card = cat[world]
            keys = [k for k, power in usable_here if vulnerable(cat, s, power, owner, card)]
            if keys and could_win(cat, s, seat, owner, world, bonus):
                found += [(world, k) for k in dict.fromkeys(keys)]
    return found


class TakeoverDeclare(PairOrNone, tag="takeover"):
    """Declare a takeover (a target world and the power used) or none; asked in Settle of a seat that
    placed no world (after its extra-placement power placed none, `extra`)."""

    question = "declare a takeover of another player's world, or none"
    extra: bool = False

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        return self.done_if(s, (p.placing and not self.extra) or not targets(cat, s, self.seat))

    def pairs(self, cat: Catalog, s: RftgState) -> list[tuple[str, str]]:
        return targets(cat, s, self.seat)

    def paired(self, cat: Catalog, s: RftgState, world: str, card: str) -> None:
        seat = self.seat
        p = s.players[seat]
        key, index, power = next(x for x in takeover_powers(cat, s, seat) if x[0] == card)
        owner = next(i for i, o in enumerate(s.players) if world in o.tableau)
        s.declared.append(Takeover(seat, owner, world, key, index))
        s.log.append(f"{seat_mark(seat)} declares a takeover of {cat[world].name} with {cat[key].name}.")
        if power.discard:
            discard_from_tableau(cat, s, seat, key)
        else:
            p.used.append(f"{key}#{index}")
        if power.spend == "prestige":
            spend_prestige(cat, s, seat, 1)
        p.placing = world
        p.method = "takeover"
        push(s, TakeoverMilitary(seat))


class TakeoverMilitary(UsePowers, tag="takeover-military"):
    """Military the attacker adds for its takeover at once (K asks the takeover's payment): cards from
    hand (its hand-military powers), a good or prestige spent, a tactics card; a non-military world is
    attacked by discarding a card that conquers such worlds. Then `done`."""

    given: int = 0

    def options(self, cat: Catalog, s: RftgState) -> list[Action]:
        p = s.players[self.seat]
        return military_actions(cat, p, cat[p.placing], self.given, tactics=True)

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"add military for the takeover of {cat[s.players[self.seat].placing].name}, or go on"

    def use(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.given += use_military(cat, s, self.seat, action)

    def finish(self, cat: Catalog, s: RftgState) -> None:
        """Hand-military powers drawn on are used up; a non-military target costs the conquering card."""
        p = s.players[self.seat]
        use_hand_military(cat, p, self.given)
        if not cat[p.placing].military:
            key = next((k for k, _, _ in peaceful_takeover(cat, p)), "")
            if key:
                discard_from_tableau(cat, s, self.seat, key)
        p.placing = ""
        p.method = ""
        self.done(s)


class ResolveTakeovers(RftgAuto, tag="resolve-takeovers"):
    """The end of Settle: first the chances to prevent a takeover, then each takeover in turn."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        if not s.declared:
            return
        steps: list[RftgChoice | RftgAuto] = []
        for seat, p in enumerate(s.players):
            if p.prestige <= 0:
                continue
            steps += [
                TakeoverPrevent(seat, k, i) for k, i, _ in st.usable(cat, p, "settle", "prevent-takeover")
            ]
        steps += [TakeoverAttack(i) for i in range(len(s.declared))]
        push(s, *steps, TakeoversDone())


class TakeoverPrevent(RftgChoice, tag="takeover-prevent"):
    """Pan-Galactic Security Council: for 1 prestige, one declared takeover (every takeover made with that
    power card) fails; or none."""

    question = "stop a declared takeover for 1 prestige, or none"
    card: str
    index: int

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.done_if(s, s.players[self.seat].prestige <= 0)

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        worlds = [Action("prevent", (t.world,)) for t in s.declared if not t.failed]
        return [*worlds, Action("prevent", ("none",))]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.done(s)
        s.players[self.seat].used.append(f"{self.card}#{self.index}")
        if action.args[0] == "none":
            return
        spend_prestige(cat, s, self.seat, 1)
        stopped = next(t for t in s.declared if t.world == action.args[0] and not t.failed)
        for t in s.declared:
            if t.card == stopped.card:
                t.failed = True
        s.log.append(f"{seat_mark(self.seat)} prevents the takeover of {cat[stopped.world].name}.")


class TakeoverAttack(RftgAuto, tag="takeover-attack"):
    """A declared takeover: it fails if prevented or if the world has left its owner; when the attack
    wins, the owner may defend (`Defend`), then `TakeoverEnd` decides."""

    index: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        t = s.declared[self.index]
        if t.failed or t.world not in s.players[t.owner].tableau:
            fail(cat, s, self.index)
            return
        deficit = attack(cat, s, t) - defence(cat, s, t.owner, t.world)
        if deficit >= 0 and defend_room(cat, s, t.owner) > deficit:
            push(s, Defend(t.owner, self.index), TakeoverEnd(self.index))
        else:
            push(s, TakeoverEnd(self.index))


def fail(cat: Catalog, s: RftgState, index: int) -> None:
    t = s.declared[index]
    t.failed = True
    s.log.append(f"The takeover of {cat[t.world].name} fails.")
    for later in s.declared[index + 1 :]:
        if later.attacker == t.attacker:
            later.failed = True


def defend_room(cat: Catalog, s: RftgState, seat: int) -> int:
    """The most military the owner could add in defence."""
    p = s.players[seat]
    room = sum(power.value for _, _, power in st.usable(cat, p, "settle", "tactics"))
    cards = sum(power.value for _, _, power in st.usable(cat, p, "settle", "hand-military"))
    room += min(cards, len(p.hand))
    for _, _, power in st.usable(cat, p, "settle", "military"):
        if (power.spend == "prestige" and p.prestige > 0) or (
            power.spend in ("rare", "alien") and st.good_worlds(cat, p, power.spend)
        ):
            room += power.value
    return room


class Defend(RftgChoice, tag="defend"):
    """The owner of an attacked world may add military: cards from hand (its hand-military powers), a good
    or prestige spent, a tactics card; then `done`."""

    index: int
    given: int = 0

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"add military to defend {cat[s.declared[self.index].world].name}, or go on"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        p = s.players[self.seat]
        return [*military_actions(cat, p, None, self.given, tactics=True), Action("done")]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        if action.verb == "done":
            use_hand_military(cat, s.players[self.seat], self.given)
            self.done(s)
            return
        self.given += use_military(cat, s, self.seat, action)


class TakeoverEnd(RftgAuto, tag="takeover-end"):
    """The takeover is decided: the attacker wins with at least the defence."""

    index: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        t = s.declared[self.index]
        strength, needed = attack(cat, s, t), defence(cat, s, t.owner, t.world)
        who = seat_mark(t.attacker)
        s.log.append(f"{who} attacks {cat[t.world].name} with {strength} military against {needed}.")
        if strength < needed:
            fail(cat, s, self.index)
            return
        p, o = s.players[t.attacker], s.players[t.owner]
        power = cat[t.card].powers[t.index]
        prestige = power.prestige if power.spend == "prestige" or power.destroy else 0
        if not cat[t.world].military:
            prestige += PEACEFUL_PRESTIGE
        o.tableau.remove(t.world)
        s.taken.append(msgspec.structs.replace(t))
        saved = o.saved if "start-save" in cat[t.world].special else []
        if saved:
            o.saved = []
        good = o.goods.pop(t.world, None)
        if power.destroy:
            s.discard.append(t.world)
            s.discard += saved
            if good:
                s.discard.append(good)
            s.log.append(f"{who} destroys {cat[t.world].name}.")
        else:
            p.tableau.append(t.world)
            p.saved += saved
            if good:
                p.goods[t.world] = good
            s.log.append(f"{who} takes over {cat[t.world].name}.")
        gain_prestige(s, t.attacker, prestige)
        settle_bonus(cat, s, t.attacker, t.world, takeover=True)


class TakeoversDone(RftgAuto, tag="takeovers-done"):
    """The takeovers of the phase are over."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        s.declared = []
