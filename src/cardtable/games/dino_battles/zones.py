"""Moving cards between zones: drawing, paying costs, status cards, damage and knock-outs."""

from __future__ import annotations

from collections import Counter

from cardtable.core import Action, Said, seat_letter, seat_mark
from cardtable.core.lines import befalls

from .cards import Catalog, Cost
from .state import DinoAuto, DinoChoice, DinoState, Termination, schedule

STAT_INDEX = {"atk": 0, "eva": 1, "def": 2}
#: how many narration lines a state keeps (the interfaces show the lines each move adds)
LOG_LINES = 40
KOS_TO_WIN = 3


def say(s: DinoState, line: Said) -> None:
    """Add a line to the public narration: only what every seat sees happen (RULES.md D23)."""
    s.log.append(line)
    del s.log[:-LOG_LINES]


def who(seat: int) -> str:
    """A seat as the narration names it (its mark: the web table shows its name, `core.plain` its letter)."""
    return seat_mark(seat)


def seat_arg(seat: int) -> str:
    """A seat as the notation names it (`target b`)."""
    return seat_letter(seat).lower()


def dino_name(cat: Catalog, tag: str) -> str:
    """A Dinosaur copy in words: its printed name (its tag is notation)."""
    return cat.dino(tag).name


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def dino_in_play(cat: Catalog, s: DinoState, seat: int, tag: str) -> str:
    """A Dinosaur copy of `seat` in play, in words that tell it from the seat's others of that name:
    "Tyranno-Mech", "the active Tyranno-Mech", "the second benched Tyranno-Mech"."""
    p = s.players[seat]
    name = dino_name(cat, tag)
    if sum(dino_name(cat, d.tag) == name for d in p.dinos()) < 2:
        return name
    if p.active is not None and p.active.tag == tag:
        return f"the active {name}"
    alike = [d.tag for d in p.bench if dino_name(cat, d.tag) == name]
    if len(alike) < 2 or tag not in alike:
        return f"the benched {name}"
    return f"the {ORDINALS[alike.index(tag)]} benched {name}"


def draw(s: DinoState, seat: int, n: int) -> None:
    """Draw n cards; an empty deck is replaced by the shuffled discard pile (RULES.md D4)."""
    p = s.players[seat]
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                return
            p.deck, p.discard = sorted(p.discard), []
            s.rng.shuffle(p.deck)
            say(s, f"{who(seat)} shuffles the discard pile into a new deck of {len(p.deck)} cards.")
        p.hand.append(p.deck.pop())


def can_pay(cards: list[str], cost: Cost) -> bool:
    have = Counter(cards)
    return all(have[kind] >= n for kind, n in cost.as_dict().items())


def pay(cards: list[str], cost: Cost, into: list[str]) -> None:
    """Move the cost's Combat Cards from `cards` to `into` (a discard pile)."""
    for kind, n in cost.as_dict().items():
        for _ in range(n):
            cards.remove(kind)
            into.append(kind)


def take_status(s: DinoState, seat: int, kind: str, n: int) -> None:
    """Take n cards of a Status Effect from the Supply into the discard pile (as many as are left)."""
    k = min(n, s.supply[kind])
    s.supply[kind] -= k
    s.players[seat].discard.extend([kind] * k)
    if kind == "wound" and s.supply[kind] == 0:
        end_due(s)
    if k:
        card = kind.capitalize() + (" card" if k == 1 else " cards")
        # a Status Effect is always another seat's doing (an attack, a card): not the seat's own act
        said = f"{who(seat)} takes {k} {card}" + (f" ({n - k} short: the stack is empty)." if k < n else ".")
        say(s, befalls(said))


def paralyzed(s: DinoState, seat: int) -> bool:
    return "paralyze" in s.players[seat].hand


def effective(cat: Catalog, s: DinoState, seat: int, stat: str) -> int:
    """The ATK/EVA/DEF of `seat`'s active Dinosaur: printed value + static powers + Items this turn.

    Static Dino Powers "apply as long as the Dinosaur with that Power is on your bench": only benched
    Dinosaurs lend theirs, an active one does not boost itself (RULES.md D13).
    """
    p = s.players[seat]
    if p.active is None:
        return 0
    dino = cat.dino(p.active.tag)
    value = {"atk": dino.atk, "eva": dino.eva, "def": dino.def_}[stat]
    for other in p.bench:
        power = cat.dino(other.tag).power
        if power and power.kind == "static":
            value += dict(power.effects.ops()).get(stat, 0)
    return value + s.boosts[seat][STAT_INDEX[stat]]


def hit_points(cat: Catalog, tag: str, damage: int) -> int:
    return cat.dino(tag).hp - damage


def deal_damage(cat: Catalog, s: DinoState, owner: int, tag: str, amount: int, source: int | None) -> None:
    """Damage a Dinosaur in play; at 0 HP it is knocked out and purged (rulebook "Combat").

    A knock-out counts for `source` when that is an opponent of the owner (RULES.md D9).
    """
    p = s.players[owner]
    dino = next((d for d in p.dinos() if d.tag == tag), None)
    if dino is None or amount <= 0:
        return
    dino.damage += amount
    left = cat.dino(tag).hp - dino.damage
    name = f"{who(owner)}'s {dino_name(cat, tag)}"
    if left > 0:
        say(s, f"{name} takes {amount} damage ({left} HP left).")
        return
    p.discard.extend(dino.attached)
    dino.attached = []
    s.purgatory.append(tag)
    if p.active is dino:
        p.active = None
        schedule(s, Promote(owner))
    else:
        p.bench.remove(dino)
    credit = ""
    if source is not None and source != owner:
        s.players[source].kos += 1
        credit = f"; {who(source)} has knocked out {s.players[source].kos}"
        if s.players[source].kos >= KOS_TO_WIN:
            end_due(s)
    say(s, f"{name} takes {amount} damage and is knocked out (purged){credit}.")


def heal(cat: Catalog, s: DinoState, owner: int, tag: str, amount: int) -> None:
    for dino in s.players[owner].dinos():
        if dino.tag == tag:
            healed = min(amount, dino.damage)
            dino.damage -= healed
            left = cat.dino(tag).hp - dino.damage
            say(s, f"{who(owner)}'s {dino_name(cat, tag)} recovers {healed} HP ({left} HP).")


def discard_from_hand(cat: Catalog, s: DinoState, seat: int, kind: str) -> None:
    """Discard one card from hand; a discarded Poison costs the active Dinosaur 5 HP."""
    p = s.players[seat]
    p.hand.remove(kind)
    p.discard.append(kind)
    if kind == "poison" and p.active is not None:
        say(s, f"{who(seat)} discards a Poison card: the active Dinosaur loses 5 HP.")
        deal_damage(cat, s, seat, p.active.tag, 5, source=None)


def place_dinosaur(cat: Catalog, s: DinoState, seat: int, tag: str) -> None:
    """A bought Dinosaur goes to the Active Dino Zone if it is empty, else to the bench."""
    from .state import Dino

    p = s.players[seat]
    if p.active is None:
        p.active = Dino(tag)
        say(s, f"{who(seat)}'s {dino_name(cat, tag)} enters the Active Dino Zone.")
    else:
        p.bench.append(Dino(tag))
        say(s, f"{who(seat)}'s {dino_name(cat, tag)} goes to the bench.")


def refill_row(s: DinoState, size: int, cat: Catalog | None = None) -> None:
    """Reveal Dinosaurs from the Dino Deck until `size` are revealed (narrated when `cat` is given)."""
    while len(s.row) < size and s.dino_deck:
        s.row.append(s.dino_deck.pop())
        if cat is not None:
            say(s, f"{dino_name(cat, s.row[-1])} is revealed from the Dino Deck.")


def opponents(s: DinoState, seat: int) -> list[int]:
    """The other seats in clockwise order starting after `seat`."""
    n = len(s.players)
    return [(seat + k) % n for k in range(1, n)]


def distinct(cards: list[str], order: tuple[str, ...]) -> list[str]:
    present = set(cards)
    return [k for k in order if k in present]


# --- knock-outs and the end (rulebook "Combat", "Goal") ---------------------------------------------
class Promote(DinoChoice, tag="promote"):
    """A player whose active Dinosaur was knocked out moves a benched one to the Active Dino Zone: at
    once when it has one (or none), its choice when it has several."""

    rank = 1

    def run(self, cat: Catalog, s: DinoState) -> bool:
        p = s.players[self.seat]
        if p.active is None and len(p.bench) > 1:
            return False
        if p.active is None and p.bench:
            p.active = p.bench.pop(0)
            say(s, f"{who(self.seat)}'s {dino_name(cat, p.active.tag)} enters the Active Dino Zone.")
        self.done(s)
        return True

    def prompt(self, cat: Catalog, s: DinoState) -> str:
        return "move a benched Dinosaur to the Active Dino Zone"

    def legal(self, cat: Catalog, s: DinoState) -> list[Action]:
        return [Action("promote", (b.tag,)) for b in s.players[self.seat].bench]

    def apply(self, cat: Catalog, s: DinoState, action: Action) -> None:
        p = s.players[self.seat]
        chosen = next(b for b in p.bench if b.tag == action.args[0])
        p.bench.remove(chosen)
        p.active = chosen
        self.done(s)
        say(s, f"{who(self.seat)}'s {dino_name(cat, chosen.tag)} enters the Active Dino Zone.")


class EndCheck(DinoAuto, tag="end-check"):
    """Three opponent Dinosaurs knocked out, or the Wound supply empty, end the game: checked as soon as
    the step in which it happened is over (`end_due`), before anything else."""

    rank = 0

    def run(self, cat: Catalog, s: DinoState) -> None:
        n = len(s.players)
        for seat in [(s.turn.player + k) % n for k in range(n)]:
            if s.players[seat].kos >= KOS_TO_WIN:
                s.ko_winner = seat
                say(s, f"{who(seat)} has knocked out {KOS_TO_WIN} opponent Dinosaurs: the game ends.")
                end_game(s, "ko")
                return
        if s.supply["wound"] == 0:
            say(s, "The Wound supply has run out: the game ends, the fewest Wounds win.")
            end_game(s, "wounds")


def end_due(s: DinoState) -> None:
    """A way the game ends has come (three knock-outs, the last Wound taken): check it next."""
    if not any(isinstance(step, EndCheck) for step in s.steps):
        schedule(s, EndCheck())


def end_game(s: DinoState, how: Termination) -> None:
    """The game ends: nothing more is asked; what was still pending stays in the record of the end."""
    s.ended = how
    s.unresolved = list(s.steps)
    s.steps.clear()
