"""The Combat part: attacks, the defender's reaction, Item windows, retreat (rulebook "Combat")."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.core.lines import act
from cardtable.core.seats import seat_of_letter

from .cards import Catalog
from .items import ItemWindow
from .state import DinoAuto, DinoChoice, DinoState, PendingAttack, schedule
from .zones import (
    can_pay,
    deal_damage,
    dino_name,
    effective,
    opponents,
    paralyzed,
    pay,
    say,
    seat_arg,
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
    said = f"{who(seat)}'s {dino_name(cat, p.active.tag)} attacks with {move.name} ({move.damage} damage)."
    say(s, act(seat, said))  # the seat's own act, though told by its Dinosaur (`Line.seat`)
    s.attack = PendingAttack(attacker=seat, index=number - 1, attacker_tag=p.active.tag)
    schedule(s, AttackTarget(seat), ResolveAttack())


def retreat(cat: Catalog, s: DinoState, tag: str) -> None:
    """Pay the retreat cost from hand and swap the active Dinosaur with a benched one."""
    p = s.players[s.turn.player]
    assert p.active is not None
    pay(p.hand, cat.dino(p.active.tag).retreat, p.discard)
    incoming = next(d for d in p.bench if d.tag == tag)
    p.bench[p.bench.index(incoming)] = p.active
    said = f"{who(s.turn.player)}'s {dino_name(cat, p.active.tag)} retreats to the bench."
    say(s, act(s.turn.player, said))  # the seat's own act, though told by its Dinosaur
    p.active = incoming
    say(s, f"{who(s.turn.player)}'s {dino_name(cat, tag)} enters the Active Dino Zone.")
    s.turn.combats -= 1


class AttackTarget(DinoChoice, tag="target"):
    """The attacker chooses the opponent to attack (at once when there is one)."""

    rank = 3

    def targets(self, s: DinoState) -> list[int]:
        return opponents(s, self.seat)

    def run(self, cat: Catalog, s: DinoState) -> bool:
        targets = self.targets(s)
        if len(targets) != 1:
            return False
        self.aim(cat, s, targets[0])
        return True

    def prompt(self, cat: Catalog, s: DinoState) -> str:
        return "choose the opponent to attack"

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        return [Action("target", (seat_arg(t),)) for t in self.targets(s)]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        self.aim(cat, s, seat_of_letter(str(action.args[0])))

    def aim(self, cat: Catalog, s: DinoState, target: int) -> None:
        """Attack the target's active Dinosaur, or the player directly if they control none."""
        attack = s.attack
        assert attack is not None
        attack.target = target
        defender = s.players[target].active
        attack.defender_tag = defender.tag if defender else ""
        aim = (
            f"{who(target)}'s {dino_name(cat, defender.tag)}"
            if defender
            else f"{who(target)} directly (no Dinosaur in play)"
        )
        say(s, f"The attack is aimed at {aim}.")
        self.done(s)
        if defender:
            schedule(s, React(target))
        else:
            open_windows(s)


class React(DinoChoice, tag="react"):
    """The defender evades or defends with that card attached to the defending Dinosaur, or passes;
    without any face-down card attached (public) it passes at once."""

    rank = 4

    def run(self, cat: Catalog, s: DinoState) -> bool:
        defender = s.players[self.seat].active
        if defender is not None and defender.attached:
            return False
        self.react(s, "pass")
        return True

    def prompt(self, cat: Catalog, s: DinoState) -> str:
        return "evade, defend or pass against the attack"

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        defender = s.players[self.seat].active
        attached = defender.attached if defender else []
        return [Action(v) for v in ("evade", "defend") if v in attached] + [Action("pass")]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        self.react(s, action.verb)

    def react(self, s: DinoState, verb: str) -> None:
        attack = s.attack
        assert attack is not None
        p = s.players[self.seat]
        if verb != "pass" and p.active is not None:
            p.active.attached.remove(verb)
            p.discard.append(verb)
        attack.reaction = verb
        self.done(s)
        open_windows(s)


def open_windows(s: DinoState) -> None:
    """Item windows before the attack resolves: the target first, clockwise, the attacker last."""
    attack = s.attack
    assert attack is not None
    n = len(s.players)
    order = [(attack.target + k) % n for k in range(n)]
    seats = [seat for seat in order if seat != attack.attacker] + [attack.attacker]
    schedule(s, *(ItemWindow(seat, attack=True) for seat in seats))


def attack_stage(s: DinoState) -> str:
    """Where the attack under way stands, as the views name it: target, react or window."""
    steps = s.steps or s.unresolved
    if any(isinstance(step, AttackTarget) for step in steps):
        return "target"
    if any(isinstance(step, React) for step in steps):
        return "react"
    return "window"


def attack_windows(s: DinoState) -> list[int]:
    """The seats still to be offered an Item window before the attack resolves, in order."""
    return [step.seat for step in s.steps or s.unresolved if isinstance(step, ItemWindow) and step.attack]


class ResolveAttack(DinoAuto, tag="resolve-attack"):
    rank = 6

    def run(self, cat: Catalog, s: DinoState) -> None:
        resolve_attack(cat, s)


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
        say(s, f"The attack hits {who(attack.target)} directly ({move.damage} damage).")
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
