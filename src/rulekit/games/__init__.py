"""The registry of games: id -> Game class, in one explicit place.

Games are imported on first use, so ``rulekit.games()`` stays fast and a
game that fails to import does not break the others.

``EXAMPLES`` holds games that exist to be copied, not played in class:
``coin_race``, the template of docs/adding-a-game.md. ``load`` opens them by
id like any game, and the contract tests (conformance, refusals, adapters,
golden transcripts, package shape) cover them through
``games(examples=True)``; ``games()`` leaves them out, so they get no
notebook, dashboard, gallery entry or static-site page.

>>> games() == list(REGISTRY)
True
>>> games(examples=True)[-1], load("coin_race").title
('coin_race', 'Coin race')
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from ..engine import ArgumentError, Game, UnknownGame

__all__ = ["EXAMPLES", "REGISTRY", "games", "load", "resolve_game"]

#: game id -> "module:Class"
REGISTRY: dict[str, str] = {
    "rune_stones": "rulekit.games.rune_stones.rules:RuneStones",
    "vale_of_eternity": "rulekit.games.vale_of_eternity.rules:ValeOfEternity",
    "spellbound": "rulekit.games.spellbound.rules:Spellbound",
    "scepter_of_zavandor": "rulekit.games.scepter_of_zavandor.rules:ScepterOfZavandor",
    "mines_of_zavandor": "rulekit.games.mines_of_zavandor.rules:MinesOfZavandor",
}

#: game id -> "module:Class" of the example games: loadable and tested, not listed by ``games()``
EXAMPLES: dict[str, str] = {
    "coin_race": "rulekit.games.coin_race.rules:CoinRace",
}


def _available(registry: dict[str, str]) -> list[str]:
    from importlib.util import find_spec

    return [gid for gid, target in registry.items() if find_spec(target.split(":")[0].rsplit(".", 1)[0])]


def games(examples: bool = False) -> list[str]:
    """The ids of the games that are installed; with ``examples`` the example games too (last).

    The pages for learners (notebooks, dashboards, the gallery, the static
    site) list ``games()``; the contract tests run on ``games(examples=True)``.
    """
    return _available(REGISTRY) + (_available(EXAMPLES) if examples else [])


@cache
def load(game_id: str) -> Game:
    """The ``Game`` for ``game_id`` (one shared, stateless instance), an example game's too."""
    if game_id not in games(examples=True):
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(games())}")
    module, _, cls = {**REGISTRY, **EXAMPLES}[game_id].partition(":")
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
