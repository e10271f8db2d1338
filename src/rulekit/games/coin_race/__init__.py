"""Coin race: rulekit's own tiny game, the package to copy when adding a game (docs/adding-a-game.md)."""

from .rules import CoinRace

__all__ = ["CoinRace"]
