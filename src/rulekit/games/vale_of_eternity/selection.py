"""The selection phase (VE-040 .. VE-047): reveal cards onto the element zones, then a snake draft of markers.

Each function takes a ``Work`` (a mutable copy of the state data) and
returns ``(phase, to_move)`` for the state that follows. The step that
opens the action phase (VE-050) needs no work copy: ``rules._begin_actions``.
"""

from __future__ import annotations

from functools import cache

from rulekit.engine import Action
from rulekit.engine.seats import snake_order

from .model import NO_SEAT
from .tables import CARDS, TABLES
from .work import Work

__all__ = ["reveal", "pick", "do_pick", "picking_order", "snake_seat", "zones"]

Step = tuple[str, int | None]


#: VE-043/VE-044: the picking order per start seat and player count (the engine's snake order),
#: made once (every pick asks it)
picking_order = cache(snake_order)


def snake_seat(w: Work, k: int) -> int:
    """VE-043/VE-044/VE-046: picks go clockwise from the start player, then back (the engine's snake order)."""
    return picking_order(w.start, w.players)[k]


def reveal(w: Work) -> Step:
    """VE-041, VE-042, VE-047: reveal 2 x players cards onto their element zones."""
    for _ in range(TABLES["reveal_per_player"] * w.players):
        c = w.draw_card()
        if c is None:
            w.note("VE-047", "deck_empty")
            break
        w.display.append(c)
        w.markers.append(NO_SEAT)
    w.note("VE-041", "reveal", round=w.round, n=len(w.display))
    for element, cids in zones(w.display).items():  # card ids: the event names them in each language
        w.note("VE-042", "revealed", cards=cids, element=element)
    w.stage, w.picks = "pick", 0
    if not w.display:
        return "begin_actions", None
    return "pick_clockwise", snake_seat(w, 0)


def zones(cards) -> dict[str, tuple[int, ...]]:
    """VE-042: the revealed cards by element zone, the zones in the order their first card came."""
    found: dict[str, list[int]] = {}
    for c in cards:
        found.setdefault(CARDS[c].element, []).append(c)
    return {element: tuple(cids) for element, cids in found.items()}


def pick(w: Work, seat: int, cid: int) -> Step:
    """VE-043/VE-044/VE-045: put a selection marker on a free card."""
    w.markers[w.display.index(cid)] = seat
    w.picks += 1
    w.note("VE-043" if w.picks <= w.players else "VE-044", "picked", player=seat, card=cid)
    total = min(TABLES["markers_per_player"] * w.players, len(w.display))
    if w.picks >= total:
        return "begin_actions", None
    phase = "pick_clockwise" if w.picks < w.players else "pick_counterclockwise"
    return phase, snake_seat(w, w.picks)


def do_pick(w: Work, seat: int, action: Action) -> Step:
    return pick(w, seat, action.args[0])
