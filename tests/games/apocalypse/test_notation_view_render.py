"""Notation, views and rendering: what the seats see, and the board drawn with coordinates."""

from __future__ import annotations

import json

from cardtable.core import Action, Rng, text_of

from .position import CAT, GAME, give_ability, lay, skip_windows, started


def test_every_action_round_trips_through_its_text() -> None:
    space = GAME.action_space()
    assert len(space) == len(set(space))
    assert all(Action.parse(str(a)) == a for a in space)
    assert Action.parse("place plant d2") == Action("place", ("plant", "d2"))
    assert Action.parse("move b3 c3") in space and Action.parse("ability recycle") in space


def test_legal_actions_are_in_the_action_space() -> None:
    state = started(2)
    skip_windows(state)
    assert set(GAME.legal_actions(state)) <= set(GAME.action_space())


def test_the_view_hides_deck_order_and_the_other_seats_abilities() -> None:
    state = started(3)
    text = json.dumps(GAME.view(state, 0))
    assert "building_deck" in text and str(state.building_deck) not in text
    view = GAME.view(state, 0)
    assert view["building_deck"] == {"size": 29, "known_top": []}  # round 1's pool is drawn
    assert view["catastrophe_deck"] == {"size": 6, "known_top": None}
    assert view["abilities"][1]["cards"] is None and view["abilities"][0]["cards"] is not None


def test_determinize_keeps_what_the_seat_knows() -> None:
    state = started(4)
    give_ability(state, 0, "research")
    GAME.apply(state, "ability research")
    known = state.building_deck[:3]
    sample = GAME.determinize(state, 0, Rng(9))
    assert sample.building_deck[:3] == known and sample.building_deck != state.building_deck
    assert sample.abilities[0] == state.abilities[0]
    assert sorted(sample.abilities[1] + sample.abilities[2]) == sorted(
        state.abilities[1] + state.abilities[2]
    )


def test_render_draws_the_grid_with_coordinates() -> None:
    state = started(5)
    lay(state, {"e1": "underground-lake", "e2": "human~", "d2": "plant"})
    text = GAME.render(GAME.view(state, 1), 1)
    lines = text.splitlines()
    assert any(line.split() == list("abcdefghi") for line in lines)
    row2 = next(line for line in lines if line.startswith("  2  "))
    assert "Pla" in row2 and "Humv" in row2
    assert "endangered below" in text and "seat B (you)" in text
    assert CAT.design("human").title


def test_every_move_is_read_face_up_and_its_consequences_are_narrated() -> None:
    """Nothing is played face down: every viewer reads every move in notation, but a pass in an ability
    window, which tells nobody anything. The narration is the game's log, the same for everyone and
    part of every view, and tells in words what each move caused (a round's leader, the pool, the
    discarded pool cards, turned and lost cards)."""
    state = started(6)
    chooser = Rng(6)
    while (decision := GAME.decision(state)) is not None:
        action = chooser.choice(GAME.legal_actions(state))
        window_pass = decision.kind == "ability" and action == Action("pass")
        for viewer in (None, 0, 1, 2):
            text = GAME.describe(state, action, viewer)
            assert text == (None if window_pass else str(action))
        GAME.apply(state, action)
        lines = GAME.narration(state, None)
        texts = [text_of(line) for line in lines]
        assert all(
            GAME.narration(state, v) == lines and GAME.view(state, v)["log"] == texts for v in (0, 1, 2)
        )
    told = "\n".join(text_of(line) for line in GAME.narration(state, None))
    # every line opens with a capital (these three opened in lower case before issue 27)
    for words in ("Round 2, led by {B}", "Card pool: ", "Unused pool cards discarded: ", " points"):
        assert words in told


def test_the_narration_says_who_placed_a_card() -> None:
    """Every card put on the board is narrated with the seat that put it (its mark, named at the table):
    '{B} places the Plant at d2', as a move and as an ability's or the catastrophe's placement."""
    state = started(6)
    chooser = Rng(6)
    placed = 0
    while (decision := GAME.decision(state)) is not None:
        action = chooser.choice(GAME.legal_actions(state))
        before = len(state.log)
        GAME.apply(state, action)
        if action.verb not in ("place", "put"):
            continue
        cell = str(action.args[-1])
        told = [line for line in map(text_of, state.log[before:]) if f" at {cell}" in line]
        assert told and told[0].startswith(f"{{{'ABCDE'[decision.seat]}}} places the "), state.log[before:]
        placed += 1
    assert placed > 5
    assert not any(" placed at " in line for line in map(text_of, state.log))
