"""Rulebook "When Do We Win?": trios, lost living cards, the end-of-game check, the shared result."""

from __future__ import annotations

from cardtable.games.apocalypse import scoring

from .position import CAT, GAME, cells, finish_round, lay, no_catastrophes, started

#: a shelter that sustains itself without natural resources: one trio (Human, Animal, Plant)
STABLE = {
    "c1": "water-system",
    "d1": "energy-generator",
    "e1": "water-system",
    "b2": "animal",  # water from c1, food from the Plant at c2
    "c2": "plant",  # water from c1, energy from d1
    "d2": "food-processor",  # energy from d1
    "e2": "human",  # food from d2, water from e1
}


def play_to_the_end(layout: dict[str, str], seed: int = 1) -> object:
    state = started(seed)
    no_catastrophes(state)
    lay(state, layout)
    while GAME.decision(state) is not None:
        finish_round(state)
    return state


def test_a_self_sustaining_trio_wins_for_all_three_seats() -> None:
    state = play_to_the_end(STABLE)
    result = GAME.result(state)
    assert (state.trios, len(state.dead), state.points) == (1, 0, 1)
    assert result.winners == (0, 1, 2) and result.scores == (1.0, 1.0, 1.0)
    assert result.details == {"points": 1, "trios": 1, "dead": 0}


def test_no_trio_no_win() -> None:
    state = play_to_the_end({k: v for k, v in STABLE.items() if v != "animal"})
    result = GAME.result(state)
    assert state.points == 0 and result.winners == () and result.scores == (-1.0, -1.0, -1.0)


def test_each_discarded_living_card_costs_a_point() -> None:
    state = play_to_the_end({**STABLE, "a3": "human"})  # a Human with nothing: dies in round 2
    assert (state.trios, len(state.dead), state.points) == (1, 1, 0)
    assert not scoring.won(state)


def test_points_can_be_negative() -> None:
    state = play_to_the_end({"e1": "underground-lake", "e2": "human", "d2": "animal", "c2": "plant"})
    assert state.trios == 0 and state.points == -3


def test_trios_count_complete_sets_only() -> None:
    board = started()
    lay(board, {"a1": "human", "b1": "human", "c1": "animal", "d1": "animal", "e1": "plant", "a2": "human"})
    assert scoring.trios(CAT, board.board) == 1


def test_the_end_check_discards_cards_that_would_die_and_natural_resources() -> None:
    state = started(2)
    extra = {
        "b1": "natural-energy",  # would break within two rounds: discarded, not a death
        "b3": "plant",  # no water, no energy: would die
        "a2": "animal~",  # food from the Plant at b3 only, no water: would die
    }
    lay(state, {**STABLE, **extra})
    scoring.final_check(CAT, state)
    assert cells(state) == STABLE
    assert sorted(CAT.cards[c].name for c in state.dead) == ["animal", "plant"]
    assert (state.trios, state.points) == (1, -1)


def test_the_end_check_cascades_when_a_feeding_plant_dies() -> None:
    """The Animal at b1 eats only from the Plant at b2, which lives on a natural resource."""
    state = started(3)
    lay(state, {"c1": "underground-lake", "b1": "animal", "b2": "plant", "c2": "natural-energy"})
    scoring.final_check(CAT, state)
    assert cells(state) == {} and sorted(CAT.cards[c].name for c in state.dead) == ["animal", "plant"]


def test_an_unstable_card_that_is_fed_survives_the_end() -> None:
    state = play_to_the_end({**STABLE, "e2": "human~"})
    assert cells(state)["e2"] == "human~" and state.points == 1
