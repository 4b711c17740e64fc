"""How a world may be settled: the legal picks of the Settle phase and the ways to settle a placed world
(RESEARCH.md §2.6; RULES.md "Settle" of each expansion). K `settle_legal`, `pay_settle`, `settle_callback`.

A way is one of: `pay` (a non-military world, its cost less discounts), `colony-ship` (discard a
card with that power: a non-military world for nothing, or a military world that may be paid for),
`conquer` (military at least the defence), `tactics` (the same after discarding a tactics card for
its military), `contact` (pay for a military world: its defence less the pay-for-military discount
and the discounts), `conquer-peaceful` (discard a card to conquer a non-military world as if it were
military). Conquering ways may add military from optional powers (cards from hand, a good or
prestige spent); paying ways may lower the cost by spending a Genes good (`payment.PaymentPower`).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import powers as pw
from .cards import Card, Catalog, Power
from .state import Player, RftgState
from .steps import chose_prestige

MILITARY_WAYS = ("conquer", "tactics", "conquer-peaceful")
PRESTIGE_SETTLE_COST = 3


@dataclass(frozen=True)
class Way:
    method: str
    owe: int = 0
    card: str = ""


#: powers used by discarding their card from the tableau
DISCARDING = ("colony-ship", "tactics")


def usable(cat: Catalog, p: Player, phase: str, name: str) -> list[tuple[str, int, Power]]:
    """The player's powers of that phase and name not used yet this phase; a power used by discarding
    its card only while the card is still in the tableau (K `get_powers`)."""
    found = []
    used = p.used
    for k, i, power in pw.powers(cat, p, phase, name):
        if used and f"{k}#{i}" in used:
            continue
        if (power.discard or power.power in DISCARDING) and k not in p.tableau:
            continue
        found.append((k, i, power))
    return found


def good_worlds(cat: Catalog, p: Player, kind: str) -> list[str]:
    """Worlds holding a good of `kind` (an any-kind world counts) that may pay for a power: not the
    world being placed (K skips unpaid cards)."""
    return [w for w in p.tableau if w in p.goods and w != p.placing and cat[w].good in (kind, "any")]


def matching_reduce(cat: Catalog, p: Player, world: Card) -> int:
    """The settle discounts that apply to `world` without spending anything."""
    return sum(
        power.value
        for _, _, power in usable(cat, p, "settle", "reduce")
        if not power.spend and pw.matches_world(power, world)
    )


def spend_reduce_room(cat: Catalog, p: Player, world: Card) -> int:
    """What Genes goods spent for a discount could take off (Lifeforms, Golden Age of Terraforming)."""
    room, goods = 0, len(good_worlds(cat, p, "genes"))
    for _, _, power in usable(cat, p, "settle", "reduce"):
        if power.spend and pw.matches_world(power, world) and goods > 0:
            room += power.value
            goods -= 1
    return room


def military_room(cat: Catalog, p: Player, world: Card, hand: int) -> int:
    """The most military optional powers could add against `world`: cards from hand (up to the hand),
    a good or prestige spent."""
    cards = sum(power.value for _, _, power in usable(cat, p, "settle", "hand-military"))
    room = min(cards, hand)
    goods = {kind: len(good_worlds(cat, p, kind)) for kind in ("novelty", "rare", "genes", "alien")}
    for _, _, power in usable(cat, p, "settle", "military"):
        if not power.spend or not pw.matches_world(power, world):
            continue
        if power.spend == "prestige":
            if p.prestige > 0:
                room += power.value
        elif goods[power.spend] > 0:
            goods[power.spend] -= 1
            room += power.value
    return room


def strength(cat: Catalog, p: Player, world: Card) -> int:
    """Military against `world` now: general, specific to it, temporary, and for this world only."""
    return pw.military(cat, p, world) + p.extra


def pay_military(cat: Catalog, p: Player, world: Card) -> dict[str, int]:
    """The cards whose pay-for-military power applies to a military `world`, with their discount (K: a
    plain power pays for non-Alien worlds, an Alien one only for Alien worlds; some only for Rebel or
    chromosome worlds). The player chooses which one to use."""
    found: dict[str, int] = {}
    for key, _, power in usable(cat, p, "settle", "pay-military"):
        if (power.good == "alien") != (world.good == "alien"):
            continue
        if power.against and power.against not in world.flags:
            continue
        found[key] = max(found.get(key, power.value), power.value)
    return found


def zero_cards(cat: Catalog, p: Player, world: Card) -> list[str]:
    """Cards that may be discarded to place `world` for nothing: not an Alien-good world (K); in the base
    game not an Alien world at all, the reading its records were played with (RULES.md)."""
    if world.good == "alien" or (not cat.level and pw.is_alien(world)):
        return []
    return sorted({k for k, _, _ in usable(cat, p, "settle", "colony-ship")})


def base_cost(cat: Catalog, s: RftgState, p: Player, world: Card) -> int:
    cost = world.cost - matching_reduce(cat, p, world) - p.temp_reduce
    if chose_prestige(p, s.phase):
        cost -= PRESTIGE_SETTLE_COST
    return cost


def ways(cat: Catalog, s: RftgState, p: Player, world: Card, hand: int) -> list[Way]:
    """Every way to settle `world` with `hand` cards to pay with, in a stable order."""
    found: list[Way] = []
    room = military_room(cat, p, world, hand)
    gene = spend_reduce_room(cat, p, world)
    if not world.military:
        owe = max(0, base_cost(cat, s, p, world))
        if owe - gene <= hand:
            found.append(Way("pay", owe))
        found += [Way("colony-ship", 0, c) for c in zero_cards(cat, p, world)]
        st = strength(cat, p, world)
        for key, _, power in usable(cat, p, "settle", "conquer-peaceful"):
            if st + power.value + room >= world.cost and Way("conquer-peaceful", 0, key) not in found:
                found.append(Way("conquer-peaceful", 0, key))
        return found
    st = strength(cat, p, world)
    if st + room >= world.cost:
        found.append(Way("conquer"))
    for key, _, power in usable(cat, p, "settle", "tactics"):
        if st + power.value + room >= world.cost and Way("tactics", 0, key) not in found:
            found.append(Way("tactics", 0, key))
    contacts = pay_military(cat, p, world)
    if contacts:
        discount = sum(power.value for _, _, power in usable(cat, p, "settle", "pay-discount"))
        for key, value in contacts.items():
            owe = max(0, base_cost(cat, s, p, world) - value - discount)
            if owe - gene <= hand:
                found.append(Way("contact", owe, key))
        found += [Way("colony-ship", 0, c) for c in zero_cards(cat, p, world)]
    return found


def settle_legal(cat: Catalog, s: RftgState, p: Player, world: Card, mil_only: bool = False) -> bool:
    """Whether `world` (in hand) may be picked to settle: some way works with the cards left in hand
    (K `settle_legal`: every optional power counted as usable; `mil_only`: only as a military world,
    Rebel Sneak Attack's extra one)."""
    hand = len(p.hand) - 1
    if hand < 0:
        return False
    # the plain ways first, which need no optional power counted (the same answer, sooner)
    if world.military and strength(cat, p, world) >= world.cost:
        return True
    if not world.military and not mil_only and max(0, base_cost(cat, s, p, world)) <= hand:
        return True
    found = ways(cat, s, p, world, hand)
    if mil_only:
        return any(w.method in MILITARY_WAYS for w in found)
    return bool(found)
