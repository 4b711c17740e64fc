"""The Combat part: attacks, the defender's reaction, Item windows, retreat (rulebook "Combat")."""

from __future__ import annotations

from cardtable.core import Action

from .cards import Catalog
from .effects import SEAT_LETTERS
from .items import may_play_item
from .state import DinoState, PendingAttack
from .zones import (
    can_pay,
    deal_damage,
    dino_name,
    effective,
    opponents,
    paralyzed,
    pay,
    say,
    take_status,
    who,
)


def combat_moves(cat: Catalog, s: DinoState) -> list[Action]:
    """Attacks and retreats the active Dinosaur can pay for (none while a Paralyze is in hand)."""
    seat = s.turn.player
    p = s.players[seat]
    if p.active is None or paralyzed(s, seat):
        return []
    dino = cat.dino(p.active.tag)
    attached = p.active.attached
    moves = [Action("attack", (i + 1,)) for i, atk in enumerate(dino.attacks) if can_pay(attached, atk.cost)]
    if can_pay(p.hand, dino.retreat):
        moves += [Action("retreat", (d.tag,)) for d in p.bench]
    return moves


def declare_attack(cat: Catalog, s: DinoState, number: int) -> None:
    """Pay the attack with cards attached to the active Dinosaur; the target is chosen next."""
    seat = s.turn.player
    p = s.players[seat]
    assert p.active is not None
    move = cat.dino(p.active.tag).attacks[number - 1]
    pay(p.active.attached, move.cost, p.discard)
    s.turn.combats -= 1
    say(s, f"{who(seat)}'s {dino_name(cat, p.active.tag)} attacks with {move.name} ({move.damage} damage).")
    s.attack = PendingAttack(attacker=seat, index=number - 1, attacker_tag=p.active.tag)


def retreat(cat: Catalog, s: DinoState, tag: str) -> None:
    """Pay the retreat cost from hand and swap the active Dinosaur with a benched one."""
    p = s.players[s.turn.player]
    assert p.active is not None
    pay(p.hand, cat.dino(p.active.tag).retreat, p.discard)
    incoming = next(d for d in p.bench if d.tag == tag)
    p.bench[p.bench.index(incoming)] = p.active
    say(s, f"{who(s.turn.player)}'s {dino_name(cat, p.active.tag)} retreats to the bench.")
    p.active = incoming
    say(s, f"{who(s.turn.player)}'s {dino_name(cat, tag)} enters the Active Dino Zone.")
    s.turn.combats -= 1


def target_actions(s: DinoState) -> list[Action]:
    assert s.attack is not None
    return [Action("target", (SEAT_LETTERS[t],)) for t in opponents(s, s.attack.attacker)]


def set_target(s: DinoState, target: int) -> None:
    """Attack the target's active Dinosaur, or the player directly if they control none."""
    attack = s.attack
    assert attack is not None
    attack.target = target
    defender = s.players[target].active
    attack.defender_tag = defender.tag if defender else ""
    aim = f"{who(target)}'s {defender.tag}" if defender else f"{who(target)} directly (no Dinosaur in play)"
    say(s, f"The attack is aimed at {aim}.")
    attack.stage = "react" if defender else "window"
    if not defender:
        open_window(s)


def reactions(s: DinoState) -> list[Action]:
    """Evade or Defend need that card attached to the defending Dinosaur; Pass is always open."""
    attack = s.attack
    assert attack is not None
    defender = s.players[attack.target].active
    attached = defender.attached if defender else []
    return [Action(v) for v in ("evade", "defend") if v in attached] + [Action("pass")]


def react(s: DinoState, verb: str) -> None:
    attack = s.attack
    assert attack is not None
    p = s.players[attack.target]
    if verb != "pass" and p.active is not None:
        p.active.attached.remove(verb)
        p.discard.append(verb)
    attack.reaction = verb
    open_window(s)


def open_window(s: DinoState) -> None:
    """Item windows before the attack resolves: the target first, clockwise, the attacker last."""
    attack = s.attack
    assert attack is not None
    attack.stage = "window"
    n = len(s.players)
    order = [(attack.target + k) % n for k in range(n)]
    attack.window = [seat for seat in order if seat != attack.attacker] + [attack.attacker]


def skip_empty_windows(cat: Catalog, window: list[int], s: DinoState) -> None:
    """A seat gets no window when everyone can see it cannot play an Item (`items.may_play_item`)."""
    while window and not may_play_item(cat, s, window[0]):
        window.pop(0)


def resolve_attack(cat: Catalog, s: DinoState) -> None:
    """Compare ATK with EVA or DEF, deal damage and status cards, Spiked, direct attacks."""
    attack = s.attack
    assert attack is not None
    s.attack = None
    attacker = s.players[attack.attacker]
    if attacker.active is None or attacker.active.tag != attack.attacker_tag:
        say(s, "The attack has no effect: the attacking Dinosaur left play.")  # RULES.md D8
        return
    move = cat.dino(attack.attacker_tag).attacks[attack.index]
    target = s.players[attack.target]
    if not attack.defender_tag:
        say(s, f"Direct attack: {who(attack.target)} takes a Wound card for every 5 damage.")
        take_status(s, attack.target, "wound", move.damage // 5)
        return
    if target.active is None or target.active.tag != attack.defender_tag:
        say(s, "The attack has no effect: the defending Dinosaur left play.")
        return
    atk = effective(cat, s, attack.attacker, "atk")
    name = f"{who(attack.target)}'s {dino_name(cat, attack.defender_tag)}"
    if attack.reaction in ("evade", "defend"):
        stat = "eva" if attack.reaction == "evade" else "def"
        guard = effective(cat, s, attack.target, stat)
        verb = attack.reaction
        if guard >= atk:
            say(s, f"{name} {verb}s: {stat.upper()} {guard} against ATK {atk}, no damage.")
            return
        say(s, f"{name} fails to {verb}: {stat.upper()} {guard} against ATK {atk}.")
    defender = cat.dino(attack.defender_tag)
    poison = 0 if "immune-to-poison" in defender.abilities else move.poison
    if move.poison and not poison:
        say(s, f"{name} is Immune to Poison.")
    for kind, n in (("poison", poison), ("paralyze", move.paralyze), ("wound", move.wound)):
        take_status(s, attack.target, kind, n)
    deal_damage(cat, s, attack.target, attack.defender_tag, move.damage, source=attack.attacker)
    if "spiked" in defender.abilities and move.damage > 0:
        say(s, f"{name} is Spiked: the attacker takes 5 damage.")
        deal_damage(cat, s, attack.attacker, attack.attacker_tag, 5, source=attack.target)
