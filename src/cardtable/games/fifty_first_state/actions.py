"""Phase 3, Action: clockwise from the first player, one action a turn until everyone has passed.

An action is chosen whole (`TakeAction`: `build gun-shop`), then paid unit by unit (`Pay`: `pay
ammo`; a card or a deal given up, `DiscardCost`, `DropDeal`), then carried out: each kind of action is
a step of its own (`Build` ... `PlayConnection`), after which the next seat's turn comes (`NextTurn`).
Units with a single way to be paid are paid without asking.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from cardtable.core import Action, push
from cardtable.core.seats import seat_of_letter

from . import payment, virtual_player
from .cards import BASIC, Catalog
from .state import VIRTUAL, FiftyAuto, FiftyChoice, FiftyState, FiftyStep, Pending, Player, Site
from .table import (
    add,
    check_end,
    counted,
    event,
    gain,
    give_back,
    icons,
    produced,
    raze_site,
    remove_from_hand,
    seat_arg,
    seat_name,
)

#: the most locations one State could ever hold (every card of the deck): positions are 1..MAX_SITES
MAX_SITES = 88
#: workers exchanged for one of these
EXCHANGE_GOODS = (*BASIC, "card")
#: actions that play a card from hand: the card leaves the hand, face up, as soon as it is chosen
HAND_VERBS = ("build", "develop", "deal", "raze")
#: the seats as the notation names them
SEAT_ARGS = tuple(seat_arg(seat) for seat in range(4))
PASS = Action("pass")


# --- what a player may do -------------------------------------------------------------------------
def raze_cost(cat: Catalog, site: Site) -> int:
    return moves(cat).raze_cost(site)


def develop_unit(cat: Catalog, new: str, site: Site) -> str:
    """Develop's cost unit: the type rule holds when the cards share a type or the old is a Ruin."""
    if site.ruin:
        return payment.DEVELOP_MATCH
    old = cat.locations[site.key].types
    shared = any(t in old for t in cat.locations[new].types)
    return payment.DEVELOP_MATCH if shared else payment.DEVELOP_ANY


def action_cost(cat: Catalog, s: FiftyState, seat: int, action: Action) -> list[str]:
    """The cost units of a top-level action (the action must be well-formed for this seat)."""
    p = s.players[seat]
    verb, args = action.verb, action.args
    if verb == "build":
        return ["grey"] * cat.locations[str(args[0])].distance
    if verb == "deal":
        return ["blue"] * cat.locations[str(args[0])].distance
    if verb == "raze":
        return ["red"] * cat.locations[str(args[0])].distance
    if verb == "develop":
        return [develop_unit(cat, str(args[0]), p.sites[int(args[1]) - 1])]
    if verb == "attack":
        target = s.players[seat_of_letter(str(args[0]))]
        return ["red"] * raze_cost(cat, target.sites[int(args[1]) - 1])
    if verb == "use":
        effect = cat.locations[p.sites[int(args[0]) - 1].key].action
        assert effect is not None
        return list(effect.cost)
    if verb == "faction":
        fa = next(a for a in cat.factions[p.faction].actions if a.contact == args[0])
        return list(fa.cost)
    if verb == "work":
        return ["worker"] * cat.rules.workers_per_exchange
    if verb == "open":
        return ["worker"]
    if verb == "connect":
        return ["worker"] * cat.rules.workers_per_connection
    if verb == "play":
        return list(cat.connections[str(args[0])].cost)
    return []


class Moves:
    """The Action phase's moves of one catalog, made once and shared (actions are immutable), with
    what the listing asks of each card: its distance, its type icons, the cost of its action."""

    def __init__(self, cat: Catalog) -> None:
        keys = cat.location_keys
        positions = range(1, MAX_SITES + 1)
        self.by_verb = {verb: {k: Action(verb, (k,)) for k in keys} for verb in ("build", "deal", "raze")}
        self.discard = {k: Action("discard", (k,)) for k in keys}
        #: develop's moves of each card, over the location at each position (index: position - 1)
        self.develop = {k: [Action("develop", (k, i)) for i in positions] for k in keys}
        self.distance = {k: cat.locations[k].distance for k in keys}
        self.types = {k: frozenset(cat.locations[k].types) for k in keys}
        #: what razing each card in a State costs, undefended (by its kind), and a defence token's extra
        self.raze_base = {k: int(getattr(cat.rules.raze_cost, cat.locations[k].kind)) for k in keys}
        self.defended_extra = cat.rules.defended_extra
        self.use = [Action("use", (i,)) for i in positions]
        #: each Action location's cost, its uses a round, and whether it steals (its gain needs a victim)
        self.use_cost = {
            k: payment.cost_of(tuple(loc.action.cost)) for k, loc in cat.locations.items() if loc.action
        }
        self.use_limit = {k: loc.action.uses for k, loc in cat.locations.items() if loc.action}
        self.steals = {
            k for k, loc in cat.locations.items() if loc.action and "steal-basic" in loc.action.gain
        }
        self.open_production = {k for k, loc in cat.locations.items() if loc.open}
        self.faction = {
            key: [
                (a.contact, payment.cost_of(tuple(a.cost)), Action("faction", (a.contact,)))
                for a in f.actions
            ]
            for key, f in cat.factions.items()
        }
        self.attack = {t: [Action("attack", (t, i)) for i in positions] for t in SEAT_ARGS}
        self.open = {t: [Action("open", (t, i)) for i in positions] for t in SEAT_ARGS}
        self.work = [Action("work", (g,)) for g in EXCHANGE_GOODS]
        self.connect = {c: Action("connect", (c,)) for c in ("blue", "red")}
        self.play = {
            k: (payment.cost_of(tuple(c.cost)), Action("play", (k,))) for k, c in cat.connections.items()
        }
        self.develop_match = payment.cost_of((payment.DEVELOP_MATCH,))
        self.develop_any = payment.cost_of((payment.DEVELOP_ANY,))

    def raze_cost(self, site: Site) -> int:
        """The red contacts razing `site` costs: by the card's kind, more when a defence token guards it."""
        base = self.raze_base[site.key]
        return base + self.defended_extra if site.defended else base


@cache
def moves(cat: Catalog) -> Moves:
    return Moves(cat)


def turn_actions(cat: Catalog, s: FiftyState, seat: int) -> list[Action]:
    """Every action `seat` may choose in its turn of the Action phase, each affordable now."""
    p = s.players[seat]
    m = moves(cat)
    purse = payment.Purse.of(p)
    out: list[Action] = []
    hand = sorted(set(p.hand))
    for verb, colour in (("build", "grey"), ("deal", "blue"), ("raze", "red")):
        most = purse.most(colour)
        if most:
            by_card, distance = m.by_verb[verb], m.distance
            out += [by_card[k] for k in hand if distance[k] <= most]
    sites = p.sites
    if purse.pays(m.develop_any):
        for k in hand:
            out += m.develop[k][: len(sites)]
    elif purse.pays(m.develop_match):  # only over a location sharing a type, or a Ruin (develop_unit)
        olds = [(i, None if site.ruin else m.types[site.key]) for i, site in enumerate(sites)]
        for k in hand:
            new, row = m.types[k], m.develop[k]
            out += [row[i] for i, old in olds if old is None or not new.isdisjoint(old)]
    cards, deals = len(p.hand) + len(p.connections), len(p.deals)
    for i, site in enumerate(sites):
        cost = m.use_cost.get(site.key)
        if cost is None or site.ruin or site.uses >= m.use_limit[site.key]:
            continue
        if site.key in m.steals and not steal_options(s, seat):
            continue
        if purse.affords(cost, cards, deals):
            out.append(m.use[i])
    used = p.faction_used
    for contact, cost, action in m.faction[p.faction]:
        if contact not in used and purse.affords(cost, cards, deals):
            out.append(action)
    reds, workers = purse.most("red"), purse.most("worker")
    for t, other in enumerate(s.players):
        if t == seat or other.passed:
            continue
        letter = SEAT_ARGS[t]
        attack, open_ = m.attack[letter], m.open[letter]
        for i, site in enumerate(other.sites):
            if site.ruin:
                continue
            if m.raze_cost(site) <= reds:
                out.append(attack[i])
            if workers and site.uses == 0 and site.key in m.open_production:
                out.append(open_[i])
    if workers >= cat.rules.workers_per_exchange:
        out += m.work
    if workers >= cat.rules.workers_per_connection:
        out += [m.connect[c] for c in ("blue", "red") if s.connection_up[c]]
    for k in sorted(set(p.connections)):
        cost, action = m.play[k]
        if purse.affords(cost, cards - 1, deals):  # the card played cannot pay its own discard
            out.append(action)
    out.append(PASS)
    return out


# --- the turn -------------------------------------------------------------------------------------
def begin_turn(s: FiftyState, seat: int) -> None:
    """`seat` takes its turn of the Action phase (the virtual player's is played by the game)."""
    s.turn = seat
    if s.virtual is not None and seat == VIRTUAL:
        push(s, virtual_player.VirtualTurn(), NextTurn())
    else:
        push(s, TakeAction(seat))


def next_turn(s: FiftyState) -> None:
    """The next seat clockwise that has not passed takes its turn; once everyone has passed the
    Action phase is over (the step queued after it, `rules.EndOfActions`, follows)."""
    n = len(s.players)
    for step in range(1, n + 1):
        seat = (s.turn + step) % n
        if not s.players[seat].passed:
            begin_turn(s, seat)
            return


class NextTurn(FiftyAuto, tag="next-turn"):
    """The turn after the virtual player's (`next_turn`)."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        next_turn(s)


class TakeAction(FiftyChoice, tag="action"):
    """The seat's turn: an action it can afford now, or pass."""

    def prompt(self, cat: Catalog, s: FiftyState) -> str:
        return "take an action or pass"

    def legal(self, cat: Catalog, s: FiftyState) -> list[Action]:
        return turn_actions(cat, s, self.seat)

    def apply(self, cat: Catalog, s: FiftyState, action: Action) -> None:
        seat = self.seat
        if action.verb == "pass":
            self.done(s)
            s.players[seat].passed = True
            event(s, f"{seat_name(seat)} passes.")
            next_turn(s)
            return
        cost = payment.cost_of(tuple(action_cost(cat, s, seat, action)))
        s.pending = Pending(seat=seat, action=str(action), units=list(cost.token_units))
        if action.verb in HAND_VERBS:
            s.pending.card = str(action.args[0])
            remove_from_hand(s.players[seat], s.pending.card)
        carry_out = CARRY_OUT[action.verb].of(seat, action)
        if cost.card_units:
            cards = [
                DiscardCost(seat) if unit == "discard-card" else DropDeal(seat) for unit in cost.card_units
            ]
            self.done(s, Pay(seat), *cards, carry_out)
        else:
            self.done(s, Pay(seat), carry_out)


# --- paying ---------------------------------------------------------------------------------------
class Paying(FiftyChoice):
    """A part of an action's cost still to pay (the action is `s.pending`)."""

    def pending(self, s: FiftyState) -> Pending:
        assert s.pending is not None
        return s.pending


class Pay(Paying, tag="pay"):
    """The token units, one at a time: a unit that can be paid one way only is paid without asking (all
    of them, when the whole cost can be paid one way only)."""

    def run(self, cat: Catalog, s: FiftyState) -> bool:
        pend = s.pending
        assert pend is not None
        p = s.players[self.seat]
        while len(pend.spent) < len(pend.units):
            pool = payment.sources(p)
            if not pend.spent and (all_of := payment.forced(pool, pend.units)) is not None:
                for source in all_of:
                    pay_token(pend, p, source)
                continue
            found = payment.next_sources(pool, pend.units, list(pend.spent))
            if len(found) != 1:
                return False
            pay_token(pend, p, found[0])
        self.done(s)
        return True

    def prompt(self, cat: Catalog, s: FiftyState) -> str:
        pend = self.pending(s)
        return f"pay {counted(pend.units)} to {purpose(cat, s, self.seat, pend.action)}"

    def legal(self, cat: Catalog, s: FiftyState) -> list[Action]:
        pend = self.pending(s)
        found = payment.next_sources(payment.sources(s.players[self.seat]), pend.units, list(pend.spent))
        return [Action("pay", (kind,) if slot == 0 else (kind, slot)) for kind, slot in found]

    def apply(self, cat: Catalog, s: FiftyState, action: Action) -> None:
        source = (str(action.args[0]), int(action.args[1]) if len(action.args) > 1 else 0)
        pay_token(self.pending(s), s.players[self.seat], source)


def pay_token(pend: Pending, p: Player, source: payment.Source) -> None:
    payment.spend(p, source)
    pend.spent.append(source)


class CardCost(Paying):
    """A card unit of the cost (`unit`): a card, or a deal, given up."""

    unit: ClassVar[str]


class DiscardCost(CardCost, tag="discard"):
    """Discard a card (a location or a Connection card) from the hand; asked unless there is one."""

    unit = "discard-card"

    def run(self, cat: Catalog, s: FiftyState) -> bool:
        p = s.players[self.seat]
        if len(p.hand) + len(p.connections) != 1:
            return False
        self.discard(cat, s, p, (p.hand or p.connections)[0])
        return True

    def prompt(self, cat: Catalog, s: FiftyState) -> str:
        return f"discard a card to {purpose(cat, s, self.seat, self.pending(s).action)}"

    def legal(self, cat: Catalog, s: FiftyState) -> list[Action]:
        p = s.players[self.seat]
        return [Action("discard", (k,)) for k in sorted(set(p.hand) | set(p.connections))]

    def apply(self, cat: Catalog, s: FiftyState, action: Action) -> None:
        self.discard(cat, s, s.players[self.seat], str(action.args[0]))

    def discard(self, cat: Catalog, s: FiftyState, p: Player, card: str) -> None:
        if card in p.connections:
            p.connections.remove(card)
            s.connection_discards[cat.connections[card].deck].append(card)
            event(s, f"{seat_name(self.seat)} discards {cat.connections[card].name}.")
        else:
            remove_from_hand(p, card, face_up=False)
            s.discard.append(card)
            event(s, f"{seat_name(self.seat)} discards a card.")
        self.done(s)


class DropDeal(CardCost, tag="drop-deal"):
    """Give up one of the seat's deals (to the discard pile); asked unless all are alike."""

    unit = "discard-deal"

    def run(self, cat: Catalog, s: FiftyState) -> bool:
        p = s.players[self.seat]
        if len(set(p.deals)) != 1:
            return False
        self.drop(cat, s, p, p.deals[0])
        return True

    def prompt(self, cat: Catalog, s: FiftyState) -> str:
        return f"give up one of your deals to {purpose(cat, s, self.seat, self.pending(s).action)}"

    def legal(self, cat: Catalog, s: FiftyState) -> list[Action]:
        return [Action("drop", (k,)) for k in sorted(set(s.players[self.seat].deals))]

    def apply(self, cat: Catalog, s: FiftyState, action: Action) -> None:
        self.drop(cat, s, s.players[self.seat], str(action.args[0]))

    def drop(self, cat: Catalog, s: FiftyState, p: Player, card: str) -> None:
        p.deals.remove(card)
        s.discard.append(card)
        event(s, f"{seat_name(self.seat)} gives up the deal {cat.locations[card].name}.")
        self.done(s)


def cards_to_give(s: FiftyState) -> list[str]:
    """The card units of the pending action still to pay (discard-card, discard-deal), in order."""
    return [step.unit for step in s.steps if isinstance(step, CardCost)]


def purpose(cat: Catalog, s: FiftyState, seat: int, text: str) -> str:
    """What an action (its notation, `text`) does, in words: 'build Gun Shop', 'use Fuel Tank'."""
    verb, *args = text.split()
    first = args[0] if args else ""
    if verb in ("build", "deal", "raze", "develop"):
        name = cat.locations[first].name
        if verb == "develop":
            return f"develop {name} over {site_name(cat, s.players[seat], int(args[1]))}"
        said = {"build": f"build {name}", "deal": f"make a deal with {name}"}
        return said.get(verb, f"raze {name} from hand")
    if verb in ("attack", "open"):
        owner = seat_of_letter(first)
        place = f"{owner_name(s, owner)}'s {site_name(cat, s.players[owner], int(args[1]))}"
        return f"raze {place}" if verb == "attack" else f"send a worker to {place}"
    words = {
        "use": lambda: f"use {site_name(cat, s.players[seat], int(first))}",
        "faction": lambda: f"take your faction's {first} action",
        "work": lambda: f"exchange workers for {'a card' if first == 'card' else first}",
        "connect": lambda: f"take the {first} Connection card",
        "play": lambda: f"play {cat.connections[first].name}",
    }
    return words[verb]() if verb in words else text


def site_name(cat: Catalog, p: Player, slot: int) -> str:
    """A location of a State by its name ('a Ruin' for a Ruin)."""
    site = p.sites[slot - 1]
    return "a Ruin" if site.ruin else cat.locations[site.key].name


def owner_name(s: FiftyState, seat: int) -> str:
    """A seat as the narration names it: the solo game's virtual player by what it is."""
    return "the virtual player" if s.virtual is not None and seat == VIRTUAL else seat_name(seat)


def paid_text(cat: Catalog, s: FiftyState, pend: Pending) -> str:
    if not pend.spent:
        return ""
    shown: dict[tuple[str, int], int] = {}
    for source in pend.spent:
        shown[source] = shown.get(source, 0) + 1
    p = s.players[pend.seat]
    parts = [
        counted({kind: n}) + ("" if slot == 0 else f" from {site_name(cat, p, slot)}")
        for (kind, slot), n in sorted(shown.items())
    ]
    return f" (paid {', '.join(parts)})"


# --- carrying out a paid action -------------------------------------------------------------------
class CarryOut(FiftyAuto):
    """A paid action carried out (the kind of action is the class); then the next turn."""

    seat: int

    @classmethod
    def of(cls, seat: int, action: Action) -> FiftyStep:
        """The step that carries out `action` of `seat` (its arguments as typed fields: here a card,
        a contact, a good or a colour)."""
        return cls(seat, str(action.args[0]))  # type: ignore[call-arg]  # each kind adds its one field

    def run(self, cat: Catalog, s: FiftyState) -> None:
        assert s.pending is not None
        paid = paid_text(cat, s, s.pending)
        s.pending = None
        if self.carry_out(cat, s, paid):
            check_end(cat, s)
            next_turn(s)

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        """The action's effect, told with what was `paid`; False if a choice of it is still to come."""
        raise TypeError(f"step {self.kind} defines no carry_out")

    def gained(self, s: FiftyState, did: str, got: dict[str, int]) -> bool:
        """Tell what the seat `did` (with what it paid) and `got`: the action is over (True)."""
        event(s, f"{seat_name(self.seat)} {did} and gains {counted(got)}.")
        return True


class Build(CarryOut, tag="build"):
    card: str

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        p = s.players[self.seat]
        p.sites.append(Site(self.card))
        got = built(cat, s, self.seat, len(p.sites))
        return self.gained(s, f"builds {cat.locations[self.card].name}{paid}", got)


class Develop(CarryOut, tag="develop"):
    card: str
    slot: int

    @classmethod
    def of(cls, seat: int, action: Action) -> FiftyStep:
        return cls(seat, str(action.args[0]), int(action.args[1]))

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        p = s.players[self.seat]
        old = p.sites[self.slot - 1]
        returned = give_back(p, old)
        s.discard.append(old.key)
        p.sites[self.slot - 1] = Site(self.card)
        got = gain(s, self.seat, ["vp"] * cat.rules.develop_vp)
        add(got, built(cat, s, self.seat, self.slot))
        add(got, returned)
        was = "a Ruin" if old.ruin else cat.locations[old.key].name
        new = cat.locations[self.card].name
        return self.gained(s, f"develops {was} into {new}{paid}", got)


class MakeDeal(CarryOut, tag="deal"):
    card: str

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        s.players[self.seat].deals.append(self.card)
        got = gain(s, self.seat, [cat.locations[self.card].deal])
        name = cat.locations[self.card].name
        return self.gained(s, f"makes a deal with {name}{paid}", got)


class Raze(CarryOut, tag="raze"):
    card: str

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        s.discard.append(self.card)
        got = gain(s, self.seat, list(cat.locations[self.card].spoils))
        name = cat.locations[self.card].name
        return self.gained(s, f"razes {name} from hand{paid}", got)


class AtSite(CarryOut):
    """An action carried out at another player's location: `target`'s site `slot` (1-based)."""

    target: int
    slot: int

    @classmethod
    def of(cls, seat: int, action: Action) -> FiftyStep:
        return cls(seat, seat_of_letter(str(action.args[0])), int(action.args[1]))


class Attack(AtSite, tag="attack"):
    """Raze another player's location (the solo game's virtual player's: `virtual_player.razed`)."""

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        seat, target, slot = self.seat, self.target, self.slot
        if s.virtual is not None and target == VIRTUAL:
            virtual_player.razed(cat, s, seat, slot, paid)
            return True
        key = s.players[target].sites[slot - 1].key
        got = gain(s, seat, list(cat.locations[key].spoils))
        back = raze_site(cat, s, target, slot)
        event(
            s,
            f"{seat_name(seat)} razes {seat_name(target)}'s {cat.locations[key].name}{paid} and gains "
            f"{counted(got)}; {seat_name(target)} gains {counted(back)}; the location is a Ruin.",
        )
        return True


class Use(CarryOut, tag="use"):
    """Use an Action location; Thieves Caravan's gain asks whom to take a good from (`Steal`)."""

    slot: int

    @classmethod
    def of(cls, seat: int, action: Action) -> FiftyStep:
        return cls(seat, int(action.args[0]))

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        site = s.players[self.seat].sites[self.slot - 1]
        effect = cat.locations[site.key].action
        assert effect is not None
        site.uses += 1
        name = cat.locations[site.key].name
        if "steal-basic" in effect.gain:
            event(s, f"{seat_name(self.seat)} uses {name}{paid}.")
            s.pending = Pending(seat=self.seat, action=f"use {self.slot}", units=[])
            push(s, Steal(self.seat))
            return False
        got = gain(s, self.seat, list(effect.gain))
        return self.gained(s, f"uses {name}{paid}", got)


class Faction(CarryOut, tag="faction"):
    contact: str

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        p = s.players[self.seat]
        fa = next(a for a in cat.factions[p.faction].actions if a.contact == self.contact)
        p.faction_used.append(fa.contact)
        got = gain(s, self.seat, list(fa.gain))
        return self.gained(s, f"uses the faction's {fa.contact} action{paid}", got)


class Work(CarryOut, tag="work"):
    good: str

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        got = gain(s, self.seat, [self.good])
        return self.gained(s, f"exchanges workers{paid}", got)


class Open(AtSite, tag="open"):
    """Send a worker to another player's open Production location (the virtual player's: it gains VP)."""

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        seat, target = self.seat, self.target
        owner = s.players[target]
        site = owner.sites[self.slot - 1]
        site.uses += 1
        got = gain(s, seat, produced(cat, owner, cat.locations[site.key]))
        name = cat.locations[site.key].name
        if s.virtual is not None and target == VIRTUAL:
            vp = virtual_player.opened(s)
            event(
                s,
                f"{seat_name(seat)} sends a worker to the virtual player's {name} and gains "
                f"{counted(got)}; the virtual player gains {vp} VP ({owner.vp} in all) instead of a worker.",
            )
        else:
            gain(s, target, ["worker"])
            event(
                s,
                f"{seat_name(seat)} sends a worker to {seat_name(target)}'s {name} and gains "
                f"{counted(got)}; {seat_name(target)} gains 1 worker.",
            )
        return True


class Connect(CarryOut, tag="connect"):
    colour: str

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        card = s.connection_up[self.colour]
        s.connection_up[self.colour] = ""
        s.players[self.seat].connections.append(card)
        event(s, f"{seat_name(self.seat)} takes the Connection card {cat.connections[card].name}{paid}.")
        return True


class PlayConnection(CarryOut, tag="play"):
    card: str

    def carry_out(self, cat: Catalog, s: FiftyState, paid: str) -> bool:
        s.players[self.seat].connections.remove(self.card)
        conn = cat.connections[self.card]
        s.connection_discards[conn.deck].append(self.card)
        got = gain(s, self.seat, list(conn.gain))
        return self.gained(s, f"plays {conn.name}{paid}", got)


#: the step that carries out each verb of the Action phase
CARRY_OUT: dict[str, type[CarryOut]] = {
    "build": Build,
    "develop": Develop,
    "deal": MakeDeal,
    "raze": Raze,
    "attack": Attack,
    "use": Use,
    "faction": Faction,
    "work": Work,
    "open": Open,
    "connect": Connect,
    "play": PlayConnection,
}


class Steal(FiftyChoice, tag="steal"):
    """Thieves Caravan: take a basic good from an opponent who has not passed (asked when there are
    several goods or opponents to take from)."""

    def run(self, cat: Catalog, s: FiftyState) -> bool:
        found = steal_options(s, self.seat)
        if len(found) > 1:
            return False
        if found:
            self.steal(cat, s, *found[0])
        else:  # cannot happen: the action is offered only with a good to take, and paying takes none
            s.pending = None
            self.done(s)
            next_turn(s)
        return True

    def prompt(self, cat: Catalog, s: FiftyState) -> str:
        assert s.pending is not None
        return f"choose whom to take a good from, to {purpose(cat, s, self.seat, s.pending.action)}"

    def legal(self, cat: Catalog, s: FiftyState) -> list[Action]:
        return [Action("steal", (seat_arg(t), g)) for t, g in steal_options(s, self.seat)]

    def apply(self, cat: Catalog, s: FiftyState, action: Action) -> None:
        self.steal(cat, s, seat_of_letter(str(action.args[0])), str(action.args[1]))

    def steal(self, cat: Catalog, s: FiftyState, target: int, good: str) -> None:
        victim = s.players[target]
        victim.supply[good] -= 1
        if not victim.supply[good]:
            del victim.supply[good]
        s.players[self.seat].supply[good] = s.players[self.seat].supply.get(good, 0) + 1
        event(s, f"{seat_name(self.seat)} takes 1 {good} from {seat_name(target)}.")
        s.pending = None
        self.done(s)
        check_end(cat, s)
        next_turn(s)


def steal_options(s: FiftyState, seat: int) -> list[tuple[int, str]]:
    """(opponent, good) pairs a steal may take: basic goods in a non-passed opponent's supply."""
    return [
        (t, g)
        for t, other in enumerate(s.players)
        if t != seat and not other.passed
        for g in BASIC
        if other.supply.get(g, 0) > 0
    ]


def built(cat: Catalog, s: FiftyState, seat: int, slot: int) -> dict[str, int]:
    """A location just built or developed: a Production location produces once, then any location
    gives its building bonus (both for the Production cards that print one: RULES.md)."""
    p = s.players[seat]
    site = p.sites[slot - 1]
    loc = cat.locations[site.key]
    got: dict[str, int] = {}
    if loc.kind == "production":
        add(got, gain(s, seat, produced(cat, p, loc)))
    add(got, gain(s, seat, list(loc.bonus)))
    if loc.bonus_vp_per_type is not None:
        vp = min(loc.bonus_vp_per_type.max, icons(cat, p, loc.bonus_vp_per_type.type))
        add(got, gain(s, seat, ["vp"] * vp))
    if loc.cache is not None:
        site.held[loc.cache.good] = loc.cache.count
        add(got, {f"{loc.cache.good} on the card": loc.cache.count})
    return got
