"""3.1 The Abyss: three Better Leadership/Shown Strength cards per deck, doom 0, leaders at tier 0."""

import pytest

from cardtable.core import make_game
from cardtable.games.biosphere5 import Biosphere5
from cardtable.games.biosphere5.abyss import AbyssGame


@pytest.mark.parametrize("players", [2, 3, 4])
def test_3_1_every_deck_has_28_cards_with_three_better_leadership(players):
    game = make_game("biosphere5", dict(abyss=True, players=players))
    assert isinstance(game, AbyssGame)
    state = game.new_state(5)
    better = game.cards.index["better-leadership"]
    for board in state.boards:
        cards = board.hand + board.pile + board.faceup + board.discard + board.achievements
        assert len(cards) == 28 and cards.count(better) == 3
    assert state.abyss.doom == [0] * players
    assert state.abyss.tiers == [[0, 0, 0, 0]] * players


def test_3_1_the_basic_game_is_unchanged_without_the_option():
    game = make_game("biosphere5", dict(players=2))
    assert type(game) is Biosphere5
    state = game.new_state(5)
    assert state.abyss is None and len(state.boards[0].pile) + 3 == 25


def test_3_1_views_show_doom_and_leaders_to_everyone():
    game = make_game("biosphere5", dict(abyss=True))
    state = game.new_state(2)
    view = game.view(state, None)
    assert view["doom"] == [0, 0]
    assert view["leaders"][1] == {"strategist": 0, "commander": 0, "fighter": 0, "believer": 0}
    assert "doom 0/8" in game.render(game.view(state, 0), 0)
