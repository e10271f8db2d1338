"""The Rune Stones state: the board, the players and the turn, as frozen dataclasses.

The state is a tree of frozen dataclasses of tuples, ints and strings, so
states hash, compare and share structure cheaply. The immutable facts
(cards, forges, tables) live in ``tables``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.seats import replace_at

__all__ = ["Player", "Turn", "Board", "put", "replace", "as_dict", "evolve_player"]


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of a frozen state dataclass with some fields changed.

    Player, Turn and Board keep their fields in ``__dict__`` (no slots), so a
    copy is two C-level dict updates: much faster than ``dataclasses.replace``
    (no ``__init__`` round trip), which matters because it runs several times
    per decision.
    """
    new = object.__new__(type(obj))
    fields = new.__dict__
    fields.update(obj.__dict__)
    fields.update(changes)
    return new


def as_dict(obj: Any) -> dict:
    """A board, player or turn as a JSON-ready dict (tuples stay tuples: json writes them as lists).

    A fast, specialised ``engine.encode`` for snapshots and views.
    """
    out = dict(obj.__dict__)
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
    return replace(board, players=put(players, seat, replace(players[seat], **changes)))
