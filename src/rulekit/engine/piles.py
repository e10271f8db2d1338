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
    """The top ``n`` items (fewer if the pile runs out) and the rest of the pile.

    Parameters
    ----------
    pile : tuple
        The pile, top first.
    n : int, optional
        How many to draw.

    Returns
    -------
    drawn : tuple
        The drawn items, top first.
    rest : tuple
        What is left of the pile.

    Raises
    ------
    ValueError
        For a negative ``n``.

    Examples
    --------
    >>> draw(("a", "b", "c"))
    (('a',), ('b', 'c'))
    >>> draw(("a",), 3)
    (('a',), ())
    """
    if n < 0:
        raise ValueError(f"cannot draw {n} items")
    return pile[:n], pile[n:]


def draw_reshuffle(
    pile: tuple[T, ...], discard: tuple[T, ...], n: int, dice: Dice
) -> tuple[tuple[T, ...], tuple[T, ...], tuple[T, ...], bool]:
    """Draw ``n``; when the pile runs out, shuffle the discard into a new pile and go on.

    ``drawn`` is short only when both piles are empty, and ``reshuffled`` lets
    the game cite its reshuffle rule.

    Parameters
    ----------
    pile : tuple
        The draw pile, top first.
    discard : tuple
        The discard pile.
    n : int
        How many to draw.
    dice : Dice
        The state's generator, for the shuffle.

    Returns
    -------
    drawn : tuple
        The drawn items.
    pile : tuple
        The draw pile afterwards.
    discard : tuple
        The discard pile afterwards (empty after a reshuffle).
    reshuffled : bool
        Whether the discard was shuffled into a new pile.

    Examples
    --------
    >>> draw_reshuffle((1, 2), (3,), 2, Dice(1))
    ((1, 2), (), (3,), False)
    >>> drawn, pile, discard, reshuffled = draw_reshuffle((), (), 1, Dice(1))
    >>> drawn, reshuffled
    ((), False)
    """
    drawn, pile = draw(pile, n)
    reshuffled = False
    if len(drawn) < n and discard:
        pile, discard, reshuffled = dice.shuffle(discard), (), True
        more, pile = draw(pile, n - len(drawn))
        drawn += more
    return drawn, pile, discard, reshuffled


def reveal_until(pile: tuple[T, ...], wanted: Callable[[T], bool]) -> tuple[tuple[T, ...], T | None, tuple[T, ...]]:
    """Turn over items until one is ``wanted``: ``(passed over, found or None, rest)``.

    Parameters
    ----------
    pile : tuple
        The pile, top first.
    wanted : callable
        ``wanted(item) -> bool``.

    Returns
    -------
    passed : tuple
        The items turned over before the one found (all of them when none is).
    found : object or None
        The first wanted item.
    rest : tuple
        The pile under it.

    Examples
    --------
    >>> reveal_until((1, 3, 4, 5), lambda n: n % 2 == 0)
    ((1, 3), 4, (5,))
    >>> reveal_until((1, 3), lambda n: n % 2 == 0)
    ((1, 3), None, ())
    """
    for i, item in enumerate(pile):
        if wanted(item):
            return pile[:i], item, pile[i + 1 :]
    return pile, None, ()
