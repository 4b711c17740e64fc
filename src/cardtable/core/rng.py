"""A seeded random generator whose whole state is one integer.

We use SplitMix64 (Steele, Lea & Flood 2014) rather than `random.Random` because its state is a
single 64-bit integer that serialises into a game state for free, copies in constant time, and
gives the same stream on every Python version, so a record replays identically everywhere.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix_seed(*parts: int) -> int:
    """Derive a well-spread 64-bit seed from several integers (e.g. a base seed and a game index)."""
    state = 0
    for part in parts:
        state = _splitmix((state ^ (part & _MASK)) & _MASK)[1]
    return state


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def _below(state: int, n: int) -> tuple[int, int]:
    """The generator's next state and a uniform integer in [0, n) drawn from `state`, without modulo
    bias (draws above the largest multiple of n are thrown away); `below` and `shuffle` share it."""
    limit = _MASK - (_MASK + 1) % n
    while True:
        state, x = _splitmix(state)
        if x <= limit:
            return state, x % n


class Rng(msgspec.Struct):
    """Seeded, serialisable randomness. All chance in a game goes through one of these.

    It is a msgspec Struct, so a game state that holds one serialises it as `{"state": N}`.
    """

    state: int = 0

    def __post_init__(self) -> None:
        self.state &= _MASK

    def next64(self) -> int:
        self.state, out = _splitmix(self.state)
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.state, drawn = _below(self.state, n)
        return drawn

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (each index drawn as `below` draws it)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state, j = _below(state, i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(self.next64())
