"""Phase IV, Consume (RESEARCH.md §2.7): the trade first, then consume powers in the order the
player chooses, each with the goods or cards it takes."""

from __future__ import annotations

import msgspec

from cardtable.core import Action, push, seat_letter

from . import powers as pw
from .cards import Catalog
from .chance import draw, take
from .state import Player, RftgChoice, RftgState
from .steps import chose, distinct, gain_vp

GAMBLE_COSTS = tuple(range(8))


def vp_factor(p: Player) -> int:
    return 2 if chose(p, "consume-x2") else 1


class Trade(RftgChoice, tag="trade"):
    """Trade a good for cards: with the Consume-Trade action card, or as a power. `bonus`: the trade
    bonuses of the tableau apply (not for a power printed without them). A single good: no asking."""

    bonus: bool

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        worlds = [w for w in p.tableau if w in p.goods]
        if not worlds:
            self.done(s)
            return True
        if len(worlds) == 1:
            self.trade(cat, s, worlds[0])
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "choose a good to trade for cards"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        p = s.players[self.seat]
        return [Action("trade", (w,)) for w in p.tableau if w in p.goods]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.trade(cat, s, str(action.args[0]))

    def trade(self, cat: Catalog, s: RftgState, world: str) -> None:
        self.done(s)
        p = s.players[self.seat]
        value = pw.trade_value(cat, p, world, bonus=self.bonus)
        s.discard.append(p.goods.pop(world))
        p.consumed.append(world)
        got = draw(cat, s, self.seat, value)
        s.log.append(f"{seat_letter(self.seat)} trades the good on {cat[world].name} for {got} cards.")


def power_ref(key: str, index: int) -> str:
    return f"{key}#{index}"


class ConsumePower(RftgChoice, tag="consume-power"):
    """Choose the next consume power to use, until none is left (or only discards, which may stop).
    A single power that is no discard is used without asking."""

    def run(self, cat: Catalog, s: RftgState) -> bool:
        p = s.players[self.seat]
        options = pw.consume_options(cat, p)
        if not options:
            self.done(s)
            return True
        if len(options) == 1 and options[0][2].power != "discard-hand":
            key, index, _ = options[0]
            use_power(cat, s, self.seat, key, index)
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "choose the next consume power to use"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        options = pw.consume_options(cat, s.players[self.seat])
        legal = [Action("consume", (key, index + 1)) for key, index, _ in options]
        if all(power.power == "discard-hand" for _, _, power in options):
            legal.append(Action("stop"))
        return legal

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        if action.verb == "stop":
            self.done(s)
            return
        use_power(cat, s, self.seat, str(action.args[0]), int(action.args[1]) - 1)


def use_power(cat: Catalog, s: RftgState, seat: int, key: str, index: int) -> None:
    """Start using a consume power: its goods, hand cards or guess are asked by the steps it adds."""
    p = s.players[seat]
    power = cat[key].powers[index]
    p.used.append(power_ref(key, index))
    name = power.power
    who = seat_letter(seat)
    if name == "consume":
        count = min(power.goods * power.times, len(pw.goods_of(cat, p, power.good)))
        count -= count % power.goods
        push(s, ConsumeGood(seat, key, index, n=count))
    elif name == "consume-different":
        push(s, ConsumeGood(seat, key, index, n=power.goods))
    elif name == "consume-all":
        worlds = [w for w in p.tableau if w in p.goods]
        for w in worlds:
            s.discard.append(p.goods.pop(w))
            p.consumed.append(w)
        vp = power.vp * max(0, len(worlds) - 1) * vp_factor(p)  # every good after the first scores
        gain_vp(s, seat, vp)
        names = ", ".join(cat[w].name for w in worlds)
        s.log.append(f"{who} consumes every good ({names}) with {cat[key].name} for {vp} VP.")
    elif name == "discard-hand":
        push(s, ConsumeDiscard(seat, key, index, n=power.times))
    elif name == "draw":
        got = draw(cat, s, seat, power.value)
        s.log.append(f"{who} draws {got} with {cat[key].name}.")
    elif name == "gamble":
        push(s, Gamble(seat))
    elif name == "trade":
        push(s, Trade(seat, bonus=power.bonus))


class ConsumeGood(RftgChoice, tag="consume-good"):
    """A good to consume with the power `index` of `card`, `n` more to go; `taken` are the kinds of the
    goods it has consumed so far. A forced good is consumed without asking; then the power scores."""

    card: str
    index: int
    n: int
    taken: list[str] = msgspec.field(default_factory=list)

    def candidates(self, cat: Catalog, s: RftgState) -> list[str]:
        p = s.players[self.seat]
        power = cat[self.card].powers[self.index]
        if power.power == "consume-different":
            return [w for w in p.tableau if w in p.goods and cat[w].good not in self.taken]
        return pw.goods_of(cat, p, power.good)

    def run(self, cat: Catalog, s: RftgState) -> bool:
        if self.n <= 0:
            self.finish(cat, s)
            return True
        candidates = self.candidates(cat, s)
        power = cat[self.card].powers[self.index]
        kinds = {cat[w].good for w in candidates}
        forced = len(candidates) == 1 or (
            len(candidates) == self.n
            and (power.power != "consume-different" or len(kinds) == len(candidates))
        )
        if forced:
            self.consume(cat, s, candidates[0])
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"choose a good to consume with {cat[self.card].name} ({self.n} to go)"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("good", (w,)) for w in self.candidates(cat, s)]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.consume(cat, s, str(action.args[0]))

    def consume(self, cat: Catalog, s: RftgState, world: str) -> None:
        p = s.players[self.seat]
        s.discard.append(p.goods.pop(world))
        p.consumed.append(world)
        self.taken.append(str(cat[world].good))
        self.n -= 1

    def finish(self, cat: Catalog, s: RftgState) -> None:
        self.done(s)
        p = s.players[self.seat]
        power = cat[self.card].powers[self.index]
        consumed = len(self.taken)
        uses = consumed // max(1, power.goods) if power.power == "consume" else 1
        vp = power.vp * uses * vp_factor(p)
        gain_vp(s, self.seat, vp)
        got = draw(cat, s, self.seat, power.cards * uses)
        extra = f" and {got} cards" if got else ""
        worlds = (
            ", ".join(cat[w].name for w in p.consumed[len(p.consumed) - consumed :]) if consumed else "none"
        )
        name = cat[self.card].name
        s.log.append(f"{seat_letter(self.seat)} consumes with {name} the goods of {worlds}: {vp} VP{extra}.")


class ConsumeDiscard(RftgChoice, tag="consume-discard"):
    """Discard cards from hand for VP with the power `index` of `card`, up to `n` more, or stop."""

    card: str
    index: int
    n: int

    def run(self, cat: Catalog, s: RftgState) -> bool:
        if self.n <= 0 or not s.players[self.seat].hand:
            self.done(s)
            return True
        return False

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard a card for VP with {cat[self.card].name}, or stop ({self.n} at most)"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("spend", (c,)) for c in distinct(s.players[self.seat].hand)] + [Action("stop")]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        if action.verb == "stop":
            self.done(s)
            return
        p = s.players[self.seat]
        card = str(action.args[0])
        p.hand.remove(card)
        s.discard.append(card)
        power = cat[self.card].powers[self.index]
        gain_vp(s, self.seat, power.vp)  # the x2 bonus doubles goods consumed, not cards discarded
        s.log.append(
            f"{seat_letter(self.seat)} discards a card with {cat[self.card].name} for {power.vp} VP."
        )
        self.n -= 1


class Gamble(RftgChoice, tag="gamble"):
    """Name a cost, then the top card is turned over: kept if its cost is the one named."""

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "name a cost, then the top card is turned over"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("guess", (n,)) for n in GAMBLE_COSTS]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        self.done(s)
        guess = int(action.args[0])
        card = take(cat, s, self.seat, "flip")
        if card is None:
            return
        kept = cat[card].cost == guess
        if kept:
            s.players[self.seat].hand.append(card)
        else:
            s.discard.append(card)
        result = "keeps it" if kept else "discards it"
        s.log.append(
            f"{seat_letter(self.seat)} names cost {guess}, turns over {cat[card].name} and {result}."
        )
