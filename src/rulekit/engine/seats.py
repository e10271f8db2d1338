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
    """How every face names a seat: ``P1`` .. ``Pn`` (seat 0 is P1), the same in English and German,
    on boards, in events, in the Table and on the command line."""
    return f"P{seat + 1}"


def seat_order(start: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``start`` (the usual "reihum" order)."""
    if not 0 <= start < players:
        raise ValueError(f"start seat must be in 0..{players - 1}, got {start}")
    return tuple((start + i) % players for i in range(players))


def snake_order(start: int, players: int) -> tuple[int, ...]:
    """Clockwise from ``start``, then back again (setup drafts: the last seat picks twice)."""
    forward = seat_order(start, players)
    return forward + forward[::-1]


def next_seat(seat: int, players: int, skip: Container[int] = ()) -> int | None:
    """The next seat clockwise after ``seat`` that is not in ``skip``; None if every seat is skipped.

    Use it for "reihum" after players drop out (passed, out of the round):
    the rotation goes on from ``seat`` itself, never restarts from seat 0.
    """
    for i in range(1, players + 1):
        candidate = (seat + i) % players
        if candidate not in skip:
            return candidate
    return None


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with one entry replaced: how one seat's record changes in an immutable state."""
    return items[:index] + (value,) + items[index + 1 :]
