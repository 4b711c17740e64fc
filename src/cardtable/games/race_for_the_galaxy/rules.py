"""The rules: set-up and the round as a queue of steps (`cardtable.core.steps`).

A round (RESEARCH.md §2.3):
1. every seat chooses its action cards in secret, in seat order (others read "A has chosen");
2. the reveal lists the phases somebody chose, in order: Explore, Develop, Develop II, Settle,
   Settle II, Consume, Produce; in each phase every player acts, only a chooser gets the bonus;
3. every player discards down to 10 cards; then the end of the game is checked.

Each step is a class: the round's own here (`SelectAction`, `Reveal`, `PhaseEnd`, the discards,
`EndCheck`), each phase's in its module (`explore.py`, `develop.py`, `settle.py`, `payment.py`,
`consume.py`, `produce.py`), the robot's turn in `robot.py`. A step either resolves by itself (a fact
every seat can see decides it: draws, production, a single method or a forced payment) or is the
pending decision of its seat. `next_phase` lays out the steps of each phase. Every card leaving the
deck goes through `take` (the one chance function), which reads the scripted chance of an oracle
replay when there is one.
"""

from __future__ import annotations

from functools import cache
from typing import get_args

from cardtable.core import Action, push, seat_mark
from cardtable.core.lines import opening

from . import goalplay, robot
from .cards import Catalog
from .chance import draw
from .consume import ConsumePower, Trade
from .develop import DevelopAfter, DevelopChoose, DevelopPlace, DevelopStart
from .discards import HandLimit, hand_limit
from .explore import ExploreDraw, ExploreKeep, ExplorePrestige
from .payment import DevelopPay, PaymentPower, SaveCard, SettlePay
from .produce import Produce, ProduceMost
from .search import SearchCategory
from .settle import SettleAfter, SettleChoose, SettleMethod, SettlePlace, SettlePower
from .state import (
    ACTIONS,
    PRESTIGE,
    SEARCH,
    Player,
    RftgAuto,
    RftgChoice,
    RftgState,
    RftgStep,
    RoundPhase,
    Termination,
    base_action,
)
from .steps import chose, chose_prestige, spend_prestige
from .takeover import ResolveTakeovers, TakeoverDeclare

#: VP chips in the pool per player (RESEARCH.md §2.1)
POOL_PER_PLAYER = 12
TABLEAU_END = 12
#: a player with 15 prestige ends the game (RULES.md BOW-8)
PRESTIGE_END = 15
PRESTIGE_SETTLE_MILITARY = 2
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
    "search": "search",
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
PHASE_ORDER: tuple[RoundPhase, ...] = get_args(RoundPhase)
ACTION_NAMES = {
    "explore-5": "Explore +5",
    "explore-1-1": "Explore +1/+1",
    "develop": "Develop",
    "develop2": "Develop",
    "settle": "Settle",
    "settle2": "Settle",
    "consume-trade": "Consume: Trade",
    "consume-x2": "Consume: x2",
    "produce": "Produce",
}


# --- round start: action selection and reveal --------------------------------------------------------
def begin_round(cat: Catalog, s: RftgState) -> None:
    s.round += 1
    s.phase = "select"
    # the round opens with its choice of actions, so the log tells each choice under its round
    s.log.append(opening(s.round, f"Round {s.round}: action cards are chosen.", "Action cards are chosen."))
    for p in s.players:
        p.actions = []
        p.end_discards = 0
    n = len(s.players)
    last = [seat for seat in range(n) if choose_last(cat, s, seat)]
    first = [
        SelectAction(seat, stage=1 if seat in last else 0)
        for seat in range(n)
        if seat not in last or s.expert
    ]
    push(s, PrestigeAwards(), *first, *(SelectAction(seat, stage=2) for seat in last), Reveal())


def choose_last(cat: Catalog, s: RftgState, seat: int) -> bool:
    """Psi-Crystal World (RULES.md BOW-14): its owner chooses after the others (in the 2-player game its
    first action with the others, both after them, K `game_round`)."""
    return cat.level >= 3 and cat.has_special(s.players[seat].tableau, "choose-last")


class BeginRound(RftgAuto, tag="begin-round"):
    """After set-up: the first round begins."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        begin_round(cat, s)


class PrestigeAwards(RftgAuto, tag="prestige-awards"):
    """Level 3, the round's start (RULES.md BOW-6): every player with the most prestige (more than 0)
    gets 1 VP; a sole leader with prestige on the tile also draws a card; the tile is cleared; then the
    goals are checked (K `start_prestige`)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        if cat.level < 3:
            return
        if s.robot is not None:  # the solitaire game: the robot's own bonus (the seed, page 6)
            robot.prestige_awards(cat, s)
            return
        most = max(p.prestige for p in s.players)
        if most <= 0:
            return
        leaders = [seat for seat, p in enumerate(s.players) if p.prestige == most]
        for seat in leaders:
            p = s.players[seat]
            p.chips += 1
            s.pool -= 1
            card = len(leaders) == 1 and p.prestige_turn
            s.log.append(f"{seat_mark(seat)} earns 1 VP{' and a card' if card else ''} as Prestige Leader.")
            if card:
                draw(cat, s, seat, 1)
        for p in s.players:
            p.prestige_turn = False
        goalplay.check_goals(cat, s, "round-start")


def selections(cat: Catalog, s: RftgState, seat: int, stage: int = 0) -> list[Action]:
    """The legal action selections of a seat: two different cards in the 2-player expert game
    (`EXPERT_PAIRS`), else one; at level 3 also Search or one prestige action, once a game (RULES.md
    BOW-9). `stage` 1: a late chooser's first card (2-player game); 2: its whole choice."""
    p = s.players[seat]
    special = cat.level >= 3 and not p.searched
    first = p.actions[0] if stage == 2 and p.actions else ""
    return list(_selections(special, special and p.prestige > 0, s.expert, stage, first))


@cache
def _selections(search: bool, prestige: bool, expert: bool, stage: int, first: str) -> tuple[Action, ...]:
    """`selections` for a seat that may still Search (`search`) and pay for a prestige action."""
    singles: list[tuple[str, ...]] = [(a,) for a in SINGLE_ACTIONS]
    pairs: list[tuple[str, ...]] = list(EXPERT_PAIRS)
    if search:
        specials = [SEARCH] + ([PRESTIGE + a for a in ACTIONS] if prestige else [])
        singles += [(a,) for a in specials if base_action(a) in SINGLE_ACTIONS or a == SEARCH]
        pairs += [pair for special in specials for pair in _pairs_with(special)]
        pairs.sort(key=lambda pair: tuple(action_rank(a) for a in pair))
        singles.sort(key=lambda one: action_rank(one[0]))
    if not expert or stage == 1:
        return tuple(Action("select", one) for one in singles)
    if stage == 2:
        return tuple(Action("select", pair) for pair in pairs if first in pair)
    return tuple(Action("select", pair) for pair in pairs)


def all_selections(level: int, expert: bool) -> list[Action]:
    """Every action selection a seat may ever make at this level (the action space): the base ones,
    then at level 3 those with Search or a prestige action, and in the 2-player game also the single
    cards a Psi-Crystal World's owner picks first."""
    singles: list[tuple[str, ...]] = [(a,) for a in SINGLE_ACTIONS]
    pairs: list[tuple[str, ...]] = list(EXPERT_PAIRS)
    if level < 3:
        return [Action("select", one) for one in (pairs if expert else singles)]
    specials = [SEARCH, *(PRESTIGE + a for a in ACTIONS)]
    more_singles: list[tuple[str, ...]] = [
        (a,) for a in specials if a == SEARCH or base_action(a) in SINGLE_ACTIONS
    ]
    more_pairs: list[tuple[str, ...]] = sorted(
        {pair for special in specials for pair in _pairs_with(special)},
        key=lambda pair: tuple(action_rank(a) for a in pair),
    )
    chosen = pairs + more_pairs + singles + more_singles if expert else singles + more_singles
    return [Action("select", one) for one in chosen]


def _pairs_with(special: str) -> list[tuple[str, str]]:
    """The expert pairs holding `special` (Search, or a prestige action in place of its plain card)."""
    if special == SEARCH:
        return [(SEARCH, b) for b in SINGLE_ACTIONS]
    plain = base_action(special)
    return [
        tuple(special if a == plain else a for a in pair)  # type: ignore[misc]
        for pair in EXPERT_PAIRS
        if plain in pair
    ]


def action_rank(action: str) -> int:
    """The order of action cards in a selection: Search first, then the phases (K's action numbers)."""
    return -1 if action == SEARCH else ACTIONS.index(base_action(action))


class SelectAction(RftgChoice, tag="select-action"):
    """The seat's action cards, chosen in secret (`selections`). A late chooser (Psi-Crystal World)
    chooses its first card with the others (`stage` 1, the 2-player game) and its whole choice after
    them, seeing theirs (`stage` 2)."""

    stage: int = 0

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        if self.stage == 1:
            return "choose your first action card in secret"
        if self.stage == 2:
            return "choose your action cards, after the others"
        return "choose your action cards in secret"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return selections(cat, s, self.seat, self.stage)

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        s.players[self.seat].actions = [str(a) for a in action.args]
        self.done(s)


class Reveal(RftgAuto, tag="reveal"):
    """Every choice is turned face up; a prestige action costs 1 prestige, Search or a prestige action
    uses up the once-a-game card; the phases somebody chose run, in order (in the solitaire game the
    robot's dice choose too)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        chosen = {PHASE_OF[base_action(a)] for p in s.players for a in p.actions}
        picks = "; ".join(
            f"{seat_mark(i)} {', '.join(action_name(a) for a in p.actions)}" for i, p in enumerate(s.players)
        )
        s.log.append(f"Actions: {picks}.")
        for seat, p in enumerate(s.players):
            for a in p.actions:
                if a == SEARCH:
                    p.searched = True
                elif a.startswith(PRESTIGE):
                    p.searched = True
                    spend_prestige(cat, s, seat, 1)
        if s.robot is not None:  # the solitaire game: the player rolls the robot's dice (seed, step 2)
            robot.roll_and_place(robot.robot_of(cat), s, s.players[0])
            chosen |= {PHASE_OF[f] for f in s.robot.fields}
        s.phases = [ph for ph in PHASE_ORDER if ph in chosen]
        next_phase(cat, s)


def action_name(action: str) -> str:
    if action == SEARCH:
        return "Search"
    name = ACTION_NAMES[base_action(action)]
    return f"Prestige {name}" if action.startswith(PRESTIGE) else name


def next_phase(cat: Catalog, s: RftgState) -> None:
    """Lay out the steps of the next phase to run, or of the round's end when none is left (the
    expansions add the optional powers of a payment, the saved card, the powers used after settling)."""
    level = cat.level
    n = len(s.players)
    seats = range(n)
    if not s.phases:
        s.phase = "round-end"
        push(s, *(HandLimitCheck(seat) for seat in seats), TakeDiscards(start=len(s.discard)), EndCheck())
        return
    phase = s.phases.pop(0)
    s.phase = phase
    for p in s.players:
        p.powered = list(p.tableau)
        if phase.startswith("settle") and chose_prestige(p, phase):
            p.temp_military += PRESTIGE_SETTLE_MILITARY  # a prestige Settle: +2 military this phase
    steps: list[RftgStep]
    if phase == "search":
        steps = [SearchCategory(i) for i in seats if SEARCH in s.players[i].actions]
    elif phase == "explore":
        steps = [ExplorePrestige(i) for i in seats] if level >= 3 else []
        steps += [*(ExploreDraw(i) for i in seats), *(ExploreKeep(i) for i in seats)]
    elif phase in ("develop", "develop2"):
        steps = [*(DevelopStart(i) for i in seats), *(DevelopChoose(i) for i in seats), DevelopPlace()]
        for i in seats:
            if level:
                steps += [PaymentPower(i), DevelopPay(i), SaveCard(i), DevelopAfter(i)]
            else:
                steps += [DevelopPay(i), DevelopAfter(i)]
    elif phase in ("settle", "settle2"):
        steps = [*(SettleChoose(i) for i in seats), SettlePlace()]
        for i in seats:
            if level:
                steps += [TakeoverDeclare(i)] if s.takeovers else []
                steps += [
                    SettleMethod(i),
                    PaymentPower(i),
                    SettlePay(i),
                    SaveCard(i),
                    SettleAfter(i),
                    SettlePower(i),
                ]
            else:
                steps += [SettleMethod(i), PaymentPower(i), SettlePay(i), SettleAfter(i)]
        if s.takeovers:
            steps.append(ResolveTakeovers())
    elif phase == "consume":
        steps = []
        for i in seats:
            if chose(s.players[i], "consume-trade"):
                steps.append(Trade(i, bonus=True))
            steps.append(ConsumePower(i))
    else:
        steps = [*(Produce(i) for i in seats), ProduceMost()]
    if s.robot is not None:  # the robot acts after the player in every phase (seed, step 3)
        steps.append(robot.RobotAct(phase))
    push(s, *steps, PhaseEnd())


class PhaseEnd(RftgAuto, tag="phase-end"):
    """What lasts a phase ends (temporary military, picks, powers used, goods produced or consumed);
    the goals are checked and the prestige leader's tile (RULES.md TGS-12, BOW-5); the next phase
    begins."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        for p in s.players:
            p.temp_military = 0
            p.temp_reduce = 0
            p.bonus_used = False
            p.settled = ""
            p.pick = ""
            p.placing = ""
            p.owe = 0
            p.used = []
            p.produced = []
            p.consumed = []
            p.drawn = []
        s.oort_made = ""
        if s.phase != "search":  # K checks neither after the Search phase
            goalplay.check_goals(cat, s, s.phase.rstrip("2"))
            check_prestige(cat, s)
        next_phase(cat, s)


def check_prestige(cat: Catalog, s: RftgState) -> None:
    """At a phase end only a sole prestige leader keeps prestige on the tile (K `check_prestige`)."""
    if cat.level < 3 or not any([p.prestige_turn for p in s.players]):  # no prestige on the tile
        return
    rivals = [p.prestige for p in s.players] + ([s.robot.prestige] if s.robot is not None else [])
    most = max(rivals)
    if most <= 0:
        return
    sole = rivals.count(most) == 1
    for p in s.players:
        if p.prestige < most or not sole:
            p.prestige_turn = False


class HandLimitCheck(RftgAuto, tag="hand-limit-check"):
    """Whether the seat holds more cards than its hand limit: then it discards the rest (`HandLimit`)."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        p = s.players[self.seat]
        limit = hand_limit(cat, p)
        extra = len(p.hand) - limit
        if extra > 0:
            p.end_discards = extra
            s.log.append(f"{seat_mark(self.seat)} discards {extra} down to {limit} cards.")
            push(s, HandLimit(self.seat, n=extra))


class TakeDiscards(RftgAuto, tag="take-discards"):
    """Retrofit & Salvage, Inc (RULES.md BOW-17): its owner takes into hand the cards the other players
    just discarded to the hand limit (those after `start` in the discard pile, in seat order)."""

    start: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        if cat.level < 3:
            return
        takers = [seat for seat, p in enumerate(s.players) if cat.has_special(p.tableau, "take-discards")]
        for taker in takers:
            at = self.start
            taken: list[str] = []
            for seat, p in enumerate(s.players):
                cards = s.discard[at : at + p.end_discards]
                at += p.end_discards
                if seat != taker:
                    taken += cards
            for card in taken:
                s.discard.remove(card)
            s.players[taker].hand += taken
            if taken:
                s.log.append(f"{seat_mark(taker)} takes {len(taken)} discarded cards.")


def tableau_end(cat: Catalog, p: Player) -> int:
    """12 cards end the game, 14 for the owner of Hidden Fortress (RULES.md RVI-15)."""
    return 14 if cat.has_special(p.tableau, "game-end-14") else TABLEAU_END


def ending(cat: Catalog, s: RftgState) -> tuple[Termination, str] | None:
    """Whether the round's end ends the game: how (`Termination`) and the log's words, or None. The
    VP pool empty first, then a full tableau (the player's, or the solitaire robot's), then 15
    prestige."""
    if s.pool <= 0:
        return "pool", "the VP pool is empty"
    full = [tableau_end(cat, p) for p in s.players if len(p.tableau) >= tableau_end(cat, p)]
    robot_full = s.robot is not None and robot.cards(s.robot) >= TABLEAU_END
    if full or robot_full:
        least = min(full + [TABLEAU_END] * robot_full)
        return ("tableau" if full else "robot-tableau"), f"a tableau has {least} cards"
    robot_prestige = s.robot.prestige if s.robot is not None else 0
    if any(p.prestige >= PRESTIGE_END for p in s.players) or robot_prestige >= PRESTIGE_END:
        return "prestige", f"a player has {PRESTIGE_END} prestige"
    return None


class EndCheck(RftgAuto, tag="end-check"):
    """After the goals are checked, the game ends after the round in which the VP pool ran out, a
    tableau reached 12 cards (14 with Hidden Fortress) or a player 15 prestige (the queue is left
    empty); else the next round begins."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        goalplay.check_goals(cat, s, "round-end")
        end = ending(cat, s)
        if end is not None:
            s.ended = True
            s.ending = end[0]
            s.phase = "over"
            s.steps.clear()
            s.log.append(f"The game ends after round {s.round}: {end[1]}.")
            return
        begin_round(cat, s)
