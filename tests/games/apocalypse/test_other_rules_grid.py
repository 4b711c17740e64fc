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
    assert grid.CELLS[:3] == ("a1", "b1", "c1") and grid.CELLS[-1] == "i28"
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


def _left_of(cell: str) -> str:
    col, row = grid.split(cell)
    return grid.name(col - 1, row)


def test_other_rules_the_game_area_is_limited_only_by_5_cards_of_width() -> None:
    """'Your game area is limited. It cannot be longer than 5 cards in width.' Nothing else limits it
    sideways: a row of four cards offers six placements (one at each end, four below) wherever it
    lies, also once its left end reaches column a (the shelter is slid, D1)."""
    state = started()
    skip_windows(state)
    lay(state, {"b1": "underground-lake", "c1": "water-system", "d1": "water-system"})
    set_pool(state, ["plant"])
    play(state, "place plant a1")  # the row now reaches column a
    skip_windows(state)
    set_pool(state, ["plant"])
    row = sorted((grid.split(c)[0], n) for c, n in cells(state).items())
    assert [n for _, n in row] == ["plant", "underground-lake", "water-system", "water-system"]
    plant = next(c for c, n in cells(state).items() if n == "plant")
    assert _left_of(plant) in places(state)  # left of the plant: the printed game allows it
    assert len(places(state)) == 6


def test_other_rules_no_limit_below_the_shelter() -> None:
    """Only width and the ceiling limit the shelter ('You cannot place cards above the first natural
    resource'): a card may go below row 8, however deep the shelter reaches."""
    state = started()
    skip_windows(state)
    column = ["underground-lake", *["water-system"] * 6, "energy-generator"]
    lay(state, {f"e{row}": name for row, name in enumerate(column, 1)})
    set_pool(state, ["plant"])
    assert "e9" in places(state)
    play(state, "place plant e9")
    assert cells(state)["e9"] == "plant"


def _plain_free_cells(occupied: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The placement rule on unbounded coordinates (column, row): free, below the ceiling (row 1),
    touching a side of a card, and the shelter at most 5 cards wide."""
    found = set()
    for col, row in occupied:
        for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            cell = (col + dc, row + dr)
            cols = [c for c, _ in occupied] + [cell[0]]
            if cell not in occupied and cell[1] >= 1 and max(cols) - min(cols) < grid.MAX_WIDTH:
                found.add(cell)
    return found


def test_other_rules_no_frame_limits_the_shelter_in_played_games() -> None:
    """In random games, the placements offered are exactly those of the rule without any frame."""
    for seed in range(40):
        state = GAME.new_state(seed)
        chooser = Rng(seed)
        while GAME.decision(state) is not None:
            occupied = {grid.split(c) for c in state.board}
            offered = {grid.split(c) for c in grid.free_cells(state.board)}
            assert offered == _plain_free_cells(occupied), f"seed {seed}: {sorted(state.board)}"
            GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
