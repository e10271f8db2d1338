"""The registry of games: id -> Game class, in one explicit place.

Games are imported on first use, so ``rulekit.games()`` stays fast and a
game that fails to import does not break the others.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from ..engine import Game, UnknownGame

__all__ = ["REGISTRY", "games", "load"]

#: game id -> "module:Class"
REGISTRY: dict[str, str] = {
    "rune_stones": "rulekit.games.rune_stones.rules:RuneStones",
    "vale_of_eternity": "rulekit.games.vale_of_eternity.rules:ValeOfEternity",
    "spellbound": "rulekit.games.spellbound.rules:Spellbound",
    "scepter_of_zavandor": "rulekit.games.scepter_of_zavandor.rules:ScepterOfZavandor",
    "mines_of_zavandor": "rulekit.games.mines_of_zavandor.rules:MinesOfZavandor",
}


def _available() -> list[str]:
    from importlib.util import find_spec

    return [gid for gid, target in REGISTRY.items() if find_spec(target.split(":")[0].rsplit(".", 1)[0])]


def games() -> list[str]:
    """The ids of the games that are installed."""
    return _available()


@cache
def load(game_id: str) -> Game:
    """The ``Game`` for ``game_id`` (one shared, stateless instance)."""
    if game_id not in REGISTRY or game_id not in _available():
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(games())}")
    module, _, cls = REGISTRY[game_id].partition(":")
    return getattr(import_module(module), cls)()
