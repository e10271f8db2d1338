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
    """Spread a user seed (any int) into a 64-bit generator state.

    Neighbouring seeds (1, 2, 3) give unrelated games.

    Parameters
    ----------
    seed : int
        The seed a person chose.

    Returns
    -------
    int
        A generator state in ``0..2**64-1``.

    Examples
    --------
    >>> seed_state(1) == seed_state(1) != seed_state(2)
    True
    >>> 0 <= seed_state(-5) < 2**64
    True
    """
    return _mix((seed * _GAMMA) & _MASK)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Dice:
    """A small mutable generator opened from, and closed back into, a state.

    Parameters
    ----------
    state : int
        The generator state (``State.rng``); only its low 64 bits count.

    Examples
    --------
    >>> dice = Dice(seed_state(7))
    >>> rolls = [dice.die() for _ in range(3)]
    >>> again = Dice(seed_state(7))
    >>> rolls == [again.die() for _ in range(3)], dice.state == again.state
    (True, True)
    """

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    def next64(self) -> int:
        """The next 64-bit number (splitmix64); every other draw is built on it.

        Returns
        -------
        int
            A number in ``0..2**64-1``.

        Examples
        --------
        >>> Dice(0).next64()
        16294208416658607535
        """
        self.state = (self.state + _GAMMA) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)`` (rejection sampling, no modulo bias).

        Parameters
        ----------
        n : int
            How many outcomes.

        Returns
        -------
        int
            One of ``0..n-1``.

        Raises
        ------
        ValueError
            When ``n`` is not positive.

        Examples
        --------
        >>> dice = Dice(1)
        >>> sorted({dice.below(3) for _ in range(50)})
        [0, 1, 2]
        """
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK % n)
        while True:  # ``next64`` inlined (the draw every bot makes on every step): the same splitmix64
            z = self.state = (self.state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        """Roll one die.

        Parameters
        ----------
        sides : int, optional
            The number of faces.

        Returns
        -------
        int
            ``1..sides``.

        Examples
        --------
        >>> dice = Dice(1)
        >>> all(1 <= dice.die(4) <= 4 for _ in range(20))
        True
        """
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """One item, each equally likely.

        Parameters
        ----------
        items : sequence
            A non-empty sequence.

        Returns
        -------
        object
            One of ``items``.

        Examples
        --------
        >>> Dice(1).choice(["red", "blue", "green"]) in ("red", "blue", "green")
        True
        """
        return items[self.below(len(items))]

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """A shuffled copy (Fisher-Yates), as a tuple; ``items`` is not touched.

        Parameters
        ----------
        items : sequence
            What to shuffle.

        Returns
        -------
        tuple
            The same items in a random order.

        Examples
        --------
        >>> deck = (1, 2, 3, 4, 5)
        >>> shuffled = Dice(3).shuffle(deck)
        >>> sorted(shuffled) == list(deck), shuffled == Dice(3).shuffle(deck)
        (True, True)
        """
        out = list(items)
        z = self.state
        # ``below``'s rejection limit for n is above ``_MASK - n``, so a draw up to ``sure`` passes it for
        # every n of this list: the limit is worked out only for the rare draw above (one in 2**58 or so)
        sure = _MASK - len(out)
        for n in range(len(out), 1, -1):
            # ``below(n)`` inlined (setups and every bot's determinize shuffle whole decks): the same draws
            while True:
                z = (z + _GAMMA) & _MASK
                x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
                x ^= x >> 31
                if x <= sure or x < _MASK - (_MASK % n):
                    break
            j = x % n
            out[n - 1], out[j] = out[j], out[n - 1]
        self.state = z
        return tuple(out)
