"""The Abyss (rulebook section 3): doom, the fifth move option, the four leaders and their abilities.

`AbyssGame` is the basic game (rules.Biosphere5) with the extension's hooks filled in; `make_game`
builds it for `abyss=true`. The leaders and the doom track are data in `abyss.toml`; each ability key
there names one function of `ABILITIES` below. The extension's own steps (the fifth move option, the
doom an Attack, Espionage or Sabotage costs, the leaders' choices) are classes of this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import msgspec

from cardtable.core import Action, CardDataError, Result, push
from cardtable.core.carddata import load_card_file
from cardtable.core.words import plural

from . import queries as q
from .cards import LOWER
from .effects import CardChoice, Counted, Destroy, Discard, Force, HiddenCard, Take, TargetChoice, Task
from .rules import Biosphere5
from .state import AbyssState, B5Auto, State
from .turn import EndMove, EndTurn

ABYSS_FILE = Path(__file__).with_name("abyss.toml")


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
            rises = f"doom rises by {amount} to {abyss.doom[seat]}"
            self.event(state, f"{self.seat_said(seat)}'s {rises} ({why})")
            if abyss.doom[seat] >= self.doom.max:
                doomed.append(seat)
        if doomed:
            self._doom_out(state, doomed)

    def _doom_out(self, state: State, seats: list[int]) -> None:
        """Doom 8 ends these players' game at once; several may fall together (3.2, 3.4)."""
        current = q.current_seat(state)
        for seat in seats:
            state.boards[seat].out = True
            self.event(state, f"{self.seat_said(seat)} reaches doom {self.doom.max} and is out of the game")
        state.steps[:] = [
            step
            for step in state.steps
            if step.seat not in seats or isinstance(step, StrikeDoom)  # the other player's doom still rises
            if not (isinstance(step, Force | Destroy) and step.target in seats)
        ]
        sides = {q.team_of(state, s) for s in q.active_seats(state)}
        if not sides:
            self._finish(state, [], "all-doomed")
        elif len(sides) == 1:
            self._finish(state, q.active_seats(state), "others-doomed")
        elif current in seats:
            state.steps[:] = [EndTurn(current)]  # the rest of this player's turn is void

    def on_pile_empty(self, state: State, seat: int) -> None:
        """3.2 (1): +2 each time the draw pile runs out, at once (see RULES.md, Abyss decision 3)."""
        self.raise_doom(state, {seat: self.doom.empty_pile}, "the draw pile ran out")

    def on_achievements_missing(self, state: State, seat: int, missing: int) -> None:
        """3.4: no loss for missing cards or achievements; doom rises by one per achievement missing.

        When the compensation is part of an Espionage or Sabotage (3.2 (4)), this doom joins the
        doom of the card itself, which rises for both players together once the effect is over.
        """
        amount = missing * self.doom.missing_achievement
        strike = next((s for s in state.steps if isinstance(s, StrikeDoom) and s.target == seat), None)
        if strike is not None:
            strike.missing += amount
            return
        self.raise_doom(state, {seat: amount}, "achievements missing")

    def resolve_against(self, state: State, seat: int, target: int, effect: str) -> None:
        """3.2 (3)/(4): once the Attack, Espionage or Sabotage has had its effect, both doom levels rise."""
        waiting = len(state.steps)
        super().resolve_against(state, seat, target, effect)
        steps = len(state.steps) - waiting  # the effect's own steps come first
        state.steps.insert(steps, StrikeDoom(seat, target, effect))

    def end_move(self, state: State, seat: int) -> None:
        super().end_move(state, seat)
        if state.over:
            state.steps.clear()
        elif state.boards[seat].out:  # doom 8 while refilling: the rest of the turn is void
            state.steps[:] = [EndTurn(seat)]

    def end_turn(self, state: State, seat: int) -> None:
        board = state.boards[seat]
        if not board.out and self.cards.biosphere in board.faceup:
            self.raise_doom(state, {seat: self.doom.biosphere_face_up}, "Biosphere 5 face up at turn end")
            if state.over:
                return
            state.steps[:] = [s for s in state.steps if not (isinstance(s, EndTurn) and s.seat == seat)]
        self._next_turn(state)

    def _next_turn(self, state: State) -> None:
        super()._next_turn(state)
        abyss = self._abyss(state)
        abyss.third = False
        abyss.troops = False

    def moves_per_turn(self, state: State) -> int:
        return 3 if self._abyss(state).third else 2

    def result(self, state: State) -> Result | None:
        if state.over and state.termination == "all-doomed":
            return Result((), tuple(-1.0 for _ in state.boards), state.reason, termination="all-doomed")
        return super().result(state)

    # --- the fifth move option (3.2, fig. 19) ----------------------------------------------------
    def move_actions(self, state: State, seat: int) -> list[Action]:
        actions = super().move_actions(state, seat)
        doom = self._abyss(state).doom[seat]
        if doom >= 1 and len(state.boards[seat].hand) >= doom:
            actions.append(Action("ease"))
        return actions

    def start_move(self, state: State, seat: int, action: Action) -> None:
        if action.verb != "ease":
            super().start_move(state, seat, action)
            return
        doom = self._abyss(state).doom[seat]
        state.markers.append("ease")
        self.event(state, f"{self.seat_said(seat)} discards {plural(doom, 'card')} to lower doom by one")
        state.steps.append(EndMove(seat))
        push(state, Discard(seat, doom, "lowering doom"), Ease(seat))

    def _lower_doom(self, state: State, seat: int, amount: int) -> None:
        abyss = self._abyss(state)
        abyss.doom[seat] = max(0, abyss.doom[seat] - amount)
        self.event(state, f"{self.seat_said(seat)}'s doom falls by {amount} to {abyss.doom[seat]}")

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
            self.event(
                state,
                f"{self.seat_said(seat)} puts {self.cards.name(card)} back in hand (Concentrate Troops)",
            )

    def _play_effect(self, state: State, seat: int, card: int, kind: str, category: str) -> None:
        if kind == "better-leadership":
            push(state, Promote(seat))
        elif kind == "shown-strength":
            push(state, Strength(seat))
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
                ok = bool(self.targets(state, seat, kind))
            else:
                ok = False
            if ok:
                found.append(card)
        return found

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
        head = state.steps[0] if state.steps else None
        if isinstance(head, Search) and seat == head.seat:
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


# --- the extension's steps -------------------------------------------------------------------------
class Ease(B5Auto, tag="ease"):
    """The fifth move option (3.2, fig. 19): once the cards are discarded, doom falls by one."""

    def run(self, game: AbyssGame, s: State) -> None:
        game._lower_doom(s, self.seat, 1)


class StrikeDoom(B5Auto, tag="strike-doom"):
    """3.2 (3)/(4): once an Attack, Espionage or Sabotage (`effect`) of `seat` against `target` has had
    its effect, both doom levels rise; `missing` achievements the target could not give up count too."""

    target: int
    effect: str
    missing: int = 0

    def word(self) -> str:
        return self.effect

    def run(self, game: AbyssGame, s: State) -> None:
        doom = game.doom
        if self.effect == "attack":
            amounts = {self.seat: doom.attacker, self.target: doom.attacked}
        else:
            amounts = {self.seat: doom.spy, self.target: doom.spy}
        why = self.effect
        if self.missing:  # achievements the target was missing to compensate (3.2 (2)), counted with it
            amounts[self.target] += self.missing
            why = f"{self.effect}, {self.missing} achievements missing"
        game.raise_doom(s, amounts, why)


class Promote(Task, tag="promote"):
    """Better Leadership (3.3): a leader of the seat rises one tier."""

    def prompt(self, game: AbyssGame, s: State) -> str:
        return "choose the leader to promote one tier (Better Leadership)"

    def legal(self, game: AbyssGame, s: State) -> list[Action]:
        tiers = game._abyss(s).tiers[self.seat]
        return [Action("promote", (lead.key,)) for i, lead in enumerate(game.leaders) if tiers[i] < 3]

    def apply(self, game: AbyssGame, s: State, action: Action) -> None:
        self.done(s)
        index = next(i for i, lead in enumerate(game.leaders) if lead.key == action.args[0])
        tiers = game._abyss(s).tiers[self.seat]
        tiers[index] += 1
        promoted = f"the {game.leaders[index].name} to tier {tiers[index]}"
        game.event(s, f"{game.seat_said(self.seat)} promotes {promoted}")


class Strength(Task, tag="strength"):
    """Shown Strength (3.3): an ability of a reached tier (or a lower one) is used."""

    def single_is_public(self, game: Biosphere5, s: State) -> bool:
        return False  # the abilities usable depend on the hand

    def prompt(self, game: AbyssGame, s: State) -> str:
        return "choose the ability to use (Shown Strength)"

    def legal(self, game: AbyssGame, s: State) -> list[Action]:
        hand = s.boards[self.seat].hand
        return [Action("ability", (k,)) for k in game.usable_abilities(s, self.seat, hand)]

    def apply(self, game: AbyssGame, s: State, action: Action) -> None:
        self.done(s)
        key = str(action.args[0])
        leader_index, ability = game.abilities[key]
        seat = self.seat
        game.event(s, f"{game.seat_said(seat)} shows strength: {ability.name}")
        abyss = game._abyss(s)
        if game.leaders[leader_index].third_move and not abyss.third:
            abyss.third = True
            game.event(s, f"{game.seat_said(seat)} takes the third move marker")
        ABILITIES[key](game, s, seat)


class Aim(TargetChoice, tag="aim"):
    """The player an ability (`ability`) is directed against: it discards `n` cards (Never Give Up,
    Beat Them All, Scorched Earth), or its doom rises by 2 (Finally True)."""

    n: int
    ability: str

    def word(self) -> str:
        return self.ability

    def prompt(self, game: AbyssGame, s: State) -> str:
        return f"choose the player for {game.abilities[self.ability][1].name}"

    def seats(self, game: AbyssGame, s: State) -> list[int]:
        if self.ability == "finally-true":
            return game._others(s, self.seat)
        return game.ability_opponents(s, self.seat)

    def aimed_with(self, game: AbyssGame) -> str:
        return game.abilities[self.ability][1].name

    def aimed(self, game: AbyssGame, s: State, target: int) -> None:
        name = self.aimed_with(game)
        if self.ability == "finally-true":
            game.raise_doom(s, {target: 2}, name)
        elif self.n > 0:
            push(s, Discard(target, self.n, name))


class Search(HiddenCard, tag="search"):
    """The Trap: a card of the seat's own draw pile into the hand; the pile is shuffled."""

    zone = "pile"

    def prompt(self, game: AbyssGame, s: State) -> str:
        return "choose a card of your draw pile to take (The Trap)"

    def card_chosen(self, game: AbyssGame, s: State, card: int) -> None:
        self.done(s)
        board = s.boards[self.seat]
        board.pile.remove(card)
        board.hand.append(card)
        s.rng.shuffle(board.pile)
        game.event(s, f"{game.seat_said(self.seat)} searches the draw pile for a card and shuffles it")
        if not board.pile:  # The Trap took the last card: the pile has run out (2.1, 3.2 (1))
            game.pile_ran_out(s, self.seat)


class Plan(Counted, tag="plan"):
    """The Great Plan: take up to `n` more cards, one at a time, or stop."""

    def prompt(self, game: AbyssGame, s: State) -> str:
        return f"draw a card or stop (The Great Plan, {self.n} more at most)"

    def legal(self, game: AbyssGame, s: State) -> list[Action]:
        return [*game.take_actions(s.boards[self.seat]), Action("stop")]

    def apply(self, game: AbyssGame, s: State, action: Action) -> None:
        if action.verb == "stop":
            self.done(s)
            game.event(s, f"{game.seat_said(self.seat)} stops drawing")
            return
        game.take(s, self.seat, str(action.args[0]))
        self.count_down(s)


class Flag(CardChoice, tag="flag"):
    """Raising the Flag: the second (lower) option of an achievement on display is used."""

    def single_is_public(self, game: Biosphere5, s: State) -> bool:
        return False  # a catastrophe option may need a rescue card in hand

    def prompt(self, game: AbyssGame, s: State) -> str:
        return "choose the achievement whose second option you use (Raising the Flag)"

    def cards(self, game: AbyssGame, s: State) -> Iterable[int]:
        return game._flaggable(s, self.seat, s.boards[self.seat].hand)

    def card_chosen(self, game: AbyssGame, s: State, card: int) -> None:
        self.done(s)
        option = game.cards.option(card, LOWER)
        label = option.kind.replace("-", " ")
        game.event(s, f"{game.seat_said(self.seat)} raises the flag of {game.cards.name(card)}: {label}")
        game._play_effect(s, self.seat, card, option.kind, option.category)


class Scorch(Task, tag="scorch"):
    """Scorched Earth: discard up to 3 cards (at least one; `n` discarded so far), then an opponent
    discards twice as many."""

    n: int

    def single_is_public(self, game: Biosphere5, s: State) -> bool:
        return self.n == 0 and len(s.boards[self.seat].hand) == 1

    def prompt(self, game: AbyssGame, s: State) -> str:
        more = "or stop " if self.n else ""
        return f"discard a card {more}(Scorched Earth, {self.n} discarded, 3 at most)"

    def legal(self, game: AbyssGame, s: State) -> list[Action]:
        actions = []
        if self.n < 3:
            key = game.cards.key
            actions = [Action("discard", (key(c),)) for c in sorted(set(s.boards[self.seat].hand))]
        if self.n >= 1:
            actions.append(Action("stop"))
        return actions

    def apply(self, game: AbyssGame, s: State, action: Action) -> None:
        if action.verb == "discard":
            game.discard_from_hand(s, self.seat, game.cards.index[str(action.args[0])])
            self.n += 1
            if self.n < 3 and s.boards[self.seat].hand:
                return
        self.done(s, Aim(self.seat, 2 * self.n, "scorched-earth"))


# --- the abilities (3.5) ---------------------------------------------------------------------------
def _tactical_meeting(game: AbyssGame, state: State, seat: int) -> None:
    push(state, Take(seat, 4, "Tactical Meeting"), Discard(seat, 3, "Tactical Meeting"))


def _the_trap(game: AbyssGame, state: State, seat: int) -> None:
    push(state, Search(seat))


def _great_plan(game: AbyssGame, state: State, seat: int) -> None:
    push(state, Plan(seat, 8))


def _raising_the_flag(game: AbyssGame, state: State, seat: int) -> None:
    push(state, Flag(seat))


def _concentrate_troops(game: AbyssGame, state: State, seat: int) -> None:
    game._abyss(state).troops = True


def _victory_is_near(game: AbyssGame, state: State, seat: int) -> None:
    tiers = game._abyss(state).tiers[seat]
    tiers[:] = [3] * len(tiers)
    game.event(state, f"{game.seat_said(seat)}'s leaders all reach tier 3")


def _never_give_up(game: AbyssGame, state: State, seat: int) -> None:
    push(state, Aim(seat, 2, "never-give-up"))


def _scorched_earth(game: AbyssGame, state: State, seat: int) -> None:
    push(state, Scorch(seat, 0))


def _beat_them_all(game: AbyssGame, state: State, seat: int) -> None:
    push(state, Aim(seat, game._abyss(state).doom[seat], "beat-them-all"))


def _glimmer_of_hope(game: AbyssGame, state: State, seat: int) -> None:
    game._lower_doom(state, seat, 1)


def _without_hesitation(game: AbyssGame, state: State, seat: int) -> None:
    abyss = game._abyss(state)
    abyss.doom[seat] = 4
    game.event(state, f"{game.seat_said(seat)} sets doom to 4")
    game.raise_doom(state, {s: 1 for s in game._others(state, seat)}, "Without Hesitation")


def _finally_true(game: AbyssGame, state: State, seat: int) -> None:
    push(state, Aim(seat, 0, "finally-true"))


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
