"""Das Zepter von Zavandor (The Scepter of Zavandor), 2-6 players, with open auctions."""

from .rules import ScepterOfZavandor

__all__ = ["ScepterOfZavandor"]
