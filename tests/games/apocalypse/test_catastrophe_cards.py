"""Rulebook "Catastrophe Cards": Earthquake, Volcanic Eruption, Radioactive Waste, Malfunction."""

from __future__ import annotations

from cardtable.core import Action, text_of
from cardtable.games.apocalypse import needs

from .position import CAT, GAME, cells, finish_round, lay, play, skip_windows, stack_catastrophes, started


def to_catastrophe(state, first: str, layout: dict[str, str]) -> None:
    """Stack `first`, play round 1, lay the board, pass round 2 up to the catastrophe's choice."""
    stack_catastrophes(state, [first])
    finish_round(state)
    lay(state, layout)
    assert CAT.cards[state.catastrophe].name == first
    while (d := GAME.decision(state)) is not None and d.kind in ("ability", "turn") and state.round == 2:
        GAME.apply(state, "pass")


def test_catastrophe_deck_holds_the_six_printed_cards() -> None:
    names = sorted(CAT.cards[c].name for c in CAT.ids("catastrophe"))
    assert names == sorted(
        [
            "earthquake",
            "volcanic-eruption",
            "radioactive-waste",
            "radioactive-waste",
            "malfunction",
            "malfunction",
        ]
    )


def test_earthquake_disables_a_mechanism_chosen_by_the_players() -> None:
    state = started(1)
    layout = {"c1": "water-system", "d1": "energy-generator", "d2": "plant", "e1": "energy-generator"}
    to_catastrophe(state, "earthquake", layout)
    decision = GAME.decision(state)
    assert (decision.kind, decision.seat) == ("quake", 1)  # the round's leader decides
    assert {str(a.args[0]) for a in GAME.legal_actions(state)} == {"c1", "d1", "e1"}
    GAME.apply(state, "quake c1")
    assert state.board["c1"].quake >= 0 and CAT.cards[state.board["c1"].quake].name == "earthquake"
    assert "c1" not in needs.active_mechanisms(CAT, state.board)
    assert not needs.satisfied(CAT, state.board)["d2"]  # the Plant's water is gone
    GAME.check_invariants(state)


def test_earthquake_without_a_mechanism_has_no_effect() -> None:
    state = started(2)
    to_catastrophe(state, "earthquake", {"e1": "underground-lake", "e2": "human"})
    assert state.round == 3 and any(
        "Earthquake has nothing to strike" in line for line in map(text_of, state.log)
    )


def test_volcanic_eruption_skips_the_turns_of_its_round() -> None:
    state = started(3)
    stack_catastrophes(state, ["volcanic-eruption"])
    finish_round(state)
    assert state.round == 2 and state.skip_turns
    kinds = []
    while state.round == 2:
        kinds.append(GAME.decision(state).kind)
        GAME.apply(state, "pass")
    assert "turn" not in kinds and kinds  # ability windows remain: abilities work "at any point"
    # the needs check still ran in round 2
    assert any(line.startswith("Round 2,") for line in map(text_of, state.log))


def test_radioactive_waste_is_placed_like_a_card_and_turns_living_cards_around_it() -> None:
    state = started(4)
    layout = {"b1": "water-system", "c1": "energy-generator", "d1": "water-system"}
    layout |= {"b2": "plant", "c2": "food-processor", "d2": "human"}  # every need met
    to_catastrophe(state, "radioactive-waste", layout)
    decision = GAME.decision(state)
    assert decision.kind == "put"
    assert Action("put", ("e2",)) in GAME.legal_actions(state)
    GAME.apply(state, "put e2")  # beside the Human at d2, not beside the Plant at b2
    assert cells(state)["e2"] == "radioactive-waste" and cells(state)["d2"] == "human~"
    assert cells(state)["b2"] == "plant"
    # it keeps turning its living neighbours at every needs check: the Human dies next round
    finish_round(state)
    assert "d2" not in cells(state) and [CAT.cards[c].name for c in state.dead] == ["human"]


def test_radioactive_waste_cannot_be_moved_or_taken_away() -> None:
    state = started(5)
    to_catastrophe(state, "radioactive-waste", {"e1": "underground-lake", "e2": "human", "d1": "plant"})
    GAME.apply(state, "put f1")
    skip_windows(state)
    legal = GAME.legal_actions(state)
    assert not any(a.verb == "move" and a.args[0] == "f1" for a in legal)
    from cardtable.games.apocalypse import abilities

    assert "f1" not in abilities.liftable(CAT, state)


def test_malfunction_turns_a_resource_mechanism_into_a_natural_resource() -> None:
    state = started(6)
    layout = {"c1": "water-system", "d1": "energy-generator", "d2": "food-processor", "e2": "human"}
    to_catastrophe(state, "malfunction", layout)
    assert GAME.decision(state).kind == "malfunction"
    assert {str(a.args[0]) for a in GAME.legal_actions(state)} == {"c1", "d1"}  # no natural food
    GAME.apply(state, "malfunction c1")
    assert cells(state)["c1"] == "underground-lake"
    assert any(CAT.cards[c].name == "water-system" for c in state.discard)
    GAME.check_invariants(state)
    # the new natural resource turns and breaks like any other
    finish_round(state)
    assert cells(state)["c1"] == "underground-lake~"


def test_malfunction_needs_a_natural_card_left() -> None:
    state = started(7, "water")
    for card in list(state.natural_decks["water"]):
        state.natural_decks["water"].remove(card)
        state.discard.append(card)
    to_catastrophe(state, "malfunction", {"c1": "water-system", "d1": "energy-generator", "d2": "plant"})
    assert {str(a.args[0]) for a in GAME.legal_actions(state)} == {"d1"}
    play(state, "malfunction d1")
