"""The activation phase and the round end (VE-070 .. VE-083): active effects seat by seat, then the end checks.

Each function takes a ``Work`` (a mutable copy of the state data) and
returns ``(phase, to_move)`` for the state that follows.
"""

from __future__ import annotations

from .effects import after
from .model import frame
from .tables import CARDS
from .work import Work

__all__ = ["activation_turn", "round_end"]

Step = tuple[str, int | None]


def activation_turn(w: Work) -> Step:
    """VE-070/VE-071/VE-080: the next seat from the start player uses each active effect
    of their area once; after the last seat the round ends."""
    if w.done >= w.players:
        w.note("VE-080", "round_over", round=w.round)
        return "round_end", None
    w.turn = (w.start + w.done) % w.players
    w.done += 1
    todo = tuple(c for c in w.areas[w.turn] if CARDS[c].active is not None)
    w.note("VE-070", "activation_turn" if todo else "activation_none", player=w.turn, n=len(todo))
    if todo:
        w.pending.append(frame("activate", w.turn, w.turn, -1, items=todo, purpose="phase"))
    return after(w)


# -- round end -----------------------------------------------------------------


def round_end(w: Work) -> Step:
    """VE-081/VE-082/VE-083: end checks only now; else pass the start marker and advance the round."""
    best = max(w.scores)
    if best >= w.options["target"]:
        w.note("VE-082", "end_points", n=best)
        return "scoring", None
    if w.round >= w.options["rounds"]:
        w.note("VE-082", "end_rounds", round=w.round)
        return "scoring", None
    w.to_discard(*w.display)  # nothing is left here in a normal round; kept for safety
    w.display, w.markers = [], []
    w.round += 1
    w.start = (w.start + 1) % w.players
    w.note("VE-081", "next_round", round=w.round, player=w.start)
    return "reveal_cards", None
