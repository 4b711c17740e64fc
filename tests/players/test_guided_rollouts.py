"""ISMCTS in a solo mode (players/guided_rollouts.py): the guide's best moves, each played on by the guide
on the same samples; the guide's choice is left only on evidence; never the real hidden state."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import Game, Rng, make_game
from cardtable.players import IsmctsPlayer, make_player
from cardtable.players.guided_rollouts import Candidate, RankingGuide, plays_alone
from cardtable.players.ismcts import DEFAULT_PLAYOUTS
from cardtable.web.coach import suggestions

ROBOT = ("race-for-the-galaxy", {"solo": "robot", "difficulty": "easy"}, "select-action")
VIRTUAL = ("51st-state", {"solo": "virtual"}, "action")


def _position(name: str, options: dict[str, Any], kind: str, seed: int, skip: int) -> tuple[Game[Any], Any]:
    """A solo game played by its guide up to the `skip`+1-th decision of `kind` with a real choice."""
    game = make_game(name, options)
    state = game.new_state(seed)
    guide = game.heuristic(Rng(seed))
    assert guide is not None
    while (decision := game.decision(state)) is not None:
        if decision.kind == kind and len(game.legal_actions(state)) > 2:
            if skip == 0:
                return game, state
            skip -= 1
        game.apply(state, guide.choose(game.observe(state, decision.seat)))
    raise AssertionError("the game ended before the position")


def test_only_a_solo_mode_whose_guide_ranks_its_moves_is_searched_by_playouts() -> None:
    for name, options, _ in (ROBOT, VIRTUAL):
        game = make_game(name, options)
        assert plays_alone(game) and isinstance(game.heuristic(Rng(1)), RankingGuide)
    assert not plays_alone(make_game("race-for-the-galaxy", {"players": 2}))
    assert not plays_alone(make_game("51st-state", {"players": 3}))
    machine = make_game("biosphere5", {"solo": "machine", "level": 0})
    assert plays_alone(machine) and not isinstance(machine.heuristic(Rng(1)), RankingGuide)


MODES = pytest.mark.parametrize("mode", [ROBOT, VIRTUAL], ids=["robot", "virtual"])


@MODES
def test_the_guides_shortlist_starts_with_its_own_choice(mode: tuple[str, dict[str, Any], str]) -> None:
    game, state = _position(*mode, 5, 2)
    observation = game.observe(state, 0)
    shortlist = game.heuristic(Rng(8)).shortlist(observation, 4)  # type: ignore[union-attr]
    assert shortlist[0] == game.heuristic(Rng(8)).choose(observation)  # type: ignore[union-attr]
    assert 2 <= len(shortlist) <= 4 and len(set(shortlist)) == len(shortlist)
    assert all(action in observation.legal_actions for action in shortlist)


def test_passing_is_among_the_solo_players_candidates() -> None:
    game, state = _position(*VIRTUAL, 5, 2)
    observation = game.observe(state, 0)
    assert "pass" in [str(a) for a in game.heuristic(Rng(8)).shortlist(observation, 2)]  # type: ignore[union-attr]


@MODES
def test_the_search_chooses_among_the_guides_moves_and_leaves_the_state_alone(
    mode: tuple[str, dict[str, Any], str],
) -> None:
    game, state = _position(*mode, 6, 1)
    observation = game.observe(state, 0)
    before = game.to_json(state)
    player = IsmctsPlayer(Rng(3), iterations=6, candidates=3)
    choice = player.choose(observation)
    assert game.to_json(state) == before
    assert choice == player.last_ranking[0] and len(player.last_ranking) == 3
    # the guide's choice (played on every world) and the two others on at least one world each
    assert player.last_root is not None
    worlds = sorted(child.visits for child in player.last_root.children.values())
    assert worlds[0] >= 1 and worlds[-1] == 2 and player.last_iterations == 6
    again = IsmctsPlayer(Rng(3), iterations=6, candidates=3).choose(game.observe(state, 0))
    assert again == choice


def test_states_that_look_the_same_to_the_person_get_the_same_choice() -> None:
    game, real = _position(*ROBOT, 7, 1)
    twin = game.determinize(real, 0, Rng(99))  # another robot hand and deck order, the same view
    assert game.view(twin, 0) == game.view(real, 0)
    assert real.robot.hand != twin.robot.hand or real.deck != twin.deck
    choices = {str(IsmctsPlayer(Rng(4), iterations=4).choose(game.observe(s, 0))) for s in (real, twin)}
    assert len(choices) == 1


def test_another_move_replaces_the_guides_only_when_it_did_better_on_the_same_worlds() -> None:
    guides = Candidate.__new__(Candidate)
    guides.judged = {1: 0.0, 2: 5.0, 3: -2.0}
    steady = Candidate.__new__(Candidate)
    steady.judged = {1: 1.0, 2: 6.2, 3: -1.2}  # about 1 better on each world
    assert steady.beats(guides, 1.0)
    noisy = Candidate.__new__(Candidate)
    noisy.judged = {1: 4.0, 2: 1.0, 3: -1.0}  # better on average, but not world by world
    assert noisy.mean() > guides.mean() and not noisy.beats(guides, 1.0)
    once = Candidate.__new__(Candidate)
    once.judged = {1: 9.0}
    assert not once.beats(guides, 1.0)


def test_a_time_budget_stops_the_playouts() -> None:
    game, state = _position(*ROBOT, 8, 0)
    player = make_player("ismcts:50ms:k=2", 1)
    assert isinstance(player, IsmctsPlayer)
    observation = game.observe(state, 0)
    assert player.choose(observation) in observation.legal_actions
    assert player.last_iterations >= 2


def test_the_coach_answers_in_a_solo_mode() -> None:
    game, state = _position(*ROBOT, 9, 0)
    observation = game.observe(state, 0)
    answer = suggestions(observation, 5, 0.2)
    moves = [move["action"] for move in answer["moves"]]
    assert 2 <= len(moves) <= 3 and all(0.0 <= move["chance"] <= 1.0 for move in answer["moves"])
    assert set(moves) <= {str(a) for a in observation.legal_actions} and answer["iterations"] >= 2


def test_the_kind_without_a_budget_plays_out_the_solo_default_and_keeps_1000_iterations_elsewhere() -> None:
    game, state = _position(*VIRTUAL, 5, 3)
    player = make_player("ismcts", 2)
    assert isinstance(player, IsmctsPlayer) and player.iterations == 1000
    player.choose(game.observe(state, 0))
    assert len(player.last_ranking) == 4 and player.last_iterations == DEFAULT_PLAYOUTS == 24
