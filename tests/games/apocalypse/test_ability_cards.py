"""Rulebook "Ability Cards": each once per game, usable at any point (decision windows)."""

from __future__ import annotations

from cardtable.core import Action

from .position import (
    CAT,
    GAME,
    cells,
    finish_round,
    give_ability,
    lay,
    no_catastrophes,
    play,
    skip_windows,
    stack_catastrophes,
    started,
)


def window_seats_before_turn(state) -> list[int]:
    seats = []
    while (d := GAME.decision(state)).kind == "ability":
        seats.append(d.seat)
        GAME.apply(state, "pass")
    return seats


def kinds_of_round(state) -> list[str]:
    """Pass through the current round, listing the kinds of decisions met."""
    current, kinds = state.round, []
    while (d := GAME.decision(state)) is not None and state.round == current:
        kinds.append(d.kind)
        GAME.apply(state, "pass")
    return kinds


def test_a_window_opens_before_every_turn_and_before_steps_5_and_6() -> None:
    state = started(1)
    stack_catastrophes(state, ["earthquake"])  # no mechanism to strike: no catastrophe decision
    window = ["ability"] * 3  # every seat holds abilities: each may use one or pass
    turns = [*window, "turn"] * 3
    # round 1: before step 1, before each turn, before the needs check (no catastrophe)
    assert kinds_of_round(state) == window + turns + window
    # round 2: before each turn, before the needs check, before the catastrophe
    assert kinds_of_round(state) == turns + window + window


def test_window_order_starts_with_the_acting_seat() -> None:
    state = started(2)
    skip_windows(state)
    GAME.apply(state, "pass")  # seat A's turn
    assert window_seats_before_turn(state) == [1, 2, 0]
    assert GAME.decision(state).seat == 1


def test_a_seat_may_use_only_its_own_abilities_then_pass() -> None:
    state = started(3)
    own = sorted(CAT.cards[c].name for c in state.abilities[0])
    offered = [str(a.args[0]) for a in GAME.legal_actions(state) if a.verb == "ability"]
    assert set(offered) <= set(own) and GAME.legal_actions(state)[-1] == Action("pass")


def test_each_ability_is_used_only_once() -> None:
    state = started(4)
    give_ability(state, 0, "weather-report")
    GAME.apply(state, "ability weather-report")
    assert not any(a == Action("ability", ("weather-report",)) for a in GAME.legal_actions(state))
    assert CAT.cards[state.used_abilities[-1]].name == "weather-report"
    assert len(state.abilities[0]) == 1


def test_seats_without_abilities_are_skipped() -> None:
    state = started(5)
    state.used_abilities += state.abilities[1]
    state.abilities[1] = []
    skip_windows(state)
    GAME.apply(state, "pass")
    assert window_seats_before_turn(state) == [2, 0]


def test_teraform_places_a_new_natural_resource_like_a_pool_card() -> None:
    state = started(6)
    give_ability(state, 0, "teraform")
    GAME.apply(state, "ability teraform")
    assert GAME.legal_actions(state) == [Action("teraform", ("energy",)), Action("teraform", ("water",))]
    GAME.apply(state, "teraform energy")
    assert Action("put", ("e3",)) in GAME.legal_actions(state)
    assert Action("put", ("c3",)) not in GAME.legal_actions(state)  # must touch a side
    GAME.apply(state, "put d1")
    assert cells(state)["d1"] == "natural-energy" and len(state.natural_decks["energy"]) == 2
    assert GAME.decision(state).kind == "ability" and GAME.decision(state).seat == 0
    GAME.check_invariants(state)


def test_weather_report_shows_the_next_catastrophe_to_everyone() -> None:
    state = started(7)
    give_ability(state, 0, "weather-report")
    GAME.apply(state, "ability weather-report")
    top = CAT.cards[state.catastrophe_deck[0]].name
    for seat in (0, 1, 2, None):
        assert GAME.view(state, seat)["catastrophe_deck"]["known_top"]["name"] == top
    finish_round(state)
    assert CAT.cards[state.catastrophe].name == top


def test_recycle_places_a_card_from_the_discard_pile() -> None:
    state = started(8)
    give_ability(state, 0, "recycle")
    skip_windows(state)
    play(state, "pass", "pass", "pass")  # step 4 discards the whole pool
    names = {CAT.cards[c].name for c in state.discard}
    assert GAME.decision(state).kind == "ability" and GAME.decision(state).seat == 0
    GAME.apply(state, "ability recycle")
    offered = {str(a.args[0]) for a in GAME.legal_actions(state)}
    assert offered == names - {"energy-generator", "water-system", "food-processor"} | (
        names & {"energy-generator", "water-system", "food-processor"}
    )
    choice = sorted(offered)[0]
    GAME.apply(state, f"recycle {choice}")
    GAME.apply(state, "put d1")
    assert cells(state)["d1"] == choice
    GAME.check_invariants(state)


def test_research_reorders_the_top_3_building_cards() -> None:
    state = started(9)
    give_ability(state, 0, "research")
    top3 = state.building_deck[:3]
    GAME.apply(state, "ability research")
    assert state.research == top3
    names = [CAT.cards[c].name for c in top3]
    chosen = [names[2], names[0], names[1]] if len(set(names)) == 3 else names
    GAME.apply(state, f"top {chosen[0]}")
    if len(set(names)) == 3:
        GAME.apply(state, f"top {chosen[1]}")
    assert [CAT.cards[c].name for c in state.building_deck[:3]] == chosen or len(set(names)) < 3
    assert sorted(state.building_deck[:3]) == sorted(top3) and state.deck_known == 3
    assert len(GAME.view(state, 1)["building_deck"]["known_top"]) == 3
    skip_windows(state)
    assert sorted(state.pool[:3]) == sorted(top3) and state.deck_known == 0


def test_use_reserves_protects_a_card_from_turning_for_one_round() -> None:
    state = started(10)
    no_catastrophes(state)
    lay(state, {"e1": "underground-lake", "e2": "human"})
    give_ability(state, 0, "use-reserves")
    GAME.apply(state, "ability use-reserves")
    assert {str(a.args[0]) for a in GAME.legal_actions(state)} == {"e1", "e2"}
    GAME.apply(state, "protect e2")
    finish_round(state)
    assert cells(state) == {"e1": "underground-lake~", "e2": "human"}  # the Human did not turn
    assert state.protected == -1  # the protection is over
    finish_round(state)
    assert cells(state) == {"e2": "human~"}


def test_restructure_moves_a_card_anywhere_keeping_its_state_and_paying_its_cost() -> None:
    state = started(11)
    lay(state, {"e1": "underground-lake", "e2": "human~", "d2": "water-system"})
    give_ability(state, 0, "restructure")
    GAME.apply(state, "ability restructure")
    assert {str(a.args[0]) for a in GAME.legal_actions(state)} == {"e1", "e2", "d2"}
    GAME.apply(state, "lift e2")
    GAME.apply(state, "put d3")
    assert cells(state) == {"e1": "underground-lake", "d3": "human~", "d2": "water-system"}
    GAME.check_invariants(state)


def test_restructure_of_a_mechanism_pays_its_building_cost() -> None:
    state = started(12)
    lay(state, {"e1": "underground-lake", "e2": "human", "d2": "water-system"})
    give_ability(state, 0, "restructure")
    state.workforce_spent = 1  # only 1 of the Human's 2 workforce left
    GAME.apply(state, "ability restructure")
    assert {str(a.args[0]) for a in GAME.legal_actions(state)} == {"e1", "e2"}
