"""3.5.4 True Believer: Glimmer of Hope, Without Hesitation, Finally true."""

from .abyss_position import abyss_position, doom, show_strength
from .position import legal

BL = "better-leadership"


def _show(tier, players=2, **kwargs):
    game, state = abyss_position(players, hands={0: [BL]}, tiers={0: {"believer": tier}}, **kwargs)
    return game, state


def test_3_5_4_glimmer_of_hope_lowers_doom_by_one():
    game, state = _show(1, doom={0: 3})
    show_strength(game, state, "glimmer-of-hope")  # the only ability: no choice
    assert doom(state) == [2, 0]
    assert not state.abyss.third


def test_3_5_4_without_hesitation_sets_doom_to_4_and_raises_the_others():
    game, state = _show(2, players=3, doom={0: 7, 1: 2, 2: 0}, order=[0, 1, 2])
    show_strength(game, state, "without-hesitation")
    assert doom(state) == [4, 3, 1]


def test_3_5_4_without_hesitation_can_raise_your_doom_to_4():
    game, state = _show(2, doom={0: 1})
    show_strength(game, state, "without-hesitation")
    assert doom(state) == [4, 1]


def test_3_5_4_finally_true_raises_one_players_doom_by_two():
    game, state = _show(3, players=3, order=[0, 1, 2])
    show_strength(game, state, "finally-true")
    assert legal(game, state) == {"target 1", "target 2"}
    game.apply(state, "target 1")
    assert doom(state) == [0, 2, 0]


def test_3_5_4_several_players_may_reach_doom_8_at_once():
    game, state = _show(2, players=3, doom={1: 7, 2: 7}, order=[0, 1, 2])
    show_strength(game, state, "without-hesitation")
    assert state.over and state.winners == [0]
