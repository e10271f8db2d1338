"""Spellbound (Fragor Games 2012): cooperative, 1-4 players; see ``rules.Spellbound``."""

from .rules import Spellbound

__all__ = ["Spellbound"]
