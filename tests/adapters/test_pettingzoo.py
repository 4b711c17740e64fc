"""Every game and mode as a PettingZoo AEC environment: PettingZoo's own API and seed tests, and the
facts the adapter states (agents by seat name, no automaton agents, masks, rewards at the end)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cardtable.adapters.pettingzoo import env
from tests.conformance.harness import CASES, Case


def _env(case: Case):
    return env(case.game, **dict(case.options))


@pytest.mark.parametrize("case", CASES)
def test_pettingzoo_api_test_passes(case: Case) -> None:
    with warnings.catch_warnings():
        # PettingZoo's advice on agent names ("player_0") and plain-array observations: our agents are
        # named after their seats, and a dict with "action_mask" is how its own board games observe
        warnings.simplefilter("ignore", UserWarning)
        api_test(_env(case), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("case", CASES)
def test_pettingzoo_seed_test_passes(case: Case) -> None:
    seed_test(lambda: _env(case), num_cycles=60)


def test_agents_are_seat_names_without_the_automaton() -> None:
    assert env("biosphere5", players=3).possible_agents == ["A", "B", "C"]
    assert env("biosphere5", solo="machine").possible_agents == ["A"]


@pytest.mark.parametrize("case", CASES)
def test_every_mode_has_an_agent_per_seat_people_take(case: Case) -> None:
    table = _env(case)
    game = table.game
    people = [s for s in range(game.num_seats) if s not in game.automata()]
    assert table.possible_agents == [game.seat_name(s) for s in people]


def _play(table, rng: np.random.Generator) -> dict[str, float]:
    totals: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            table.step(None)
            continue
        mask = observation["action_mask"]
        legal = {table.game.encode(a) for a in table.game.legal_actions(table.state)}
        assert set(np.flatnonzero(mask).tolist()) == legal
        decision = table.game.decision(table.state)
        assert table.agent_seat[agent] == decision.seat
        assert reward == 0.0
        table.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4}, {"solo": "machine"}])
def test_rewards_come_at_the_end_and_are_the_scores(options: dict) -> None:
    table = env("biosphere5", **options)
    table.reset(seed=11)
    totals = _play(table, np.random.default_rng(0))
    result = table.game.result(table.state)
    assert totals == {table.game.seat_name(s): result.scores[s] for s in table.seats}


def test_the_cooperative_team_shares_its_reward() -> None:
    table = env("apocalypse")
    table.reset(seed=4)
    totals = _play(table, np.random.default_rng(1))
    assert len(set(totals.values())) == 1


def test_a_reset_without_a_seed_deals_the_next_game() -> None:
    table = env("dino-battles")
    table.reset(seed=5)
    first = table.game.to_json(table.state)
    table.reset()
    assert table.game.to_json(table.state) != first
    table.reset(seed=5)
    assert table.game.to_json(table.state) == first


def test_a_game_that_does_not_end_is_truncated() -> None:
    table = env("dino-battles", max_steps=40)
    table.reset(seed=1)
    for _agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            assert truncation and table.steps == 40
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.agents == []
