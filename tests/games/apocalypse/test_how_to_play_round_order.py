"""Rulebook "How To Play - Round Order": the seven steps of each of the seven rounds."""

from __future__ import annotations

from cardtable.core import Action, Line, text_of

from .position import (
    CAT,
    GAME,
    cells,
    finish_round,
    lay,
    no_catastrophes,
    play,
    skip_windows,
    stack_catastrophes,
    started,
)


def test_step_1_six_cards_in_the_pool_every_round() -> None:
    state = started(2)
    for _ in range(4):
        skip_windows(state)
        assert len(state.pool) == 6
        finish_round(state)


def test_step_2_a_catastrophe_from_the_second_round_only() -> None:
    state = started(3)
    skip_windows(state)
    assert state.catastrophe == -1
    finish_round(state)
    assert state.round == 2 and state.catastrophe >= 0 and len(state.catastrophe_deck) == 5


def test_step_3_each_player_places_moves_or_passes_once_leader_rotates() -> None:
    state = started(4)
    stack_catastrophes(state, ["earthquake"])  # round 2 has turns (no Volcanic Eruption)
    lay(state, {"e1": "underground-lake", "e2": "human", "d2": "plant"})
    seen = []
    for _ in range(2):
        for _turn in range(3):
            skip_windows(state)
            decision = GAME.decision(state)
            assert decision.kind == "turn"
            assert {a.verb for a in GAME.legal_actions(state)} == {"place", "move", "pass"}
            seen.append(decision.seat)
            GAME.apply(state, "pass")
        finish_round(state)
    assert seen == [0, 1, 2, 1, 2, 0]  # round 2 is led by seat B


def test_step_4_unused_pool_cards_are_discarded() -> None:
    state = started(5)
    skip_windows(state)
    pool = list(state.pool)
    placed = next(
        a for a in GAME.legal_actions(state) if a.verb == "place" and a.args[0] != "energy-generator"
    )
    play(state, str(placed), "pass", "pass")
    skip_windows(state)  # to round 2
    assert len(state.discard) == 5 and set(state.discard) < set(pool)


def test_step_5_needs_are_checked_after_the_turns() -> None:
    state = started(6)
    skip_windows(state)
    lay(state, {"e1": "underground-lake", "e2": "human"})
    play(state, "pass", "pass", "pass")
    skip_windows(state)
    assert cells(state)["e2"] == "human~"  # no food: turned at step 5


def test_step_6_the_catastrophe_acts_last_after_the_needs_check() -> None:
    """A Malfunction's new natural resource arrives after the needs check: it has not turned yet."""
    state = started(7)
    stack_catastrophes(state, ["malfunction"])
    lay(state, {"d1": "energy-generator", "e1": "water-system", "e2": "human"})
    finish_round(state)  # round 1
    assert state.round == 2 and CAT.cards[state.catastrophe].name == "malfunction"
    play(state, "pass", "pass", "pass")
    skip_windows(state)
    assert GAME.decision(state).kind == "malfunction"
    GAME.apply(state, "malfunction d1")
    assert cells(state)["d1"] == "natural-energy"  # upright: natural resources turned at step 5


def test_step_7_the_game_ends_after_the_seventh_round() -> None:
    state = started(8)
    while GAME.decision(state) is not None:
        finish_round(state)  # (a round with a Volcanic Eruption may need no decision at all)
    openings = [line for line in GAME.narration(state, None) if isinstance(line, Line) and line.round]
    assert state.round == 7 and [(line.round, line.text, line.body) for line in openings] == [
        (r, f"Round {r}, led by {{{'ABC'[(r - 1) % 3]}}}.", f"Led by {{{'ABC'[(r - 1) % 3]}}}.")
        for r in range(1, 8)
    ]
    assert GAME.decision(state) is None and GAME.legal_actions(state) == []
    result = GAME.result(state)
    assert result is not None and result.details["points"] == state.points


def test_an_empty_building_deck_is_refilled_from_the_discard_pile() -> None:
    state = started(9)
    no_catastrophes(state)
    for _ in range(6):
        finish_round(state)
    # 35 cards after set-up; 5 rounds x 6 = 30, round 6 drew the last 5 and one from the shuffled discards
    assert state.round == 7 and len(state.pool) == 6
    assert any("discard pile is shuffled" in line for line in map(text_of, state.log))
    assert all(CAT.cards[c].deck == "building" for c in state.building_deck)


def test_pass_is_always_possible_in_a_turn() -> None:
    state = started(10)
    skip_windows(state)
    assert GAME.legal_actions(state)[-1] == Action("pass")
