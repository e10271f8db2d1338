"""Rune Stones (Queen Games 2019): the game package; ``rules.RuneStones`` is the Game."""
