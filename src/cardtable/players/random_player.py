"""The uniform random player."""

from __future__ import annotations

from cardtable.core import Action, Observation, Rng


class RandomPlayer:
    """Chooses uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)
