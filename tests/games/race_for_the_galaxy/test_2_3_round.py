"""RESEARCH.md §2.3: choosing actions in secret, the phases that run, double Develop and Settle."""

from __future__ import annotations

from cardtable.core import Rng
from cardtable.games.race_for_the_galaxy.rules import EXPERT_PAIRS

from .position import give, kind, legal, select, table


def test_2_3_expert_game_offers_the_23_pairs() -> None:
    game, s = table(2)
    assert len(game.legal_actions(s)) == 23 == len(EXPERT_PAIRS)
    options = legal(game, s)
    assert "select develop develop2" in options and "select settle settle2" in options
    assert "select explore-5 explore-1-1" in options and "select consume-trade consume-x2" in options
    assert "select develop2 settle" not in options and "select settle2 produce" not in options


def test_2_3_three_and_four_players_choose_one_of_seven() -> None:
    for players in (3, 4):
        game, s = table(players)
        assert legal(game, s) == {
            f"select {a}"
            for a in (
                "explore-5",
                "explore-1-1",
                "develop",
                "settle",
                "consume-trade",
                "consume-x2",
                "produce",
            )
        }


def test_2_3_the_choice_is_secret_until_every_seat_has_chosen() -> None:
    game, s = table(2)
    before = game.clone(s)
    game.apply(s, "select develop settle")
    assert game.describe(before, game.legal_actions(before)[0], 1) == "has chosen its actions"
    view = game.view(s, 1)
    assert "actions" not in view["players"][0] and view["players"][0]["actions_chosen"] is True
    assert game.view(s, 0)["players"][0]["actions"] == ["Develop", "Settle"]
    sample = game.determinize(s, 1, Rng(3))
    assert game.view(sample, 1) == view
    game.apply(s, "select consume-x2 produce")
    assert game.view(s, 1)["players"][0]["actions"] == ["Develop", "Settle"]


def test_2_3_only_chosen_phases_run_in_order() -> None:
    game, s = table(2)
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    assert s.phase == "settle"
    assert s.phases == ["produce"]


def test_2_3_double_develop_two_phases_bonus_only_to_its_chooser_in_the_second() -> None:
    game, s = table(2)
    give(game, s, 0, hand=["investment-credits", "colony-ship", "gem-world", "rebel-miners"])
    give(game, s, 1, hand=["space-marines", "mining-robots", "comet-zone", "spice-world"])
    select(game, s, ("develop", "develop2"), ("develop", "produce"))
    assert s.phase == "develop"
    # Develop I: both get the bonus (-1); A places Investment Credits (cost 1) for free
    game.apply(s, "develop investment-credits")
    game.apply(s, "develop space-marines")  # cost 2 - 1: pays 1
    assert kind(game, s) == (1, "develop-pay")
    game.apply(s, "pay spice-world")
    assert s.phase == "develop2"
    assert s.players[0].tableau[-1] == "investment-credits"
    # Develop II: A has the bonus and Investment Credits now works: Colony Ship (2) costs 0
    assert "develop colony-ship" in legal(game, s)
    game.apply(s, "develop colony-ship")
    # B has no bonus in Develop II: Mining Robots costs 2, B holds 2 cards: cannot afford with 1 other
    assert "develop mining-robots" not in legal(game, s)
    game.apply(s, "develop none")
    assert s.players[0].hand == ["gem-world", "rebel-miners"]
    assert s.players[0].tableau[-1] == "colony-ship" and s.round == 2


def test_2_3_double_settle_military_from_tactics_resets_between_phases() -> None:
    game, s = table(2)
    give(
        game,
        s,
        0,
        hand=["rebel-outpost", "rebel-warrior-race"],
        tableau=["old-earth", "new-military-tactics"],
    )
    give(game, s, 1, hand=[])
    select(game, s, ("settle", "settle2"), ("consume-x2", "produce"))
    # Rebel Outpost (defence 5): Old Earth has no military, Tactics gives +3: not enough
    assert "settle rebel-outpost" not in legal(game, s)
    game.apply(s, "settle rebel-warrior-race")  # defence 3: Tactics +3
    game.apply(s, "settle none")
    assert "new-military-tactics" not in s.players[0].tableau
    assert s.players[0].temp_military == 0 or s.phase == "settle2"
    # Settle II: Rebel Warrior Race gives +1 now, Tactics is gone: 1 < 5
    assert s.phase == "settle2" and s.players[0].temp_military == 0
    assert "settle rebel-outpost" not in legal(game, s)


def test_2_3_action_cards_may_be_typed_in_any_order() -> None:
    game, _ = table(2)
    assert game.parse_action("select settle develop") == game.parse_action("select develop settle")
    assert str(game.parse_action("select produce consume-x2")) == "select consume-x2 produce"
