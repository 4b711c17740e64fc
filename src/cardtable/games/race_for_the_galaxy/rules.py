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

from typing import get_args

from cardtable.core import Action, Rng, push, seat_letter

from . import robot
from .cards import Catalog
from .chance import draw, put_good
from .consume import ConsumePower, Trade
from .develop import DevelopAfter, DevelopChoose, DevelopPlace, DevelopStart
from .explore import ExploreDraw, ExploreKeep
from .payment import DevelopPay, SettlePay
from .produce import Produce, ProduceMost
from .settle import SettleAfter, SettleChoose, SettleMethod, SettlePlace
from .state import ACTIONS, Player, RftgAuto, RftgChoice, RftgState, RftgStep, RoundPhase
from .steps import chose, distinct

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
PHASE_ORDER: tuple[RoundPhase, ...] = get_args(RoundPhase)
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
    s.steps = [InitialDiscard(seat, n=START_HAND - KEEP_AT_START) for seat in range(players)]
    s.steps.append(BeginRound())
    return s


# --- round start: action selection and reveal --------------------------------------------------------
def begin_round(s: RftgState) -> None:
    s.round += 1
    s.phase = "select"
    for p in s.players:
        p.actions = []
    push(s, *(SelectAction(seat) for seat in range(len(s.players))), Reveal())


class BeginRound(RftgAuto, tag="begin-round"):
    """After set-up: the first round begins."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        begin_round(s)


class SelectAction(RftgChoice, tag="select-action"):
    """The seat's action cards, chosen in secret: two different ones in the 2-player expert game
    (`EXPERT_PAIRS`), else one."""

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return "choose your action cards in secret"

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        if s.expert:
            return [Action("select", pair) for pair in EXPERT_PAIRS]
        return [Action("select", (a,)) for a in SINGLE_ACTIONS]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        s.players[self.seat].actions = [str(a) for a in action.args]
        self.done(s)


class Reveal(RftgAuto, tag="reveal"):
    """Every choice is turned face up; the phases somebody chose run, in order (in the solitaire game
    the robot's dice choose too)."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        chosen = {PHASE_OF[a] for p in s.players for a in p.actions}
        picks = "; ".join(
            f"{seat_letter(i)} {', '.join(ACTION_NAMES[a] for a in p.actions)}"
            for i, p in enumerate(s.players)
        )
        s.log.append(f"Round {s.round}: {picks}.")
        if s.robot is not None:  # the solitaire game: the player rolls the robot's dice (seed, step 2)
            robot.roll_and_place(robot.robot_data(cat), s, s.players[0])
            chosen |= {PHASE_OF[f] for f in s.robot.fields}
        s.phases = [ph for ph in PHASE_ORDER if ph in chosen]
        next_phase(s)


def next_phase(s: RftgState) -> None:
    """Lay out the steps of the next phase to run, or of the round's end when none is left."""
    n = len(s.players)
    seats = range(n)
    if not s.phases:
        s.phase = "round-end"
        push(s, *(HandLimitCheck(seat) for seat in seats), EndCheck())
        return
    phase = s.phases.pop(0)
    s.phase = phase
    for p in s.players:
        p.powered = list(p.tableau)
    steps: list[RftgStep]
    if phase == "explore":
        steps = [*(ExploreDraw(i) for i in seats), *(ExploreKeep(i) for i in seats)]
    elif phase in ("develop", "develop2"):
        steps = [*(DevelopStart(i) for i in seats), *(DevelopChoose(i) for i in seats), DevelopPlace()]
        for i in seats:
            steps += [DevelopPay(i), DevelopAfter(i)]
    elif phase in ("settle", "settle2"):
        steps = [*(SettleChoose(i) for i in seats), SettlePlace()]
        for i in seats:
            steps += [SettleMethod(i), SettlePay(i), SettleAfter(i)]
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
    the next phase begins."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        for p in s.players:
            p.temp_military = 0
            p.pick = ""
            p.placing = ""
            p.owe = 0
            p.used = []
            p.produced = []
            p.consumed = []
            p.drawn = []
        next_phase(s)


# --- set-up discard and the hand limit ---------------------------------------------------------------
class Discard(RftgChoice):
    """Discard a card from hand, `n` more to go."""

    n: int

    def legal(self, cat: Catalog, s: RftgState) -> list[Action]:
        return [Action("discard", (c,)) for c in distinct(s.players[self.seat].hand)]

    def apply(self, cat: Catalog, s: RftgState, action: Action) -> None:
        card = str(action.args[0])
        s.players[self.seat].hand.remove(card)
        s.discard.append(card)
        self.n -= 1
        if self.n <= 0:
            self.done(s)


class InitialDiscard(Discard, tag="initial-discard"):
    """Set-up: keep 4 of the 6 cards dealt (RESEARCH.md §2.2)."""

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard a card of your first hand ({self.n} to go)"


class HandLimit(Discard, tag="hand-limit"):
    """The round's end: discard down to 10 cards."""

    def prompt(self, cat: Catalog, s: RftgState) -> str:
        return f"discard down to {HAND_LIMIT} cards ({self.n} to go)"


class HandLimitCheck(RftgAuto, tag="hand-limit-check"):
    """Whether the seat holds more than 10 cards: then it discards the rest (`HandLimit`)."""

    seat: int

    def run(self, cat: Catalog, s: RftgState) -> None:
        extra = len(s.players[self.seat].hand) - HAND_LIMIT
        if extra > 0:
            s.log.append(f"{seat_letter(self.seat)} discards {extra} down to {HAND_LIMIT} cards.")
            push(s, HandLimit(self.seat, n=extra))


class EndCheck(RftgAuto, tag="end-check"):
    """The game ends after the round in which the VP pool ran out or a tableau reached 12 cards (the
    queue is left empty); else the next round begins."""

    def run(self, cat: Catalog, s: RftgState) -> None:
        robot_cards = robot.cards(s.robot) if s.robot is not None else 0
        if s.pool <= 0 or robot_cards >= TABLEAU_END or any(len(p.tableau) >= TABLEAU_END for p in s.players):
            s.ended = True
            s.phase = "over"
            s.steps.clear()
            why = "the VP pool is empty" if s.pool <= 0 else f"a tableau has {TABLEAU_END} cards"
            s.log.append(f"The game ends after round {s.round}: {why}.")
            return
        begin_round(s)
