"""Hidden information in The Vale of Eternity: what a seat may see, and the unseen cards dealt again.

Hands are secret and the deck order is hidden; stones, areas, the display
and the discard pile are public, and so are the hand cards everyone saw
arrive (``Vale.shown``) and the cards put face up on top of the deck (Tengu,
``Vale.top_known``).
"""

from __future__ import annotations

from rulekit.engine import Dice, State

from .model import copy_vale

__all__ = ["view", "determinize", "redeal_unseen"]


def view(state: State, seat: int | None) -> dict:
    """Hands are secret (facts 3.3) and the deck order is hidden; stones and areas are public, and so
    are the hand cards everyone saw arrive (``shown``: tamed, recovered or taken in sight of all)."""
    d = state.data
    hands = [list(h) if seat is None or seat == i else len(h) for i, h in enumerate(d.hands)]
    shown = [list(s) for s in d.shown] if d.shown else [[] for _ in d.hands]
    return {
        "round": d.round,
        "start": d.start,
        "turn": d.turn,
        "stage": d.stage,
        "deck": list(d.deck) if seat is None else len(d.deck),
        "discard": list(d.discard),
        "display": [{"card": c, "marker": m} for c, m in zip(d.display, d.markers, strict=True)],
        "hands": hands,
        "shown": shown,
        "areas": [list(a) for a in d.areas],
        "stones": [list(s) for s in d.stones],
        "summoned": list(d.summoned),
        "pending": [f.kind for f in d.pending],
    }


def determinize(state: State, seat: int, dice: Dice) -> State:
    """Shuffle the deck together with the other players' hidden hand cards and deal them back.

    A card being summoned (a pending payment) and hand cards everyone saw arrive (``shown``)
    are public and stay where they are.
    """
    d = state.data
    public = {f.card for f in d.pending if f.kind == "pay" and f.purpose == "summon"}
    public.update(c for shown in d.shown for c in shown)  # tamed, recovered or taken in sight of all
    known = d.deck[len(d.deck) - d.top_known :]  # face-up cards put on top (Tengu) stay
    hidden = list(d.deck[: len(d.deck) - d.top_known])
    for i, h in enumerate(d.hands):
        if i != seat:
            hidden.extend(c for c in h if c not in public)
    pool = list(dice.shuffle(hidden))
    hands = []
    for i, h in enumerate(d.hands):
        if i == seat:
            hands.append(h)
            continue
        kept = [c for c in h if c in public]
        n = len(h) - len(kept)
        hands.append(tuple(kept + pool[:n]))
        del pool[:n]
    return state.evolve(data=copy_vale(d, hands=tuple(hands), deck=(*pool, *known)))


def redeal_unseen(state: State, dice: Dice) -> State:
    """The deck below the cards everyone saw put on top (Tengu) shuffled again: what no seat
    can see (OpenSpiel chance nodes)."""
    d = state.data
    if d is None or len(d.deck) - d.top_known < 2:
        return state
    cut = len(d.deck) - d.top_known
    return state.evolve(data=copy_vale(d, deck=(*dice.shuffle(d.deck[:cut]), *d.deck[cut:])))
