"""The registry of games: id -> Game class, in one explicit place.

Games are imported on first use, so ``rulekit.games()`` stays fast and a
game that fails to import does not break the others.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from ..engine import ArgumentError, Game, UnknownGame

__all__ = ["REGISTRY", "games", "load", "resolve_game"]

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


def resolve_game(game: Game | str, allow_import: bool = False) -> Game:
    """A ``Game`` from a registered id or a ``Game`` (unregistered games pass as instances).

    With ``allow_import`` a ``"module:Class"`` reference imports that class,
    so worker processes can rebuild a game they were handed; it is off by
    default because it runs code named by the caller (``rulekit simulate``
    only allows it behind ``--allow-import``).
    """
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise ArgumentError(f"game must be a game id or a Game, got {game!r}")
    if ":" not in game:
        return load(game)
    if not allow_import:
        raise UnknownGame(f"{game!r} is an import path, not a game id; known games: {', '.join(games())}")
    return _import_game(game)


@cache
def _import_game(ref: str) -> Game:
    module, _, name = ref.partition(":")
    try:
        obj = import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError, ValueError) as err:
        raise UnknownGame(f"cannot import the game {ref!r}: {err}") from None
    if not (isinstance(obj, type) and issubclass(obj, Game)):
        raise UnknownGame(f"{ref!r} is not a Game class")
    return obj()
