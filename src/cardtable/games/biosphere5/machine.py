"""Man against Machine (rulebook section 4): one person (seat 0) against the Machine automaton (seat 1).

The Machine has no freedom: the engine plays its turns as steps that resolve themselves
(`MachineTurn`, `MachineEnd`) and never asks its seat for a decision. Every step it takes is told in
a public event line. Its tables (cards revealed per hand-card level, the rescue die) are data in
`machine.toml`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from cardtable.core import Action, CardDataError, Rng, push
from cardtable.core.carddata import load_card_file
from cardtable.core.lines import by
from cardtable.core.words import plural

from . import queries as q
from .cards import LOWER, UPPER, OptionKind
from .effects import CATASTROPHE_COST, CardChoice, Hit, Sacrifice, Task
from .rules import Biosphere5
from .solo_player import SoloPlayer
from .state import B5Auto, Board, MachineState, State
from .turn import EndTurn, Move

MACHINE_FILE = Path(__file__).with_name("machine.toml")
HUMAN, MACHINE = 0, 1
#: the Machine as the narration's lines name their author
NAME = "Machine"
PROTECTION_RANK = {"": 0, "makeshift": 1, "perfect": 2}  # 4.3 (III): the protection comparison
#: after New Hope, equal card values are settled by the order of the tactics hierarchy (4.3)
HIERARCHY = {"achievement": 4, "sabotage": 3, "espionage": 2, "catastrophe": 1}


class Die(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    source: str
    faces: tuple[str, ...]


class MachineFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    reveal: tuple[int, ...]
    max_level: int
    raise_by: int
    new_hope_reveal: int
    biosphere_level: int
    die: Die


@cache
def machine_data(path: Path = MACHINE_FILE) -> MachineFile:
    data = load_card_file(path, MachineFile)
    if len(data.reveal) != data.max_level + 1:
        raise CardDataError(f"{path}: reveal needs one entry per hand-card level 0-{data.max_level}")
    if not data.die.faces:
        raise CardDataError(f"{path}: the rescue die needs faces")
    return data


class MachineGame(Biosphere5):
    """The solo game: the human is seat 0 ('A'), the Machine seat 1 ('Machine'); the Machine starts."""

    #: the solo player: the basic rules of thumb, and what it reads of the Machine (4)
    parts = replace(Biosphere5.parts, heuristic=SoloPlayer)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.table = machine_data()
        for face in self.table.die.faces:
            if face not in self.cards.categories:
                raise CardDataError(f"{MACHINE_FILE}: die face {face!r} is no problem area of cards.toml")

    def seat_name(self, seat: int) -> str:
        return NAME if seat == MACHINE else "A"

    def machine_says(self, state: State, text: str) -> None:
        """Narrate the Machine's act `text` (a line of its own: `core.lines.by`)."""
        self.event(state, by(NAME, text))

    def automata(self) -> dict[int, str]:
        return {MACHINE: "machine"}

    # --- set-up (4.1) ---------------------------------------------------------------------------
    def new_state(self, seed: int) -> State:
        rng = Rng(seed)
        human_pile = list(self.deck)
        rng.shuffle(human_pile)
        faceup = [human_pile.pop() for _ in range(3)]
        machine_pile = list(self.deck)  # 4.1: a separate set of cards as the Machine's draw pile
        rng.shuffle(machine_pile)
        level = int(self.options["level"])
        state = State(
            boards=[Board(pile=human_pile, faceup=faceup), Board(pile=machine_pile)],
            order=[MACHINE, HUMAN],
            rng=rng,
            machine=MachineState(level=level),
        )
        self.machine_says(state, f"the Machine starts, at hand card level {level}")
        state.steps[:] = [MachineTurn(MACHINE)]
        self.advance(state)
        return state

    def _m(self, state: State) -> MachineState:
        assert state.machine is not None
        return state.machine

    def begin_turn(self, state: State) -> None:
        """The human has the move; the Machine plays its turn by itself."""
        seat = q.current_seat(state)
        push(state, MachineTurn(MACHINE) if seat == MACHINE else Move(seat))

    # --- the Machine's turn (4.2, 4.3) ----------------------------------------------------------
    def machine_turn(self, state: State) -> None:
        machine = self._m(state)
        machine.catastrophes = 0  # a new round begins with the Machine's turn (4.6)
        push(state, MachineEnd(MACHINE), EndTurn(MACHINE))
        if machine.kept >= 0 and self._use_biosphere_card(state, machine.kept):
            return  # 4.3: the card set aside is checked first; if it can be used, nothing else
        count = self.table.reveal[machine.level]
        self._reveal(state, count, f"at level {machine.level}")
        self._choose(state, after_new_hope=False)

    def _reveal(self, state: State, count: int, why: str) -> None:
        machine, board = self._m(state), state.boards[MACHINE]
        cards = []
        for _ in range(count):
            if not (board.pile or board.discard):
                break
            cards.append(self._draw_top(state, MACHINE))
        machine.revealed.extend(cards)
        names = ", ".join(self.cards.name(c) for c in cards) or "nothing"
        self.machine_says(state, f"Machine reveals {len(cards)} cards {why}: {names}")

    def _choose(self, state: State, after_new_hope: bool) -> None:
        """The tactics hierarchy of 4.3, in its order."""
        machine = self._m(state)
        if self.cards.biosphere in machine.revealed:
            card = self.cards.biosphere
            machine.revealed.remove(card)
            if not self._use_biosphere_card(state, card):
                machine.kept = card
                self.machine_says(state, "Machine sets Biosphere 5/Attack aside")
                self._raise_level(state, "no use for Biosphere 5/Attack")
            return
        if after_new_hope:
            self._choose_after_new_hope(state)
            return
        options = self._playable(state)
        for kind in ("achievement", "sabotage", "espionage", "new-hope", "catastrophe"):
            found = [(card, side) for card, side, k in options if k == kind]
            if found:
                card, side = max(found, key=lambda cs: self.cards.value(cs[0]))
                self._machine_play(state, card, side)
                return
        self._raise_level(state, "nothing to play")

    def _choose_after_new_hope(self, state: State) -> None:
        """4.3: after New Hope, the playable card of the highest value; no second New Hope."""
        options = [o for o in self._playable(state) if o[2] != "new-hope"]
        if not options:
            self.machine_says(state, "Machine finds nothing more to play")
            return
        card, side, _ = max(options, key=lambda o: (self.cards.value(o[0]), HIERARCHY[o[2]]))
        self._machine_play(state, card, side)

    def _playable(self, state: State) -> list[tuple[int, str, OptionKind]]:
        """(card, side, kind) of every revealed option the Machine may play under 2.3.1 and 4.3."""
        machine = self._m(state)
        board = state.boards[MACHINE]
        built = q.achievement_categories(self.cards, board)
        found: list[tuple[int, str, OptionKind]] = []
        for card in sorted(set(machine.revealed)):
            for side in (UPPER, LOWER):
                option = self.cards.option(card, side)
                if not q.level_open(self.cards, board, option.level):
                    continue
                kind = option.kind
                if kind == "achievement" and option.category in built:
                    continue
                if kind == "catastrophe" and not self._catastrophe_pays(state, option.category):
                    continue
                if kind in ("achievement", "sabotage", "espionage", "new-hope", "catastrophe"):
                    found.append((card, side, kind))
        return found

    def _catastrophe_pays(self, state: State, category: str) -> bool:
        """4.3 (III): own protection better, or both makeshift and more hand cards than the human."""
        mine = PROTECTION_RANK[q.protection(self.cards, state.boards[MACHINE], category)]
        theirs = PROTECTION_RANK[q.protection(self.cards, state.boards[HUMAN], category)]
        if mine > theirs:
            return True
        return mine == theirs == 1 and self._m(state).level > len(state.boards[HUMAN].hand)

    def _catastrophe_reason(self, state: State, category: str) -> str:
        mine = q.protection(self.cards, state.boards[MACHINE], category)
        theirs = q.protection(self.cards, state.boards[HUMAN], category)
        if PROTECTION_RANK[mine] > PROTECTION_RANK[theirs]:
            return "being better protected"
        hands = f"{self._m(state).level} hand cards against {len(state.boards[HUMAN].hand)}"
        return f"both protected by makeshift achievements, {hands}"

    def _use_biosphere_card(self, state: State, card: int) -> bool:
        """4.3 (I): Biosphere 5 with both level III achievements and level 5; else Attack if behind."""
        machine = self._m(state)
        board = state.boards[MACHINE]
        built = q.achievement_categories(self.cards, board)
        top = [name for name, cat in self.cards.categories.items() if cat.level == 3]
        if all(c in built for c in top) and machine.level >= self.table.biosphere_level:
            self._spend(state, card)
            self.machine_says(state, f"Machine plays Biosphere 5 at level {machine.level}")
            self._finish(state, [MACHINE], "machine-biosphere")
            return True
        human = state.boards[HUMAN]
        if len(human.achievements) > len(board.achievements):
            self._spend(state, card)
            target = max(human.achievements, key=self.cards.value)
            self.machine_says(
                state, f"Machine plays Attack on the highest-valued achievement, {self.cards.name(target)}"
            )
            self.destroy(state, HUMAN, target, "loses")
            return True
        return False

    def _spend(self, state: State, card: int) -> None:
        """A card the Machine plays goes to its discard pile (4.2)."""
        machine = self._m(state)
        if machine.kept == card:
            machine.kept = -1
        elif card in machine.revealed:
            machine.revealed.remove(card)
        state.boards[MACHINE].discard.append(card)

    def _machine_play(self, state: State, card: int, side: str) -> None:
        option = self.cards.option(card, side)
        self._spend(state, card)
        kind = option.kind
        name = self.cards.name(card)
        if kind == "achievement":
            state.boards[MACHINE].achievements.append(card)  # a cube of this category and quality
            cube = "green" if option.quality == "perfect" else "yellow"
            self.machine_says(
                state, f"Machine plays {name} ({option.quality} {option.category}): a {cube} cube"
            )
        elif kind == "new-hope":
            self.machine_says(state, f"Machine plays {name} (New Hope)")
            self._raise_level(state, "New Hope")
            self._reveal(state, self.table.new_hope_reveal, "more (New Hope)")
            self._choose(state, after_new_hope=True)
        elif kind == "sabotage":
            self.machine_says(
                state, f"Machine plays {name} (Sabotage): {self.seat_said(0)} loses three random hand cards"
            )
            self._sabotage(state, HUMAN)
        elif kind == "espionage":
            self.machine_says(
                state,
                f"Machine plays {name} (Espionage): {self.seat_said(0)} discards the highest-level card",
            )
            if state.boards[HUMAN].hand:
                push(state, Surrender(HUMAN))
            else:
                push(state, Sacrifice(HUMAN, 1, "Espionage on an empty hand"))
        else:
            disaster = self.catastrophe_name(option.category)
            self.machine_says(
                state,
                f"Machine plays {name} ({disaster}), {self._catastrophe_reason(state, option.category)}",
            )
            self._play_effect(state, MACHINE, card, kind, option.category)

    def _raise_level(self, state: State, why: str) -> None:
        machine = self._m(state)
        old = machine.level
        machine.level = min(self.table.max_level, machine.level + self.table.raise_by)
        self.machine_says(state, f"the Machine's hand card level goes from {old} to {machine.level} ({why})")

    def machine_end(self, state: State) -> None:
        machine = self._m(state)
        if machine.revealed:
            state.boards[MACHINE].discard.extend(machine.revealed)
            machine.revealed = []
            self.machine_says(state, "Machine discards the revealed cards")

    # --- the Machine losing hand cards (4.5, 4.6) ------------------------------------------------
    def _play_effect(self, state: State, seat: int, card: int, kind: str, category: str) -> None:
        if kind == "catastrophe":
            self._m(state).catastrophes += 1
        super()._play_effect(state, seat, card, kind, category)

    def hit(self, state: State, step: Hit) -> None:
        if step.seat != MACHINE:
            super().hit(state, step)
            return
        machine = self._m(state)
        category = step.category
        disaster = self.catastrophe_name(category)
        quality = q.protection(self.cards, state.boards[MACHINE], category)
        if quality == "perfect":
            self.machine_says(state, f"Machine is protected from {disaster}")
            return
        cost = CATASTROPHE_COST[quality]
        if machine.catastrophes > 1:
            self.machine_says(state, "Machine may not roll for rescue cards: second catastrophe this round")
        elif machine.level > 0:
            faces = [state.rng.choice(self.table.die.faces) for _ in range(machine.level)]
            hit = any(self._die_fits(face, category) for face in faces)
            outcome = "a fitting rescue" if hit else "no rescue"
            self.machine_says(
                state, f"Machine rolls {len(faces)} dice against {disaster}: {', '.join(faces)} ({outcome})"
            )
            if hit:
                self.machine_lose(state, 1, "rescue card")
                return
        self.machine_lose(state, cost, disaster)

    def _die_fits(self, face: str, category: str) -> bool:
        """4.6: a die 'shows a fitting symbol' when its face is the catastrophe's problem area."""
        return face == category

    def machine_lose(self, state: State, count: int, why: str) -> None:
        """The Machine discards `count` hand cards: its level falls; missing ones cost cubes (4.5)."""
        machine = self._m(state)
        old = machine.level
        paid = min(count, machine.level)
        machine.level -= paid
        self.machine_says(
            state,
            f"the Machine loses {plural(count, 'hand card')} ({why}): its hand card level goes from {old} "
            f"to {machine.level}",
        )
        if machine.level == 0 and machine.kept >= 0:
            state.boards[MACHINE].discard.append(machine.kept)
            machine.kept = -1
            self.machine_says(state, "Machine discards Biosphere 5/Attack: its level is 0")
        missing = count - paid
        if not missing:
            return
        board = state.boards[MACHINE]
        cubes = sorted(board.achievements, key=self.cards.value)  # yellow before green, lowest first
        for cube in cubes[:missing]:
            self.destroy(state, MACHINE, cube, "loses")
        if len(cubes) < missing:
            self._drop_out(state, MACHINE)

    def destroy(self, state: State, seat: int, card: int, verb: str) -> None:
        if seat != MACHINE:
            super().destroy(state, seat, card, verb)
            return
        state.boards[MACHINE].achievements.remove(card)  # a cube leaves the board; the card is long gone
        upper = self.cards.option(card, UPPER)
        self.machine_says(
            state, f"Machine {verb} its {upper.quality} {upper.category} cube ({self.cards.name(card)})"
        )

    def _last_side_standing(self, state: State) -> None:
        if state.boards[HUMAN].out:  # 4.3: the Machine always wins when the human cannot compensate
            self._finish(state, [MACHINE], "human-out")
        else:
            super()._last_side_standing(state)

    # --- the human's Espionage and Sabotage against the Machine (4.7) ----------------------------
    def resolve_against(self, state: State, seat: int, target: int, effect: str) -> None:
        if target != MACHINE or effect == "attack":
            super().resolve_against(state, seat, target, effect)
            return
        machine = self._m(state)
        board = state.boards[MACHINE]
        if effect == "espionage":
            for _ in range(machine.level):
                if not (board.pile or board.discard):
                    break
                machine.unveiled.append(self._draw_top(state, MACHINE))
            names = ", ".join(self.cards.name(c) for c in machine.unveiled) or "nothing"
            self.machine_says(state, f"the Machine's draw pile shows {len(machine.unveiled)} cards: {names}")
            if machine.unveiled:
                push(state, Unveil(seat))
            else:
                self.machine_lose(state, 1, "Espionage")
            return
        taken = []
        for _ in range(3):
            if not (board.pile or board.discard):
                break
            taken.append(self._draw_top(state, MACHINE))
        board.discard.extend(taken)
        names = ", ".join(self.cards.name(c) for c in taken)
        self.event(state, f"Sabotage moves the Machine's top cards to its discard pile: {names}")
        self.machine_lose(state, 3, "Sabotage")

    # --- views and invariants --------------------------------------------------------------------
    def extra_view(self, state: State, seat: int | None) -> dict[str, Any]:
        machine = self._m(state)
        key = self.cards.key
        return {
            "machine": {
                "level": machine.level,
                "reveals": self.table.reveal[machine.level],
                "revealed": [key(c) for c in machine.revealed],
                "kept": key(machine.kept) if machine.kept >= 0 else None,
                "unveiled": sorted(key(c) for c in machine.unveiled),
                "catastrophes_this_round": machine.catastrophes,
            }
        }

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        machine = view["machine"]
        line = f"Machine: hand-card level {machine['level']} (reveals {machine['reveals']})"
        if machine["kept"]:
            line += f"; set aside: {machine['kept']}"
        if machine["unveiled"]:
            line += f"; shown by Espionage: {', '.join(machine['unveiled'])}"
        return "\n".join([super().render(view, seat), line])

    def check_invariants(self, state: State) -> None:
        machine = self._m(state)
        expected = sorted(self.deck)
        human = state.boards[HUMAN]
        cards = human.hand + human.pile + human.faceup + human.discard + human.achievements
        assert sorted(cards) == expected, "A: cards not conserved"
        assert len(human.faceup) <= 3, "A: more than three face-up cards"
        board = state.boards[MACHINE]
        held = [machine.kept] if machine.kept >= 0 else []
        cards = board.pile + board.discard + machine.revealed + machine.unveiled + held
        assert sorted(cards) == expected, "Machine: cards not conserved"
        assert not board.hand and not board.faceup, "the Machine holds no hand and no face-up cards"
        for seat in (HUMAN, MACHINE):
            categories = [self.cards.cards[c].upper.category for c in state.boards[seat].achievements]
            assert len(categories) == len(set(categories)), f"seat {seat}: two achievements of one category"
        assert 0 <= machine.level <= self.table.max_level, "Machine level off the 0-8 scale"
        if not state.over:
            head = state.steps[0]
            assert head.seat == HUMAN or not head.asks, "the Machine never has a decision"
            if isinstance(head, Move):
                assert q.current_seat(state) == HUMAN, "the Machine's turn runs without decisions"


# --- the Machine's steps -----------------------------------------------------------------------------
class MachineTurn(B5Auto, tag="machine-turn"):
    """The Machine's turn (4.2, 4.3): it reveals cards and plays by its tactics hierarchy."""

    def run(self, game: MachineGame, s: State) -> None:
        game.machine_turn(s)


class MachineEnd(B5Auto, tag="machine-end"):
    """The end of the Machine's turn: its revealed cards go to its discard pile (4.2)."""

    def run(self, game: MachineGame, s: State) -> None:
        game.machine_end(s)


class Unveil(CardChoice, tag="unveil"):
    """The human's Espionage against the Machine (4.7): one of the cards its draw pile shows is
    discarded, the rest shuffled back; the Machine loses a hand card."""

    verb = "force"

    def prompt(self, game: MachineGame, s: State) -> str:
        return "choose the Machine's card to discard (Espionage)"

    def cards(self, game: MachineGame, s: State) -> Iterable[int]:
        return sorted(set(game._m(s).unveiled))

    def card_chosen(self, game: MachineGame, s: State, card: int) -> None:
        self.done(s)
        machine = game._m(s)
        board = s.boards[MACHINE]
        machine.unveiled.remove(card)
        board.discard.append(card)
        board.pile.extend(machine.unveiled)
        machine.unveiled = []
        s.rng.shuffle(board.pile)
        game.event(
            s,
            f"{game.seat_said(0)} discards the Machine's {game.cards.name(card)}; the rest is shuffled back",
        )
        game.machine_lose(s, 1, "Espionage")


class Surrender(Task, tag="surrender"):
    """The Machine's Espionage (4.7): the human discards a card of the highest level in hand."""

    def single_is_public(self, game: Biosphere5, s: State) -> bool:
        return len(s.boards[HUMAN].hand) == 1

    def prompt(self, game: MachineGame, s: State) -> str:
        return "discard your card of the highest level (the Machine's Espionage)"

    def legal(self, game: MachineGame, s: State) -> list[Action]:
        key = game.cards.key
        hand = s.boards[HUMAN].hand
        top = max(game.cards.option(c, UPPER).level for c in hand)
        return [
            Action("discard", (key(c),))
            for c in sorted(set(hand))
            if game.cards.option(c, UPPER).level == top
        ]

    def apply(self, game: MachineGame, s: State, action: Action) -> None:
        self.done(s)
        game.discard_from_hand(s, HUMAN, game.cards.index[str(action.args[0])], verb="must discard")
