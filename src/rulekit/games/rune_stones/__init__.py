"""Rune Stones (Queen Games 2019): the game package; ``rules.RuneStones`` is the Game."""

from .rules import RuneStones

__all__ = ["RuneStones"]
