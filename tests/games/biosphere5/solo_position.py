"""Exact Man against Machine positions (section 4) for rule tests, and a way to load the dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.core import Rng, make_game
from cardtable.games.biosphere5.machine import HUMAN, MACHINE, MachineGame, MachineTurn
from cardtable.games.biosphere5.state import Board, MachineState, State
from cardtable.games.biosphere5.turn import Move


def machine_position(
    *,
    hand: Sequence[str] = (),
    achievements: Sequence[str] = (),
    faceup: Sequence[str] = (),
    cubes: Sequence[str] = (),
    level: int = 2,
    kept: str | None = None,
    machine_top: Sequence[str] = (),
    machine_discard: Sequence[str] = (),
) -> tuple[MachineGame, State]:
    """The human (A, seat 0) to move with the named cards; the Machine with these cubes and level.

    `cubes` are the Machine's achievements, named by a card of the category and quality; the cards
    of `machine_top` lie on top of the Machine's draw pile, the first revealed first.
    """
    game = make_game("biosphere5", dict(solo="machine", level=level))
    assert isinstance(game, MachineGame)
    state = game.new_state(0)
    index = game.cards.index
    state.events.clear()
    state.turn = state.order.index(HUMAN)
    state.steps[:] = [Move(HUMAN)]
    state.move = 0
    state.markers = []
    human_cards = [index[k] for k in [*hand, *achievements, *faceup]]
    rest = list(game.deck)
    for card in human_cards:
        rest.remove(card)
    state.boards[HUMAN] = Board(
        hand=[index[k] for k in hand],
        pile=sorted(rest),
        faceup=[index[k] for k in faceup],
        achievements=[index[k] for k in achievements],
    )
    held = [index[kept]] if kept else []
    machine_cards = [index[k] for k in [*machine_top, *machine_discard]] + held
    rest = list(game.deck)
    for card in machine_cards:
        rest.remove(card)
    state.boards[MACHINE] = Board(
        pile=sorted(rest) + [index[k] for k in reversed(machine_top)],
        discard=[index[k] for k in machine_discard],
        achievements=[index[k] for k in cubes],
    )
    state.machine = MachineState(level=level, kept=held[0] if held else -1)
    game.check_invariants(state)
    return game, state


def machine_turn(game: MachineGame, state: State) -> None:
    """Hand the turn to the Machine and let it play (it never needs a decision of its own)."""
    state.turn = state.order.index(MACHINE)
    state.steps[:] = [MachineTurn(MACHINE)]
    game.advance(state)


def loaded_rng(game: MachineGame, dice: int, wanted: Callable[[list[str]], bool]) -> Rng:
    """A generator whose next `dice` rolls of the rescue die satisfy `wanted` (searched, deterministic)."""
    faces = game.table.die.faces
    for seed in range(100_000):
        probe = Rng(seed)
        if wanted([probe.choice(faces) for _ in range(dice)]):
            return Rng(seed)
    raise AssertionError("no such rolls")


def cube_keys(game: MachineGame, state: State) -> list[str]:
    return sorted(game.cards.key(c) for c in state.boards[MACHINE].achievements)
