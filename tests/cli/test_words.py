"""Every move a person is offered reads in player language (hints.json `verbs`, shared by the web table
and the terminal): in every game and mode, no legal action is left in bare notation or reads "None"."""

from __future__ import annotations

import pytest

from cardtable.cli.words import help_of, in_words
from cardtable.core import Rng, make_game
from tests.conformance.harness import CASES, Case

ACTIONS_PER_GAME = 300
#: the games people play (the toy test game plays in bare notation on purpose: the terminal's tests of
#: typing notation use it)
PLAYED = [case for case in CASES if case.values[0].game != "toy"]


@pytest.mark.parametrize("case", PLAYED)
def test_every_legal_move_has_words(case: Case) -> None:
    game = make_game(case.game, dict(case.options))
    unworded: dict[str, str] = {}
    for seed in range(3):
        state = game.new_state(seed)
        rng = Rng(seed)
        for _ in range(ACTIONS_PER_GAME):
            if game.decision(state) is None:
                break
            legal = game.legal_actions(state)
            for action in legal:
                notation = str(action)
                words = in_words(game, notation, state)
                if words == notation or "None" in words or not words.strip():
                    unworded.setdefault(action.verb, f"{notation!r} reads {words!r}")
            game.apply(state, rng.choice(legal))
    assert not unworded, f"{case.game} ({case.mode}): moves without words: {unworded}"


def test_race_for_the_galaxy_moves_read_in_words_and_explain_themselves() -> None:
    game = make_game("race-for-the-galaxy", {"players": 2})
    state = game.new_state(3)
    first = game.legal_actions(state)[0]
    assert first.verb == "discard"
    card = game.card_faces()[str(first.args[0])]["name"]
    assert in_words(game, str(first), state) == f"Discard {card}"
    assert "keep 4" in help_of(game, str(first), state)


def test_a_move_with_several_cards_names_them_joined_as_its_hints_say() -> None:
    game = make_game("race-for-the-galaxy", {"players": 2})
    state = game.new_state(1)
    assert in_words(game, "select explore-5 consume-trade", state) == "Choose Explore +5 and Consume: Trade"
    assert in_words(game, "select produce", state) == "Choose Produce"
