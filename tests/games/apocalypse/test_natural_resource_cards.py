"""Rulebook "Natural Resource Cards": they turn at the end of every round and break at the second."""

from __future__ import annotations

from .position import CAT, cells, finish_round, lay, no_catastrophes, started


def test_a_natural_resource_turns_each_round_and_breaks() -> None:
    state = started(1, "energy")
    no_catastrophes(state)
    finish_round(state)
    assert cells(state)["e1"] == "natural-energy~"
    finish_round(state)
    assert "e1" not in cells(state)
    assert any(CAT.cards[c].name == "natural-energy" for c in state.discard)
    assert state.dead == [c for c in state.dead if CAT.cards[c].living]  # breaking is not a death


def test_natural_resources_need_nothing_and_always_give() -> None:
    natural = [d for d in CAT.designs if d.kind == "natural"]
    assert all(d.needs == {} and len(d.gives) == 1 for d in natural)


def test_an_endangered_natural_resource_breaks_at_its_first_turn() -> None:
    state = started(2)
    no_catastrophes(state)
    lay(
        state,
        {"e1": "water-system", "e2": "energy-generator", "e3": "food-processor", "e4": "underground-lake"},
    )
    finish_round(state)
    assert "e4" not in cells(state)
