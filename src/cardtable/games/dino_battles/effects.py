"""The effect vocabulary interpreter: resolves the effects of Strategies, Items and Dino Powers.

Played effects are queued as PendingOps and resolved in order. An op resolves by itself when it
needs no choice; otherwise it is the pending decision of the seat that must choose (the card's
controller, or the target opponent for `discard`).
"""

from __future__ import annotations

from cardtable.core import Action

from .cards import Catalog, Effects
from .state import DinoState, PendingOp
from .zones import (
    STAT_INDEX,
    deal_damage,
    discard_from_hand,
    distinct,
    draw,
    heal,
    opponents,
    say,
    take_status,
    who,
)

SEAT_LETTERS = "abcdefgh"
TURN_BONUS = {"action": "actions", "attach": "attaches", "combat": "combats", "buy": "buys"}
STATUS_OPS = ("poison", "paralyze", "wound")


def queue(s: DinoState, seat: int, effects: Effects) -> None:
    s.ops.extend(PendingOp(seat, op, n) for op, n in effects.ops())


def decider(op: PendingOp) -> int:
    return op.target if op.op == "discard" and op.target >= 0 else op.seat


def _targets(cat: Catalog, s: DinoState, op: PendingOp) -> list[str]:
    """Dinosaur tags `op` may target: own damaged ones (hp), opponents' not Camouflaged (damage)."""
    if op.op == "hp":
        return [d.tag for d in s.players[op.seat].dinos() if d.damage > 0]
    return [
        d.tag
        for other in opponents(s, op.seat)
        for d in s.players[other].dinos()
        if "camouflaged" not in cat.dino(d.tag).abilities
    ]


def choices(cat: Catalog, s: DinoState, op: PendingOp) -> list[Action]:
    """The actions of the decision `op` needs, or [] when it resolves without a choice."""
    if op.op in ("hp", "damage"):
        tags = _targets(cat, s, op)
        verb = "heal" if op.op == "hp" else "damage"
        return [Action(verb, (t,)) for t in tags] if len(tags) > 1 else []
    if op.op in (*STATUS_OPS, "discard") and op.target < 0:
        seats = opponents(s, op.seat)
        return [Action("target", (SEAT_LETTERS[t],)) for t in seats] if len(seats) > 1 else []
    if op.op == "discard":
        hand = s.players[op.target].hand
        return [Action("discard", (k,)) for k in distinct(hand, cat.card_kinds)]
    if op.op == "purge":
        hand = s.players[op.seat].hand
        kinds = distinct(hand, cat.card_kinds)
        return [Action("purge", (k,)) for k in kinds] + [Action("pass")] if kinds else []
    return []


def resolve_auto(cat: Catalog, s: DinoState) -> bool:
    """Resolve the first pending op if it needs no choice; False if it waits for a decision."""
    op = s.ops[0]
    if choices(cat, s, op):
        return False
    s.ops.pop(0)
    if op.op == "draw":
        before = len(s.players[op.seat].hand)
        draw(s, op.seat, op.n)
        say(s, f"{who(op.seat)} draws {len(s.players[op.seat].hand) - before}.")
    elif op.op in TURN_BONUS:
        if op.seat == s.turn.player:  # a bonus only helps in your own turn (RULES.md D12)
            setattr(s.turn, TURN_BONUS[op.op], getattr(s.turn, TURN_BONUS[op.op]) + op.n)
            say(s, f"{who(op.seat)} gets +{op.n} {op.op.capitalize()} this turn.")
        else:
            say(s, f"{who(op.seat)}'s +{op.n} {op.op.capitalize()} is lost: it is not {who(op.seat)}'s turn.")
    elif op.op in STAT_INDEX:
        s.boosts[op.seat][STAT_INDEX[op.op]] += op.n
        say(s, f"{who(op.seat)}'s active Dinosaur gets {op.op.upper()} +{op.n} until the end of the turn.")
    elif op.op in ("hp", "damage"):
        tags = _targets(cat, s, op)
        if tags:
            _hit_or_heal(cat, s, op, tags[0])
        else:
            say(s, f"{who(op.seat)}'s {'+HP' if op.op == 'hp' else 'damage'} finds no Dinosaur to target.")
    elif op.op in (*STATUS_OPS, "discard"):
        target = op.target if op.target >= 0 else opponents(s, op.seat)[0]
        if op.op in STATUS_OPS:
            take_status(s, target, op.op, op.n)
        elif op.target < 0 and s.players[target].hand:
            s.ops.insert(0, PendingOp(op.seat, op.op, op.n, target))
    return True


def _hit_or_heal(cat: Catalog, s: DinoState, op: PendingOp, tag: str) -> None:
    if op.op == "hp":
        heal(cat, s, op.seat, tag, op.n)
        return
    owner = next(i for i, p in enumerate(s.players) if any(d.tag == tag for d in p.dinos()))
    deal_damage(cat, s, owner, tag, op.n, source=op.seat)


def apply_choice(cat: Catalog, s: DinoState, action: Action) -> None:
    op = s.ops[0]
    if action.verb in ("heal", "damage"):
        s.ops.pop(0)
        _hit_or_heal(cat, s, op, str(action.args[0]))
    elif action.verb == "target":
        op.target = SEAT_LETTERS.index(str(action.args[0]))
        if op.op in STATUS_OPS:
            s.ops.pop(0)
            take_status(s, op.target, op.op, op.n)
    elif action.verb == "discard":
        discard_from_hand(cat, s, op.target, str(action.args[0]))
        _spend(s, op)
    elif action.verb == "purge":
        kind = str(action.args[0])
        s.players[op.seat].hand.remove(kind)
        s.purgatory.append(kind)
        _spend(s, op)
    else:  # pass: stop purging
        s.ops.pop(0)


def _spend(s: DinoState, op: PendingOp) -> None:
    op.n -= 1
    if op.n <= 0:
        s.ops.pop(0)
