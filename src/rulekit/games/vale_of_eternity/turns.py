"""The round of The Vale of Eternity: selection, actions, activation, round end.

Each function takes a ``Work`` (a mutable copy of the state data) and
returns ``(phase, to_move)`` for the state that follows. Decisions inside
card effects are handed to ``effects.resolve``; a phase with ``to_move``
None is an automatic step (reveal, turn hand-over, activation bookkeeping,
end checks) that ``auto`` runs next.
"""

from __future__ import annotations

from rulekit.engine import Action
from rulekit.engine.seats import snake_order

from . import effects
from .effects import choices, decide, resolve
from .model import CARDS, NO_SEAT, TABLES, Frame, Work

__all__ = ["setup_work", "reveal", "pick", "action_legal", "after", "snake_seat", "SELL"]

SELL: dict[str, tuple[int, ...]] = {e: tuple(v) for e, v in TABLES["sell_values"].items()}  # VE-008
Step = tuple[str, int | None]


def snake_seat(w: Work, k: int) -> int:
    """VE-043/VE-044/VE-046: picks go clockwise from the start player, then back (the engine's snake order)."""
    return snake_order(w.start, w.players)[k]


def after(w: Work) -> Step:
    """Resolve pending effects; when nothing is left the active player goes on (VE-051),
    or in the activation phase an automatic step hands over to the next player (VE-070)."""
    step = resolve(w)
    if step is not None:
        return step
    return ("action_turn", w.turn) if w.stage == "action" else ("activation_turn", None)


# -- selection phase -----------------------------------------------------------


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
    zones = {}
    for c in w.display:
        zones.setdefault(CARDS[c].element, []).append(c)
    for element, cids in zones.items():  # card ids: the event names them in each language
        w.note("VE-042", "revealed", cards=tuple(cids), element=element)
    w.stage, w.picks = "pick", 0
    if not w.display:
        return "begin_actions", None
    return "pick_clockwise", snake_seat(w, 0)


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


def begin_actions(w: Work) -> Step:
    """VE-050: the action phase starts with the start player."""
    w.stage, w.turn, w.done = "action", w.start, 0
    w.note("VE-050", "action_phase", player=w.start)
    return "action_turn", w.start


# -- action phase --------------------------------------------------------------


def own_marked(w: Work, seat: int) -> list[int]:
    return [c for c, m in zip(w.display, w.markers, strict=True) if m == seat]


def summonable(w: Work, seat: int, cid: int, wealth: int | None = None) -> str:
    """'' if ``cid`` may be summoned now, else the rule id that forbids it."""
    if cid not in w.hands[seat]:
        return "VE-058"
    if len(w.areas[seat]) >= w.round:
        return "VE-033"
    if not effects.summon_cost_ok(w, seat, cid, wealth):
        return "VE-059"
    if not effects.can_summon(w, seat, cid):
        return "VE-062"
    return ""


def releasable(w: Work, seat: int, cid: int, wealth: int | None = None) -> str:
    """'' if ``cid`` may be released now, else the rule id that forbids it."""
    if cid not in w.areas[seat]:
        return "VE-065"
    if (w.wealth(seat) if wealth is None else wealth) < w.round:
        return "VE-066"
    if cid in w.fresh and not w.options["release_same_turn"]:
        return "VE-068"
    return ""


def pickable(w: Work, cid: int) -> str:
    """'' if ``cid`` may be picked now, else the rule id that forbids it (VE-043, VE-045)."""
    if cid not in w.display:
        return "VE-043"
    return "VE-045" if w.markers[w.display.index(cid)] != NO_SEAT else ""


def sellable(w: Work, seat: int, cid: int) -> str:
    """'' if ``cid`` carries ``seat``'s marker (sell or tame it), else VE-057."""
    return "" if cid in own_marked(w, seat) else "VE-057"


def can_end(w: Work, seat: int) -> str:
    """'' if ``seat`` may end the action turn, else VE-052 (a marker still lies on a card)."""
    return "VE-052" if own_marked(w, seat) else ""


def legal_pick(w: Work, seat: int) -> list[Action]:
    """VE-045: any card without a marker (``pickable``)."""
    return [Action("pick", (c,)) for c in w.display if not pickable(w, c)]


def legal_return(w: Work, seat: int) -> list[Action]:
    """VE-031: one stone of any value held goes back."""
    return [Action("return", (v,)) for v in sorted(set(w.stones[seat]))]


def legal_pending(w: Work, seat: int) -> list[Action]:
    """The choices of the payment, effect or activation on top of the pending stack."""
    return choices(w, w.pending[-1])


def action_legal(w: Work, seat: int) -> list[Action]:
    """VE-051: any action in any order, as often as allowed; 'end' once no marker is left (VE-052)."""
    marked = own_marked(w, seat)
    out = [Action("sell", (c,)) for c in marked]
    out += [Action("tame", (c,)) for c in marked]
    wealth = w.wealth(seat)
    if len(w.areas[seat]) < w.round:
        out += [Action("summon", (c,)) for c in w.hands[seat] if not summonable(w, seat, c, wealth)]
    if wealth >= w.round:  # VE-066
        out += [Action("release", (c,)) for c in w.areas[seat] if not releasable(w, seat, c, wealth)]
    if not marked:
        out.append(Action("end"))
    return out


def do_pick(w: Work, seat: int, action: Action) -> Step:
    return pick(w, seat, action.args[0])


def do_return(w: Work, seat: int, action: Action) -> Step:
    """VE-031: the chosen stone goes back to the supply."""
    w.stones[seat].remove(action.args[0])  # sorted order is kept
    w.note("VE-031", "returned", player=seat, stone=action.args[0])
    return after(w)


def do_pending(w: Work, seat: int, action: Action) -> Step:
    """A payment, an effect choice or the choice of the next active effect."""
    decide(w, action)
    return after(w)


def do_choose_action(w: Work, seat: int, action: Action) -> Step:
    """VE-051/VE-052: the chosen action is carried out by its automatic phase; 'end' ends the turn."""
    if action.kind == "end":  # VE-052
        w.note("VE-052", "end_turn", player=seat)
        return "end_action_turn", None
    w.pending.append(Frame("action", seat, seat, action.args[0], purpose=action.kind))
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
        w.pending.append(Frame("pay", seat, seat, c, stage=cost, purpose="summon"))
    return after(w)


def release(w: Work) -> Step:
    """VE-065, VE-066: announce the release; the round number in stones is paid next."""
    seat, c = _take_action(w)
    w.note("VE-066", "release", player=seat, card=c, cost=w.round)
    w.pending.append(Frame("pay", seat, seat, c, stage=w.round, purpose="release"))
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


# -- activation phase ----------------------------------------------------------


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
        w.pending.append(Frame("activate", w.turn, w.turn, -1, items=todo, purpose="phase"))
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


def setup_work(w: Work) -> None:
    """VE-020/VE-021/VE-022: starting points by seat from the start player, round 1, shuffled deck."""
    n = w.players
    for k in range(n):
        w.scores[(w.start + k) % n] = k + 1
    w.note("VE-020", "start_scores", player=w.start)
    w.note("VE-021", "round_one")
    w.note("VE-022", "setup", n=len(w.deck))
