"""The state of Coin race: one frozen slotted dataclass of ints and tuples.

Frozen and slotted (issue 25's one state style): typed named fields, no
accidental changes, and fast copies with ``engine.records.copier``
(``copy(race, spaces=...)``), which every step makes.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekit.engine.records import copier

__all__ = ["Race", "NONE", "copy"]

#: a seat without a secret goal card (the pile ran out, CR-040)
NONE = -1


@dataclass(frozen=True, slots=True)
class Race:
    """The whole table."""

    spaces: tuple[int, ...]  # per seat: the space its token stands on (CR-010)
    secret: tuple[int, ...]  # per seat: the space on its secret goal card, NONE for none (hidden, CR-010)
    pile: tuple[int, ...]  # face-down goal cards, top last (its order is hidden from every seat)
    shown: tuple[int, ...] = ()  # revealed goal cards, face up, oldest first (CR-040)
    mover: int = 0  # the seat whose turn it is (also during the automatic flip)
    coin: str = ""  # the side the mover flipped this turn, "" before the flip (CR-020)
    winner: int = NONE  # the seat that reached the finish line (CR-050)


#: ``copy(race, **changes)``: a copy with some fields changed (``dataclasses.replace``, faster)
copy = copier(Race)
