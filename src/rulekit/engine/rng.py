"""Seeded randomness that lives inside the state.

The generator state is one 64-bit integer (splitmix64), so a state stays
small, immutable and JSON-friendly, and ``(game, options, seed, actions)``
replays exactly. A game opens a ``Dice`` from ``state.rng`` inside one
apply, draws, and stores ``dice.state`` back into the new state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["Dice", "seed_state"]

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Spread a user seed (any int) into a 64-bit generator state."""
    return _mix((seed * _GAMMA) & _MASK)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Dice:
    """A small mutable generator opened from, and closed back into, a state."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """A shuffled copy (Fisher-Yates), as a tuple."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)
