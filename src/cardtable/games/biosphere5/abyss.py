"""The Abyss (rulebook section 3): doom, the fifth move option, the four leaders and their abilities.

`AbyssGame` is the basic game (rules.Biosphere5) with the extension's hooks filled in; the
constructor `Biosphere5(abyss=True, ...)` builds it. The leaders and the doom track are data in
`abyss.toml`; each ability key there names one function of `ABILITIES` below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import msgspec

from cardtable.core import Action, CardDataError, Result
from cardtable.core.carddata import load_card_file

from . import queries as q
from .cards import LOWER
from .rules import Biosphere5
from .state import AbyssState, State, Task

ABYSS_FILE = Path(__file__).with_name("abyss.toml")
EVERYONE_DOOMED = "every player still in the game reached doom 8 at once"


# --- data ------------------------------------------------------------------------------------------
class Ability(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    tier: int
    key: str
    name: str
    text: str


class Leader(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: str
    name: str
    third_move: bool
    abilities: tuple[Ability, ...]


class DoomTrack(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    max: int
    empty_pile: int
    missing_achievement: int
    attacker: int
    attacked: int
    spy: int
    biosphere_face_up: int


class AbyssFile(msgspec.Struct, forbid_unknown_fields=True):
    doom: DoomTrack
    leaders: tuple[Leader, ...]


@cache
def abyss_data(path: Path = ABYSS_FILE) -> AbyssFile:
    data = load_card_file(path, AbyssFile)
    keys = [a.key for leader in data.leaders for a in leader.abilities]
    for leader in data.leaders:
        if sorted(a.tier for a in leader.abilities) != [1, 2, 3]:
            raise CardDataError(f"{path}: leader {leader.key} needs one ability on each tier 1-3 (3.3)")
    for key in keys:
        if key not in ABILITIES:
            raise CardDataError(f"{path}: ability {key!r} has no rule in abyss.py")
    if len(set(keys)) != len(keys):
        raise CardDataError(f"{path}: an ability key appears twice")
    return data


# --- the game --------------------------------------------------------------------------------------
class AbyssGame(Biosphere5):
    """Biosphere 5 with The Abyss (3): 28-card decks, doom 0-8 and leaders with tiers 0-3."""

    #: The Trap puts a card of the draw pile into the hand: the others see that a card went, not which
    secret_verbs: ClassVar[Mapping[str, str]] = {"search": "takes a card of the draw pile into the hand"}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.deck = self.cards.abyss_deck  # 3.1: 25 cards + three Better Leadership/Shown Strength
        self.data = abyss_data()
        self.doom = self.data.doom
        self.leaders = self.data.leaders
        self.abilities = {a.key: (i, a) for i, leader in enumerate(self.leaders) for a in leader.abilities}

    def new_state(self, seed: int) -> State:
        state = super().new_state(seed)
        seats = self.num_seats
        state.abyss = AbyssState(doom=[0] * seats, tiers=[[0] * len(self.leaders) for _ in range(seats)])
        return state

    def _abyss(self, state: State) -> AbyssState:
        assert state.abyss is not None
        return state.abyss

    # --- doom (3.2) and the deviations of 3.4 ----------------------------------------------------
    def raise_doom(self, state: State, amounts: dict[int, int], why: str) -> None:
        """Raise the doom of several players at once; whoever reaches the maximum is out (3.2, 3.4)."""
        abyss = self._abyss(state)
        doomed = []
        for seat, amount in amounts.items():
            if state.boards[seat].out or amount <= 0:
                continue
            abyss.doom[seat] = min(self.doom.max, abyss.doom[seat] + amount)
            self._event(state, f"{self.seat_name(seat)} doom +{amount} -> {abyss.doom[seat]} ({why})")
            if abyss.doom[seat] >= self.doom.max:
                doomed.append(seat)
        if doomed:
            self._doom_out(state, doomed)

    def _doom_out(self, state: State, seats: list[int]) -> None:
        """Doom 8 ends these players' game at once; several may fall together (3.2, 3.4)."""
        current = q.current_seat(state)
        for seat in seats:
            state.boards[seat].out = True
            self._event(state, f"{self.seat_name(seat)} reaches doom {self.doom.max} and is out of the game")
        state.tasks = [
            t
            for t in state.tasks
            if t.seat not in seats or t.kind == "strike-doom"  # the other player's doom still rises
            if not (t.other in seats and t.kind in ("force", "destroy"))
        ]
        sides = {q.team_of(state, s) for s in q.active_seats(state)}
        if not sides:
            self._finish(state, [], EVERYONE_DOOMED)
        elif len(sides) == 1:
            self._finish(state, q.active_seats(state), "the others reached doom 8")
        elif current in seats:
            state.tasks = [Task("end-turn", current)]  # the rest of this player's turn is void

    def on_pile_empty(self, state: State, seat: int) -> None:
        """3.2 (1): +2 each time the draw pile runs out, at once (see RULES.md, Abyss decision 3)."""
        self.raise_doom(state, {seat: self.doom.empty_pile}, "the draw pile ran out")

    def on_achievements_missing(self, state: State, seat: int, missing: int) -> None:
        """3.4: no loss for missing cards or achievements; doom rises by one per achievement missing.

        When the compensation is part of an Espionage or Sabotage (3.2 (4)), this doom joins the
        doom of the card itself, which rises for both players together once the effect is over.
        """
        amount = missing * self.doom.missing_achievement
        strike = next((t for t in state.tasks if t.kind == "strike-doom" and t.other == seat), None)
        if strike is not None:
            strike.count += amount
            return
        self.raise_doom(state, {seat: amount}, "achievements missing")

    def _resolve_against(self, state: State, seat: int, target: int, effect: str) -> None:
        """3.2 (3)/(4): once the Attack, Espionage or Sabotage has had its effect, both doom levels rise."""
        waiting = len(state.tasks)
        super()._resolve_against(state, seat, target, effect)
        steps = len(state.tasks) - waiting  # the effect's own steps come first
        state.tasks.insert(steps, Task("strike-doom", seat, other=target, tag=effect))

    def _auto_strike_doom(self, state: State, task: Task) -> None:
        if task.tag == "attack":
            amounts = {task.seat: self.doom.attacker, task.other: self.doom.attacked}
        else:
            amounts = {task.seat: self.doom.spy, task.other: self.doom.spy}
        why = task.tag
        if task.count:  # achievements the target was missing to compensate (3.2 (2)), counted with it
            amounts[task.other] += task.count
            why = f"{task.tag}, {task.count} achievements missing"
        self.raise_doom(state, amounts, why)

    def _auto_end_move_abyss(self, state: State, task: Task) -> None:
        Biosphere5._auto_end_move(self, state, task)
        if state.over:
            state.tasks = []
        elif state.boards[task.seat].out:  # doom 8 while refilling: the rest of the turn is void
            state.tasks = [Task("end-turn", task.seat)]

    def _auto_end_turn_abyss(self, state: State, task: Task) -> None:
        seat = task.seat
        board = state.boards[seat]
        if not board.out and self.cards.biosphere in board.faceup:
            self.raise_doom(state, {seat: self.doom.biosphere_face_up}, "Biosphere 5 face up at turn end")
            if state.over:
                return
            state.tasks = [t for t in state.tasks if not (t.kind == "end-turn" and t.seat == seat)]
        self._next_turn(state)

    def _next_turn(self, state: State) -> None:
        super()._next_turn(state)
        abyss = self._abyss(state)
        abyss.third = False
        abyss.troops = False

    def moves_per_turn(self, state: State) -> int:
        return 3 if self._abyss(state).third else 2

    def result(self, state: State) -> Result | None:
        if state.over and state.reason == EVERYONE_DOOMED:
            return Result((), tuple(-1.0 for _ in state.boards), state.reason)
        return super().result(state)

    # --- the fifth move option (3.2, fig. 19) ----------------------------------------------------
    def _move_actions(self, state: State, seat: int) -> list[Action]:
        actions = super()._move_actions(state, seat)
        doom = self._abyss(state).doom[seat]
        if doom >= 1 and len(state.boards[seat].hand) >= doom:
            actions.append(Action("ease"))
        return actions

    def _start_move(self, state: State, seat: int, action: Action) -> None:
        if action.verb != "ease":
            super()._start_move(state, seat, action)
            return
        doom = self._abyss(state).doom[seat]
        state.markers.append("ease")
        self._event(state, f"{self.seat_name(seat)} discards {doom} cards to lower doom by one")
        state.tasks.append(Task("end-move", seat))
        state.tasks[:0] = [Task("discard", seat, doom, tag="lowering doom"), Task("ease", seat)]

    def _auto_ease(self, state: State, task: Task) -> None:
        self._lower_doom(state, task.seat, 1)

    def _lower_doom(self, state: State, seat: int, amount: int) -> None:
        abyss = self._abyss(state)
        abyss.doom[seat] = max(0, abyss.doom[seat] - amount)
        self._event(state, f"{self.seat_name(seat)} doom -{amount} -> {abyss.doom[seat]}")

    # --- Better Leadership / Shown Strength (3.3) ------------------------------------------------
    def can_play(self, state: State, seat: int, card: int, side: str) -> bool:
        option = self.cards.option(card, side)
        if option.kind not in ("better-leadership", "shown-strength"):
            return super().can_play(state, seat, card, side)
        if not q.level_open(self.cards, state.boards[seat], option.level):
            return False
        if option.kind == "better-leadership":
            return any(tier < 3 for tier in self._abyss(state).tiers[seat])
        hand = list(state.boards[seat].hand)
        hand.remove(card)
        return bool(self.usable_abilities(state, seat, hand))

    def _play(self, state: State, seat: int, card: int, side: str) -> None:
        super()._play(state, seat, card, side)
        board = state.boards[seat]
        kind = self.cards.option(card, side).kind
        if self._abyss(state).troops and not state.over and kind != "achievement" and card in board.discard:
            board.discard.remove(card)
            board.hand.append(card)
            self._event(
                state,
                f"{self.seat_name(seat)} puts {self.cards.name(card)} back in hand (Concentrate Troops)",
            )

    def _play_effect(self, state: State, seat: int, card: int, kind: str, category: str) -> None:
        if kind == "better-leadership":
            state.tasks.insert(0, Task("promote", seat))
        elif kind == "shown-strength":
            state.tasks.insert(0, Task("strength", seat))
        else:
            super()._play_effect(state, seat, card, kind, category)

    def usable_abilities(self, state: State, seat: int, hand: Sequence[int]) -> list[str]:
        """Abilities of reached tiers (or lower ones, 3.3) that can be carried out now."""
        tiers = self._abyss(state).tiers[seat]
        usable = []
        for leader_index, leader in enumerate(self.leaders):
            for ability in leader.abilities:
                if ability.tier <= tiers[leader_index] and self._can_use(state, seat, ability.key, hand):
                    usable.append(ability.key)
        return usable

    def _can_use(self, state: State, seat: int, key: str, hand: Sequence[int]) -> bool:
        board = state.boards[seat]
        if key == "tactical-meeting":
            return bool(board.faceup or board.pile or board.discard)
        if key == "the-trap":
            return bool(board.pile)
        if key == "raising-the-flag":
            return bool(self._flaggable(state, seat, hand))
        if key in ("never-give-up", "beat-them-all"):
            return bool(self.ability_opponents(state, seat))
        if key == "scorched-earth":
            return bool(hand) and bool(self.ability_opponents(state, seat))
        if key == "finally-true":
            return bool(self._others(state, seat))
        return True

    def ability_opponents(self, state: State, seat: int) -> list[int]:
        """'One opponent' of the Fighter: any player of another side still in (see RULES.md 3.5.3)."""
        return [s for s in q.active_seats(state) if q.team_of(state, s) != q.team_of(state, seat)]

    def _others(self, state: State, seat: int) -> list[int]:
        return [s for s in q.active_seats(state) if s != seat]

    def _flaggable(self, state: State, seat: int, hand: Sequence[int]) -> list[int]:
        """Achievements on display whose second (lower) option may be used now (Raising the Flag)."""
        board = state.boards[seat]
        found = []
        for card in sorted(set(board.achievements)):
            option = self.cards.option(card, LOWER)
            if not q.level_open(self.cards, board, option.level):
                continue
            kind = option.kind
            if kind == "new-hope":
                ok = True
            elif kind == "catastrophe":
                ok = bool(q.protection(self.cards, board, option.category)) or any(
                    self.cards.cards[c].upper.kind == "rescue"
                    and option.category in self.cards.cards[c].upper.protects
                    for c in hand
                )
            elif kind in ("espionage", "sabotage", "attack"):
                ok = bool(self._targets(state, seat, kind))
            else:
                ok = False
            if ok:
                found.append(card)
        return found

    # --- decisions --------------------------------------------------------------------------------
    def _single_is_public(self, state: State, task: Task) -> bool:
        kind = task.kind
        if kind in ("promote", "aim", "plan"):  # leaders, seats, face-up cards and the pile: public
            return True
        if kind == "search":
            return len(state.boards[task.seat].pile) == 1
        if kind == "scorch":
            return task.count == 0 and len(state.boards[task.seat].hand) == 1
        return super()._single_is_public(state, task)  # Shown Strength, Raising the Flag: hidden

    def _prompt(self, state: State, task: Task) -> str:
        kind = task.kind
        if kind == "promote":
            return "choose the leader to promote one tier (Better Leadership)"
        if kind == "strength":
            return "choose the ability to use (Shown Strength)"
        if kind == "aim":
            return f"choose the player for {self.abilities[task.tag][1].name}"
        if kind == "search":
            return "choose a card of your draw pile to take (The Trap)"
        if kind == "plan":
            return f"draw a card or stop (The Great Plan, {task.count} more at most)"
        if kind == "flag":
            return "choose the achievement whose second option you use (Raising the Flag)"
        if kind == "scorch":
            more = "or stop " if task.count else ""
            return f"discard a card {more}(Scorched Earth, {task.count} discarded, 3 at most)"
        return super()._prompt(state, task)

    def _task_actions(self, state: State, task: Task) -> list[Action]:
        kind = task.kind
        board = state.boards[task.seat]
        if kind == "promote":
            tiers = self._abyss(state).tiers[task.seat]
            return [Action("promote", (lead.key,)) for i, lead in enumerate(self.leaders) if tiers[i] < 3]
        if kind == "strength":
            return [Action("ability", (k,)) for k in self.usable_abilities(state, task.seat, board.hand)]
        if kind == "aim":
            seats = self._others(state, task.seat) if task.tag == "finally-true" else None
            seats = seats if seats is not None else self.ability_opponents(state, task.seat)
            return [Action("target", (s,)) for s in seats]
        if kind == "search":
            return [Action("search", (self.cards.key(c),)) for c in sorted(set(board.pile))]
        if kind == "plan":
            return [*self._take_actions(board), Action("stop")]
        if kind == "flag":
            return [
                Action("flag", (self.cards.key(c),)) for c in self._flaggable(state, task.seat, board.hand)
            ]
        if kind == "scorch":
            actions = []
            if task.count < 3:
                actions = [Action("discard", (self.cards.key(c),)) for c in sorted(set(board.hand))]
            if task.count >= 1:
                actions.append(Action("stop"))
            return actions
        return super()._task_actions(state, task)

    def _on_promote(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        index = next(i for i, lead in enumerate(self.leaders) if lead.key == action.args[0])
        tiers = self._abyss(state).tiers[task.seat]
        tiers[index] += 1
        self._event(
            state,
            f"{self.seat_name(task.seat)} promotes the {self.leaders[index].name} to tier {tiers[index]}",
        )

    def _on_strength(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        key = str(action.args[0])
        leader_index, ability = self.abilities[key]
        seat = task.seat
        self._event(state, f"{self.seat_name(seat)} shows strength: {ability.name}")
        abyss = self._abyss(state)
        if self.leaders[leader_index].third_move and not abyss.third:
            abyss.third = True
            self._event(state, f"{self.seat_name(seat)} takes the third move marker")
        ABILITIES[key](self, state, seat)

    def _on_aim(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        target = int(action.args[0])
        name = self.abilities[task.tag][1].name
        self._event(state, f"{self.seat_name(task.seat)} directs {name} against {self.seat_name(target)}")
        if task.tag == "finally-true":
            self.raise_doom(state, {target: 2}, name)
        elif task.count > 0:
            state.tasks.insert(0, Task("discard", target, task.count, tag=name))

    def _on_search(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        board = state.boards[task.seat]
        card = self.cards.index[str(action.args[0])]
        board.pile.remove(card)
        board.hand.append(card)
        state.rng.shuffle(board.pile)
        self._event(state, f"{self.seat_name(task.seat)} searches the draw pile for a card and shuffles it")
        if not board.pile:  # The Trap took the last card: the pile has run out (2.1, 3.2 (1))
            self.pile_ran_out(state, task.seat)

    def _on_plan(self, state: State, task: Task, action: Action) -> None:
        if action.verb == "stop":
            state.tasks.pop(0)
            self._event(state, f"{self.seat_name(task.seat)} stops drawing")
            return
        self._take(state, task.seat, str(action.args[0]))
        self._count_down(state, task)

    def _on_flag(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        card = self.cards.index[str(action.args[0])]
        option = self.cards.option(card, LOWER)
        label = option.kind.replace("-", " ")
        self._event(state, f"{self.seat_name(task.seat)} raises the flag of {self.cards.name(card)}: {label}")
        self._play_effect(state, task.seat, card, option.kind, option.category)

    def _on_scorch(self, state: State, task: Task, action: Action) -> None:
        if action.verb == "discard":
            self._discard_from_hand(state, task.seat, self.cards.index[str(action.args[0])])
            task.count += 1
            if task.count < 3 and state.boards[task.seat].hand:
                return
        state.tasks.pop(0)
        state.tasks.insert(0, Task("aim", task.seat, 2 * task.count, tag="scorched-earth"))

    _task_handlers: ClassVar[dict[str, Callable[..., None]]] = {
        **Biosphere5._task_handlers,
        "promote": _on_promote,
        "strength": _on_strength,
        "aim": _on_aim,
        "search": _on_search,
        "plan": _on_plan,
        "flag": _on_flag,
        "scorch": _on_scorch,
    }
    _auto_handlers: ClassVar[dict[str, Callable[..., None]]] = {
        **Biosphere5._auto_handlers,
        "end-move": _auto_end_move_abyss,
        "end-turn": _auto_end_turn_abyss,
        "ease": _auto_ease,
        "strike-doom": _auto_strike_doom,
    }

    # --- views, invariants, notation --------------------------------------------------------------
    def extra_view(self, state: State, seat: int | None) -> dict[str, Any]:
        abyss = self._abyss(state)
        view: dict[str, Any] = {
            "doom": list(abyss.doom),
            "leaders": [
                {lead.key: abyss.tiers[s][i] for i, lead in enumerate(self.leaders)}
                for s in range(len(state.boards))
            ],
            "third_move": abyss.third,
            "concentrate_troops": abyss.troops,
        }
        task = state.tasks[0] if state.tasks else None
        if task is not None and task.kind == "search" and seat == task.seat:
            view["searching"] = sorted(self.cards.key(c) for c in state.boards[seat].pile)
        return view

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        lines = [super().render(view, seat)]
        for s, tiers in enumerate(view["leaders"]):
            ranks = ", ".join(f"{k} {t}" for k, t in tiers.items())
            lines.append(f"{self.seat_name(s)}: doom {view['doom'][s]}/8; leaders {ranks}")
        flags = [
            name
            for name, on in (("third move", view["third_move"]), ("troops", view["concentrate_troops"]))
            if on
        ]
        if flags:
            lines.append(f"active this turn: {', '.join(flags)}")
        return "\n".join(lines)

    def action_space(self) -> Sequence[Action]:
        cached = self.__dict__.get("_abyss_space")
        if cached is None:
            keys = [c.key for c in self.cards.cards]
            cached = [*super().action_space(), Action("ease"), Action("stop")]
            cached += [Action("promote", (lead.key,)) for lead in self.leaders]
            cached += [Action("ability", (key,)) for key in self.abilities]
            cached += [Action(verb, (k,)) for verb in ("search", "flag") for k in keys]
            self.__dict__["_abyss_space"] = cached
        return cached

    def check_invariants(self, state: State) -> None:
        super().check_invariants(state)
        abyss = self._abyss(state)
        assert len(abyss.doom) == len(state.boards) == len(abyss.tiers), "doom/leaders per seat"
        for seat, doom in enumerate(abyss.doom):
            assert 0 <= doom <= self.doom.max, f"seat {seat}: doom {doom} off the track"
            assert doom < self.doom.max or state.boards[seat].out, f"seat {seat}: doom 8 but still in"
            assert all(0 <= t <= 3 for t in abyss.tiers[seat]), f"seat {seat}: a leader tier off 0-3"


# --- the abilities (3.5) ---------------------------------------------------------------------------
def _tactical_meeting(game: AbyssGame, state: State, seat: int) -> None:
    state.tasks[:0] = [
        Task("take", seat, 4, tag="Tactical Meeting"),
        Task("discard", seat, 3, tag="Tactical Meeting"),
    ]


def _the_trap(game: AbyssGame, state: State, seat: int) -> None:
    state.tasks.insert(0, Task("search", seat))


def _great_plan(game: AbyssGame, state: State, seat: int) -> None:
    state.tasks.insert(0, Task("plan", seat, 8))


def _raising_the_flag(game: AbyssGame, state: State, seat: int) -> None:
    state.tasks.insert(0, Task("flag", seat))


def _concentrate_troops(game: AbyssGame, state: State, seat: int) -> None:
    game._abyss(state).troops = True


def _victory_is_near(game: AbyssGame, state: State, seat: int) -> None:
    tiers = game._abyss(state).tiers[seat]
    tiers[:] = [3] * len(tiers)
    game._event(state, f"{game.seat_name(seat)}'s leaders all reach tier 3")


def _never_give_up(game: AbyssGame, state: State, seat: int) -> None:
    state.tasks.insert(0, Task("aim", seat, 2, tag="never-give-up"))


def _scorched_earth(game: AbyssGame, state: State, seat: int) -> None:
    state.tasks.insert(0, Task("scorch", seat, 0))


def _beat_them_all(game: AbyssGame, state: State, seat: int) -> None:
    state.tasks.insert(0, Task("aim", seat, game._abyss(state).doom[seat], tag="beat-them-all"))


def _glimmer_of_hope(game: AbyssGame, state: State, seat: int) -> None:
    game._lower_doom(state, seat, 1)


def _without_hesitation(game: AbyssGame, state: State, seat: int) -> None:
    abyss = game._abyss(state)
    abyss.doom[seat] = 4
    game._event(state, f"{game.seat_name(seat)} sets doom to 4")
    game.raise_doom(state, {s: 1 for s in game._others(state, seat)}, "Without Hesitation")


def _finally_true(game: AbyssGame, state: State, seat: int) -> None:
    state.tasks.insert(0, Task("aim", seat, 0, tag="finally-true"))


ABILITIES: dict[str, Callable[[AbyssGame, State, int], None]] = {
    "tactical-meeting": _tactical_meeting,
    "the-trap": _the_trap,
    "great-plan": _great_plan,
    "raising-the-flag": _raising_the_flag,
    "concentrate-troops": _concentrate_troops,
    "victory-is-near": _victory_is_near,
    "never-give-up": _never_give_up,
    "scorched-earth": _scorched_earth,
    "beat-them-all": _beat_them_all,
    "glimmer-of-hope": _glimmer_of_hope,
    "without-hesitation": _without_hesitation,
    "finally-true": _finally_true,
}
