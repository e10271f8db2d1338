"""Hidden information (CR-010, CR-040): what a seat may see, and what it cannot tell apart.

Public: the track, every token, the coin, the revealed goal cards, the
size of the pile. Hidden: each seat's secret goal card (only its owner sees
it) and the order of the face-down pile (no seat sees it; the teacher view,
``seat=None``, shows everything).
"""

from __future__ import annotations

from rulekit.engine import Dice, State

from .model import NONE, copy
from .tables import tables

__all__ = ["view", "determinize", "redeal_unseen", "invariants"]


def view(state: State, seat: int | None) -> dict:
    """JSON-ready data ``seat`` may see (None: everything, for teachers)."""
    d = state.data
    return {
        "finish": int(state.options["finish"]),
        "spaces": list(d.spaces),
        "mover": d.mover,
        "coin": d.coin or None,
        "secret": [s if seat in (None, i) and s != NONE else None for i, s in enumerate(d.secret)],
        "pile": len(d.pile),
        "pile_order": list(d.pile) if seat is None else None,
        "shown": list(d.shown),
        "winner": d.winner if d.winner != NONE else None,
    }


def determinize(state: State, seat: int, dice: Dice) -> State:
    """A state ``seat`` cannot tell apart: the other seats' secret cards and the pile dealt again
    from the goal cards ``seat`` has not seen (a search bot plans on these, not on the truth)."""
    d = state.data
    others = [i for i, s in enumerate(d.secret) if i != seat and s != NONE]
    unseen = list(dice.shuffle([*d.pile, *(d.secret[i] for i in others)]))
    secret = list(d.secret)
    for i in others:
        secret[i] = unseen.pop()
    return state.evolve(data=copy(d, secret=tuple(secret), pile=tuple(unseen)))


def redeal_unseen(state: State, dice: Dice) -> State:
    """What no seat sees: the order of the face-down pile, shuffled again (a chance node for adapters)."""
    d = state.data
    return state.evolve(data=copy(d, pile=dice.shuffle(d.pile)))


def invariants(state: State) -> list[str]:
    """Every goal card is in exactly one place (a hand, the pile, face up); tokens stay on the track."""
    d = state.data
    if d is None:
        return []
    out = []
    cards = sorted([*(s for s in d.secret if s != NONE), *d.pile, *d.shown])
    if cards != sorted(tables().spaces):
        out.append(f"goal cards not conserved: {cards}")
    if not all(0 <= s <= int(state.options["finish"]) for s in d.spaces):
        out.append(f"a token left the track: {list(d.spaces)}")
    return out
