"""The state data of Die Minen von Zavandor: small immutable records of ints and tuples.

Frozen slotted dataclasses (the one state style, docs/adding-a-game.md):
random play copies them with a field or two changed on every step, so
``replace`` uses a copier generated for each class
(``rulekit.engine.records.copier``), which is faster than a NamedTuple's
``_replace``.

Mine cards of the same cart type and gem colour are interchangeable, so a
hand (and a sealed bid) is a 16-tuple of counts indexed by kind
``cart * 4 + colour``; a draw pile is a tuple of kinds (top = last) because
its order is hidden information; a discard pile is face up and searched
(ZM-340), so it is a 4-tuple of counts per colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from rulekit.engine.records import copier
from rulekit.engine.seats import replace_at, seat_order

from .tables import ClanSide, ExpCard, Tables

__all__ = [
    "Player",
    "Mines",
    "FREE",
    "copy_mines",
    "copy_player",
    "replace",
    "set_player",
    "add",
    "total",
    "order_from",
]

#: an empty cave space
FREE = (-1, 0)


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's board and cards."""

    hand: tuple[int, ...]  # 16 counts by kind (hidden from the others)
    bid: tuple[int, ...]  # 16 counts: sealed bid, face up after the reveal (ZM-380, ZM-520)
    vp: int  # victory points in coins (ZM-650)
    clan: int  # clan board index (ZM-040)
    level: int  # cubes on the clan track (ZM-110, ZM-580)
    caves: tuple[tuple[int, int], ...]  # per cave space: (expansion card id, cubes); FREE = empty
    upgraded: int = 0  # objects upgraded this round: bit 0 clan board, bit i+1 cave space i (ZM-550)
    sealed: bool = False  # the sealed bid is committed (ZM-380)


@dataclass(frozen=True, slots=True)
class Mines:
    """The whole table."""

    players: tuple[Player, ...]
    draw: tuple[tuple[int, ...], ...]  # per cart type: kinds, top last (ZM-020)
    discard: tuple[tuple[int, ...], ...]  # per cart type: counts per colour (ZM-020)
    stacks: tuple[tuple[int, ...], ...]  # per colour: expansion card ids, top last (ZM-080)
    display: tuple[tuple[int, int], ...]  # per colour: (middle, right); -1 = empty (ZM-090)
    sold: tuple[bool, ...]  # per colour: the right card was taken this round (ZM-600)
    gone: tuple[int, ...]  # expansion cards discarded (ZM-600, ZM-909, ZM-910)
    used: tuple[int, ...]  # spell scrolls out of the game (ZM-310)
    king: int  # the king's road space (ZM-150)
    start: int  # seat holding the start player figure (ZM-160)
    round: int
    cubes: int  # upgrade cubes in the supply (ZM-910)
    pro: bool  # professional variant (ZM-060)
    turn: int = 0  # index into the seat order from the start player
    revealed: bool = False  # sealed bids are face up (ZM-410)
    colour: int = 0  # index into the auction order being resolved (ZM-420)
    owed: tuple[int, ...] = ()  # base income still to choose, per cart type (ZM-240)
    take_left: int = 0  # base-income cards still to choose (ZM-240)
    bank: tuple[int, ...] = ()  # bank trade in progress: cart, then the given colours (ZM-320)
    partner: int = -1  # trade offer in progress: the other seat (ZM-350)
    give: tuple[int, ...] = ()  # offered cards, 16 counts
    ask: tuple[int, ...] = ()  # asked cards, 16 counts
    offers: int = 0  # offers made in this trading turn (option offer_limit)
    made: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...] = ()  # offers made this round (ZM-350)
    winner: int = -1  # auction winner deciding now
    size: int = 0  # the winner's bid size in the current auction (ZM-530)
    results: tuple[tuple[int, int], ...] = ()  # per resolved auction this round: (winner seat or -1, bid size)
    step: str = ""  # auction decision: reward, remove, king
    won: int = -1  # expansion card waiting for a cave space (ZM-510)
    stopped: bool = False  # ended by the option round_limit (not printed): unfinished, no winners
    cubes_out: int = 0  # cubes out of the game with removed cards (option removed_cubes = lost, ZM-910)


#: fast copies with some fields changed (``engine.records.copier``): the rule functions call these
#: directly, on the hot path of every step (``replace`` does the same for either class, one call slower)
copy_mines = copier(Mines)
copy_player = copier(Player)
_COPY = {Player: copy_player, Mines: copy_mines}

R = TypeVar("R", Player, Mines)


def replace(obj: R, **changes: object) -> R:
    """A copy of a ``Player`` or ``Mines`` with some fields changed (as ``dataclasses.replace``, faster)."""
    return _COPY[type(obj)](obj, **changes)


def set_player(d: Mines, seat: int, p: Player) -> tuple[Player, ...]:
    """The players tuple with one seat replaced."""
    return replace_at(d.players, seat, p)


def add(counts: tuple[int, ...], index: int, n: int = 1) -> tuple[int, ...]:
    """A count vector with ``n`` added at ``index``."""
    out = list(counts)
    out[index] += n
    return tuple(out)


def total(counts: tuple[int, ...]) -> int:
    return sum(counts)


#: seats clockwise from the start player (ZM-180, ZM-440): the engine's seat helper
order_from = seat_order


def clan_side(t: Tables, d: Mines, p: Player) -> ClanSide:
    """The side of the clan board a player uses (ZM-050 normal, ZM-060 pro)."""
    return t.pro[p.clan] if d.pro else t.normal


def card(t: Tables, cid: int) -> ExpCard:
    return t.cards[cid]


def with_player(d: Mines, seat: int, **changes: object) -> Mines:
    """``d`` with one player's fields changed."""
    return copy_mines(d, players=set_player(d, seat, copy_player(d.players[seat], **changes)))
