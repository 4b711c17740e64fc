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

from cardtable.core import Action, Decision, Rng

from . import robot
from .cards import Catalog
from .chance import draw, put_good
from .consume import (
    gamble_apply,
    gamble_legal,
    goods_apply,
    goods_auto,
    goods_legal,
    hand_apply,
    hand_auto,
    hand_legal,
    powers_apply,
    powers_auto,
    powers_legal,
    trade_apply,
    trade_auto,
    trade_legal,
)
from .develop import develop_after, develop_legal, develop_place, develop_start, pick_apply
from .explore import explore_draw, explore_keep_apply, explore_keep_auto, explore_keep_legal
from .payment import pay_apply, pay_auto, pay_legal
from .produce import produce, produce_draws, produce_most, windfall_apply, windfall_auto, windfall_legal
from .settle import (
    settle_after,
    settle_legal,
    settle_method_apply,
    settle_method_auto,
    settle_method_legal,
    settle_place,
)
from .state import ACTIONS, Player, RftgState, Task
from .steps import chose, distinct, done, seat_letter

#: VP chips in the pool per player (RESEARCH.md §2.1)
POOL_PER_PLAYER = 12
HAND_LIMIT = 10
TABLEAU_END = 12
START_HAND = 6
KEEP_AT_START = 4
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
    picks = "; ".join(
        f"{seat_letter(i)} {', '.join(ACTION_NAMES[a] for a in p.actions)}" for i, p in enumerate(s.players)
    )
    s.log.append(f"Round {s.round}: {picks}.")
    if s.robot is not None:  # the solitaire game: the player rolls the robot's dice (seed, step 2)
        robot.roll_and_place(robot.robot_data(cat), s, s.players[0])
        chosen |= {PHASE_OF[f] for f in s.robot.fields}
    s.phases = [ph for ph in PHASE_ORDER if ph in chosen]
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
    if s.robot is not None:  # the robot acts after the player in every phase (seed, step 3)
        tasks.append(Task("robot-act", robot.ROBOT, tag=phase))
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
        p.consumed = []
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
    robot_cards = robot.cards(s.robot) if s.robot is not None else 0
    if s.pool <= 0 or robot_cards >= TABLEAU_END or any(len(p.tableau) >= TABLEAU_END for p in s.players):
        s.ended = True
        s.phase = "over"
        why = "the VP pool is empty" if s.pool <= 0 else f"a tableau has {TABLEAU_END} cards"
        s.log.append(f"The game ends after round {s.round}: {why}.")
        return True
    begin_round(s)
    return True


def robot_act(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    robot.act(cat, robot.robot_data(cat), s, s.players[0], task.tag)
    return True


# --- tables -------------------------------------------------------------------------------
def _never(cat: Catalog, s: RftgState, task: Task) -> bool:
    return False


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
    "robot-act": robot_act,
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
