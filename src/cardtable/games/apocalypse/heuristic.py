"""A simple, explainable player for Cards Against the Apocalypse: greedy one-step look-ahead.

It tries each legal action on a sampled copy of the game (`Observation.determinize`) and keeps the
one whose resulting shelter scores best. Rules of thumb behind the score (`position_value`):

1. What counts is the end: a living card is worth something only if it would survive without the
   natural resources (they break within two rounds). The projected end score (trios minus lost
   living cards, after the rulebook's end-of-game check) weighs most.
2. Every living card that would turn at the next needs check is a threat (worse if it is already
   unstable or endangered: it would die); a fed one is a small plus.
3. Working mechanisms are a small plus (they are what makes the shelter self-sustaining), and
   sustainable living cards a larger one (each is on its way to a trio).
4. Abilities are spent only when their whole effect (a short chain, chosen greedily) raises the
   score clearly, and only in the windows just before the needs check or the catastrophe, or
   before a round's first turn. Research and Weather Report do not change the board: never used.
   While a Use Reserves is unused (as far as the sampled state says), the turns count the card
   most at risk as protected: the card is offered only just before cards turn (RULES.md D21), and
   the turns before should not spend themselves on a card it will save.
5. Catastrophe choices (where the Radioactive Waste goes, which mechanism breaks) minimise harm
   by the same score.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, NamedTuple

from cardtable.core import Action, Observation, Rng

from . import grid
from .abilities import Task, window_then
from .cards import Catalog, load_catalog
from .needs import active_mechanisms, doomed_living, next_to_waste, satisfied, supply
from .scoring import trios
from .state import ApocalypseState, Tile

#: how much an ability's effect must raise the score before the player spends the card
ABILITY_GAIN = 3.0
#: weights: a card about to die; a card that would not last, early and late in the game
DYING = 6.0
EARLY_DOUBT = 1.0
LATE_DOUBT = 10.0
ROUNDS = 7
#: how much better than passing (or than the best so far) an action must be to be chosen
TIE_MARGIN = 0.05
#: the windows in which the player considers its abilities (named by the step that follows them)
ABILITY_WINDOWS = ("needs", "catastrophe")
#: the position value at which `evaluate` reaches about 0.88 (one trio saved is worth 10)
VALUE_SCALE = 10.0


def projected(catalog: Catalog, board: dict[str, Tile]) -> tuple[int, int]:
    """(trios, living cards lost) if the game ended now: the end check without natural resources."""
    rest = {c: t for c, t in board.items() if catalog.cards[t.card].kind != "natural"}
    lost = 0
    while doomed := doomed_living(catalog, rest):
        lost += len(doomed)
        for cell in doomed:
            del rest[cell]
    return trios(catalog, rest), lost


def potential(catalog: Catalog, board: dict[str, Tile]) -> float:
    """How ready the shelter is for more life, without natural resources: working mechanisms, and
    free safe cells where a Plant (water and energy) or a Human/Animal (food and water) would live."""
    lasting = {c: t for c, t in board.items() if catalog.cards[t.card].kind != "natural"}
    active = active_mechanisms(catalog, lasting)
    built = sum(catalog.cards[t.card].kind == "mechanism" and t.quake < 0 for t in lasting.values())
    plant_spots = eater_spots = 0
    for cell in grid.free_cells(board):
        if grid.endangered(cell):
            continue
        got = supply(catalog, lasting, active, cell)
        plant_spots += got.get("water", 0) > 0 and got.get("energy", 0) > 0
        eater_spots += got.get("food", 0) > 0 and got.get("water", 0) > 0
    return 1.5 * min(len(active), 6) + 0.3 * built + min(plant_spots, 2) + min(eater_spots, 3)


class ShelterFacts(NamedTuple):
    """What the score needs to know about the cards on the board, whatever their turned state
    (remembered and shared: read only)."""

    thriving: dict[str, bool]  # each living card's cell: needs met and no Radioactive Waste beside it
    end_trios: int  # `projected`
    lost: int
    active: int  # how many mechanisms work
    potential: float


#: a board as the needs see it: (cell, card, earthquake) in the board's own order
Shelter = tuple[tuple[str, int, int], ...]


def shelter_facts(catalog: Catalog, board: dict[str, Tile]) -> ShelterFacts:
    """The `ShelterFacts` of this board, remembered: search scores the same shelters again and again."""
    return _shelter_facts(catalog, tuple((cell, t.card, t.quake) for cell, t in board.items()))


#: shelters whose facts are remembered (about 2 kB each): all those of a search decision
SHELTERS_KEPT = 4096


@lru_cache(maxsize=SHELTERS_KEPT)
def _shelter_facts(catalog: Catalog, shelter: Shelter) -> ShelterFacts:
    board = {cell: Tile(card, quake=quake) for cell, card, quake in shelter}
    fed = satisfied(catalog, board)
    thriving = {
        cell: fed[cell] and not next_to_waste(catalog, board, cell)
        for cell, tile in board.items()
        if catalog.cards[tile.card].living
    }
    end_trios, lost = projected(catalog, board)
    active = len(active_mechanisms(catalog, board))
    return ShelterFacts(thriving, end_trios, lost, active, potential(catalog, board))


def position_value(catalog: Catalog, state: ApocalypseState, reserve: bool = False) -> float:
    """The heuristic value of a position for the team (higher is better, unbounded).

    With `reserve`, an unused Use Reserves (in the state as sampled) counts as if it already
    protected the card most at risk: it is offered only just before cards turn, and the turns
    before that should not spend themselves on a card the team can protect anyway.
    """
    board = state.board
    facts = shelter_facts(catalog, board)
    value = 0.0
    risks = []
    for cell, thriving in facts.thriving.items():
        tile = board[cell]
        if thriving:
            value += 1.0
        elif tile.card == state.protected:
            value -= 0.5
        elif tile.unstable or grid.endangered(cell):
            risks.append(DYING)
        else:
            risks.append(2.0)
    if risks and reserve and state.protected < 0 and _reserves_unused(catalog, state):
        risks[risks.index(max(risks))] = 0.5
    value -= sum(risks)
    living = len(facts.thriving)
    # a card that would not last without natural resources can still be saved while rounds remain
    doubt = LATE_DOUBT * state.round / ROUNDS + EARLY_DOUBT * (1 - state.round / ROUNDS)
    value += 10.0 * (facts.end_trios - len(state.dead)) - doubt * facts.lost
    value += 2.0 * (living - facts.lost)
    value += 0.5 * facts.active
    return value + facts.potential


def _reserves_unused(catalog: Catalog, state: ApocalypseState) -> bool:
    return any(catalog.cards[c].name == "use-reserves" for hand in state.abilities for c in hand)


def evaluate(game: Any, state: ApocalypseState, seat: int) -> float:
    """A sampled position's worth in [0, 1] for any seat (the game is cooperative), for ISMCTS."""
    return 0.5 + 0.5 * math.tanh(position_value(game.catalog, state) / VALUE_SCALE)


class HeuristicPlayer:
    """Greedy look-ahead by `position_value`; see the module docstring for its rules of thumb."""

    name = "heuristic"

    def __init__(self, rng: Rng | None = None) -> None:
        self.rng = rng or Rng(0)
        self.catalog = load_catalog()

    def choose(self, observation: Observation[Any]) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        game, seat = observation.game, observation.seat
        state: ApocalypseState = observation.determinize(self.rng.fork())
        kind = observation.decision.kind
        if kind == "start":
            return Action("start", ("water",)) if Action("start", ("water",)) in legal else legal[0]
        if kind == "ability":
            return self._window(game, state, seat, legal)
        return self._best(game, state, legal)

    def _best(self, game: Any, state: ApocalypseState, legal: list[Action]) -> Action:
        """The action with the best value after it; `pass` (or the first action) unless beaten clearly."""
        best = Action("pass") if Action("pass") in legal else legal[0]
        best_value = self._after(game, state, best)
        for action in legal:
            if action == best:
                continue
            value = self._after(game, state, action)
            if value > best_value + TIE_MARGIN:
                best, best_value = action, value
        return best

    def _after(self, game: Any, state: ApocalypseState, action: Action) -> float:
        trial = game.clone(state)
        game.apply(trial, action, validate=False)
        return position_value(self.catalog, trial, reserve=True)

    def _window(self, game: Any, state: ApocalypseState, seat: int, legal: list[Action]) -> Action:
        abilities = [
            a for a in legal if a.verb == "ability" and a.args[0] not in ("research", "weather-report")
        ]
        then = window_then(state)
        first_turn = then == "turn" and state.turn == 0
        if not abilities or not (first_turn or then in ABILITY_WINDOWS):
            return Action("pass")
        now = position_value(self.catalog, state)
        best, best_gain = Action("pass"), ABILITY_GAIN
        for action in abilities:
            trial = game.clone(state)
            game.apply(trial, action, validate=False)
            while trial.steps and isinstance(trial.steps[0], Task) and trial.steps[0].seat == seat:
                step = self._best(game, trial, game.legal_actions(trial))
                game.apply(trial, step, validate=False)
            gain = position_value(self.catalog, trial) - now
            if gain > best_gain:
                best, best_gain = action, gain
        return best
