"""Rulebook "Other Rules" and step 3: the grid, its width, the ceiling, endangered rows, moving."""

from __future__ import annotations

from cardtable.core import Action, Rng
from cardtable.games.apocalypse import grid

from .position import (
    CAT,
    GAME,
    cells,
    finish_round,
    lay,
    no_catastrophes,
    play,
    set_pool,
    skip_windows,
    started,
)


def places(state) -> set[str]:
    return {str(a.args[1]) for a in GAME.legal_actions(state) if a.verb == "place"}


def test_a_new_card_must_touch_a_side_of_another_card() -> None:
    state = started()
    skip_windows(state)
    set_pool(state, ["plant"])
    assert places(state) == {"d1", "f1", "d2", "f2", "e3"}  # sides of e1 and e2, no diagonals


def test_nothing_goes_above_the_first_natural_resource() -> None:
    assert grid.sides("e1") == ("d1", "f1", "e2")
    assert all(grid.split(c)[1] >= 1 for c in grid.CELLS)


def test_the_shelter_is_at_most_5_cards_wide() -> None:
    state = started()
    skip_windows(state)
    set_pool(state, ["plant"])
    lay(
        state,
        {
            "a1": "water-system",
            "b1": "water-system",
            "c1": "water-system",
            "d1": "water-system",
            "e1": "underground-lake",
        },
    )
    assert "f1" not in places(state)
    assert places(state) == {"a2", "b2", "c2", "d2", "e2"}


def test_cards_below_level_3_die_at_their_first_turn() -> None:
    state = started(3)
    no_catastrophes(state)
    lay(
        state,
        {
            "e1": "water-system",
            "e2": "energy-generator",
            "e3": "food-processor",
            "e4": "human",
            "d3": "human",
        },
    )
    finish_round(state)  # neither Human gets water
    assert cells(state).get("d3") == "human~" and "e4" not in cells(state)
    assert [CAT.cards[c].name for c in state.dead] == ["human"]
    assert grid.endangered("a4") and not grid.endangered("i3")


def test_a_card_moves_one_space_to_a_side_and_keeps_touching() -> None:
    state = started()
    skip_windows(state)
    lay(state, {"e1": "underground-lake", "e2": "human", "d2": "plant"})
    moves = {str(a) for a in GAME.legal_actions(state) if a.verb == "move"}
    # e2-e3 or d2-d3 would leave the card touching only corners; e1-d1 and d2-d1 keep a side
    assert moves == {"move e1 d1", "move d2 d1"}
    play(state, "move d2 d1")
    assert cells(state) == {"e1": "underground-lake", "e2": "human", "d1": "plant"}


def test_radioactive_waste_and_quaked_mechanisms_do_not_move() -> None:
    state = started()
    skip_windows(state)
    lay(state, {"e1": "underground-lake", "e2": "radioactive-waste", "d1": "water-system"})
    state.board["d1"].quake = state.catastrophe_deck.pop(
        next(i for i, c in enumerate(state.catastrophe_deck) if CAT.cards[c].name == "earthquake")
    )
    GAME.check_invariants(state)
    assert not any(a.verb == "move" and a.args[0] in ("e2", "d1") for a in GAME.legal_actions(state))
    assert Action("move", ("e1", "f1")) not in GAME.legal_actions(state)  # would touch nothing


def test_cells_are_named_column_letter_row_number() -> None:
    assert grid.CELLS[:3] == ("a1", "b1", "c1") and grid.CELLS[-1] == "i8"
    assert grid.width(["a1", "e3"]) == 5


def _may_hold(occupied: set[str], cell: str, leaving: str | None) -> bool:
    """The placement rule spelled out plainly, as a reference for the remembered layouts."""
    others = occupied - {leaving}
    free = cell not in occupied or cell == leaving
    touches = any(s in others for s in grid.sides(cell))
    return free and touches and grid.width([*others, cell]) <= grid.MAX_WIDTH


def test_remembered_layouts_follow_the_placement_and_move_rules() -> None:
    """Free cells and moves from the (cached) layout equal the plain rule on many random shelters."""
    chooser = Rng(8)
    for _ in range(150):
        occupied = {"e1"}
        for _ in range(chooser.below(12)):
            occupied.add(chooser.choice(grid.free_cells(occupied)))
        shelter = grid.layout(occupied)
        assert list(shelter.free) == [c for c in grid.CELLS if _may_hold(occupied, c, None)]
        for cell in occupied:
            free = [c for c in grid.CELLS if _may_hold(occupied, c, cell)]
            assert list(grid.free_cells(occupied, leaving=cell)) == free
            assert list(shelter.moves(cell)) == [d for d in grid.sides(cell) if d in free and d != cell]
