"""The seed rulebook's worked examples of the solitaire robot (RESEARCH.md §4.3), every step they state.

Sections of the seed: "Würfel in die Würfelreihe legen" (dice a and b), "Entwickeln" (develop 1 and
2), "Siedeln" (settle 1 and 2), "Verbrauchen" (consume 1 and 2), "Produzieren" (produce).
"""

from __future__ import annotations

import pytest

from cardtable.games.race_for_the_galaxy.robot import place_dice

from .robot_position import bot, deck_top, play_round, robot_hand, robot_lines, robot_start, roll, solo_table


# --- Würfel in die Würfelreihe legen -----------------------------------------------------------------
def test_dice_example_a_develop_left_and_match_under_the_rightmost_marker(monkeypatch) -> None:
    # the player chose Consume: 2x VP and Produce; the robot rolled Develop and match
    fields, why = place_dice(["develop", "match"], "settle", ["consume-x2", "produce"])
    assert fields == ["develop", "produce"]  # Develop on the left Develop field, match under Produce
    assert "left field" in why[0] and "rightmost" in why[1]
    game, s = solo_table()
    roll(monkeypatch, "develop", "match")
    lines = play_round(game, s, "consume-x2", "produce")
    assert bot(s).fields == ["develop", "produce"]
    assert "Robot's dice: Develop on Develop (left)" in lines[2] and "Match on Produce" in lines[2]


def test_dice_example_b_match_goes_to_the_left_explore_field(monkeypatch) -> None:
    # the player chose both Explores; the robot rolled Produce and match
    fields, _ = place_dice(["produce", "match"], "settle", ["explore-5", "explore-1-1"])
    assert fields == ["produce", "explore-5"]
    game, s = solo_table()
    roll(monkeypatch, "produce", "match")
    lines = play_round(game, s, "explore-5", "explore-1-1")
    assert bot(s).fields == ["produce", "explore-5"]
    assert any(line.startswith("Robot, Explore Action: draws 1") for line in lines)


# --- Entwickeln --------------------------------------------------------------------------------------
def test_develop_example_1_draws_then_places_the_second_card_turned_over(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.credit, r.supply = 1, 2
    robot_hand(s, ["gem-world", "drop-ships"])  # 2 cards; Drop Ships (cost 4) on top
    deck_top(s, ["comet-zone"])  # the card it draws: a world
    roll(monkeypatch, "develop", "produce")
    lines = robot_lines(play_round(game, s, "develop", "consume-trade"))
    develop = next(line for line in lines if line.startswith("Robot, Develop Action"))
    # it draws 1, turns over Comet Zone (discarded), then Drop Ships, cost under 6: placed for free
    assert "draws 1, turns over and discards Comet Zone; places Drop Ships (cost 4), free" in develop
    assert "comet-zone" in s.discard
    assert r.tableau[-1] == "drop-ships"
    assert r.credit == 1 and r.hand == ["gem-world"]  # credit 1 and 1 card left, as the seed says


def test_develop_example_2_marker_in_the_action_search_in_the_reaction(monkeypatch) -> None:
    game, s = solo_table("medium")
    r = bot(s)
    r.credit, r.supply, r.markers = 4, 2, 0
    robot_hand(s, ["spice-world", "gem-world", "mining-robots", "new-vinland", "comet-zone"])
    roll(monkeypatch, "match", "produce")
    lines = play_round(game, s, "develop", "develop2")
    assert r.fields[0] == "develop"  # match: both markers on Develop, so the left field
    ours = robot_lines(lines)
    action = next(line for line in ours if line.startswith("Robot, Develop Action"))
    reaction = next(line for line in ours if line.startswith("Robot, Develop Reaction"))
    assert ours.index(action) < ours.index(reaction)
    # Develop I (its Action): a marker, credit 4 - 2 = 2, and nothing more (no search)
    assert action == "Robot, Develop Action: places a 6-cost marker worth 6 VP and pays 2 credit."
    # Develop II (its Reaction): a marker would cost 3, so it searches; the 3rd card is a cost-2 development
    assert (
        "turns over and discards Comet Zone, New Vinland; places Mining Robots (cost 2), pays 1 credit"
        in (reaction)
    )
    assert r.markers == 1 and r.supply == 1
    assert r.tableau[-1] == "mining-robots"
    assert r.credit == 1 and len(r.hand) == 2  # credit 1 and 2 cards, as the seed says


# --- Siedeln -----------------------------------------------------------------------------------------
def test_settle_example_1_reaction_without_credit_passes(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    robot_start(game, s, "earths-lost-colony")  # a start world whose Settle is the board's
    r.credit = 0
    hand, tableau = list(r.hand), list(r.tableau)
    roll(monkeypatch, "produce", "trade")  # two other actions
    lines = robot_lines(play_round(game, s, "settle", "produce"))
    assert "Robot, Settle Reaction: no credit, passes." in lines
    assert r.hand == hand and r.tableau == tableau


@pytest.mark.parametrize("found", [False, True])
def test_settle_example_2_action_then_reaction(monkeypatch, found: bool) -> None:
    game, s = solo_table()
    r = bot(s)
    robot_start(game, s, "earths-lost-colony")
    r.credit = 2
    robot_hand(s, ["mining-robots", "gem-world"])  # 2 cards; Gem World (non-military) second from top
    # Settle I draws 3; Settle II draws 2 more, with `found` the second of them a non-military world
    second = "spice-world" if found else "genetics-lab"
    deck_top(s, ["drop-ships", "rebel-miners", "space-marines", second, "outlaw-world"])
    roll(monkeypatch, "match", "produce")
    lines = robot_lines(play_round(game, s, "settle", "settle2"))
    assert r.fields[0] == "settle"
    action = next(line for line in lines if line.startswith("Robot, Settle Action"))
    reaction = next(line for line in lines if line.startswith("Robot, Settle Reaction"))
    # Settle I: draws 3, the 4th card turned over is a non-military world, placed for free
    assert (
        "draws 3, turns over and discards Space Marines, Rebel Miners, Drop Ships; places Gem World" in action
    )
    assert action.endswith("free.") and r.credit >= 1  # the Action paid nothing
    assert "gem-world" in r.tableau
    # Settle II (its Reaction, credit 2 > 0): draws 2 onto its pile of 1 and searches 3 cards
    assert reaction.startswith("Robot, Settle Reaction: draws 2, turns over and discards Outlaw World")
    if found:
        assert "places Spice World (non-military world), pays 1 credit" in reaction
        assert r.tableau[-1] == "spice-world" and r.credit == 1 and r.hand == ["mining-robots"]
    else:
        assert "finds no non-military world" in reaction
        assert r.credit == 2 and r.hand == []  # its pile ran out: it passes and keeps credit 2


# --- Verbrauchen -------------------------------------------------------------------------------------
def test_consume_example_1_trade_action_and_no_reaction(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.credit, r.economy, r.chips = 3, 1, 0
    roll(monkeypatch, "trade", "produce")
    lines = robot_lines(play_round(game, s, "consume-x2", "explore-5"))
    consume = [line for line in lines if line.startswith("Robot, Consume")]
    assert consume == ["Robot, Consume: Trade Action: credit +2, 1 VP."]  # 3 + 2 stops at 4; no Reaction
    assert r.chips == 1 and r.credit == 4


def test_consume_example_2_reaction_scores_economy_once(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.economy, r.chips = 3, 0
    roll(monkeypatch, "produce", "produce")
    lines = robot_lines(play_round(game, s, "consume-trade", "consume-x2"))
    assert next(line for line in lines if line.startswith("Robot, Consume")).startswith(
        "Robot, Consume Reaction: 3 VP."
    )
    assert r.chips == 3  # once, though the player chose both Consumes


# --- Produzieren -------------------------------------------------------------------------------------
def test_produce_example_action_reaction_and_both(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.economy = 0
    roll(monkeypatch, "produce", "trade")  # the robot rolls Produce: economy 0 -> 1
    lines = robot_lines(play_round(game, s, "develop", "settle"))
    assert "Robot, Produce Action: economy +1." in lines
    assert r.economy == 1
    roll(monkeypatch, "develop", "settle")  # later the player alone chooses Produce: the robot passes
    lines = robot_lines(play_round(game, s, "produce", "explore-5"))
    assert "Robot, Produce Reaction: passes." in lines
    assert r.economy == 1
    r.economy = 2
    roll(monkeypatch, "produce", "settle")  # later both choose Produce, economy 2 -> 3
    play_round(game, s, "produce", "develop")
    assert r.economy == 3
