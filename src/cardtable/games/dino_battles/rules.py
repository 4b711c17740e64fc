"""The turn machine: who decides next, the legal actions, applying one, and the automatic steps.

Priority of pending decisions: a promotion after a KO, then a card effect's choice, then the
attack in progress (target, reaction, Item windows), then the Item windows between two parts of the
turn, then the active player's part of the turn.
"""

from __future__ import annotations

from cardtable.core import Action, Decision

from . import combat, effects
from .buy import buy, buy_actions
from .cards import Catalog
from .items import (
    attach,
    attach_actions,
    item_actions,
    play_item,
    play_strategy,
    power_actions,
    strategy_actions,
    use_power,
)
from .state import DinoState
from .turn import end_turn, next_part
from .zones import dino_name, distinct, say, who

KOS_TO_WIN = 3

PROMPTS = {
    "strategy": "play a Strategy or Item, attach a Combat Card, use a Dino Power, or pass to Combat",
    "combat": "attack, retreat, play an Item, or pass to the Buy part",
    "buy": "buy a card, play an Item, or pass",
    "keep": "keep one card of your hand (or pass), then discard the rest and draw 6; or play an Item",
}
#: the prompt of the Item window that follows a part of the turn, by the part that comes next
WINDOW_PROMPTS = {
    "combat": "play an Item after the Strategy part, or pass",
    "buy": "play an Item after the Combat part, or pass",
    "keep": "play an Item after the Buy part, or pass",
}


def check_end(s: DinoState) -> None:
    """Three opponent Dinosaurs knocked out, or the Wound supply empty, end the game (a true stall is
    found at the start of a turn: `turn.stalled`)."""
    n = len(s.players)
    for seat in [(s.turn.player + k) % n for k in range(n)]:
        if s.players[seat].kos >= KOS_TO_WIN:
            s.ended, s.ko_winner = "ko", seat
            say(s, f"{who(seat)} has knocked out {KOS_TO_WIN} opponent Dinosaurs: the game ends.")
            return
    if s.supply["wound"] == 0:
        s.ended = "wounds"
        say(s, "The Wound supply has run out: the game ends, the fewest Wounds win.")


def settle(cat: Catalog, s: DinoState) -> None:
    """Carry out every step that needs no choice, until a decision is pending or the game ends."""
    while True:
        if not s.ended:
            check_end(s)
        if s.ended:
            return
        if s.promote:
            p = s.players[s.promote[0]]
            if p.active is None and len(p.bench) > 1:
                return
            if p.active is None and p.bench:
                p.active = p.bench.pop(0)
                say(s, f"{who(s.promote[0])}'s {dino_name(cat, p.active.tag)} enters the Active Dino Zone.")
            s.promote.pop(0)
            continue
        if s.ops:
            if effects.resolve_auto(cat, s):
                continue
            return
        if s.attack is not None:
            if _settle_attack(cat, s):
                continue
            return
        combat.skip_empty_windows(cat, s.turn.window, s)
        if s.turn.window:
            return
        part = s.turn.part
        p = s.players[s.turn.player]
        combat_over = part == "combat" and (p.active is None or s.turn.combats <= 0)
        if combat_over or (part == "buy" and s.turn.buys <= 0):
            next_part(s)
        elif part == "keep" and not p.hand:
            end_turn(cat, s, None)
        else:
            return


def _settle_attack(cat: Catalog, s: DinoState) -> bool:
    attack = s.attack
    assert attack is not None
    if attack.stage == "target":
        targets = combat.target_actions(s)
        if len(targets) == 1:
            combat.set_target(s, effects.SEAT_LETTERS.index(str(targets[0].args[0])))
            return True
        return False
    if attack.stage == "react":
        defender = s.players[attack.target].active
        if defender is None or not defender.attached:  # public: no face-down card to react with
            combat.react(s, "pass")
            return True
        return False
    combat.skip_empty_windows(cat, attack.window, s)
    if attack.window:
        return False
    combat.resolve_attack(cat, s)
    return True


def decision(s: DinoState) -> Decision | None:
    if s.ended:
        return None
    if s.promote:
        return Decision(s.promote[0], "promote", "move a benched Dinosaur to the Active Dino Zone")
    if s.ops:
        op = s.ops[0]
        return Decision(effects.decider(op), op.op, _op_prompt(op.op))
    if s.attack is not None:
        attack = s.attack
        if attack.stage == "target":
            return Decision(attack.attacker, "target", "choose the opponent to attack")
        if attack.stage == "react":
            return Decision(attack.target, "react", "evade, defend or pass against the attack")
        return Decision(attack.window[0], "item-window", "play an Item before the attack resolves, or pass")
    if s.turn.window:
        return Decision(s.turn.window[0], "item-window", WINDOW_PROMPTS[s.turn.part])
    return Decision(s.turn.player, s.turn.part, PROMPTS[s.turn.part])


def _op_prompt(op: str) -> str:
    return {
        "hp": "choose your Dinosaur to heal",
        "damage": "choose the opponent Dinosaur to damage",
        "discard": "choose a card to discard",
        "purge": "choose a card of your hand to purge, or pass",
    }.get(op, f"choose the opponent who takes {op}")


def legal_actions(cat: Catalog, s: DinoState) -> list[Action]:
    d = decision(s)
    if d is None:
        return []
    if d.kind == "promote":
        return [Action("promote", (b.tag,)) for b in s.players[d.seat].bench]
    if s.ops:
        return effects.choices(cat, s, s.ops[0])
    if d.kind == "target":
        return combat.target_actions(s)
    if d.kind == "react":
        return combat.reactions(s)
    if d.kind == "item-window":
        return [*item_actions(cat, s, d.seat), Action("pass")]
    items = item_actions(cat, s, d.seat)
    if d.kind == "strategy":
        plays = strategy_actions(cat, s) + items + attach_actions(cat, s) + power_actions(cat, s)
        return [*plays, Action("pass")]
    if d.kind == "combat":
        return combat.combat_moves(cat, s) + items + [Action("pass")]
    if d.kind == "buy":
        return buy_actions(cat, s) + items + [Action("pass")]
    hand = s.players[d.seat].hand
    return [Action("keep", (k,)) for k in distinct(hand, cat.card_kinds)] + items + [Action("pass")]


def apply(cat: Catalog, s: DinoState, action: Action) -> None:
    """Carry out a legal action, then every automatic step that follows."""
    d = decision(s)
    assert d is not None
    verb, args = action.verb, action.args
    if d.kind == "promote":
        p = s.players[d.seat]
        chosen = next(b for b in p.bench if b.tag == args[0])
        p.bench.remove(chosen)
        p.active = chosen
        s.promote.pop(0)
        say(s, f"{who(d.seat)}'s {dino_name(cat, chosen.tag)} enters the Active Dino Zone.")
    elif s.ops:
        effects.apply_choice(cat, s, action)
    elif verb == "item":
        play_item(cat, s, d.seat, str(args[0]))
    elif d.kind == "target":
        combat.set_target(s, effects.SEAT_LETTERS.index(str(args[0])))
    elif d.kind == "react":
        combat.react(s, verb)
    elif d.kind == "item-window":
        (s.attack.window if s.attack is not None else s.turn.window).pop(0)
    else:
        _apply_turn_action(cat, s, action)
    settle(cat, s)


def _apply_turn_action(cat: Catalog, s: DinoState, action: Action) -> None:
    verb, args = action.verb, action.args
    part = s.turn.part
    if verb == "play":
        play_strategy(cat, s, str(args[0]))
    elif verb == "attach":
        attach(s, str(args[0]), str(args[1]))
    elif verb == "power":
        use_power(cat, s)
    elif verb == "attack":
        combat.declare_attack(cat, s, int(args[0]))
    elif verb == "retreat":
        combat.retreat(cat, s, str(args[0]))
    elif verb == "buy":
        buy(cat, s, str(args[0]))
    elif verb == "keep":
        end_turn(cat, s, str(args[0]))
    elif part == "keep":  # pass: keep nothing
        end_turn(cat, s, None)
    else:  # pass: on to the next part
        next_part(s)
