"""Phase IV, Consume (RESEARCH.md §2.7): the trade first, then consume powers in the order the
player chooses, each with the goods or cards it takes.

With the expansions (K `consume_action`, `consume_chosen`): powers that consume goods of different
kinds, spend prestige, gain VP, discard exactly two cards, and the ante of Rebel vs Imperium's Gambling
World; a prestige Consume-Trade adds 3 cards to trades, doubles consume VP and may discard up to two
cards for 1 VP each; a prestige Consume-x2 triples consume VP. Using a power that discards cards or
spends prestige is never required; the others must be used while they can be.
"""

from __future__ import annotations

import msgspec

from cardtable.core import Action, OneOf, push, seat_mark
from cardtable.core.words import plural

from . import powers as pw
from .cards import Catalog, Power
from .chance import draw, take
from .oort import OortKind, sell
from .state import Player, RftgChoice, RftgState
from .steps import chose, chose_prestige, discard_good, distinct, gain_prestige, gain_vp, spend_prestige

GAMBLE_COSTS = tuple(range(8))
#: the prestige Consume-Trade bonus's own discard power: up to 2 cards for 1 VP each
PRESTIGE_TRADE = "prestige-trade"
PRESTIGE_TRADE_POWER = Power(phase="consume", power="discard-hand", times=2, vp=1)
ANTE_COSTS = range(1, 7)


def vp_factor(p: Player) -> int:
    """The consume VP multiplier: x2 with Consume-x2 or a prestige Consume-Trade, x3 with a prestige
    Consume-x2 (K `good_chosen`)."""
    if chose_prestige(p, "consume-x2"):
        return 3
    return 2 if chose(p, "consume-x2") or chose_prestige(p, "consume-trade") else 1


def no_trade(cat: Catalog, world: str) -> bool:
    return any(p.phase == "consume" and p.power == "no-trade" for p in cat[world].powers)


def consume_good(s: RftgState, p: Player, world: str) -> None:
    """The good on `world` is consumed (or traded): discarded, and noted for the phase (public)."""
    discard_good(s, p, world)
    p.consumed.append(world)


class Trade(RftgChoice, OneOf, tag="trade"):
    """Trade a good for cards: with the Consume-Trade action card, or as a power. `bonus`: the trade
    bonuses of the tableau apply (not for a power printed without them); `power`: a trade power, which
    may trade a good the action card may not (Alien Oort Cloud Refinery's). A single good: no asking."""

    verb = "trade"
    question = "choose a good to trade for cards"
    bonus: bool
    power: bool = False

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        p = s.players[self.seat]
        return [w for w in p.tableau if w in p.goods and (self.power or not no_trade(cat, w))]

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.take_only(cat, s)

    def chosen(self, cat: Catalog, s: RftgState, world: str) -> None:
        self.done(s)
        consume_good(s, s.players[self.seat], world)
        if cat[world].good == "any":  # its owner names the kind it trades as
            push(s, OortKind(self.seat, trade=world, bonus=self.bonus))
            return
        sell(cat, s, self.seat, world, cat[world].good or "", self.bonus)


def power_ref(key: str, index: int) -> str:
    return f"{key}#{index}"


def options(cat: Catalog, s: RftgState, seat: int) -> list[Action]:
    """The consume powers to choose from (and the prestige Consume-Trade's discard, once)."""
    p = s.players[seat]
    found = [Action("consume", (key, index + 1)) for key, index, _ in pw.consume_options(cat, p)]
    if chose_prestige(p, "consume-trade") and PRESTIGE_TRADE not in p.used and p.hand:
        found.append(Action("consume", (PRESTIGE_TRADE,)))
    return found


def optional(cat: Catalog, action: Action) -> bool:
    if action.args[0] == PRESTIGE_TRADE:
        return True
    return cat[str(action.args[0])].powers[int(action.args[1]) - 1].power in pw.OPTIONAL_CONSUME


class ConsumePower(RftgChoice, tag="consume-power"):
    """Choose the next consume power to use, until none is left; the seat may stop when only powers it
    need not use are left (discards, spending prestige). A single power it must use is used without
    asking."""

    def run(self, cat: Catalog, s: RftgState) -> bool:
        found = options(cat, s, self.seat)
        if not found:
            self.done(s)
            return True
        if len(found) == 1 and not optional(cat, found[0]):
            use_power(cat, s, self.seat, found[0])
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        keys = dict.fromkeys(str(a.args[0]) for a in options(cat, s, self.seat))
        names = ("the prestige trade" if k == PRESTIGE_TRADE else cat[k].name for k in keys)
        return f"choose the next consume power to use: {' or '.join(names)}"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        found = options(cat, s, self.seat)
        if all(optional(cat, a) for a in found):
            found.append(Action("stop"))
        return found

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        if action.verb == "stop":
            self.done(s)
            return
        use_power(cat, s, self.seat, action)


def use_power(cat: Catalog, s: RftgState, seat: int, action: Action) -> None:
    """Start using a consume power: its goods, hand cards, guess or ante are asked by the steps it adds."""
    p = s.players[seat]
    if action.args[0] == PRESTIGE_TRADE:
        p.used.append(PRESTIGE_TRADE)
        push(s, ConsumeDiscard(seat, PRESTIGE_TRADE, 0, n=2))
        return
    key, index = str(action.args[0]), int(action.args[1]) - 1
    power = cat[key].powers[index]
    p.used.append(power_ref(key, index))
    name = power.power
    who = seat_mark(seat)
    if name == "consume":
        this = key if power.world == "this" else ""
        count = min(power.goods * power.times, len(pw.goods_of(cat, p, power.good, this)))
        count -= count % power.goods
        push(s, ConsumeGood(seat, key, index, n=count))
    elif name == "consume-different":
        push(s, ConsumeGood(seat, key, index, n=power.goods))
    elif name == "consume-kinds":
        kinds = len({cat[w].good for w in p.goods})
        push(s, ConsumeGood(seat, key, index, n=min(kinds, 4)))
    elif name == "consume-all":
        worlds = [w for w in p.tableau if w in p.goods]
        for w in worlds:
            consume_good(s, p, w)
        vp = power.vp * max(0, len(worlds) - 1) * vp_factor(p)  # every good after the first scores
        gain_vp(s, seat, vp)
        names = ", ".join(cat[w].name for w in worlds)
        s.log.append(f"{who} consumes every good ({names}) with {cat[key].name} for {vp} VP.")
    elif name == "consume-prestige":
        spend_prestige(cat, s, seat, 1)
        reward(cat, s, seat, cat[key].name, power, 1, vp_factor(p))
    elif name == "discard-hand":
        push(s, ConsumeDiscard(seat, key, index, n=2 if power.goods == 2 else power.times))
    elif name == "draw":
        got = draw(cat, s, seat, power.value)
        s.log.append(f"{who} draws {got} with {cat[key].name}.")
    elif name == "vp":
        gain_vp(s, seat, power.vp * vp_factor(p))
        s.log.append(f"{who} gains {power.vp * vp_factor(p)} VP with {cat[key].name}.")
    elif name == "gamble":
        push(s, Gamble(seat))
    elif name == "ante":
        push(s, Ante(seat))
    elif name == "trade":
        push(s, Trade(seat, bonus=power.bonus, power=True))


def reward(cat: Catalog, s: RftgState, seat: int, source: str, power: Power, uses: int, factor: int) -> None:
    """A power's rewards for `uses` uses: VP (times `factor`), cards, prestige."""
    vp = power.vp * uses * factor
    gain_vp(s, seat, vp)
    got = draw(cat, s, seat, power.cards * uses)
    gain_prestige(s, seat, power.prestige * uses)
    parts = (
        [f"{vp} VP"]
        + ([plural(got, "card")] if got else [])
        + ([f"{power.prestige * uses} prestige"] if power.prestige and uses else [])
    )
    s.log.append(f"{seat_mark(seat)} gains {' and '.join(parts)} with {source}.")


class ConsumeGood(RftgChoice, OneOf, tag="consume-good"):
    """A good to consume with the power `index` of `card`, `n` more to go; `taken` are the kinds of the
    goods it has consumed so far. A forced good is consumed without asking; then the power scores."""

    verb = "good"
    card: str
    index: int
    n: int
    taken: list[str] = msgspec.field(default_factory=list)

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        p = s.players[self.seat]
        power = cat[self.card].powers[self.index]
        if power.power in ("consume-different", "consume-kinds"):
            return [w for w in p.tableau if w in p.goods and cat[w].good not in self.taken]
        return pw.goods_of(cat, p, power.good, self.card if power.world == "this" else "")

    def run(self, cat: Catalog, s: RftgState) -> bool:
        if self.n <= 0:
            self.finish(cat, s)
            return True
        candidates = self.choices(cat, s)
        if not candidates:
            self.n = 0
            self.finish(cat, s)
            return True
        power = cat[self.card].powers[self.index]
        kinds = {cat[w].good for w in candidates}
        different = power.power in ("consume-different", "consume-kinds")
        forced = len(candidates) == 1 or (
            len(candidates) == self.n and (not different or len(kinds) == len(candidates))
        )
        if forced:
            self.chosen(cat, s, candidates[0])
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"choose a good to consume with {cat[self.card].name} ({self.n} to go)"

    def chosen(self, cat: Catalog, s: RftgState, world: str) -> None:
        consume_good(s, s.players[self.seat], world)
        self.taken.append(str(cat[world].good))
        self.n -= 1

    def finish(self, cat: Catalog, s: RftgState) -> None:
        self.done(s)
        p = s.players[self.seat]
        power = cat[self.card].powers[self.index]
        consumed = len(self.taken)
        if power.power == "consume":
            uses = consumed // max(1, power.goods)
        elif power.power == "consume-kinds":
            uses = consumed
        else:
            uses = 1 if consumed else 0
        worlds = (
            ", ".join(cat[w].name for w in p.consumed[len(p.consumed) - consumed :]) if consumed else "none"
        )
        s.log.append(f"{seat_mark(self.seat)} consumes with {cat[self.card].name} the goods of {worlds}.")
        reward(cat, s, self.seat, cat[self.card].name, power, uses, vp_factor(p))


class ConsumeDiscard(RftgChoice, tag="consume-discard"):
    """Discard cards from hand for rewards with the power `index` of `card` (or the prestige
    Consume-Trade's discard), up to `n` more, or stop; a power that takes exactly two cards rewards
    them once, and may not stop after one."""

    card: str
    index: int
    n: int
    #: cards discarded so far with this power
    spent: int = 0

    def power(self, cat: Catalog) -> Power:
        return PRESTIGE_TRADE_POWER if self.card == PRESTIGE_TRADE else cat[self.card].powers[self.index]

    def name(self, cat: Catalog) -> str:
        return "the prestige trade" if self.card == PRESTIGE_TRADE else cat[self.card].name

    def pair(self, cat: Catalog) -> bool:
        return self.power(cat).goods == 2

    def run(self, cat: Catalog, s: RftgState) -> bool:
        return self.done_if(s, self.n <= 0 or not s.players[self.seat].hand)

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard a card with {self.name(cat)}, or stop ({self.n} at most)"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        cards = [Action("spend", (c,)) for c in distinct(s.players[self.seat].hand)]
        if self.pair(cat) and self.spent == 1:
            return cards
        return [*cards, Action("stop")]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        if action.verb == "stop":
            self.done(s)
            return
        p = s.players[self.seat]
        card = str(action.args[0])
        p.hand.remove(card)
        s.discard.append(card)
        self.spent += 1
        self.n -= 1
        if not self.pair(cat) or self.spent == 2:
            # the x2 bonus doubles goods consumed, not cards discarded
            reward(cat, s, self.seat, self.name(cat), self.power(cat), 1, 1)


class Gamble(RftgChoice, OneOf, tag="gamble"):
    """Name a cost, then the top card is turned over: kept if its cost is the one named."""

    verb = "guess"
    question = "name a cost, then the top card is turned over"

    def choices(self, cat: Catalog, s: RftgState) -> tuple[int, ...]:
        return GAMBLE_COSTS

    def chosen(self, cat: Catalog, s: RftgState, cost: str) -> None:
        self.done(s)
        guess = int(cost)
        card = take(cat, s, self.seat, "flip")
        if card is None:
            return
        kept = cat[card].cost == guess
        if kept:
            s.players[self.seat].hand.append(card)
        else:
            s.discard.append(card)
        result = "keeps it" if kept else "discards it"
        s.log.append(f"{seat_mark(self.seat)} names cost {guess}, turns over {cat[card].name} and {result}.")


class Ante(RftgChoice, OneOf, tag="ante"):
    """Gambling World of Rebel vs Imperium (RULES.md RVI-14): ante a card from hand of cost 1 to 6, or
    none; as many cards as its cost are turned over; if one costs more, the player keeps one of them
    (`AnteKeep`) and the ante card; else the ante card and all of them are discarded."""

    verb = "ante"
    question = "ante a card from hand (cost 1 to 6), or none"

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        return [c for c in distinct(s.players[self.seat].hand) if cat[c].cost in ANTE_COSTS] + ["none"]

    def run(self, cat: Catalog, s: RftgState) -> bool:
        if not s.players[self.seat].hand:  # asked with any hand: what it holds is the seat's secret
            self.done(s)
            return True
        return False

    def chosen(self, cat: Catalog, s: RftgState, ante: str) -> None:
        self.done(s)
        if ante == "none":
            return
        who = seat_mark(self.seat)
        cost = cat[ante].cost
        turned = []
        for _ in range(cost):
            card = take(cat, s, self.seat, "reveal")
            if card is None:
                break
            s.aside.append(card)
            turned.append(card)
        names = ", ".join(cat[c].name for c in turned)
        s.log.append(f"{who} antes {cat[ante].name} and turns over {names}.")
        if any(cat[c].cost > cost for c in turned):
            push(s, AnteKeep(self.seat))
            return
        p = s.players[self.seat]
        p.hand.remove(ante)
        s.discard += [ante, *turned]
        s.aside = []
        s.log.append(f"{who} loses the ante.")


class AnteKeep(RftgChoice, OneOf, tag="ante-keep"):
    """After a won ante: keep one of the cards turned over; the others are discarded."""

    verb = "take"
    question = "keep one of the cards turned over"

    def choices(self, cat: Catalog, s: RftgState) -> list[str]:
        return distinct(s.aside)

    def chosen(self, cat: Catalog, s: RftgState, card: str) -> None:
        self.done(s)
        s.aside.remove(card)
        s.players[self.seat].hand.append(card)
        s.discard += s.aside
        s.aside = []
        s.log.append(f"{seat_mark(self.seat)} wins the ante and keeps {cat[card].name}.")
