"""The effect vocabulary as steps: the effects of Strategies, Items and Dino Powers, resolved in order.

A card played queues one step per effect (`queue`), in the card's order (`cards.Effects`). An effect
resolves by itself when it needs no choice; otherwise it is the pending decision of the seat that must
choose (the card's controller, or the target opponent for `discard`), its kind the effect's name.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core import Action
from cardtable.core.seats import seat_of_letter
from cardtable.core.words import plural

from .cards import Catalog, Effects
from .state import DinoAuto, DinoChoice, DinoState, DinoStep, schedule
from .zones import (
    STAT_INDEX,
    deal_damage,
    discard_from_hand,
    distinct,
    draw,
    heal,
    opponents,
    say,
    seat_arg,
    take_status,
    who,
)

#: the effects' rank among the steps (`DinoStep`): after a promotion, before the attack under way
EFFECT = 2
#: the allowance of the turn each bonus adds to
ALLOWANCE = {"action": "actions", "attach": "attaches", "combat": "combats", "buy": "buys"}


def queue(s: DinoState, seat: int, effects: Effects) -> None:
    """The effects of a card `seat` played, each a step, resolved in the card's order."""
    schedule(s, *(effect_step(seat, op, n) for op, n in effects.ops()))


def effect_step(seat: int, op: str, n: int) -> DinoStep:
    if op in ALLOWANCE:
        return Bonus(seat, n, op)
    if op in STAT_INDEX:
        return Boost(seat, n, op)
    if op == "discard":
        return Discard(seat, n, seat)
    return BY_NAME[op](seat, n)


def shown(step: DinoStep) -> dict[str, Any] | None:
    """An effect step as the views list it (seat, op, n, target: -1 until chosen); None for other steps."""
    if isinstance(step, Discard):
        target = -1 if step.target is None else step.target
        return {"seat": seat_arg(step.source), "op": "discard", "n": step.n, "target": target}
    if isinstance(step, Bonus | Boost):
        return {"seat": seat_arg(step.seat), "op": step.op, "n": step.n, "target": -1}
    if isinstance(step, Draw | Chosen):
        return {"seat": seat_arg(step.seat), "op": step.kind, "n": step.n, "target": -1}
    return None


# --- effects that need no choice -------------------------------------------------------------------
class Draw(DinoAuto, tag="draw"):
    rank = EFFECT
    seat: int
    n: int

    def run(self, cat: Catalog, s: DinoState) -> None:
        before = len(s.players[self.seat].hand)
        draw(s, self.seat, self.n)
        say(s, f"{who(self.seat)} draws {plural(len(s.players[self.seat].hand) - before, 'card')}.")


class Plus(DinoAuto):
    """+n to something of the seat's (`op` names it) for the turn."""

    rank = EFFECT
    seat: int
    n: int
    op: str


class Bonus(Plus, tag="bonus"):
    """+n to an allowance of the turn (`op`: action, attach, combat or buy)."""

    def run(self, cat: Catalog, s: DinoState) -> None:
        name, seat = self.op.capitalize(), self.seat
        if seat == s.turn.player:  # a bonus only helps in your own turn (RULES.md D12)
            allowance = ALLOWANCE[self.op]
            setattr(s.turn, allowance, getattr(s.turn, allowance) + self.n)
            say(s, f"{who(seat)} gets +{self.n} {name} this turn.")
        else:
            say(s, f"{who(seat)}'s +{self.n} {name} is lost: it is not {who(seat)}'s turn.")


class Boost(Plus, tag="boost"):
    """+n to a stat of the active Dinosaur until the end of the turn (`op`: atk, eva or def)."""

    def run(self, cat: Catalog, s: DinoState) -> None:
        s.boosts[self.seat][STAT_INDEX[self.op]] += self.n
        boost = f"{self.op.upper()} +{self.n}"
        say(s, f"{who(self.seat)}'s active Dinosaur gets {boost} until the end of the turn.")


# --- effects that may need a choice ----------------------------------------------------------------
class Chosen(DinoChoice):
    """An effect that asks its controller (`seat`) for a target when there is more than one."""

    rank = EFFECT
    n: int


class Aimed(Chosen):
    """+HP to an own damaged Dinosaur, or damage to an opponent's Dinosaur (not a Camouflaged one)."""

    verb: ClassVar[str]

    def targets(self, cat: Catalog, s: DinoState) -> list[str]:
        return [
            d.tag
            for other in opponents(s, self.seat)
            for d in s.players[other].dinos()
            if "camouflaged" not in cat.dino(d.tag).abilities
        ]

    def run(self, cat: Catalog, s: DinoState) -> bool:
        tags = self.targets(cat, s)
        if len(tags) > 1:
            return False
        self.done(s)
        if tags:
            self.hit(cat, s, tags[0])
        else:
            what = "healing" if self.kind == "hp" else "damage"
            say(s, f"{who(self.seat)}'s {what} finds no Dinosaur to target.")
        return True

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        return [Action(self.verb, (t,)) for t in self.targets(cat, s)]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        self.done(s)
        self.hit(cat, s, str(action.args[0]))

    def hit(self, cat: Catalog, s: DinoState, tag: str) -> None:
        owner = next(i for i, p in enumerate(s.players) if any(d.tag == tag for d in p.dinos()))
        deal_damage(cat, s, owner, tag, self.n, source=self.seat)


class Heal(Aimed, tag="hp"):
    question = "choose your Dinosaur to heal"
    verb = "heal"

    def targets(self, cat: Catalog, s: DinoState) -> list[str]:
        return [d.tag for d in s.players[self.seat].dinos() if d.damage > 0]

    def hit(self, cat: Catalog, s: DinoState, tag: str) -> None:
        heal(cat, s, self.seat, tag, self.n)


class Damage(Aimed, tag="damage"):
    question = "choose the opponent Dinosaur to damage"
    verb = "damage"


class Status(Chosen):
    """n cards of a Status Effect (the kind) from the Supply for a target opponent."""

    def run(self, cat: Catalog, s: DinoState) -> bool:
        seats = opponents(s, self.seat)
        if len(seats) > 1:
            return False
        self.done(s)
        take_status(s, seats[0], self.kind, self.n)
        return True

    def prompt(self, cat: Catalog, s: DinoState) -> str:
        return f"choose the opponent who takes {self.kind}"

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        return [Action("target", (seat_arg(t),)) for t in opponents(s, self.seat)]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        self.done(s)
        take_status(s, seat_of_letter(str(action.args[0])), self.kind, self.n)


class Poison(Status, tag="poison"):
    pass


class Paralyze(Status, tag="paralyze"):
    pass


class Wound(Status, tag="wound"):
    pass


class Discard(Chosen, tag="discard"):
    """A target opponent discards n cards of its choice: `source` (the card's controller) chooses the
    opponent when there are several; then the target (`seat` from then on) chooses the cards."""

    question = "choose a card to discard"
    source: int
    target: int | None = None

    def prompt(self, cat: Catalog, s: DinoState) -> str:
        if self.target is None:
            return f"choose the opponent who discards {plural(self.n, 'card')}"
        return f"choose a card to discard ({self.n} to go)"

    def run(self, cat: Catalog, s: DinoState) -> bool:
        if self.target is None:
            seats = opponents(s, self.source)
            if len(seats) > 1:
                return False
            if not s.players[seats[0]].hand:
                self.done(s)
                return True
            self.seat = self.target = seats[0]
        if distinct(s.players[self.target].hand, cat.card_kinds):
            return False
        self.done(s)
        return True

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        if self.target is None:
            return [Action("target", (seat_arg(t),)) for t in opponents(s, self.source)]
        return [Action("discard", (k,)) for k in distinct(s.players[self.target].hand, cat.card_kinds)]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        if action.verb == "target":
            self.seat = self.target = seat_of_letter(str(action.args[0]))
            return
        assert self.target is not None
        discard_from_hand(cat, s, self.target, str(action.args[0]))
        self.n -= 1
        if self.n <= 0:
            self.done(s)


class Purge(Chosen, tag="purge"):
    """Remove up to n cards of your choice from your hand to Purgatory (or stop)."""

    question = "choose a card of your hand to purge, or pass"

    def run(self, cat: Catalog, s: DinoState) -> bool:
        if distinct(s.players[self.seat].hand, cat.card_kinds):
            return False
        self.done(s)
        return True

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        kinds = distinct(s.players[self.seat].hand, cat.card_kinds)
        return [Action("purge", (k,)) for k in kinds] + [Action("pass")]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        if action.verb == "pass":
            self.done(s)
            return
        kind = str(action.args[0])
        s.players[self.seat].hand.remove(kind)
        s.purgatory.append(kind)
        self.n -= 1
        if self.n <= 0:
            self.done(s)


#: the other effects' steps by the effect's name (built with the seat and the amount)
BY_NAME: dict[str, type[Chosen] | type[Draw]] = {
    "draw": Draw,
    "hp": Heal,
    "damage": Damage,
    "poison": Poison,
    "paralyze": Paralyze,
    "wound": Wound,
    "purge": Purge,
}
