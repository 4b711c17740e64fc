"""Phase IV, Consume (RESEARCH.md §2.7): the trade first, then consume powers in the order the
player chooses, each with the goods or cards it takes."""

from __future__ import annotations

from cardtable.core import Action

from . import powers as pw
from .cards import Catalog
from .chance import draw, take
from .state import Player, RftgState, Task
from .steps import chose, distinct, done, gain_vp, seat_letter

GAMBLE_COSTS = tuple(range(8))


def vp_factor(p: Player) -> int:
    return 2 if chose(p, "consume-x2") else 1


def trade_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    p = s.players[task.seat]
    worlds = [w for w in p.tableau if w in p.goods]
    if not worlds:
        done(s)
        return True
    if len(worlds) == 1:
        do_trade(cat, s, task, worlds[0])
        return True
    return False


def trade_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    p = s.players[task.seat]
    return [Action("trade", (w,)) for w in p.tableau if w in p.goods]


def trade_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    do_trade(cat, s, task, str(action.args[0]))


def do_trade(cat: Catalog, s: RftgState, task: Task, world: str) -> None:
    done(s)
    p = s.players[task.seat]
    value = pw.trade_value(cat, p, world, bonus=task.tag != "nobonus")
    s.discard.append(p.goods.pop(world))
    p.consumed.append(world)
    got = draw(cat, s, task.seat, value)
    s.log.append(f"{seat_letter(task.seat)} trades the good on {cat[world].name} for {got} cards.")


def power_ref(key: str, index: int) -> str:
    return f"{key}#{index}"


def powers_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    p = s.players[task.seat]
    options = pw.consume_options(cat, p)
    if not options:
        done(s)
        return True
    if len(options) == 1 and options[0][2].power != "discard-hand":
        key, index, _ = options[0]
        use_power(cat, s, task.seat, key, index)
        return True
    return False


def powers_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    options = pw.consume_options(cat, s.players[task.seat])
    legal = [Action("consume", (key, index + 1)) for key, index, _ in options]
    if all(power.power == "discard-hand" for _, _, power in options):
        legal.append(Action("stop"))
    return legal


def powers_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    if action.verb == "stop":
        done(s)
        return
    use_power(cat, s, task.seat, str(action.args[0]), int(action.args[1]) - 1)


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
        s.tasks.insert(0, Task("consume-goods", seat, key, index, n=count))
    elif name == "consume-different":
        s.tasks.insert(0, Task("consume-goods", seat, key, index, n=power.goods))
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
        s.tasks.insert(0, Task("consume-hand", seat, key, index, n=power.times))
    elif name == "draw":
        got = draw(cat, s, seat, power.value)
        s.log.append(f"{who} draws {got} with {cat[key].name}.")
    elif name == "gamble":
        s.tasks.insert(0, Task("gamble", seat, key, index))
    elif name == "trade":
        s.tasks.insert(0, Task("consume-trade", seat, key, index, tag="power" if power.bonus else "nobonus"))


def goods_candidates(cat: Catalog, s: RftgState, task: Task) -> list[str]:
    p = s.players[task.seat]
    power = cat[task.card].powers[task.index]
    if power.power == "consume-different":
        taken = set(task.tag.split(",")) - {""}
        return [w for w in p.tableau if w in p.goods and cat[w].good not in taken]
    return pw.goods_of(cat, p, power.good)


def goods_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    if task.n <= 0:
        finish_consume(cat, s, task)
        return True
    candidates = goods_candidates(cat, s, task)
    power = cat[task.card].powers[task.index]
    kinds = {cat[w].good for w in candidates}
    forced = len(candidates) == 1 or (
        len(candidates) == task.n and (power.power != "consume-different" or len(kinds) == len(candidates))
    )
    if forced:
        consume_good(cat, s, task, candidates[0])
        return True
    return False


def goods_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("good", (w,)) for w in goods_candidates(cat, s, task)]


def goods_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    consume_good(cat, s, task, str(action.args[0]))


def consume_good(cat: Catalog, s: RftgState, task: Task, world: str) -> None:
    p = s.players[task.seat]
    s.discard.append(p.goods.pop(world))
    p.consumed.append(world)
    task.tag = f"{task.tag},{cat[world].good}" if task.tag else str(cat[world].good)
    task.n -= 1


def finish_consume(cat: Catalog, s: RftgState, task: Task) -> None:
    done(s)
    p = s.players[task.seat]
    power = cat[task.card].powers[task.index]
    consumed = len(task.tag.split(",")) if task.tag else 0
    uses = consumed // max(1, power.goods) if power.power == "consume" else 1
    vp = power.vp * uses * vp_factor(p)
    gain_vp(s, task.seat, vp)
    got = draw(cat, s, task.seat, power.cards * uses)
    extra = f" and {got} cards" if got else ""
    worlds = ", ".join(cat[w].name for w in p.consumed[len(p.consumed) - consumed :]) if consumed else "none"
    s.log.append(
        f"{seat_letter(task.seat)} consumes with {cat[task.card].name} the goods of {worlds}: {vp} VP{extra}."
    )


def hand_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    if task.n <= 0 or not s.players[task.seat].hand:
        done(s)
        return True
    return False


def hand_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("spend", (c,)) for c in distinct(s.players[task.seat].hand)] + [Action("stop")]


def hand_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    if action.verb == "stop":
        done(s)
        return
    p = s.players[task.seat]
    card = str(action.args[0])
    p.hand.remove(card)
    s.discard.append(card)
    power = cat[task.card].powers[task.index]
    gain_vp(s, task.seat, power.vp)  # the x2 bonus doubles goods consumed, not cards discarded
    s.log.append(f"{seat_letter(task.seat)} discards a card with {cat[task.card].name} for {power.vp} VP.")
    task.n -= 1


def gamble_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("guess", (n,)) for n in GAMBLE_COSTS]


def gamble_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    done(s)
    guess = int(action.args[0])
    card = take(cat, s, task.seat, "flip")
    if card is None:
        return
    kept = cat[card].cost == guess
    if kept:
        s.players[task.seat].hand.append(card)
    else:
        s.discard.append(card)
    result = "keeps it" if kept else "discards it"
    s.log.append(f"{seat_letter(task.seat)} names cost {guess}, turns over {cat[card].name} and {result}.")
