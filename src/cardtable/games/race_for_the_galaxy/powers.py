"""What a player's powers add up to: draws, discounts, military, trade values, usable consume powers.

Powers work from the tableau as it stood at the start of the phase (`Player.powered`, RESEARCH.md
§2.5 "timing rule"): a card placed in a phase gives nothing until the next phase.
"""

from __future__ import annotations

from collections.abc import Iterator

from .cards import TRADE_VALUE, Card, Catalog, Power
from .state import Player


def powers(cat: Catalog, player: Player, phase: str, name: str = "") -> Iterator[tuple[str, int, Power]]:
    """The powers of `phase` (and of that name, if given) of the player's powered cards, in tableau order."""
    by_phase = cat.by_phase
    for key in player.powered:
        for index, power in by_phase[key][phase]:
            if not name or power.power == name:
                yield key, index, power


def total(cat: Catalog, player: Player, phase: str, name: str) -> int:
    return sum(p.value for _, _, p in powers(cat, player, phase, name))


def matches_world(power: Power, world: Card) -> bool:
    """A settle power with a good (or against Rebels) applies only to worlds of that good (or Rebels)."""
    if power.good and power.good != world.good:
        return False
    return not (power.against and power.against not in world.flags)


def military(cat: Catalog, player: Player, world: Card | None = None) -> int:
    """Military strength: general military, plus (against `world`) the powers that apply to it only,
    plus temporary military gained this phase."""
    strength = player.temp_military
    for _, _, power in powers(cat, player, "settle", "military"):
        if (not power.good and not power.against) or (world is not None and matches_world(power, world)):
            strength += power.value
    return strength


def settle_discount(cat: Catalog, player: Player, world: Card) -> int:
    return sum(p.value for _, _, p in powers(cat, player, "settle", "reduce") if matches_world(p, world))


def develop_discount(cat: Catalog, player: Player, bonus: bool) -> int:
    return (1 if bonus else 0) + total(cat, player, "develop", "reduce")


def is_alien(world: Card) -> bool:
    return world.good == "alien" or "alien" in world.flags


def settle_methods(cat: Catalog, player: Player, world: Card, hand: int) -> dict[str, int]:
    """Every way `player` may settle `world` with `hand` other cards in hand: method -> cards to pay.

    `pay`: pay the cost less discounts; `colony-ship`: discard a Colony Ship-type card and pay
    nothing (not for an Alien world; a military world only where it may be paid for); `conquer`:
    military at least the defence; `tactics`: the same after discarding a tactics card for its
    extra military; `contact`: pay for a non-Alien military world its defence less the
    pay-military value and the discounts.
    """
    methods: dict[str, int] = {}
    colony_ship = any(True for _ in powers(cat, player, "settle", "colony-ship")) and not is_alien(world)
    if not world.military:
        owe = max(0, world.cost - settle_discount(cat, player, world))
        if owe <= hand:
            methods["pay"] = owe
        if colony_ship:
            methods["colony-ship"] = 0
        return methods
    strength = military(cat, player, world)
    if strength >= world.cost:
        methods["conquer"] = 0
    tactics = [p.value for _, _, p in powers(cat, player, "settle", "tactics")]
    if tactics and strength + max(tactics) >= world.cost:
        methods["tactics"] = 0
    contact = [p.value for _, _, p in powers(cat, player, "settle", "pay-military")]
    if contact and not is_alien(world):
        owe = max(0, world.cost - max(contact) - settle_discount(cat, player, world))
        if owe <= hand:
            methods["contact"] = owe
        if colony_ship:  # paying for a military world, the Colony Ship pays it all
            methods["colony-ship"] = 0
    return methods


def trade_value(cat: Catalog, player: Player, world: str, bonus: bool = True) -> int:
    """Cards drawn for trading the good on `world`: its kind's value plus the trade bonuses."""
    kind = cat[world].good
    assert kind is not None
    value = TRADE_VALUE[kind]
    if bonus:
        for key, _, power in powers(cat, player, "consume", "trade-bonus"):
            if power.good in ("any", kind) or (power.good == "this" and key == world):
                value += power.value
    return value


def goods_of(cat: Catalog, player: Player, kind: str) -> list[str]:
    """Worlds (tableau order) holding a good of `kind` ('any' for every kind)."""
    return [w for w in player.tableau if w in player.goods and kind in ("any", cat[w].good)]


def usable(cat: Catalog, player: Player, power: Power) -> bool:
    """Whether a chosen consume power can be used now."""
    name = power.power
    if name == "consume":
        return len(goods_of(cat, player, power.good)) >= power.goods
    if name == "consume-different":
        return len({cat[w].good for w in player.goods}) >= power.goods
    if name in ("consume-all", "trade"):
        return bool(player.goods)
    if name == "discard-hand":
        return bool(player.hand)
    return name in ("draw", "gamble")


def consume_options(cat: Catalog, player: Player) -> list[tuple[str, int, Power]]:
    """The consume powers the player may still use this phase, in tableau order."""
    found = []
    for key, index, power in powers(cat, player, "consume"):
        if power.power in ("trade-bonus",) or f"{key}#{index}" in player.used:
            continue
        if usable(cat, player, power):
            found.append((key, index, power))
    return found
