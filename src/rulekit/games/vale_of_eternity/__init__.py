"""The Vale of Eternity (Mandoo 2023): the game, ``ValeOfEternity``."""

from .rules import ValeOfEternity

__all__ = ["ValeOfEternity"]
