"""4.1 Man against Machine: materials and start."""

import pytest

from cardtable.core import BadOption, make_game, texts
from cardtable.games.biosphere5.machine import HUMAN, MACHINE


def test_4_1_the_machine_starts_and_the_human_gets_the_first_decision():
    game = make_game("biosphere5", dict(solo="machine"))
    state = game.new_state(7)
    assert state.order == [MACHINE, HUMAN]
    assert game.seat_name(MACHINE) == "Machine"
    assert any("Machine reveals" in e for e in texts(state.events))  # its first turn ran on its own
    decision = game.decision(state)
    assert decision.seat == HUMAN and decision.kind == "move"


def test_4_1_the_machine_has_its_own_draw_pile_and_no_hand():
    game = make_game("biosphere5", dict(solo="machine"))
    state = game.new_state(3)
    machine = state.boards[MACHINE]
    assert not machine.hand and not machine.faceup
    total = len(machine.pile) + len(machine.discard) + len(state.machine.revealed) + (state.machine.kept >= 0)
    assert total == 25
    assert len(state.boards[HUMAN].faceup) == 3 and not state.boards[HUMAN].hand


@pytest.mark.parametrize("level", [0, 5, 8])
def test_4_1_the_starting_hand_card_level_is_the_difficulty(level):
    game = make_game("biosphere5", dict(solo="machine", level=level))
    state = game.new_state(1)
    assert f"at hand card level {level}" in texts(state.events)[0]
    assert game.view(state, HUMAN)["machine"]["level"] >= 0


def test_4_1_default_level_is_two_and_bad_combinations_are_refused():
    assert make_game("biosphere5", dict(solo="machine")).options["level"] == 2
    with pytest.raises(BadOption):
        make_game("biosphere5", dict(solo="machine", players=3))
    with pytest.raises(BadOption):
        make_game("biosphere5", dict(solo="machine", abyss=True))
    with pytest.raises(BadOption):
        make_game("biosphere5", dict(level=9, solo="machine"))
    with pytest.raises(BadOption):
        make_game("biosphere5", dict(level=4))  # a Machine level without the Machine


def test_4_1_the_machine_never_has_a_decision_in_random_games():
    from cardtable.core import Match, Rng
    from cardtable.players import RandomPlayer

    game = make_game("biosphere5", dict(solo="machine"))
    for seed in range(30):
        match = Match(game, seed, ["random", "machine"])
        player = RandomPlayer(Rng(seed))
        while (decision := match.decision) is not None:
            assert decision.seat == HUMAN
            match.apply(player.choose(game.observe(match.state, HUMAN)))


def test_4_1_the_machines_draw_pile_order_and_the_dice_are_hidden_from_the_human():
    from cardtable.core import Rng

    game = make_game("biosphere5", dict(solo="machine"))
    state = game.new_state(11)
    samples = [game.determinize(state, HUMAN, Rng(seed)) for seed in range(4)]
    assert len({tuple(s.boards[MACHINE].pile) for s in samples}) > 1
    assert all(s.rng != state.rng for s in samples)
    assert all(sorted(s.boards[MACHINE].pile) == sorted(state.boards[MACHINE].pile) for s in samples)
    assert "pile" not in game.view(state, HUMAN)["boards"][MACHINE]
