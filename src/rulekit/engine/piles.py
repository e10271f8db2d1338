"""Piles of cards or tiles as tuples, top first: draw, reshuffle, reveal.

Every shuffle takes the state's ``Dice`` so replays stay exact. The
functions return new tuples and never touch their arguments.

Examples
--------
>>> from rulekit.engine.rng import Dice
>>> draw((5, 6, 7), 2)
((5, 6), (7,))
>>> drawn, pile, discard, reshuffled = draw_reshuffle((1,), (2, 3), 2, Dice(1))
>>> drawn[0], sorted(drawn[1:] + pile), discard, reshuffled
(1, [2, 3], (), True)
>>> reveal_until((4, 8, 3, 9), lambda card: card > 5)
((4,), 8, (3, 9))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .rng import Dice

__all__ = ["draw", "draw_reshuffle", "reveal_until"]

T = TypeVar("T")


def draw(pile: tuple[T, ...], n: int = 1) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """The top ``n`` items (fewer if the pile runs out) and the rest of the pile."""
    if n < 0:
        raise ValueError(f"cannot draw {n} items")
    return pile[:n], pile[n:]


def draw_reshuffle(
    pile: tuple[T, ...], discard: tuple[T, ...], n: int, dice: Dice
) -> tuple[tuple[T, ...], tuple[T, ...], tuple[T, ...], bool]:
    """Draw ``n``; when the pile runs out, shuffle the discard into a new pile and go on.

    Returns ``(drawn, pile, discard, reshuffled)``; ``drawn`` is short only when
    both piles are empty, and ``reshuffled`` lets the game cite its reshuffle rule.
    """
    drawn, pile = draw(pile, n)
    reshuffled = False
    if len(drawn) < n and discard:
        pile, discard, reshuffled = dice.shuffle(discard), (), True
        more, pile = draw(pile, n - len(drawn))
        drawn += more
    return drawn, pile, discard, reshuffled


def reveal_until(pile: tuple[T, ...], wanted: Callable[[T], bool]) -> tuple[tuple[T, ...], T | None, tuple[T, ...]]:
    """Turn over items until one is ``wanted``: ``(passed over, found or None, rest)``."""
    for i, item in enumerate(pile):
        if wanted(item):
            return pile[:i], item, pile[i + 1 :]
    return pile, None, ()
