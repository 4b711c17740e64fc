"""The solo player (RULES.md "Is the virtual player beatable?"): the `heuristic` of the solo game
knows the virtual player's rules (solo rules, Action phase: its claims, its three attacks, passing
stops both) and reads only what the person sees."""

import tomllib
from pathlib import Path

import cardtable.games.fifty_first_state as game_package
from cardtable.core import Rng
from cardtable.games.fifty_first_state import FiftyFirstState
from cardtable.games.fifty_first_state.heuristic import HeuristicPlayer, evaluate
from cardtable.games.fifty_first_state.solo_player import SoloPlayer
from cardtable.games.fifty_first_state.solo_worth import attack_loss, likely_target, threat, virtual_score
from cardtable.games.fifty_first_state.state import Site
from cardtable.players import IsmctsPlayer, is_player_kind
from cardtable.report.data import wilson

from .conftest import SoloTable, Table


def test_each_face_up_connection_card_is_2_vp_of_threat() -> None:
    t = SoloTable()
    t.sites(0)  # no location: the attacks cannot hit
    t.up(blue="merchants", red="thugs")
    assert threat(t.cat, t.s) == 4.0
    t.up(blue="merchants")
    assert threat(t.cat, t.s) == 2.0


def test_passing_stops_the_threat() -> None:
    t = SoloTable()
    t.up(blue="merchants", red="thugs")
    t.you.passed = True  # once you pass you cannot be attacked, and it passes on its next action
    assert threat(t.cat, t.s) == 0.0
    t.you.passed, t.vip.passed = False, True  # it passed (3 attacks made): nothing more this round
    assert threat(t.cat, t.s) == 0.0


def test_three_attacks_made_leave_no_threat() -> None:
    t = SoloTable()
    t.sites(0, "gun-shop")
    t.quiet()
    assert threat(t.cat, t.s) == 3 * attack_loss(t.cat, t.s, False) > 0
    t.s.virtual.attacks = 3
    assert threat(t.cat, t.s) == 0.0


def test_a_state_no_unseen_card_matches_is_safe() -> None:
    t = SoloTable()
    t.sites(0, "church")  # liberty: only the liberty cards match
    t.quiet()
    assert attack_loss(t.cat, t.s, False) > 0.0
    for key in sorted(set(t.s.deck) | set(t.s.discard)):  # every unseen liberty card to its State
        while "liberty" in t.cat.locations[key].types and key in t.s.deck + t.s.discard:
            t._take(key)
            t.vip.sites.append(Site(key))
    t.game.check_invariants(t.s)
    assert attack_loss(t.cat, t.s, False) == 0.0


def test_the_likely_target_shares_the_most_types_then_the_greater_distance() -> None:
    t = SoloTable()
    t.sites(0, "arena", "gun-shop")
    target = likely_target(t.cat, t.you.sites, t.cat.locations["bioweaponry"])  # gun + vp
    assert target is not None and target.key == "gun-shop"  # the seed's attack: both types
    t.sites(0, "arena", "gun-shop")
    target = likely_target(t.cat, t.you.sites, t.cat.locations["city-guards"])  # gun: one type each
    assert target is not None and target.key == "gun-shop"  # tie-breaker 1: distance 3 against 2
    t.sites(0, "church", "camp")
    assert likely_target(t.cat, t.you.sites, t.cat.locations["docks"]) is None  # iron + ammo


def test_the_virtual_players_score_counts_its_locations() -> None:
    t = SoloTable()
    t.vip.vp = 7
    assert virtual_score(t.s) == 7 + len(t.vip.sites) > 7


def test_the_heuristic_plays_as_the_solo_player_in_the_solo_game() -> None:
    t = SoloTable()
    t.up(blue="merchants", red="thugs")
    observation = t.game.observe(t.s, 0)
    player = t.game.heuristic(Rng(5))
    assert isinstance(player, SoloPlayer)
    assert player.choose(observation) == SoloPlayer(Rng(5).fork()).choose(observation)
    two = Table()
    assert type(two.game.heuristic(Rng(5))) is HeuristicPlayer  # the game for 2 players: the base rules


def test_the_solo_player_chooses_alike_in_positions_the_person_cannot_tell_apart() -> None:
    t = SoloTable()
    twin = t.game.determinize(t.s, 0, Rng(99))  # another deck order, the same view
    assert t.game.view(twin, 0) == t.game.view(t.s, 0)
    a = SoloPlayer(Rng(3)).choose(t.game.observe(t.s, 0))
    b = SoloPlayer(Rng(3)).choose(t.game.observe(twin, 0))
    assert a == b


def test_the_win_chance_of_the_two_seats_adds_up_to_one() -> None:
    t = SoloTable()
    mine = evaluate(t.game, t.s, 0)
    assert 0.0 < mine < 1.0 and abs(mine + evaluate(t.game, t.s, 1) - 1.0) < 1e-9
    t.vip.vp += 20  # the virtual player far ahead: a worse chance
    assert evaluate(t.game, t.s, 0) < mine


def test_the_solo_player_and_ismcts_guided_by_it_finish_a_game() -> None:
    for player in (SoloPlayer(Rng(1)), IsmctsPlayer(Rng(1), iterations=4)):
        t = SoloTable(seed=4)
        while (decision := t.game.decision(t.s)) is not None:
            assert decision.seat == 0  # the virtual player never decides
            t.game.apply(t.s, player.choose(t.game.observe(t.s, 0)))
        result = t.game.result(t.s)
        assert result is not None and int(result.details["vp_a"]) >= 10


def test_with_nothing_to_build_the_solo_player_passes_before_both_claims() -> None:
    t = SoloTable()
    t.sites(0)
    t.hand(0)
    t.up(blue="merchants", red="thugs")
    t.supply(0, worker=2)  # one Connection card (2 workers): the other would still be claimed
    assert SoloPlayer(Rng(2)).choose(t.game.observe(t.s, 0)).verb == "pass"  # saves 4 VP, not 2


def test_once_the_virtual_player_has_passed_the_solo_player_builds() -> None:
    t = SoloTable()
    t.sites(0)
    t.hand(0, "camp")
    t.supply(0, grey=1)
    t.vip.passed = True  # its three attacks are made: building exposes nothing this round
    assert str(SoloPlayer(Rng(2)).choose(t.game.observe(t.s, 0))) == "build camp"


def test_the_difficulty_file_names_the_solo_mode_and_its_interval() -> None:
    data = tomllib.loads((Path(game_package.__file__).parent / "difficulty.toml").read_text())
    levels = data["level"]
    assert [level["options"] for level in levels] == [{"solo": "virtual"}]
    for level in levels:
        game = FiftyFirstState(**level["options"])
        assert game.solo and is_player_kind(level["player"])
        assert 0 <= level["won"] <= level["games"]
        low, high = wilson(level["won"], level["games"])
        assert level["interval"] == [round(100 * low, 1), round(100 * high, 1)]
        assert f"--games {level['games']}" in level["measured_by"]
        assert f"--players {level['player']}" in level["measured_by"]
