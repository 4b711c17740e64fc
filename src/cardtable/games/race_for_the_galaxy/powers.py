"""What a player's powers add up to: draws, discounts, military, trade values, usable consume powers.

Powers work from the tableau as it stood at the start of the phase (`Player.powered`, RESEARCH.md
§2.5 "timing rule"): a card placed in a phase gives nothing until the next phase.
"""

from __future__ import annotations

from .cards import TRADE_VALUE, Card, Catalog, Power
from .state import Player


def powers(cat: Catalog, player: Player, phase: str, name: str = "") -> list[tuple[str, int, Power]]:
    """The powers of `phase` (and of that name, if given) of the player's powered cards, in tableau order."""
    holders = cat.power_holders.get((phase, name))
    powered = player.powered
    if holders is None or holders.isdisjoint(powered):
        return []
    if name:
        wanted = (phase, name)
        by_name = cat.by_name
        return [(key, i, power) for key in powered if key in holders for i, power in by_name[key][wanted]]
    by_phase = cat.by_phase
    return [(key, i, power) for key in powered if key in holders for i, power in by_phase[key][phase]]


def total(cat: Catalog, player: Player, phase: str, name: str) -> int:
    return sum(p.value for _, _, p in powers(cat, player, phase, name))


def matches_world(power: Power, world: Card) -> bool:
    """A settle power with a good (or against Rebels) applies only to worlds of that good (or Rebels)."""
    if power.good and power.good != world.good:
        return False
    return not (power.against and power.against not in world.flags)


def count_flag(cat: Catalog, cards: list[str], flag: str) -> int:
    """Cards with a flag ('military-world': military worlds; 'chromo-card': the chromosome symbol)."""
    if flag == "military-world":
        return sum(1 for k in cards if cat[k].military)
    if flag == "chromo-card":
        return sum(1 for k in cards if "chromo" in cat[k].flags)
    if flag == "rebel-world":
        return sum(1 for k in cards if cat[k].is_world and "rebel" in cat[k].flags)
    return sum(1 for k in cards if flag in cat[k].flags)


def general_military(cat: Catalog, cards: list[str], power: Power) -> int:
    """What a military power without a condition on the world adds (`per` a count, `when` an Imperium
    card), K `total_military`; 0 for one that applies only to some worlds or must be paid for."""
    if power.good or power.against or power.spend:
        return 0
    if power.per:
        return power.value * count_flag(cat, cards, power.per)
    if power.when and not count_flag(cat, cards, "imperium"):
        return 0
    return power.value


def total_military(cat: Catalog, cards: list[str]) -> int:
    """The general military of `cards` (a tableau), without temporary military (K `total_military`)."""
    holders = cat.power_holders.get(("settle", "military"))
    if holders is None or holders.isdisjoint(cards):
        return 0
    by_name = cat.by_name
    return sum(
        general_military(cat, cards, power)
        for key in cards
        if key in holders
        for _, power in by_name[key]["settle", "military"]
    )


def military(cat: Catalog, player: Player, world: Card | None = None) -> int:
    """Military strength: general military, plus (against `world`) the powers that apply to it only,
    plus temporary military gained this phase."""
    strength = player.temp_military
    cards = player.powered
    for _, _, power in powers(cat, player, "settle", "military"):
        if power.spend:
            continue
        if not power.good and not power.against:
            strength += general_military(cat, cards, power)
        elif world is not None and matches_world(power, world):
            strength += power.value
    return strength


def has_consume_power(card: Card) -> bool:
    """A Consume power other than a trade bonus (New Economy, the consume bonus lines, Prosperity Lead)."""
    return any(p.phase == "consume" and p.power not in ("trade-bonus", "no-trade") for p in card.powers)


def settle_discount(cat: Catalog, player: Player, world: Card) -> int:
    return sum(p.value for _, _, p in powers(cat, player, "settle", "reduce") if matches_world(p, world))


def develop_discount(cat: Catalog, player: Player, bonus: bool, prestige: bool = False) -> int:
    """The discount on every development: the Develop bonus (1, a prestige Develop 2 more) and the
    develop discounts that cost nothing (not those paid by a discard or a good)."""
    reduce = sum(p.value for _, _, p in powers(cat, player, "develop", "reduce") if not p.spend)
    return (1 if bonus else 0) + (2 if prestige else 0) + reduce


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


def trade_value(
    cat: Catalog, player: Player, world: str, bonus: bool = True, prestige: bool = False, kind: str = ""
) -> int:
    """Cards drawn for trading the good on `world`: its kind's value plus the trade bonuses (a bonus per
    chromosome card for Genes), plus 3 for a prestige Consume-Trade (K `trade_value`). `kind`: the kind
    named for an any-kind world."""
    kind = kind or cat[world].good or ""
    value = TRADE_VALUE[kind]
    if bonus:
        for key, _, power in powers(cat, player, "consume", "trade-bonus"):
            if power.per:
                if kind == power.good:
                    value += count_flag(cat, player.powered, power.per)
            elif power.good in ("any", kind) or (power.good == "this" and key == world):
                value += power.value
    return value + (3 if prestige else 0)


def goods_of(cat: Catalog, player: Player, kind: str, this: str = "") -> list[str]:
    """Worlds (tableau order) holding a good of `kind` ('any' for every kind; a world of any kind holds
    a good of every kind), only `this` world if given."""
    return [
        w
        for w in player.tableau
        if w in player.goods and (kind == "any" or cat[w].good in (kind, "any")) and (not this or w == this)
    ]


#: consume powers the player may leave unused (K: using one is never required)
OPTIONAL_CONSUME = ("discard-hand", "consume-prestige")


def usable(cat: Catalog, player: Player, key: str, power: Power) -> bool:
    """Whether a consume power can be used now (K `consume_action`)."""
    name = power.power
    if name == "consume":
        this = key if power.world == "this" else ""
        return len(goods_of(cat, player, power.good, this)) >= max(1, power.goods)
    if name == "consume-different":
        return len({cat[w].good for w in player.goods}) >= power.goods
    if name in ("consume-all", "consume-kinds", "trade"):
        return bool(player.goods)
    if name == "consume-prestige":
        return player.prestige > 0
    if name == "discard-hand":
        return len(player.hand) >= max(1, power.goods)
    if name == "ante":  # nothing to ante from an empty hand (K offers it and does nothing)
        return bool(player.hand)
    return name in ("draw", "gamble", "vp")


def consume_options(cat: Catalog, player: Player) -> list[tuple[str, int, Power]]:
    """The consume powers the player may still use this phase, in tableau order."""
    found = []
    for key, index, power in powers(cat, player, "consume"):
        if power.power in ("trade-bonus", "no-trade") or f"{key}#{index}" in player.used:
            continue
        if usable(cat, player, key, power):
            found.append((key, index, power))
    return found
