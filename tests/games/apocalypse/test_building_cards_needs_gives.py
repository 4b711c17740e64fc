"""Rulebook "Building Cards", "Living Cards", "Mechanism Cards": needs, gives, unstable, dying."""

from __future__ import annotations

import msgspec

from cardtable.games.apocalypse import grid, needs
from cardtable.games.apocalypse.cards import catalog_from

from .position import CAT, GAME, cells, finish_round, lay, no_catastrophes, started


def test_a_card_gives_to_all_8_cards_around_it() -> None:
    state = started()
    around = ["b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"]
    kinds = ["plant", "animal", "human"] * 3
    lay(state, {"c2": "natural-energy", **dict(zip(around, kinds, strict=False)), "c4": "plant"})
    got = needs.received(CAT, state.board, set())
    assert all(got[cell]["energy"] == 1 for cell in around)
    assert got["c4"]["energy"] == 0  # two rows away: not a neighbour
    assert sorted(grid.around("c2")) == sorted(around)


def test_every_neighbour_receives_the_full_amount_and_amounts_add_up() -> None:
    state = started()
    lay(state, {"c2": "natural-energy", "d2": "natural-energy", "c3": "plant", "d3": "plant"})
    got = needs.received(CAT, state.board, set())
    assert got["c3"]["energy"] == 2 and got["d3"]["energy"] == 2


def test_a_need_of_2_needs_two_givers() -> None:
    """Amounts are data: with a Human needing 2 food, one Plant is not enough, two are."""
    designs = [msgspec.structs.replace(d) for d in CAT.designs]
    human = next(d for d in designs if d.name == "human")
    human.needs = {"food": 2, "water": 1}
    hungry = catalog_from(designs)
    state = started()
    lay(state, {"c1": "underground-lake", "c2": "human", "d2": "plant", "d1": "natural-energy"})
    assert needs.satisfied(CAT, state.board)["c2"]
    assert not needs.satisfied(hungry, state.board)["c2"]
    lay(
        state, {"c1": "underground-lake", "c2": "human", "d2": "plant", "b2": "plant", "d1": "natural-energy"}
    )
    assert needs.satisfied(hungry, state.board)["c2"]


def test_an_unsupplied_living_card_turns_unstable_then_dies() -> None:
    state = started(3)
    no_catastrophes(state)
    lay(state, {"e1": "underground-lake", "e2": "human", "d2": "animal"})
    finish_round(state)
    assert cells(state) == {"e1": "underground-lake~", "e2": "human~", "d2": "animal~"}
    finish_round(state)
    # the lake breaks, Human and Animal turn again and die: discarded and counted
    assert cells(state) == {}
    assert sorted(CAT.cards[c].name for c in state.dead) == ["animal", "human"]
    assert set(state.dead) <= set(state.discard)


def test_an_unstable_card_does_not_turn_back_when_fed_again() -> None:
    state = started(4)
    no_catastrophes(state)
    lay(state, {"c1": "water-system", "d1": "energy-generator", "c2": "human~", "d2": "plant"})
    finish_round(state)
    assert cells(state)["c2"] == "human~" and state.dead == []


def test_an_unsupplied_mechanism_gives_nothing() -> None:
    state = started()
    lay(state, {"c1": "water-system", "c2": "plant", "e2": "natural-energy"})
    # the Water System at c1 is not beside the energy at e2: no water for the Plant
    assert needs.active_mechanisms(CAT, state.board) == set()
    assert not needs.satisfied(CAT, state.board)["c2"]
    lay(state, {"c1": "water-system", "c2": "plant", "d1": "natural-energy"})
    assert needs.active_mechanisms(CAT, state.board) == {"c1"}
    assert needs.satisfied(CAT, state.board)["c2"]


def test_mechanisms_feeding_each_other_sustain_themselves() -> None:
    state = started()
    lay(state, {"c1": "water-system", "d1": "energy-generator", "d2": "food-processor"})
    assert needs.active_mechanisms(CAT, state.board) == {"c1", "d1", "d2"}
    lay(state, {"c1": "water-system", "e1": "energy-generator"})  # not neighbours: both idle
    assert needs.active_mechanisms(CAT, state.board) == set()


def test_supply_chains_switch_off_downstream() -> None:
    state = started()
    lay(
        state,
        {"b1": "natural-energy", "c1": "water-system", "d1": "energy-generator", "e1": "food-processor"},
    )
    assert needs.active_mechanisms(CAT, state.board) == {"c1", "d1", "e1"}
    lay(state, {"c1": "water-system", "d1": "food-processor", "e1": "food-processor"})
    assert needs.active_mechanisms(CAT, state.board) == set()


def test_needs_met_and_giving_are_in_the_view() -> None:
    state = started()
    lay(state, {"c1": "water-system", "c2": "plant"})
    tiles = {t["cell"]: t for t in GAME.view(state, 0)["board"]}
    assert tiles["c1"]["giving"] is False and tiles["c2"]["needs_met"] is False
