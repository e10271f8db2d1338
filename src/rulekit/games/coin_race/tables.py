"""The game's tables, read once from ``data/cards.toml`` and checked.

Why a module of its own: the rules code reads typed values (a tuple of
goal-card spaces, the reach of each side of the coin), never raw TOML, and
a broken data file fails when the game loads with a ``DataFileError``
naming the file and the key, not deep inside a turn.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from rulekit.engine import DataFileError
from rulekit.engine.rules import read_toml

__all__ = ["Tables", "tables", "read_tables"]

FILE = "data/cards.toml"


class Tables(NamedTuple):
    """Everything the rules read from data files (read-only: a NamedTuple is fine for tables)."""

    spaces: tuple[int, ...]  # the goal cards, each naming one space (CR-001)
    coin: tuple[str, ...]  # the sides of the coin (CR-020)
    reach: dict[str, int]  # side -> the farthest move after it (CR-030, CR-031)

    @property
    def longest(self) -> int:
        """The longest move any side of the coin allows: the action space is ``move 1`` .. ``move longest``."""
        return max(self.reach.values())


def _ints(doc: dict, key: str) -> tuple[int, ...]:
    value = doc.get(key)
    if not isinstance(value, list) or not value or not all(type(v) is int and v > 0 for v in value):
        raise DataFileError(FILE, key, "must be a non-empty list of whole numbers above 0")
    if len(set(value)) != len(value):
        raise DataFileError(FILE, key, "names a space twice")
    return tuple(value)


def read_tables(doc: dict) -> Tables:
    """Typed, checked tables from the parsed ``data/cards.toml``."""
    spaces = _ints(doc, "spaces")
    coin = doc.get("coin")
    if not isinstance(coin, list) or len(coin) != 2 or not all(isinstance(c, str) for c in coin):
        raise DataFileError(FILE, "coin", "must name the two sides of the coin")
    reach = doc.get("reach")
    if not isinstance(reach, dict) or set(reach) != set(coin):
        raise DataFileError(FILE, "reach", f"must give a reach for each side {coin}")
    if not all(type(n) is int and n >= 1 for n in reach.values()):
        raise DataFileError(FILE, "reach", "every reach is a whole number of at least 1")
    return Tables(spaces, tuple(coin), dict(reach))


@cache
def tables() -> Tables:
    """The game's tables (read once)."""
    return read_tables(read_toml(__package__, FILE))
