"""Gymnasium: one seat of any cardtable game as a single-agent environment.

    import gymnasium
    import cardtable.adapters.gymnasium  # registers cardtable/<game>-v0 for every game
    env = gymnasium.make("cardtable/biosphere5-v0", solo="machine")            # against the Machine
    env = gymnasium.make("cardtable/dino-battles-v0", players=3, opponents="heuristic")

The agent plays `seat` (default: the first seat people take); every other seat is played by the
game's own automaton where the mode has one (`Game.automata`: Biosphere 5's Machine in `solo=machine`,
and any solo mode a game declares the same way), else by players of the kinds named in `opponents`
(`random`, `heuristic`, `ismcts:200`, ...; one kind for all, or a list with one per other seat). So
every mode with an automaton and one seat for people is a single-agent environment with no
opponents to name. A cooperative game's team-mates are such players too.

Observations are the game's encoding of the agent's view (float32); actions are numbers in
`game.action_space()`. `env.action_masks()` (what sb3-contrib's MaskablePPO asks) and
`info["action_mask"]` give the legal ones. The reward comes at the end: the engine's score for the
agent's seat (1 win, 0 draw, -1 loss). A decision with a single legal action is taken for the agent
unless `forced=False`. An illegal action ends the episode as a loss (reward -1,
`info["illegal_action"]`), so an agent that ignores the mask learns to read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable.core import Game, IllegalAction, Rng, game_names, make_game, mix_seed
from cardtable.players import make_player

from .encoding import action_mask, num_actions, observation_encoding, observed_view

#: actions after which an episode is cut short (truncated), far beyond any game's length
MAX_STEPS = 100_000


class CardtableGymEnv(gymnasium.Env):
    """One seat of a cardtable game as a Gymnasium environment (see the module text)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 (as Env)

    def __init__(
        self,
        game: str | Game[Any],
        seat: int | None = None,
        opponents: str | Sequence[str] = "heuristic",
        forced: bool = True,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game: Game[Any] = make_game(game, options) if isinstance(game, str) else game
        automata = self.game.automata()
        if seat is None:  # the first seat people take (seat 0 unless an automaton sits there)
            seat = next(s for s in range(self.game.num_seats) if s not in automata)
        if not 0 <= seat < self.game.num_seats:
            raise ValueError(f"{self.game.name} has seats 0..{self.game.num_seats - 1}, not {seat}")
        if seat in automata:
            raise ValueError(f"seat {seat} is played by the game itself ({automata[seat]})")
        self.seat = seat
        others = [s for s in range(self.game.num_seats) if s != seat and s not in automata]
        kinds = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != len(others):
            raise ValueError(f"{len(others)} other seats to fill, {len(kinds)} opponent kinds given")
        self.opponent_kinds = dict(zip(others, kinds, strict=True))
        for kind in kinds:
            make_player(kind, 0)  # fails early on an unknown kind
        self.forced = forced
        self.render_mode = render_mode
        self.encoding = observation_encoding(self.game)
        self.num_actions = num_actions(self.game)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.encoding.size,), np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.state: Any = None
        self._deals = Rng(0)
        self._players: dict[int, Any] = {}
        self._steps = 0

    # --- gymnasium ----------------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._deals = Rng(seed)
        while True:
            deal = self._deals.next64()
            self.state = self.game.new_state(deal)
            self._players = {s: make_player(k, mix_seed(deal, s)) for s, k in self.opponent_kinds.items()}
            self._steps = 0
            self._play_others()
            # a deal that ends before the agent is ever asked teaches nothing: deal the next one
            if self.game.decision(self.state) is not None:
                return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.state is None or self.game.decision(self.state) is None:
            raise RuntimeError("step() after the end of an episode: call reset()")
        try:
            move = self.game.decode(int(action))
            self.game.apply(self.state, move)
        except IllegalAction:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), -1.0, True, False, info
        self._steps += 1
        self._play_others()
        result = self.game.result(self.state)
        reward = float(result.scores[self.seat]) if result is not None else 0.0
        truncated = result is None and self._steps >= MAX_STEPS
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, result is not None, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans over the action numbers (sb3-contrib's MaskablePPO reads this)."""
        if self.game.decision(self.state) is None:
            return np.zeros(self.num_actions, dtype=bool)
        return action_mask(self.game, self.state, dtype=bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.game.render(self.game.view(self.state, self.seat), self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # --- the other seats ----------------------------------------------------------------------------
    def _play_others(self) -> None:
        """Let the other seats act (and take the agent's forced moves) until the agent has a choice."""
        game, state = self.game, self.state
        while (decision := game.decision(state)) is not None:
            if decision.seat == self.seat:
                legal = game.legal_actions(state) if self.forced else None
                if legal is None or len(legal) > 1:
                    return
                game.apply(state, legal[0], validate=False)
            else:
                player = self._players[decision.seat]
                game.apply(state, player.choose(game.observe(state, decision.seat)))
            self._steps += 1

    def _observation(self) -> np.ndarray:
        return self.encoding.encode(observed_view(self.game, self.state, self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def env_id(game: str) -> str:
    return f"cardtable/{game}-v0"


def register_all() -> list[str]:
    """Register `cardtable/<game>-v0` for every game of the registry; returns the ids."""
    ids = []
    for name in game_names():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(ident, entry_point=f"{__name__}:CardtableGymEnv", kwargs={"game": name})
        ids.append(ident)
    return ids


register_all()
