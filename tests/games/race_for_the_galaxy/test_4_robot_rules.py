"""The solitaire robot's rules beyond the worked examples (the seed's sections; RESEARCH.md §4.1-4.5)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cardtable.core import BadOption, CardDataError, Rng, make_game
from cardtable.core.carddata import convert_card_data
from cardtable.core.runner import play_match
from cardtable.games.race_for_the_galaxy import RobotGame
from cardtable.games.race_for_the_galaxy.cards import catalog
from cardtable.games.race_for_the_galaxy.robot import (
    ROBOT_FILE,
    RobotFile,
    breakdown,
    check_robot_data,
    place_dice,
)
from cardtable.players import AutomatonSeat, make_player

from .robot_position import (
    bot,
    deck_top,
    play_round,
    robot_hand,
    robot_lines,
    robot_start,
    robot_tableau,
    roll,
    solo_table,
)


# --- SPIELVORBEREITUNG -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "markers", "value"), [("easy", 1, 6), ("medium", 2, 6), ("hard", 3, 9)]
)
def test_setup_pool_hands_tracks_and_markers(difficulty: str, markers: int, value: int) -> None:
    game = RobotGame(solo="robot", difficulty=difficulty)
    s = game.new_state(5)
    r = bot(s)
    assert game.automata() == {1: "robot"} and game.seat_name(1) == "Robot"
    assert s.pool == 24
    assert len(r.hand) == 4 and len(s.players[0].hand) == 6  # the player keeps 4 of 6
    assert game.decision(s).kind == "initial-discard" and game.decision(s).seat == 0
    assert r.supply == markers and r.value == value and r.markers == 0
    start = game.robot.start(r.start)
    assert (r.credit, r.economy, r.tile) == (start.credit, start.economy, start.tile)
    assert r.tableau == [r.start] and r.start != s.players[0].start
    game.check_invariants(s)


def test_setup_start_world_tracks_of_the_seed() -> None:
    game = RobotGame(solo="robot")
    tracks = {w.key: (w.credit, w.economy) for w in game.robot.starts}
    # credit 1 and economy 0, but Ancient Race credit 0, Alpha Centauri and Galactic Scavengers credit 2;
    # Earth's Lost Colony and Epsilon Eridani economy 1
    exceptions = {
        "ancient-race": (0, 0),
        "alpha-centauri": (2, 0),
        "galactic-scavengers": (2, 0),
        "epsilon-eridani": (1, 1),
        "earths-lost-colony": (1, 1),
    }
    assert len(tracks) == 16
    assert tracks == {key: exceptions.get(key, (1, 0)) for key in tracks}


def test_options_difficulty_needs_solo_and_solo_needs_two_seats() -> None:
    with pytest.raises(BadOption, match="needs solo=robot"):
        make_game("race-for-the-galaxy", {"difficulty": "hard"})
    with pytest.raises(BadOption, match="one player against the robot"):
        make_game("race-for-the-galaxy", {"solo": "robot", "players": 3})


# --- Würfel in die Würfelreihe legen -----------------------------------------------------------------
def test_dice_robot_symbol_goes_to_the_field_of_the_robot_tile() -> None:
    assert place_dice(["explore", "robot"], "settle", ["develop", "produce"])[0] == ["explore-5", "settle"]
    assert place_dice(["settle", "robot"], "settle", ["develop", "produce"])[0] == ["settle", "settle2"]
    assert place_dice(["trade", "robot"], "trade", ["develop", "produce"])[0] == [
        "consume-trade",
        "consume-trade",
    ]


def test_dice_two_match_dice_lie_under_both_markers() -> None:
    assert place_dice(["match", "match"], "settle", ["explore-1-1", "consume-trade"])[0] == [
        "explore-1-1",
        "consume-trade",
    ]


def test_dice_match_goes_under_the_other_marker_when_the_rightmost_is_taken() -> None:
    fields, why = place_dice(["produce", "match"], "settle", ["develop", "produce"])
    assert fields == ["produce", "develop"] and "other marker" in why[1]


def test_dice_match_on_one_action_twice_takes_the_right_field_when_the_left_is_taken() -> None:
    assert place_dice(["develop", "match"], "settle", ["develop", "develop2"])[0] == ["develop", "develop2"]
    assert place_dice(["match", "settle"], "settle", ["settle", "settle2"])[0] == ["settle2", "settle"]


# --- Erkunden ----------------------------------------------------------------------------------------
def test_explore_action_with_dice_on_both_fields_draws_3_and_credit_once(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.credit, hand = 1, len(r.hand)
    roll(monkeypatch, "explore", "explore")
    lines = robot_lines(play_round(game, s, "consume-x2", "produce"))  # Reactions that touch neither
    assert "Robot, both Explore Actions: draws 3, credit +1." in lines
    assert len(r.hand) == hand + 3 and r.credit == 2


def test_explore_reaction_draws_one_even_for_both_explores(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    hand, credit = len(r.hand), r.credit
    roll(monkeypatch, "produce", "x2")
    lines = robot_lines(play_round(game, s, "explore-5", "explore-1-1"))
    assert "Robot, Explore Reaction: draws 1." in lines
    assert len(r.hand) == hand + 1 and r.credit == credit


# --- Entwickeln --------------------------------------------------------------------------------------
def test_develop_action_discards_a_6_cost_development_it_cannot_pay_and_searches_on(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.credit, r.supply, r.markers = 0, 2, 0
    robot_hand(s, ["gem-world", "mining-robots", "new-economy"])  # New Economy (cost 6) on top
    deck_top(s, ["comet-zone"])
    roll(monkeypatch, "develop", "produce")
    lines = robot_lines(play_round(game, s, "produce", "consume-x2"))
    develop = next(line for line in lines if line.startswith("Robot, Develop Action"))
    assert "turns over and discards Comet Zone, New Economy; places Mining Robots (cost 2), free" in develop
    assert "new-economy" in s.discard and r.tableau[-1] == "mining-robots"


def test_develop_action_pays_1_credit_for_a_6_cost_development(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.credit, r.supply = 1, 1
    robot_hand(s, ["new-economy"])
    deck_top(s, ["comet-zone"])
    roll(monkeypatch, "develop", "produce")
    play_round(game, s, "produce", "consume-x2")
    assert r.tableau[-1] == "new-economy" and r.supply == 1  # credit 1 < 2: no marker
    assert r.credit == 0  # it paid 1 for the 6-cost development


def test_develop_reaction_without_credit_passes(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.credit = 0
    hand = list(r.hand)
    roll(monkeypatch, "produce", "x2")
    lines = robot_lines(play_round(game, s, "develop", "produce"))
    assert "Robot, Develop Reaction: no credit, passes." in lines
    assert r.hand == hand


def test_develop_marker_stops_when_the_supply_is_empty(monkeypatch) -> None:
    game, s = solo_table("easy")
    r = bot(s)
    r.credit, r.supply, r.markers = 4, 0, 1
    robot_hand(s, ["mining-robots"])
    deck_top(s, ["comet-zone"])
    roll(monkeypatch, "develop", "produce")
    play_round(game, s, "produce", "consume-x2")
    assert r.markers == 1 and r.tableau[-1] == "mining-robots"


# --- Siedeln -----------------------------------------------------------------------------------------
def test_settle_military_start_worlds_search_military_worlds_and_react_without_credit(monkeypatch) -> None:
    game, s = solo_table(seed=2)
    if s.players[0].start == "new-sparta":
        game, s = solo_table(seed=3)
    robot_start(game, s, "new-sparta")
    r = bot(s)
    r.credit = 0
    robot_hand(s, [])
    # its Reaction draws 3 (New Sparta: more cards): a non-military world is passed over
    deck_top(s, ["rebel-miners", "gem-world", "space-marines"])
    roll(monkeypatch, "produce", "trade")
    lines = robot_lines(play_round(game, s, "settle", "consume-x2"))
    settle = next(line for line in lines if line.startswith("Robot, Settle Reaction"))
    assert "draws 3, turns over and discards Space Marines, Gem World; places Rebel Miners" in settle
    assert "(military world), free" in settle
    assert r.credit >= 0 and "rebel-miners" in r.tableau


def test_settle_alpha_centauri_action_draws_4(monkeypatch) -> None:
    game, s = solo_table(seed=2)
    if s.players[0].start == "alpha-centauri":
        game, s = solo_table(seed=3)
    robot_start(game, s, "alpha-centauri")
    r = bot(s)
    robot_hand(s, [])
    deck_top(s, ["gem-world", "space-marines", "mining-robots", "drop-ships"])
    roll(monkeypatch, "settle", "produce")
    lines = robot_lines(play_round(game, s, "develop", "consume-x2"))
    settle = next(line for line in lines if line.startswith("Robot, Settle Action"))
    assert settle.startswith(
        "Robot, Settle Action: Alpha Centauri draws 1 more; draws 4, turns over and discards Drop Ships, "
        "Mining Robots, "
    )
    assert r.tableau[-1] == "gem-world"


# --- Verbrauchen -------------------------------------------------------------------------------------
def test_consume_both_actions_double_vp_then_credit_and_economy(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.credit, r.economy, r.chips = 1, 3, 0
    pool = s.pool
    roll(monkeypatch, "trade", "x2")
    lines = robot_lines(play_round(game, s, "explore-5", "produce"))
    assert any(line.startswith("Robot, both Consume Actions: 6 VP") for line in lines)
    assert r.chips == 6 and (r.credit, r.economy) == (3, 4)
    assert s.pool <= pool - 6


def test_consume_x2_action_and_tracks_stop_at_their_maximum(monkeypatch) -> None:
    game, s = solo_table()
    r = bot(s)
    r.economy, r.chips = 5, 0
    roll(monkeypatch, "x2", "produce")
    play_round(game, s, "develop", "settle")
    assert r.chips == 10 and r.economy == 5  # 2 x 5 VP; economy 5 + 1 + 1 stops at 5


def test_old_earth_swaps_its_robot_tile_after_its_first_trade_action(monkeypatch) -> None:
    game, s = solo_table(seed=2)
    if s.players[0].start == "old-earth":
        game, s = solo_table(seed=3)
    robot_start(game, s, "old-earth")
    r = bot(s)
    assert r.tile == "trade"
    roll(monkeypatch, "robot", "produce")
    lines = robot_lines(play_round(game, s, "develop", "settle"))
    assert r.fields[0] == "consume-trade"
    assert "Robot: after its first Consume: Trade Action, its tile shows Consume: 2x VP." in lines
    assert r.tile == "x2" and r.swapped
    roll(monkeypatch, "robot", "produce")
    play_round(game, s, "develop", "settle")
    assert r.fields[0] == "consume-x2"


# --- RUNDENENDE UND SPIELENDE ------------------------------------------------------------------------
def test_end_after_the_round_the_robot_has_12_cards_markers_included(monkeypatch) -> None:
    game, s = solo_table("hard")
    r = bot(s)
    worlds = ["gem-world", "comet-zone", "spice-world", "new-vinland", "asteroid-belt", "space-port"]
    robot_tableau(s, [*worlds, "galactic-engineers", "artist-colony", "secluded-world"])  # 10 cards
    r.markers, r.supply, r.credit = 1, 2, 0
    game.check_invariants(s)
    roll(monkeypatch, "produce", "x2")
    play_round(game, s, "explore-5", "produce")
    assert not s.ended  # 10 cards and a marker: 11
    r.credit = 2
    roll(monkeypatch, "develop", "x2")
    play_round(game, s, "explore-5", "produce")  # a second marker: 12
    assert s.ended and r.markers == 2
    assert "The game ends after round 2: a tableau has 12 cards." in s.log


def test_score_markers_and_6_cost_cards_count_the_difficulty_value() -> None:
    game, s = solo_table("hard")
    r = bot(s)
    robot_tableau(s, ["new-economy", "gem-world"])
    r.markers, r.supply, r.chips = 2, 1, 4
    printed = game.catalog[r.start].vp + 1  # Gem World: 1 VP
    assert breakdown(game.catalog, r) == {
        "chips": 4,
        "cards": printed,
        "six_cost": 27,
        "prestige": 0,
        "total": 31 + printed,
    }


@pytest.mark.parametrize(("robot_more", "winner"), [(1, 1), (0, None), (-1, 0)])
def test_tie_break_robot_credit_and_economy_against_hand_and_goods(
    robot_more: int, winner: int | None
) -> None:
    game, s = solo_table()
    r = bot(s)
    p = s.players[0]
    s.ended, s.ending = True, "pool"
    mine, its = game.scores(s)
    if mine > its:
        r.chips += mine - its
    else:
        p.chips += its - mine
    assert game.scores(s)[0] == game.scores(s)[1]
    total = len(p.hand) + len(p.goods) + robot_more
    r.credit, r.economy = min(4, total), total - min(4, total)
    result = game.result(s)
    assert result.draw == (winner is None)
    assert result.winners == (() if winner is None else (winner,))


# --- the data file -----------------------------------------------------------------------------------
def _data(edit) -> RobotFile:  # type: ignore[no-untyped-def]
    raw = tomllib.loads(Path(ROBOT_FILE).read_text(encoding="utf-8"))
    edit(raw)
    return check_robot_data(convert_card_data(raw, RobotFile, "robot.toml"), catalog(), "robot.toml")


def test_data_every_value_not_in_the_seed_is_flagged_with_its_reason() -> None:
    data = _data(lambda raw: None)
    assert all(die.reconstructed.get("faces") for die in data.dice)
    flagged = {w.key: set(w.reconstructed) for w in data.starts}
    assert flagged["old-earth"] == set()  # its tile ($, then x2) is stated by the seed
    assert {"tile"} <= flagged["epsilon-eridani"] and {"tile", "settle_action_draw"} <= flagged[
        "alpha-centauri"
    ]
    assert {"tile", "settle_action_draw", "settle_reaction_draw"} <= flagged["new-sparta"]
    assert flagged["earths-lost-colony"] == {"tile"}


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda raw: raw["die"][0]["faces"].__setitem__(0, "robot"), "the robot symbol is on one die, twice"),
        (lambda raw: raw["die"][0]["faces"].__setitem__(0, "takeover"), "unknown face 'takeover'"),
        (lambda raw: raw["die"][0]["faces"].__setitem__(5, "produce"), "both dice can show match"),
        (lambda raw: raw["die"][1]["faces"].pop(), "die B needs 6 faces"),
        (lambda raw: raw["start"].pop(), "one entry per start world"),
        (lambda raw: raw["start"][1]["reconstructed"].__setitem__("colour", "x"), "no field"),
        (lambda raw: raw["start"][1]["reconstructed"].__setitem__("tile", " "), "needs its reason"),
        (lambda raw: raw["start"][1].__setitem__("tile", "match"), "robot tile shows an action symbol"),
        (lambda raw: raw["difficulty"].pop("hard"), "difficulty needs exactly"),
        (lambda raw: raw["start"][0].__setitem__("credit", 5), "credit and economy must lie on their tracks"),
    ],
)
def test_data_faults_are_named(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CardDataError, match=message):
        _data(edit)


# --- hidden information and the players --------------------------------------------------------------
def test_nobody_sees_the_robots_hand_and_samples_resample_it() -> None:
    game, s = solo_table()
    r = bot(s)
    for seat in (0, 1, None):
        assert "hand" not in game.view(s, seat)["robot"]
        assert game.view(s, seat)["robot"]["hand_size"] == len(r.hand)
    samples = [bot(game.determinize(s, 0, Rng(seed))).hand for seed in range(6)]
    assert any(sample != r.hand for sample in samples)


@pytest.mark.parametrize("kind", ["heuristic", "ismcts:4"])
def test_the_bots_play_the_players_seat_to_the_end(kind: str) -> None:
    game = make_game("race-for-the-galaxy", {"solo": "robot", "difficulty": "easy"})
    match = play_match(game, [make_player(kind, 3), AutomatonSeat("robot")], 3)
    result = game.result(match.state)
    assert result is not None and len(result.scores) == 2
    assert result.details["vp_Robot"] > 0
