"""The context one apply works in: catalogue, options, dice and the events said.

Rule functions take a ``Ctx`` and a ``Board`` and return a new ``Board``
(plus the next phase); they never mutate a board, only the context's event
list and dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine import Dice, Event
from .model import COLOURS, Board, Catalogue, Player

__all__ = ["Ctx", "holds", "has_rune", "tradable_rows", "name_of"]


@dataclass
class Ctx:
    """Per-apply working context; ``ev`` collects the events said."""

    game: Any
    cat: Catalogue
    opts: dict
    dice: Dice
    seat: int
    ev: list[Event] = field(default_factory=list)

    def say(self, rule: str, key: str, **args: Any) -> None:
        args.setdefault("player", name_of(self.seat))
        self.ev.append(self.game.say(rule, key, **args))


def name_of(seat: int) -> str:
    """A readable seat name ("P1" for seat 0)."""
    return f"P{seat + 1}"


def has_rune(board: Board, seat: int, rune: str, opts: dict) -> bool:
    """The player owns ``rune`` and may use it now (RS-223..RS-225).

    A rune taken this turn in the trade-in step acts at once only if it is one
    of the immediate runes (joker, exchange, hand) and the option allows it;
    the action runes act from the next turn on anyway, because the action is over.
    """
    if rune not in board.players[seat].runes:
        return False
    if seat == board.current and board.turn.new_rune == rune:
        return bool(opts["immediate_runes"]) and rune in ("joker", "exchange", "hand")
    return True


def holds(p: Player) -> int:
    """Gems, joker stones and ores a player holds (the joker-rune gem excluded, RS-194)."""
    return sum(p.gems) + p.jokers + p.ore


def tradable_rows(p: Player) -> list[int]:
    """Rows (1, 2) holding at least 2 artifacts (RS-160)."""
    return [i + 1 for i, row in enumerate(p.rows) if sum(1 for a in row if a) >= 2]


def colour_index(colour: str) -> int:
    return COLOURS.index(colour)
