"""The action phase (VE-050 .. VE-068): sell, tame, summon and release, turn by turn.

The active player's choice waits on the pending stack (``do_choose_action``)
and its automatic phase carries it out; each function takes a ``Work`` (a
mutable copy of the state data) and returns ``(phase, to_move)`` for the
state that follows.
"""

from __future__ import annotations

from rulekit.engine import Action

from . import effects
from .effects import after
from .model import frame
from .tables import CARDS, SELL
from .work import Work

__all__ = ["do_choose_action", "do_return", "sell", "tame", "summon", "release", "end_action_turn"]

Step = tuple[str, int | None]


def do_choose_action(w: Work, seat: int, action: Action) -> Step:
    """VE-051/VE-052: the chosen action is carried out by its automatic phase; 'end' ends the turn."""
    if action.kind == "end":  # VE-052
        w.note("VE-052", "end_turn", player=seat)
        return "end_action_turn", None
    w.pending.append(frame("action", seat, seat, action.args[0], purpose=action.kind))
    return action.kind, None


def _take_action(w: Work) -> tuple[int, int]:
    f = w.pending.pop()
    return f.owner, f.card


def _unmark(w: Work, cid: int) -> None:
    i = w.display.index(cid)
    del w.display[i]
    del w.markers[i]


def sell(w: Work) -> Step:
    """VE-053, VE-054, VE-055: the marked card goes to the discard pile for its element's stones."""
    seat, c = _take_action(w)
    _unmark(w, c)
    w.to_discard(c)
    stones = SELL[CARDS[c].element]
    w.note(
        "VE-053",
        "sold",
        player=seat,
        card=c,
        element=CARDS[c].element,
        stones="+".join(map(str, stones)),
    )
    effects.gain(w, seat, stones, quiet=True)
    return after(w)


def tame(w: Work) -> Step:
    """VE-056: the marked card goes to the hand (Triton: stones for its element)."""
    seat, c = _take_action(w)
    _unmark(w, c)
    w.to_hand(seat, c)
    w.note("VE-056", "tamed", player=seat, card=c)
    for b in w.perms(seat, "on_tame"):  # Triton
        if b["element"] == CARDS[c].element:
            effects.gain(w, seat, b["stones"])
    return after(w)


def summon(w: Work) -> Step:
    """VE-058 .. VE-064: announce the summon at its (discounted) cost; payment follows unless it is free."""
    seat, c = _take_action(w)
    cost = w.summon_cost(seat, c)
    w.note("VE-060" if cost < CARDS[c].cost_in(w.options) else "VE-058", "summon", player=seat, card=c, cost=cost)
    if cost == 0:
        effects.finish_summon(w, seat, c)
    else:
        w.pending.append(frame("pay", seat, seat, c, stage=cost, purpose="summon"))
    return after(w)


def release(w: Work) -> Step:
    """VE-065, VE-066: announce the release; the round number in stones is paid next."""
    seat, c = _take_action(w)
    w.note("VE-066", "release", player=seat, card=c, cost=w.round)
    w.pending.append(frame("pay", seat, seat, c, stage=w.round, purpose="release"))
    return after(w)


def end_action_turn(w: Work) -> Step:
    """VE-050/VE-052: the next player acts; after the last one the activation phase begins."""
    w.done += 1
    w.fresh = ()
    if w.done < w.players:
        w.turn = (w.turn + 1) % w.players
        w.note("VE-050", "next_turn", player=w.turn)
        return "action_turn", w.turn
    w.stage, w.turn, w.done = "activation", w.start, 0
    return "activation_turn", None


def do_return(w: Work, seat: int, action: Action) -> Step:
    """VE-031: the chosen stone goes back to the supply."""
    w.stones[seat].remove(action.args[0])  # sorted order is kept
    w.note("VE-031", "returned", player=seat, stone=action.args[0])
    return after(w)
