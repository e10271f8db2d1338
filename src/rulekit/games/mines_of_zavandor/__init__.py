"""Die Minen von Zavandor (The Mines of Zavandor), 2-4 players, with sealed bids."""

from .rules import MinesOfZavandor

__all__ = ["MinesOfZavandor"]
