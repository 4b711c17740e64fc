"""The rules: set-up, the round as a queue of steps, who decides what, legal actions and apply.

A round (RESEARCH.md §2.3):
1. every seat chooses its action cards in secret, in seat order (others read "A has chosen");
2. the reveal lists the phases somebody chose, in order: Explore, Develop, Develop II, Settle,
   Settle II, Consume, Produce; in each phase every player acts, only a chooser gets the bonus;
3. every player discards down to 10 cards; then the end of the game is checked.

Each step is a `Task`; a step either resolves by itself (a fact every seat can see decides it:
draws, production, a single method or a forced payment) or is the pending decision of its seat.
Every card leaving the deck goes through `take` (the one chance function), which reads the
scripted chance of an oracle replay when there is one.
"""

from __future__ import annotations

from collections import Counter

from cardtable.core import Action, CardtableError, Decision, IllegalAction, Rng

from . import powers as pw
from .cards import Catalog
from .state import ACTIONS, Player, RftgState, Task

#: VP chips in the pool per player (RESEARCH.md §2.1)
POOL_PER_PLAYER = 12
HAND_LIMIT = 10
TABLEAU_END = 12
START_HAND = 6
KEEP_AT_START = 4
GAMBLE_COSTS = tuple(range(8))
#: the 23 legal pairs of the 2-player expert game (RESEARCH.md §2.3)
EXPERT_PAIRS: tuple[tuple[str, str], ...] = tuple(
    (a, b)
    for i, a in enumerate(ACTIONS)
    for b in ACTIONS[i + 1 :]
    if (b != "develop2" or a == "develop")
    and (b != "settle2" or a == "settle")
    and a not in ("develop2", "settle2")
)
SINGLE_ACTIONS = tuple(a for a in ACTIONS if a not in ("develop2", "settle2"))
PHASE_OF = {
    "explore-5": "explore",
    "explore-1-1": "explore",
    "develop": "develop",
    "develop2": "develop2",
    "settle": "settle",
    "settle2": "settle2",
    "consume-trade": "consume",
    "consume-x2": "consume",
    "produce": "produce",
}
PHASE_ORDER = ("explore", "develop", "develop2", "settle", "settle2", "consume", "produce")
ACTION_NAMES = {
    "explore-5": "Explore +5",
    "explore-1-1": "Explore +1/+1",
    "develop": "Develop",
    "develop2": "Develop",
    "settle": "Settle",
    "settle2": "Settle",
    "consume-trade": "Consume-Trade",
    "consume-x2": "Consume-x2",
    "produce": "Produce",
}


class ScriptMismatch(CardtableError):
    """Scripted chance does not fit what the engine draws (an oracle replay disagrees)."""


def seat_letter(seat: int) -> str:
    return "ABCD"[seat]


# --- chance: the one function every card leaving the deck goes through --------------------------
def take(cat: Catalog, s: RftgState, seat: int, what: str, world: str = "") -> str | None:
    """Take a card from the deck for `seat`: `what` is draw, good (on `world`) or flip.

    With a script (an oracle replay), the card is the next one the script names for that seat and
    purpose; otherwise the top of the shuffled deck. The deck is reshuffled from the discard pile
    the moment it runs out (RULES.md "Reshuffle"). None if deck and discard pile are both empty.
    """
    if not s.deck:
        return None
    if s.script and s.script[seat] is not None:
        queue = s.script[seat]
        prefix = f"{what}:{world}:" if what == "good" else f"{what}:"
        found = next((i for i, entry in enumerate(queue) if entry.startswith(prefix)), None)
        if found is None:
            raise ScriptMismatch(f"seat {seat_letter(seat)} takes a card ({what} {world}) the script lacks")
        card = queue.pop(found)[len(prefix) :]
        if card not in s.deck and card in s.discard and s.deck:
            # the reference took the last deck cards earlier in a step whose order is its own
            # (RULES.md "Oracle"): its reshuffle has already happened, so ours happens now
            s.deck += s.discard
            s.discard = []
            s.reshuffles += 1
        if card not in s.deck:
            raise ScriptMismatch(f"seat {seat_letter(seat)} should take {card} ({what}), not in the deck")
        s.deck.remove(card)
    else:
        card = s.deck.pop()
    if not s.deck and s.discard:
        s.deck = sorted(s.discard)
        s.discard = []
        s.rng.shuffle(s.deck)
        s.reshuffles += 1
        s.log.append(f"The discard pile is shuffled into a new deck ({len(s.deck)} cards).")
    return card


def draw(cat: Catalog, s: RftgState, seat: int, count: int) -> int:
    """Draw `count` cards into the seat's hand; returns how many it got."""
    got = 0
    for _ in range(count):
        card = take(cat, s, seat, "draw")
        if card is None:
            break
        s.players[seat].hand.append(card)
        got += 1
    return got


def put_good(cat: Catalog, s: RftgState, seat: int, world: str) -> bool:
    card = take(cat, s, seat, "good", world)
    if card is None:
        return False
    s.players[seat].goods[world] = card
    s.players[seat].produced.append(world)
    return True


def gain_vp(s: RftgState, seat: int, vp: int) -> None:
    """VP chips from the pool; once it is empty the reserve pays (the pool goes below 0)."""
    if vp > 0:
        s.players[seat].chips += vp
        s.pool -= vp


# --- set-up ---------------------------------------------------------------------------------------
def set_up(
    cat: Catalog,
    players: int,
    seed: int,
    expert: bool,
    starts: list[str] | None = None,
    script: list[list[str]] | None = None,
) -> RftgState:
    """Deal start worlds, Alpha Centauri's good and 6 cards each (RESEARCH.md §2.2)."""
    rng = Rng(seed)
    start_worlds = list(cat.start_worlds)
    rng.shuffle(start_worlds)
    chosen = list(starts) if starts else start_worlds[:players]
    rest = [w for w in cat.start_worlds if w not in chosen]
    deck = [k for k in cat.all_cards if not cat[k].start]
    rng.shuffle(deck)
    s = RftgState(
        players=[Player(start=w, tableau=[w]) for w in chosen],
        deck=deck,
        discard=[],
        pool=POOL_PER_PLAYER * players,
        rng=rng,
        expert=expert,
        script=[list(q) for q in script] if script else [],
    )
    names = ", ".join(f"{seat_letter(i)} {cat[w].name}" for i, w in enumerate(chosen))
    s.log.append(f"Start worlds: {names}.")
    for seat, world in enumerate(chosen):
        if cat[world].windfall:
            put_good(cat, s, seat, world)
    # the unused start worlds join the deck only after the start goods are drawn
    s.deck.extend(rest)
    rng.shuffle(s.deck)
    for seat in range(players):
        draw(cat, s, seat, START_HAND)
        s.players[seat].produced = []
    s.tasks = [Task("initial-discard", seat, n=START_HAND - KEEP_AT_START) for seat in range(players)]
    s.tasks.append(Task("end-check", n=1))
    return s


# --- the step machine -------------------------------------------------------------------------------
def advance(cat: Catalog, s: RftgState) -> None:
    """Run every step that needs nobody's decision, until a seat must decide or the game ends."""
    while s.tasks and not s.ended:
        task = s.tasks[0]
        if not AUTO[task.kind](cat, s, task):
            return


def done(s: RftgState) -> None:
    s.tasks.pop(0)


def decision(cat: Catalog, s: RftgState) -> Decision | None:
    if s.ended or not s.tasks:
        return None
    task = s.tasks[0]
    kind, prompt = PROMPTS[task.kind](cat, s, task)
    return Decision(task.seat, kind, prompt)


def legal_actions(cat: Catalog, s: RftgState) -> list[Action]:
    if s.ended or not s.tasks:
        return []
    task = s.tasks[0]
    return LEGAL[task.kind](cat, s, task)


def apply(cat: Catalog, s: RftgState, action: Action) -> None:
    task = s.tasks[0]
    APPLY[task.kind](cat, s, task, action)
    advance(cat, s)


def distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards))


def chose(p: Player, action: str) -> bool:
    return action in p.actions


# --- round start: action selection and reveal --------------------------------------------------------
def begin_round(s: RftgState) -> None:
    s.round += 1
    s.phase = "select"
    for p in s.players:
        p.actions = []
    s.tasks = [Task("select", seat) for seat in range(len(s.players))]
    s.tasks.append(Task("reveal"))


def select_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    if s.expert:
        return [Action("select", pair) for pair in EXPERT_PAIRS]
    return [Action("select", (a,)) for a in SINGLE_ACTIONS]


def select_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    s.players[task.seat].actions = [str(a) for a in action.args]
    done(s)


def reveal(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    chosen = {PHASE_OF[a] for p in s.players for a in p.actions}
    s.phases = [ph for ph in PHASE_ORDER if ph in chosen]
    picks = "; ".join(
        f"{seat_letter(i)} {', '.join(ACTION_NAMES[a] for a in p.actions)}" for i, p in enumerate(s.players)
    )
    s.log.append(f"Round {s.round}: {picks}.")
    next_phase(cat, s)
    return True


def next_phase(cat: Catalog, s: RftgState) -> None:
    n = len(s.players)
    if not s.phases:
        s.phase = "round-end"
        s.tasks[:0] = [Task("hand-limit", seat) for seat in range(n)] + [Task("end-check")]
        return
    phase = s.phases.pop(0)
    s.phase = phase
    for p in s.players:
        p.powered = list(p.tableau)
    seats = range(n)
    if phase == "explore":
        tasks = [Task("explore-draw", i) for i in seats] + [Task("explore-keep", i) for i in seats]
    elif phase in ("develop", "develop2"):
        tasks = [Task("develop-start", i) for i in seats] + [Task("develop-pick", i) for i in seats]
        tasks.append(Task("develop-place"))
        for i in seats:
            tasks += [Task("develop-pay", i), Task("develop-after", i)]
    elif phase in ("settle", "settle2"):
        tasks = [Task("settle-pick", i) for i in seats] + [Task("settle-place")]
        for i in seats:
            tasks += [Task("settle-method", i), Task("settle-pay", i), Task("settle-after", i)]
    elif phase == "consume":
        tasks = []
        for i in seats:
            if chose(s.players[i], "consume-trade"):
                tasks.append(Task("consume-trade", i, tag="bonus"))
            tasks.append(Task("consume-powers", i))
    else:
        tasks = []
        for i in seats:
            tasks += [Task("produce", i)]
        tasks.append(Task("produce-most"))
    s.tasks[:0] = [*tasks, Task("phase-end")]


def phase_end(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    for p in s.players:
        p.temp_military = 0
        p.pick = ""
        p.placing = ""
        p.owe = 0
        p.used = []
        p.produced = []
        p.drawn = []
    next_phase(cat, s)
    return True


# --- set-up discard and the hand limit ---------------------------------------------------------------
def discard_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("discard", (c,)) for c in distinct(s.players[task.seat].hand)]


def discard_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    card = str(action.args[0])
    s.players[task.seat].hand.remove(card)
    s.discard.append(card)
    task.n -= 1
    if task.n <= 0:
        done(s)


def initial_discard_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    return False


def hand_limit_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    extra = len(s.players[task.seat].hand) - HAND_LIMIT
    if extra <= 0:
        done(s)
        return True
    if task.n == 0:
        task.n = extra
        s.log.append(f"{seat_letter(task.seat)} discards {extra} down to {HAND_LIMIT} cards.")
    return False


def end_check(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    if task.n == 1:  # after set-up: the first round
        begin_round(s)
        return True
    if s.pool <= 0 or any(len(p.tableau) >= TABLEAU_END for p in s.players):
        s.ended = True
        s.phase = "over"
        why = "the VP pool is empty" if s.pool <= 0 else f"a tableau has {TABLEAU_END} cards"
        s.log.append(f"The game ends after round {s.round}: {why}.")
        return True
    begin_round(s)
    return True


# --- Explore -------------------------------------------------------------------------------------------
def explore_draw(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    p = s.players[task.seat]
    count, keep = 2, 1
    if chose(p, "explore-5"):
        count += 5
    if chose(p, "explore-1-1"):
        count += 1
        keep += 1
    count += pw.total(cat, p, "explore", "draw")
    keep += pw.total(cat, p, "explore", "keep")
    before = len(p.hand)
    draw(cat, s, task.seat, count)
    p.drawn = p.hand[before:]
    del p.hand[before:]
    p.keep = keep
    s.log.append(f"{seat_letter(task.seat)} explores: draws {len(p.drawn)}, keeps {min(keep, len(p.drawn))}.")
    return True


def explore_keep_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    p = s.players[task.seat]
    if len(p.drawn) <= p.keep:
        p.hand += p.drawn
        p.drawn = []
        done(s)
        return True
    return False


def explore_keep_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("keep", (c,)) for c in distinct(s.players[task.seat].drawn)]


def explore_keep_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    p = s.players[task.seat]
    card = str(action.args[0])
    p.drawn.remove(card)
    p.hand.append(card)
    p.keep -= 1
    if p.keep <= 0:
        s.discard += p.drawn
        p.drawn = []
        done(s)


# --- Develop ---------------------------------------------------------------------------------------------
def bonus_of(s: RftgState, p: Player) -> bool:
    """Whether the player chose the current Develop/Settle phase (and gets its bonus)."""
    return s.phase in p.actions


def develop_start(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    p = s.players[task.seat]
    draw(cat, s, task.seat, pw.total(cat, p, "develop", "draw"))
    return True


def develop_cost(cat: Catalog, s: RftgState, p: Player, card: str) -> int:
    return max(0, cat[card].cost - pw.develop_discount(cat, p, bonus_of(s, p)))


def develop_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    p = s.players[task.seat]
    legal = [Action("develop", ("none",))]
    for card in distinct(p.hand):
        if cat[card].type != "development" or card in p.tableau:
            continue
        if develop_cost(cat, s, p, card) <= len(p.hand) - 1:
            legal.append(Action("develop", (card,)))
    return legal


def pick_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    card = str(action.args[0])
    s.players[task.seat].pick = "-" if card == "none" else card
    done(s)


def develop_place(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    for seat, p in enumerate(s.players):
        if p.pick and p.pick != "-":
            card = p.pick
            p.owe = develop_cost(cat, s, p, card)
            p.hand.remove(card)
            p.tableau.append(card)
            p.placing = card
            s.log.append(f"{seat_letter(seat)} develops {cat[card].name} (pays {p.owe}).")
        p.pick = ""
    return True


def pay_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    p = s.players[task.seat]
    if not p.placing or p.owe <= 0:
        done(s)
        return True
    if p.owe >= len(p.hand):
        s.discard += p.hand
        p.hand = []
        p.owe = 0
        done(s)
        return True
    return False


def pay_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("pay", (c,)) for c in distinct(s.players[task.seat].hand)]


def pay_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    p = s.players[task.seat]
    card = str(action.args[0])
    p.hand.remove(card)
    s.discard.append(card)
    p.owe -= 1
    if p.owe <= 0:
        done(s)


def develop_after(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    p = s.players[task.seat]
    if p.placing:
        draw(cat, s, task.seat, pw.total(cat, p, "develop", "draw-after"))
    p.placing = ""
    return True


# --- Settle ------------------------------------------------------------------------------------------------
def settle_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    p = s.players[task.seat]
    legal = [Action("settle", ("none",))]
    for card in distinct(p.hand):
        if (
            cat[card].is_world
            and card not in p.tableau
            and pw.settle_methods(cat, p, cat[card], len(p.hand) - 1)
        ):
            legal.append(Action("settle", (card,)))
    return legal


def settle_place(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    for seat, p in enumerate(s.players):
        if p.pick and p.pick != "-":
            card = p.pick
            p.hand.remove(card)
            p.tableau.append(card)
            p.placing = card
            s.log.append(f"{seat_letter(seat)} settles {cat[card].name}.")
            if cat[card].windfall:
                put_good(cat, s, seat, card)
        p.pick = ""
    return True


def settle_method_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    p = s.players[task.seat]
    if not p.placing:
        done(s)
        return True
    methods = pw.settle_methods(cat, p, cat[p.placing], len(p.hand))
    if len(methods) == 1:
        use_method(cat, s, task.seat, next(iter(methods)), methods)
        done(s)
        return True
    return False


def settle_method_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    p = s.players[task.seat]
    return [Action("method", (m,)) for m in sorted(pw.settle_methods(cat, p, cat[p.placing], len(p.hand)))]


def settle_method_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    p = s.players[task.seat]
    methods = pw.settle_methods(cat, p, cat[p.placing], len(p.hand))
    use_method(cat, s, task.seat, str(action.args[0]), methods)
    done(s)


def use_method(cat: Catalog, s: RftgState, seat: int, method: str, methods: dict[str, int]) -> None:
    p = s.players[seat]
    p.owe = methods[method]
    spent = {"colony-ship": "colony-ship", "tactics": "tactics"}.get(method)
    if spent:
        key, _, power = max(pw.powers(cat, p, "settle", spent), key=lambda kp: kp[2].value)
        p.tableau.remove(key)
        p.powered.remove(key)
        s.discard.append(key)
        p.temp_military += power.value if method == "tactics" else 0
        s.log.append(f"{seat_letter(seat)} discards {cat[key].name} from the tableau.")
    if method == "contact":
        s.log.append(f"{seat_letter(seat)} pays for the military world ({p.owe}).")


def settle_after(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    p = s.players[task.seat]
    if p.placing:
        extra = 1 if bonus_of(s, p) else 0
        draw(cat, s, task.seat, extra)
        draw(cat, s, task.seat, pw.total(cat, p, "settle", "draw-after"))
    p.placing = ""
    return True


# --- Consume ------------------------------------------------------------------------------------------------
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
        vp = power.vp * max(0, len(worlds) - 1) * vp_factor(p)  # every good after the first scores
        gain_vp(s, seat, vp)
        s.log.append(f"{who} consumes {len(worlds)} goods with {cat[key].name} for {vp} VP.")
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
    s.log.append(
        f"{seat_letter(task.seat)} consumes {consumed} goods with {cat[task.card].name}: {vp} VP{extra}."
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


# --- Produce ------------------------------------------------------------------------------------------------
def produce(cat: Catalog, s: RftgState, task: Task) -> bool:
    """Production powers in tableau order (a good on each production world without one; a windfall
    power asks for its world in turn), then the Produce bonus, then every draw (RULES.md "Produce").

    `task.n` is how far along the tableau the step has come (it resumes after a windfall choice).
    """
    seat = task.seat
    p = s.players[seat]
    while task.n < len(p.powered):
        key = p.powered[task.n]
        task.n += 1
        for index, power in cat[key].phase_powers("produce"):
            if power.power == "produce" and key not in p.goods:
                put_good(cat, s, seat, key)
            elif power.power == "windfall":
                s.tasks.insert(0, Task("windfall", seat, key, index, tag=power.good))
                return True
    done(s)
    follow = [Task("windfall", seat, tag="any")] if chose(p, "produce") else []
    follow.append(Task("produce-draws", seat))
    s.tasks[:0] = follow
    return True


def windfall_candidates(cat: Catalog, s: RftgState, task: Task) -> list[str]:
    p = s.players[task.seat]
    return [w for w in p.powered if cat[w].windfall and w not in p.goods and task.tag in ("any", cat[w].good)]


def windfall_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    candidates = windfall_candidates(cat, s, task)
    if len(candidates) <= 1:
        done(s)
        if candidates:
            put_good(cat, s, task.seat, candidates[0])
        return True
    return False


def windfall_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("windfall", (w,)) for w in windfall_candidates(cat, s, task)]


def windfall_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    done(s)
    put_good(cat, s, task.seat, str(action.args[0]))


def produce_draws(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    seat = task.seat
    p = s.players[seat]
    produced = [cat[w].good for w in p.produced]
    total = 0
    for key, _, power in pw.powers(cat, p, "produce"):
        name = power.power
        if name == "draw" or (name == "draw-if-produced" and key in p.produced):
            total += power.value
        elif name == "draw-per-good":
            total += power.value * produced.count(power.good)  # type: ignore[arg-type]
        elif name == "draw-per-kind":
            total += power.value * len(set(produced))
        elif name == "draw-per-world":
            total += power.value * sum(1 for w in p.tableau if cat[w].is_world and cat[w].good == power.good)
    got = draw(cat, s, seat, total)
    goods = len(p.produced)
    s.log.append(
        f"{seat_letter(seat)} produces {goods} good{'s' * (goods != 1)}" + (f", draws {got}." if got else ".")
    )
    return True


def produce_most(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    counts = [Counter(cat[w].good for w in p.produced) for p in s.players]
    for seat, p in enumerate(s.players):
        for _, _, power in pw.powers(cat, p, "produce", "draw-most"):
            mine = counts[seat][power.good]
            if all(mine > counts[o][power.good] for o in range(len(s.players)) if o != seat):
                draw(cat, s, seat, power.value)
    return True


# --- tables -------------------------------------------------------------------------------
def _never(cat: Catalog, s: RftgState, task: Task) -> bool:
    return False


def _no_actions(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return []


def _no_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    raise IllegalAction("nothing to decide here")


def _prompt(kind: str, text: str):  # type: ignore[no-untyped-def]
    return lambda cat, s, task: (kind, text)


def _consume_prompt(cat: Catalog, s: RftgState, task: Task) -> tuple[str, str]:
    return "consume-power", "choose the next consume power to use"


def _goods_prompt(cat: Catalog, s: RftgState, task: Task) -> tuple[str, str]:
    return "consume-good", f"choose a good to consume with {cat[task.card].name} ({task.n} to go)"


def _hand_prompt(cat: Catalog, s: RftgState, task: Task) -> tuple[str, str]:
    return "consume-discard", f"discard a card for VP with {cat[task.card].name}, or stop ({task.n} at most)"


def _pay_prompt(cat: Catalog, s: RftgState, task: Task) -> tuple[str, str]:
    p = s.players[task.seat]
    kind = "develop-pay" if task.kind == "develop-pay" else "settle-pay"
    return kind, f"pay for {cat[p.placing].name}: discard a card ({p.owe} to go)"


def _discard_prompt(cat: Catalog, s: RftgState, task: Task) -> tuple[str, str]:
    if task.kind == "initial-discard":
        return "initial-discard", f"discard a card of your first hand ({task.n} to go)"
    return "hand-limit", f"discard down to {HAND_LIMIT} cards ({task.n} to go)"


AUTO = {
    "initial-discard": initial_discard_auto,
    "select": _never,
    "reveal": reveal,
    "explore-draw": explore_draw,
    "explore-keep": explore_keep_auto,
    "develop-start": develop_start,
    "develop-pick": _never,
    "develop-place": develop_place,
    "develop-pay": pay_auto,
    "develop-after": develop_after,
    "settle-pick": _never,
    "settle-place": settle_place,
    "settle-method": settle_method_auto,
    "settle-pay": pay_auto,
    "settle-after": settle_after,
    "phase-end": phase_end,
    "consume-trade": trade_auto,
    "consume-powers": powers_auto,
    "consume-goods": goods_auto,
    "consume-hand": hand_auto,
    "gamble": _never,
    "produce": produce,
    "windfall": windfall_auto,
    "produce-draws": produce_draws,
    "produce-most": produce_most,
    "hand-limit": hand_limit_auto,
    "end-check": end_check,
}
LEGAL = {
    "initial-discard": discard_legal,
    "select": select_legal,
    "explore-keep": explore_keep_legal,
    "develop-pick": develop_legal,
    "develop-pay": pay_legal,
    "settle-pick": settle_legal,
    "settle-method": settle_method_legal,
    "settle-pay": pay_legal,
    "consume-trade": trade_legal,
    "consume-powers": powers_legal,
    "consume-goods": goods_legal,
    "consume-hand": hand_legal,
    "gamble": gamble_legal,
    "windfall": windfall_legal,
    "hand-limit": discard_legal,
}
APPLY = {
    "initial-discard": discard_apply,
    "select": select_apply,
    "explore-keep": explore_keep_apply,
    "develop-pick": pick_apply,
    "develop-pay": pay_apply,
    "settle-pick": pick_apply,
    "settle-method": settle_method_apply,
    "settle-pay": pay_apply,
    "consume-trade": trade_apply,
    "consume-powers": powers_apply,
    "consume-goods": goods_apply,
    "consume-hand": hand_apply,
    "gamble": gamble_apply,
    "windfall": windfall_apply,
    "hand-limit": discard_apply,
}
PROMPTS = {
    "initial-discard": _discard_prompt,
    "select": _prompt("select-action", "choose your action cards in secret"),
    "explore-keep": _prompt("explore-keep", "keep a card of those you explored"),
    "develop-pick": _prompt("develop-choose", "choose a development to place, in secret, or none"),
    "develop-pay": _pay_prompt,
    "settle-pick": _prompt("settle-choose", "choose a world to settle, in secret, or none"),
    "settle-method": _prompt("settle-method", "choose how to settle the world"),
    "settle-pay": _pay_prompt,
    "consume-trade": _prompt("trade", "choose a good to trade for cards"),
    "consume-powers": _consume_prompt,
    "consume-goods": _goods_prompt,
    "consume-hand": _hand_prompt,
    "gamble": _prompt("gamble", "name a cost, then the top card is turned over"),
    "windfall": _prompt("windfall", "choose a windfall world to produce on"),
    "hand-limit": _discard_prompt,
}
