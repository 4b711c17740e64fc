"""Rulebook "Content", "Set Up" and "Setup Layout for Three Players": the worked three-player set-up."""

from __future__ import annotations

import pytest

from cardtable.core import Action, IllegalAction

from .position import CAT, GAME, cells, play, skip_windows, stock_pool


def test_content_the_five_decks_hold_54_cards() -> None:
    state = GAME.new_state(1)
    assert len(state.building_deck) == 36
    assert {res: len(deck) for res, deck in state.natural_decks.items()} == {"energy": 3, "water": 3}
    assert len(state.catastrophe_deck) == 6
    assert [len(hand) for hand in state.abilities] == [2, 2, 2]
    kinds = [CAT.cards[c].kind for c in state.building_deck]
    assert {k: kinds.count(k) for k in set(kinds)} == {"human": 6, "animal": 6, "plant": 6, "mechanism": 18}
    GAME.check_invariants(state)


def test_every_deck_but_the_natural_decks_is_shuffled() -> None:
    first, second = GAME.new_state(1), GAME.new_state(2)
    assert first.building_deck != second.building_deck
    assert sorted(first.building_deck) == sorted(second.building_deck)
    assert (
        first.natural_decks
        == second.natural_decks
        == {
            "energy": CAT.ids("natural-energy"),
            "water": CAT.ids("natural-water"),
        }
    )
    decks = [(GAME.new_state(s).catastrophe_deck, GAME.new_state(s).abilities) for s in range(6)]
    assert len({str(d) for d in decks}) > 1


def test_each_player_draws_two_abilities_the_rest_is_discarded() -> None:
    state = GAME.new_state(4)
    dealt = [c for hand in state.abilities for c in hand]
    assert sorted(dealt) == sorted(CAT.ids("ability"))  # 3 players x 2: no ability is left over
    assert state.used_abilities == []


def test_ability_cards_are_visible_to_their_owner() -> None:
    state = GAME.new_state(4)
    view = GAME.view(state, 1)
    assert [c["id"] for c in view["abilities"][1]["cards"]] == state.abilities[1]
    assert view["abilities"][0] == {"count": 2, "cards": None}
    assert all(hand["cards"] is None for hand in GAME.view(state, None)["abilities"])


def test_the_players_choose_the_starting_natural_resource() -> None:
    state = GAME.new_state(5)
    decision = GAME.decision(state)
    assert decision is not None and (decision.seat, decision.kind) == (0, "start")
    assert GAME.legal_actions(state) == [Action("start", ("energy",)), Action("start", ("water",))]


@pytest.mark.parametrize("resource, natural", [("energy", "natural-energy"), ("water", "underground-lake")])
def test_the_human_is_placed_below_the_natural_resource(resource: str, natural: str) -> None:
    state = GAME.new_state(5)
    GAME.apply(state, f"start {resource}")
    assert cells(state) == {"e1": natural, "e2": "human"}
    # the Human comes from the main (building) deck; round 1's pool is drawn from it at once
    assert len(state.building_deck) + len(state.pool) == 35 and len(state.pool) == 6
    assert len(state.natural_decks[resource]) == 2
    GAME.check_invariants(state)


def test_worked_three_player_setup_and_first_round() -> None:
    """The set-up for three players, then a first round played through every step."""
    state = GAME.new_state(11)
    # the topmost Human goes to the board, the next six cards to round 1's pool
    pool = ["water-system", "plant", "animal", "food-processor", "human", "energy-generator"]
    stock_pool(state, ["human", *pool])
    GAME.apply(state, "start energy")
    assert state.round == 1 and GAME.decision(state).kind == "ability"  # a window before A's turn
    skip_windows(state)
    # step 1: six cards in the pool; step 2 skipped in round 1
    assert sorted(CAT.cards[c].name for c in state.pool) == sorted(
        ["water-system", "plant", "animal", "food-processor", "human", "energy-generator"]
    )
    assert state.catastrophe == -1 and len(state.catastrophe_deck) == 6
    # step 3: A, B, C in turn
    assert GAME.decision(state).seat == 0
    play(state, "place water-system d1")  # BUILD COST 2: the starting Human's workforce
    assert GAME.view(state, 0)["workforce"] == {"total": 2, "spent": 2, "left": 0}
    skip_windows(state)
    assert GAME.decision(state).seat == 1
    with pytest.raises(IllegalAction):
        GAME.apply(state, "place food-processor c1")  # no workforce left this round
    play(state, "place plant d2")
    skip_windows(state)
    assert GAME.decision(state).seat == 2
    play(state, "place animal e3")
    # step 4 discards the 3 unused pool cards; step 5 checks needs; no catastrophe in round 1
    skip_windows(state)
    assert state.round == 2
    assert sorted(CAT.cards[c].name for c in state.discard) == ["energy-generator", "food-processor", "human"]
    assert cells(state) == {
        "e1": "natural-energy~",  # natural resources turn at the end of every round
        "e2": "human",  # food from the Plant at d2, water from the Water System at d1
        "d1": "water-system",  # energy from e1
        "d2": "plant",  # water from d1, energy from e1
        "e3": "animal~",  # food from d2, but no water reaches e3: unstable
    }
    assert state.dead == []
    # round 2: the pool is drawn again, a catastrophe is revealed, seat B leads
    assert len(state.pool) == 6 and state.catastrophe >= 0 and state.leader == 1
