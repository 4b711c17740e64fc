"""Rulebook "Ability Cards": each once per game, usable at any point (decision windows)."""

from __future__ import annotations

from cardtable.core import Action, Rng

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
    to_window,
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
    # a Food Processor keeps the shelter from emptying; a Malfunction finds no target: no decision
    lay(state, {"e1": "underground-lake", "e2": "human", "d1": "food-processor"})
    stack_catastrophes(state, ["malfunction"])
    window = ["ability"] * 3  # every seat holds abilities: each may use one or pass
    turns = [*window, "turn"] * 3
    # round 1: before each turn, before the needs check (no catastrophe); the pool is drawn at once
    assert kinds_of_round(state) == turns + window
    # round 2: before each turn, before the needs check, before the catastrophe
    assert kinds_of_round(state) == turns + window + window


def only_abilities(state, held: dict[int, list[str]]) -> None:
    """Leave the seats exactly these unused abilities (the others count as used)."""
    for seat in range(3):
        state.used_abilities += state.abilities[seat]
        state.abilities[seat] = []
    for seat, names in held.items():
        for name in names:
            card = next(c for c in state.used_abilities if CAT.cards[c].name == name)
            state.used_abilities.remove(card)
            state.abilities[seat].append(card)
    GAME.check_invariants(state)


def test_ability_cards_no_window_opens_when_no_unused_ability_can_be_used_now() -> None:
    """'You can use an Ability Card at any point in the game': a window is a moment at which an
    unused ability could make a difference. Use Reserves protects until the round ends and cards
    turn only at the needs check (or beside a new Radioactive Waste): when it is the only unused
    ability, nobody is asked before the turns, and its holder alone before the needs check."""
    state = started(1)
    no_catastrophes(state)
    only_abilities(state, {1: ["use-reserves"]})
    GAME.apply(state, "pass")  # leave the round-1 window: from now on the rule applies to every window
    kinds = kinds_of_round(state)
    assert kinds == ["turn", "turn", "turn", "ability"]  # A passed; the turns, then B before step 5
    assert all(d == "turn" for d in kinds_of_round(state)[:3])


def test_ability_cards_whether_a_window_opens_is_public() -> None:
    """The seats asked depend only on which abilities are still unused (public), never on who holds
    them: a seat holding only Use Reserves is still asked before a turn while Teraform is unused."""
    state = started(2)
    only_abilities(state, {0: ["use-reserves"], 1: ["teraform"]})
    decision = GAME.decision(state)
    assert (decision.seat, decision.kind) == (0, "ability")
    assert GAME.legal_actions(state) == [Action("pass")]  # A may use nothing now; only A knows it
    for seat in range(3):
        assert GAME.decision(GAME.determinize(state, seat, Rng(3))) == decision


def test_ability_cards_a_pass_in_a_window_reads_as_no_line() -> None:
    state = started(3)
    assert GAME.decision(state).kind == "ability"
    for viewer in (None, 0, 1, 2):
        assert GAME.describe(state, Action("pass"), viewer) is None
    skip_windows(state)
    assert GAME.decision(state).kind == "turn"
    assert all(GAME.describe(state, Action("pass"), v) == "pass" for v in (None, 0, 1, 2))


def test_ability_cards_research_and_weather_report_at_the_first_window_of_a_round() -> None:
    """What they show stays the same all round: offered when it is worth most, first thing."""
    state = started(4)
    give_ability(state, 0, "research")
    give_ability(state, 1, "weather-report")
    assert Action("ability", ("research",)) in GAME.legal_actions(state)
    GAME.apply(state, "pass")
    assert Action("ability", ("weather-report",)) in GAME.legal_actions(state)
    skip_windows(state)
    play(state, "pass")
    while GAME.decision(state).kind == "ability":
        assert not {"research", "weather-report"} & {
            str(a.args[0]) for a in GAME.legal_actions(state) if a.verb == "ability"
        }
        GAME.apply(state, "pass")


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


def test_research_shows_the_top_3_building_cards_to_everyone() -> None:
    """'Look at the top 3 cards of the Building Deck, and put them back in the deck, however you
    want': the next pool draws all three, so their order cannot matter and nobody is asked (D16)."""
    state = started(9)
    give_ability(state, 0, "research")
    top3 = state.building_deck[:3]
    GAME.apply(state, "ability research")
    assert state.building_deck[:3] == top3 and state.deck_known == 3
    assert GAME.decision(state).kind == "ability" and GAME.decision(state).seat == 0
    for seat in (None, 0, 1, 2):
        known = GAME.view(state, seat)["building_deck"]["known_top"]
        assert [c["id"] for c in known] == top3
    finish_round(state)
    assert state.pool[:3] == top3 and state.deck_known == 0


def test_use_reserves_protects_a_card_from_turning_for_one_round() -> None:
    state = started(10)
    no_catastrophes(state)
    lay(state, {"e1": "underground-lake", "e2": "human"})
    give_ability(state, 0, "use-reserves")
    to_window(state, "needs")
    while GAME.decision(state).seat != 0:
        GAME.apply(state, "pass")
    GAME.apply(state, "ability use-reserves")
    assert {str(a.args[0]) for a in GAME.legal_actions(state)} == {"e1", "e2"}
    GAME.apply(state, "protect e2")
    finish_round(state)
    assert cells(state) == {"e1": "underground-lake~", "e2": "human"}  # the Human did not turn
    assert state.protected == -1  # the protection is over
    assert "The Human is no longer protected." in GAME.narration(state, None)  # a line is a sentence
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
