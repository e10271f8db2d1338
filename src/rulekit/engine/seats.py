"""Turn orders and per-seat records: the seat arithmetic every game repeats.

Seats are numbered ``0..players-1`` clockwise. These helpers are plain
functions over ints and tuples so games stay immutable and fast.

Examples
--------
>>> seat_order(2, 4)
(2, 3, 0, 1)
>>> snake_order(1, 3)
(1, 2, 0, 0, 2, 1)
>>> next_seat(3, 4, skip={0})
1
>>> replace_at((10, 20, 30), 1, 99)
(10, 99, 30)
>>> seat_name(0)
'P1'
"""

from __future__ import annotations

from collections.abc import Container
from typing import TypeVar

__all__ = ["next_seat", "replace_at", "seat_name", "seat_order", "snake_order"]

T = TypeVar("T")


def seat_name(seat: int) -> str:
    """How every face names a seat: ``P1`` .. ``Pn`` (seat 0 is P1).

    The same in English and German, on boards, in events, in the Table and on
    the command line.

    Parameters
    ----------
    seat : int
        The seat number, from 0.

    Returns
    -------
    str
        Its name.

    Examples
    --------
    >>> seat_name(0), seat_name(3)
    ('P1', 'P4')
    """
    return f"P{seat + 1}"


def seat_order(start: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``start`` (the usual "reihum" order).

    Parameters
    ----------
    start : int
        The first seat.
    players : int
        The player count.

    Returns
    -------
    tuple of int
        The seats in playing order.

    Raises
    ------
    ValueError
        When ``start`` is no seat of the game.

    Examples
    --------
    >>> seat_order(1, 3)
    (1, 2, 0)
    """
    if not 0 <= start < players:
        raise ValueError(f"start seat must be in 0..{players - 1}, got {start}")
    return tuple((start + i) % players for i in range(players))


def snake_order(start: int, players: int) -> tuple[int, ...]:
    """Clockwise from ``start``, then back again (setup drafts: the last seat picks twice).

    Parameters
    ----------
    start : int
        The first seat.
    players : int
        The player count.

    Returns
    -------
    tuple of int
        Each seat twice, forward then backward.

    Examples
    --------
    >>> snake_order(0, 2)
    (0, 1, 1, 0)
    """
    forward = seat_order(start, players)
    return forward + forward[::-1]


def next_seat(seat: int, players: int, skip: Container[int] = ()) -> int | None:
    """The next seat clockwise after ``seat`` that is not in ``skip``; None if every seat is skipped.

    Use it for "reihum" after players drop out (passed, out of the round):
    the rotation goes on from ``seat`` itself, never restarts from seat 0.

    Parameters
    ----------
    seat : int
        The seat that just played.
    players : int
        The player count.
    skip : container of int, optional
        Seats that no longer take turns.

    Returns
    -------
    int or None
        The next seat, or None when all are skipped.

    Examples
    --------
    >>> next_seat(2, 3), next_seat(0, 3, skip={1}), next_seat(0, 2, skip={0, 1})
    (0, 2, None)
    """
    for i in range(1, players + 1):
        candidate = (seat + i) % players
        if candidate not in skip:
            return candidate
    return None


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with one entry replaced: how one seat's record changes in an immutable state.

    Parameters
    ----------
    items : tuple
        One entry per seat.
    index : int
        The seat whose entry changes.
    value : object
        The new entry.

    Returns
    -------
    tuple
        A new tuple; ``items`` is unchanged.

    Examples
    --------
    >>> scores = (3, 5)
    >>> replace_at(scores, 0, 4), scores
    ((4, 5), (3, 5))
    """
    return items[:index] + (value,) + items[index + 1 :]
