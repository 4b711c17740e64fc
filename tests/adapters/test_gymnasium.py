"""One seat of every game and mode as a Gymnasium environment: Gymnasium's own environment checker,
the solo mode against the rulebook's automaton, and action masks as maskable agents read them."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardtable.adapters.gymnasium as adapter
from tests.conformance.harness import CASES, Case

adapter.register_all()  # the test-only toy game registers after the adapter's import


@pytest.mark.parametrize("case", CASES)
def test_gymnasium_check_env_passes(case: Case) -> None:
    env = gymnasium.make(adapter.env_id(case.game), opponents="random", **dict(case.options))
    with warnings.catch_warnings():
        # the checker's advice against unbounded Box spaces: encodings are counts and scaled numbers
        # without a common bound, and the hashed view of a game without an encoding may be negative
        warnings.filterwarnings("ignore", message=".*Box observation space m")
        check_env(env.unwrapped)


def _episode(env: gymnasium.Env, seed: int) -> tuple[float, int]:
    observation, info = env.reset(seed=seed)
    game = env.unwrapped.game
    reward, steps, done = 0.0, 0, False
    while not done:
        masks = env.unwrapped.action_masks()
        assert masks.dtype == bool
        np.testing.assert_array_equal(masks, info["action_mask"])
        legal = {game.encode(a) for a in game.legal_actions(env.unwrapped.state)}
        assert set(np.flatnonzero(masks).tolist()) == legal
        assert game.decision(env.unwrapped.state).seat == env.unwrapped.seat
        observation, reward, terminated, truncated, info = env.step(int(np.flatnonzero(masks)[0]))
        assert observation.shape == env.observation_space.shape
        steps += 1
        done = terminated or truncated
    return reward, steps


#: every mode with a seat the game plays itself (Biosphere 5's Machine, and any solo mode a game adds)
AUTOMATON_CASES = [param for param in CASES if param.values[0].make().automata()]


def test_the_solo_modes_are_found() -> None:
    assert any(param.values[0].game == "biosphere5" for param in AUTOMATON_CASES)


@pytest.mark.parametrize("case", AUTOMATON_CASES)
def test_a_mode_with_an_automaton_is_a_single_agent_game(case: Case) -> None:
    env = gymnasium.make(adapter.env_id(case.game), **dict(case.options))
    game = env.unwrapped.game
    people = [s for s in range(game.num_seats) if s not in game.automata()]
    if len(people) != 1:
        pytest.fail(f"{case.id}: an automaton mode with {len(people)} seats for people")
    assert env.unwrapped.seat == people[0]
    assert env.unwrapped.opponent_kinds == {}  # the automaton is the game's own, inside `apply`
    reward, steps = _episode(env, seed=3)
    result = game.result(env.unwrapped.state)
    assert reward == result.scores[people[0]] and steps > 0


@pytest.mark.parametrize("game,options", [("dino-battles", {"players": 3}), ("apocalypse", {})])
def test_other_seats_are_played_by_the_chosen_kinds(game: str, options: dict) -> None:
    env = gymnasium.make(adapter.env_id(game), opponents="heuristic", seat=1, **options)
    reward, _ = _episode(env, seed=2)
    assert reward == env.unwrapped.game.result(env.unwrapped.state).scores[1]


def test_one_kind_per_other_seat() -> None:
    env = gymnasium.make("cardtable/biosphere5-v0", players=3, opponents=["heuristic", "random"])
    assert env.unwrapped.opponent_kinds == {1: "heuristic", 2: "random"}
    with pytest.raises(ValueError):
        gymnasium.make("cardtable/biosphere5-v0", players=3, opponents=["heuristic"])


def test_an_illegal_action_ends_the_episode_as_a_loss() -> None:
    env = gymnasium.make("cardtable/biosphere5-v0", solo="machine")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.unwrapped.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_the_same_seed_deals_the_same_episode() -> None:
    env = gymnasium.make("cardtable/dino-battles-v0", opponents="random")
    first, _ = env.reset(seed=9)
    again, _ = env.reset(seed=9)
    np.testing.assert_array_equal(first, again)
