"""4 Man against Machine: the solo player reads the Machine's public procedure (RULES.md, "The solo
player"), and `solo_measure` measures it against the Machine per level and under other readings."""

from cardtable.analysis.biosphere5_solo import (
    REVEALS,
    TwoPlayerHeuristic,
    measure,
    outcome,
    solo_game,
)
from cardtable.core import Action, Rng, make_game, texts
from cardtable.core.runner import play_match
from cardtable.games.biosphere5.solo_player import SoloPlayer
from cardtable.players import AutomatonSeat, make_player
from cardtable.report.data import wilson
from cardtable.sim import game_seed, player_seed

from .solo_position import machine_position, machine_turn

LEVELS_I_II = ["protection-bunker", "catch-basin", "surveillance-technology", "scrap-workshop"]
TOP = ["reforestation", "barter-circle"]  # both level III achievements: Biosphere 5 is open (2.2)


def choice(player, game, state) -> str:
    return str(player.choose(game.observe(state, 0)))


def test_4_the_heuristic_kind_plays_the_solo_rules_in_the_solo_game():
    game, state = machine_position(
        hand=["tent", "shack"],
        achievements=LEVELS_I_II[:2],
        faceup=["biosphere-5", "seed-vault", "guard-dogs"],
    )
    # not ready to play it (no level III): the solo player leaves Biosphere 5 face up, the two-player
    # heuristic takes it into a hand the Machine's Espionage empties from the top (4.3)
    assert choice(make_player("heuristic", 1), game, state) != "take biosphere-5"
    assert choice(SoloPlayer(Rng(1)), game, state) != "take biosphere-5"
    assert choice(TwoPlayerHeuristic(Rng(1)), game, state) == "take biosphere-5"


def test_2_2_solo_player_takes_biosphere_5_and_plays_it_in_the_same_turn():
    hand = ["tent", "storm-cellar", "seed-vault", "guard-dogs", "deep-well"]
    game, state = machine_position(
        hand=hand, achievements=[*LEVELS_I_II, *TOP], faceup=["biosphere-5", "water-canister", "shack"]
    )
    player = SoloPlayer(Rng(1))
    # move 1: the first rule of thumb would build Deep Well; that would forbid Biosphere 5 this turn (2.1)
    assert choice(player, game, state) == "take biosphere-5"
    game.apply(state, "take biosphere-5")
    assert choice(player, game, state) == "play biosphere-5 upper"
    game.apply(state, "play biosphere-5 upper")
    assert state.over and state.winners == [0]


def test_2_2_solo_player_drives_the_machine_out_only_with_biosphere_5_in_hand():
    # the Machine at level 0 with one cube, unprotected against Hurricane: it cannot roll (4.6) and
    # must give up four hand cards, i.e. more than its level and cubes: it drops out in our turn
    setting = dict(achievements=["protection-bunker"], cubes=["deep-well"], level=0, faceup=["tent"])
    game, state = machine_position(hand=["biosphere-5", "water-canister"], **setting)
    move = choice(SoloPlayer(Rng(1)), game, state)
    assert move == "play water-canister lower"
    game.apply(state, move)
    assert state.over and state.winners == [0]
    # without the Biosphere 5 card the same blow ends in a draw (2.2): the player does not strike
    game, state = machine_position(hand=["storm-cellar", "water-canister"], **setting)
    assert choice(SoloPlayer(Rng(1)), game, state) != "play water-canister lower"


def test_4_6_solo_player_saves_a_catastrophe_for_when_the_machine_cannot_roll():
    setting = dict(
        hand=["water-canister", "tent", "storm-cellar"],
        achievements=["protection-bunker"],
        faceup=["guard-dogs"],
    )
    game, state = machine_position(level=8, cubes=["deep-well"], **setting)
    # eight dice: the Machine expects to lose 1.7 cards, not worth a card of ours
    assert choice(SoloPlayer(Rng(1)), game, state) != "play water-canister lower"
    state.machine.catastrophes = 1  # a catastrophe was played this round: no dice (4.6), four cards
    assert choice(SoloPlayer(Rng(1)), game, state) in {"play water-canister lower", "play rain-barrel lower"}


def test_4_7_solo_player_discards_the_machines_biosphere_5_card_when_espionage_shows_it():
    game, state = machine_position(
        level=3,
        hand=["solar-factory", "tent"],
        achievements=["protection-bunker", "catch-basin"],
        machine_top=["reforestation", "biosphere-5", "shack"],
    )
    game.apply(state, "play solar-factory lower")
    assert game.decision(state).kind == "unveil"
    assert choice(SoloPlayer(Rng(1)), game, state) == "force biosphere-5"


def test_4_3_solo_player_attacks_a_level_iii_cube_when_the_machine_is_one_card_from_winning():
    game, state = machine_position(
        level=6,
        kept="biosphere-5",
        hand=["biosphere-5", "tent"],
        cubes=["deep-well", "shack", "solar-factory", "barricade", *TOP],
    )
    player = SoloPlayer(Rng(1))
    assert choice(player, game, state) == "play biosphere-5 lower"
    game.apply(state, "play biosphere-5 lower")
    assert choice(player, game, state) in {"destroy reforestation", "destroy barter-circle"}


def test_4_solo_measure_plays_the_printed_game_with_the_printed_tables():
    game = solo_game(2)
    assert game.table.reveal == REVEALS["figure"]  # machine.toml, fig. 27
    for index in range(3):
        seed = game_seed(1, index)
        printed = play_match(
            make_game("biosphere5", {"solo": "machine", "level": "2"}),
            [make_player("heuristic", player_seed(seed, 0)), AutomatonSeat("machine")],
            seed,
        )
        measured = play_match(
            game, [make_player("heuristic", player_seed(seed, 0)), AutomatonSeat("machine")], seed
        )
        assert [str(m) for m in printed.moves] == [str(m) for m in measured.moves]


def test_4_2_solo_measure_reads_the_running_text_only_for_the_run():
    assert solo_game(5, reveal="text").table.reveal[5] == 4
    assert solo_game(5).table.reveal[5] == 3  # the game itself keeps fig. 27
    _, state = machine_position(level=5, machine_top=["tent", "storm-cellar", "guard-dogs", "seed-vault"])
    machine_turn(solo_game(5, reveal="text"), state)
    assert "Machine reveals 4 cards at level 5: Tent, Storm Cellar, Guard Dogs, Seed Vault" in texts(
        state.events
    )


def test_4_6_solo_measure_die_without_rescue_never_saves_the_machine():
    game = solo_game(8, die="none")
    for seed in range(5):
        _, state = machine_position(level=8, hand=["water-canister"], achievements=["protection-bunker"])
        state.rng = Rng(seed)
        game.apply(state, Action("play", ("water-canister", "lower")))
        assert state.machine.level == 4  # eight dice, none fits: four hand cards lost


def test_4_solo_measure_counts_outcomes_and_wilson_intervals():
    counts, turns = measure("heuristic", 0, 6, 1)
    assert sum(counts.values()) == 6
    assert all(k.split(": ")[0] in ("win", "loss", "draw") for k in counts)
    assert sum(len(v) for v in turns.values()) == 6
    low, high = (100 * bound for bound in wilson(81, 200))  # the script prints percent
    assert round(low, 1) == 33.9 and round(high, 1) == 47.4
    assert wilson(0, 200)[0] == 0.0


def test_4_solo_player_beats_the_two_player_heuristic_at_level_0():
    game = solo_game(0)
    wins = {"solo": 0, "two-player": 0}
    for index in range(60):
        seed = game_seed(7, index)
        for name, player in (
            ("solo", SoloPlayer(Rng(player_seed(seed, 0)))),
            ("two-player", TwoPlayerHeuristic(Rng(player_seed(seed, 0)))),
        ):
            match = play_match(game, [player, AutomatonSeat("machine")], seed, validate=False)
            wins[name] += outcome(match.state).startswith("win")
    assert wins["solo"] >= wins["two-player"] + 10, wins
