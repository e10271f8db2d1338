"""The Rune Stones state: the board, the players and the turn, as frozen dataclasses.

The state is a tree of frozen dataclasses of tuples, ints and strings, so
states hash, compare and share structure cheaply. The immutable facts
(cards, forges, tables) live in ``tables``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.records import copier
from ...engine.seats import replace_at

__all__ = [
    "Player",
    "Turn",
    "Board",
    "put",
    "replace",
    "copy_board",
    "copy_player",
    "copy_turn",
    "as_dict",
    "evolve_player",
    "with_player",
]


@dataclass(frozen=True, slots=True)
class Player:
    """One player's material (RS-012, RS-014). Piles: index 0 is the top."""

    hand: tuple[int, ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    removed: tuple[int, ...]  # druid cards out of the game (RS-094)
    gems: tuple[int, int, int, int]
    jokers: int
    ore: int
    pp: int
    rows: tuple[tuple[str, ...], tuple[str, ...]]  # 5 spaces each, "" = empty
    runes: tuple[str, ...]
    joker_gem: str = ""  # colour placed on the Joker rune (RS-212)


@dataclass(frozen=True, slots=True)
class Turn:
    """What the active player has done so far this turn (reset each turn)."""

    action: str = ""  # summon | abilities | forge
    colour: str = ""  # summon: the one magic colour (RS-071)
    mp: int = 0
    spent: int = 0
    played: tuple[int, ...] = ()  # summon: cards played for MP; abilities: cards picked
    gained: tuple[int, ...] = ()  # summon: creatures taken from the display
    used: tuple[int, ...] = ()  # abilities: cards whose ability was started
    card: int = 0  # the card being resolved (0: none)
    gave_pp: bool = False  # the current card gave power points (RS-219)
    bill: tuple[str, ...] = ()  # gems still to pay: colours, "joker" or "any"
    ore_ok: bool = False  # forge: 3 ores may still pay this bill (RS-141)
    queue: tuple[str, ...] = ()  # effects still to carry out
    forged: tuple[int, ...] = ()  # forges used this turn (RS-130)
    artifact: str = ""  # the artifact taken, until placed
    joker_forged: bool = False  # RS-134
    swapped: bool = False  # Exchange rune used this turn (RS-215)
    new_rune: str = ""  # rune taken this turn (RS-223..RS-225)


@dataclass(frozen=True, slots=True)
class Board:
    """Everything on the table."""

    players: tuple[Player, ...]
    display: tuple[int, ...]  # 6 slots, left to right, 0 = empty (RS-001)
    deck: tuple[int, ...]  # general draw pile, index 0 is the top
    gdiscard: tuple[int, ...]  # general discard pile
    supply: tuple[int, int, int, int]  # gems per colour
    jokers: int
    ore: int
    art_supply: tuple[str, ...]  # face-down coloured artifacts (RS-035)
    art_discard: tuple[str, ...]  # open artifact discard (RS-044, RS-167)
    forges: tuple[str, ...]  # artifact on each coloured forge, "" = empty
    joker_stack: int  # joker artifacts on the joker forge (RS-034)
    rune_stacks: tuple[int, ...]  # stones per rune type (RS-032)
    start: int  # start player (RS-042)
    current: int
    turn: Turn = Turn()
    last_roll: str = ""
    round: int = 1


#: fast copies with some fields changed (``engine.records.copier``): the rule functions call these
copy_player = copier(Player)
copy_turn = copier(Turn)
copy_board = copier(Board)
_COPY = {Player: copy_player, Turn: copy_turn, Board: copy_board}


def _fields_dict(cls: type) -> Any:
    """``fields(obj) -> dict``: a record's fields by name, generated from the slot names (one dict display)."""
    body = ", ".join(f"{name!r}: obj.{name}" for name in cls.__slots__)
    scope: dict = {}
    exec(f"def fields(obj):\n    return {{{body}}}", scope)  # noqa: S102 - code built from the class's own slot names
    return scope["fields"]


_FIELDS = {cls: _fields_dict(cls) for cls in (Player, Turn, Board)}


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of a frozen state record (``Player``, ``Turn``, ``Board``) with some fields changed.

    ``engine.records.copier``: the same result as ``dataclasses.replace`` without
    the ``__init__`` round trip. The rule functions call ``copy_board``,
    ``copy_turn`` and ``copy_player`` directly (several times per decision).
    """
    return _COPY[type(obj)](obj, **changes)


def as_dict(obj: Any) -> dict:
    """A board, player or turn as a JSON-ready dict (tuples stay tuples: json writes them as lists).

    A fast, specialised ``engine.encode`` for snapshots and views.
    """
    out = _FIELDS[type(obj)](obj)
    if "players" in out:
        out["players"] = [as_dict(p) for p in out["players"]]
    if "turn" in out:
        out["turn"] = as_dict(out["turn"])
    return out


#: a copy of a tuple with one item replaced (the engine's seat helper)
put = replace_at


def evolve_player(board: Board, seat: int, **changes: Any) -> Board:
    """``board`` with some fields of one player changed."""
    players = board.players
    return copy_board(board, players=put(players, seat, copy_player(players[seat], **changes)))


def with_player(board: Board, seat: int, player: Player, **changes: Any) -> Board:
    """``board`` with ``player`` in ``seat`` and some board fields changed, in one copy of the board.

    A step that changes a player and the board (or the turn) copies the board
    once this way rather than twice (``evolve_player``, then ``copy_board``):
    the copies are most of the cost of a step in bots' and simulations' play.
    """
    return copy_board(board, players=put(board.players, seat, player), **changes)
