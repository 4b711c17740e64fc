"""Rulebook "Mechanism Cards": building cost paid with workforce from Humans and Animals."""

from __future__ import annotations

import pytest

from cardtable.core import IllegalAction
from cardtable.games.apocalypse import board

from .position import CAT, GAME, finish_round, lay, play, set_pool, skip_windows, started


def test_every_mechanism_costs_2_workforce() -> None:
    assert {d.name: d.build_cost for d in CAT.designs if d.kind == "mechanism"} == {
        "energy-generator": 2,
        "water-system": 2,
        "food-processor": 2,
    }


def test_humans_give_2_animals_1_workforce() -> None:
    state = started()
    lay(state, {"e1": "underground-lake", "e2": "human", "d2": "animal", "c2": "animal", "b2": "plant"})
    assert board.workforce_total(CAT, state) == 4


def test_placing_a_mechanism_spends_workforce_and_is_refused_without_it() -> None:
    state = started(2)
    skip_windows(state)
    set_pool(state, ["water-system", "food-processor", "plant"])
    play(state, "place water-system d1")
    assert board.workforce_left(CAT, state) == 0
    skip_windows(state)
    legal = GAME.legal_actions(state)
    assert not any(a.verb == "place" and a.args[0] == "food-processor" for a in legal)
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, "place food-processor c1")
    assert GAME.to_json(state) == before  # a refused action changes nothing


def test_workforce_regenerates_every_round() -> None:
    state = started(3)
    skip_windows(state)
    set_pool(state, ["water-system"])
    play(state, "place water-system d1")
    finish_round(state)
    assert state.workforce_spent == 0 and board.workforce_left(CAT, state) == 2


def test_a_human_placed_this_round_works_at_once() -> None:
    state = started(4)
    skip_windows(state)
    set_pool(state, ["human", "water-system", "energy-generator"])
    play(state, "place water-system d1", "place human d2")
    assert board.workforce_left(CAT, state) == 2
    play(state, "place energy-generator c1")
    assert board.workforce_left(CAT, state) == 0
