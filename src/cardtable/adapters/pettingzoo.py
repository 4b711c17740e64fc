"""PettingZoo: every cardtable game, in every mode, as an AEC (turn-based) environment.

    from cardtable.adapters.pettingzoo import env
    table = env("biosphere5", players=3)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(mask.nonzero()[0][0])
        table.step(action)

Agents are named after their seats (`Game.seat_name`: "A", "B", ...); a seat the game plays itself
(`Game.automata`, e.g. Biosphere 5's Machine) is no agent: its moves happen inside the engine. The
agent to act is the seat of the pending decision, also out of turn (a reaction). An observation is
`{"observation": the game's encoding of the agent's view (float32), "action_mask": 1 at every legal
action number (int8)}`; actions are numbers in `game.action_space()`. Rewards come at the end only: the
engine's `Result.scores` (1 win, 0 draw, -1 loss; cooperative games give everyone the same).
`reset(seed=N)` deals the game from seed N; each later reset without a seed deals the next game of
that sequence. After `max_steps` actions (default 100,000) without an end, every agent is truncated:
a policy that, say, always passes can keep a game from ending.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.core import Game, Rng, make_game

from .encoding import action_mask, num_actions, observation_encoding, observed_view, seat_list

#: actions after which every agent is truncated, far beyond any game's length under sensible play
MAX_STEPS = 100_000


class CardtableEnv(AECEnv):
    """One cardtable game as a PettingZoo AEC environment (see the module text)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (each environment names itself in it)
        "render_modes": ["ansi", "human"],
        "name": "cardtable_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game[Any],
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        **options: Any,
    ) -> None:
        super().__init__()
        self.max_steps = max_steps
        self.steps = 0
        self.game: Game[Any] = make_game(game, options) if isinstance(game, str) else game
        self.metadata = {**self.metadata, "name": f"cardtable_{self.game.name.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.encoding = observation_encoding(self.game)
        self.seats = seat_list(self.game)
        self.possible_agents = [self.game.seat_name(s) for s in self.seats]
        self.agent_seat = dict(zip(self.possible_agents, self.seats, strict=True))
        self.seat_agent = {s: a for a, s in self.agent_seat.items()}
        n = num_actions(self.game)
        space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoding.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._deals = Rng(0)
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._deals = Rng(seed)
        self.state = self.game.new_state(self._deals.next64())
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        decision = self.game.decision(self.state)
        if decision is not None:
            self.agent_selection = self.seat_agent[decision.seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_seat[agent]
        observation = self.encoding.encode(observed_view(self.game, self.state, seat))
        decision = self.game.decision(self.state)
        if decision is not None and decision.seat == seat:
            mask = action_mask(self.game, self.state)
        else:
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action (None is only for agents that are done)")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.state, self.game.decode(int(action)))
        self.steps += 1
        result = self.game.result(self.state)
        if result is not None:
            for name, seat in self.agent_seat.items():
                self.rewards[name] = float(result.scores[seat])
                self.terminations[name] = True
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        decision = self.game.decision(self.state)
        seat = decision.seat if decision is not None else None
        text = self.game.render(self.game.view(self.state, seat), seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""


def env(game: str, render_mode: str | None = None, **options: Any) -> CardtableEnv:
    """The AEC environment of the cardtable game `game` with `options` (e.g. `players=3`;
    `max_steps` is the environment's own)."""
    return CardtableEnv(game, render_mode=render_mode, **options)


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> CardtableEnv:
    """Same as `env` (PettingZoo's name for an environment without wrappers)."""
    return env(game, render_mode=render_mode, **options)
