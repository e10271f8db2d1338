"""The round of The Vale of Eternity: selection, actions, activation, round end.

Each function takes a ``Work`` (a mutable copy of the state data) and
returns ``(phase, to_move)`` for the state that follows. Decisions inside
card effects are handed to ``effects.resolve``; a phase with ``to_move``
None is an automatic step (reveal, turn hand-over, activation bookkeeping,
end checks) that ``auto`` runs next.
"""

from __future__ import annotations

from rulekit.engine import Action

from . import effects
from .effects import choices, decide, resolve
from .model import CARDS, NO_SEAT, TABLES, Frame, Work

__all__ = ["setup_work", "reveal", "pick", "action_legal", "do_action", "continue_auto", "snake_seat", "SELL"]

SELL: dict[str, tuple[int, ...]] = {e: tuple(v) for e, v in TABLES["sell_values"].items()}  # VE-008
Step = tuple[str, int | None]


def snake_seat(w: Work, k: int) -> int:
    """VE-043/VE-044/VE-046: picks go clockwise from the start player, then back."""
    n = w.players
    return (w.start + k) % n if k < n else (w.start + 2 * n - 1 - k) % n


def _after(w: Work, idle: str) -> Step:
    """Resolve pending effects; when nothing is left the active player goes on (VE-051),
    or in the activation phase an automatic step hands over to the next player."""
    step = resolve(w)
    if step is not None:
        return step
    return ("action_turn", w.turn) if w.stage == "action" else (idle, None)


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
        zones.setdefault(CARDS[c].element, []).append(CARDS[c].name)
    for element, names in zones.items():
        w.note("VE-042", "revealed", cards=", ".join(names), element=element)
    w.stage, w.picks = "pick", 0
    if not w.display:
        return "pick_counterclockwise", None
    return "pick_clockwise", snake_seat(w, 0)


def pick(w: Work, seat: int, cid: int) -> Step:
    """VE-043/VE-044/VE-045: put a selection marker on a free card."""
    w.markers[w.display.index(cid)] = seat
    w.picks += 1
    w.note("VE-043" if w.picks <= w.players else "VE-044", "picked", player=seat, card=CARDS[cid].name)
    total = min(TABLES["markers_per_player"] * w.players, len(w.display))
    if w.picks >= total:
        return "pick_counterclockwise", None
    phase = "pick_clockwise" if w.picks < w.players else "pick_counterclockwise"
    return phase, snake_seat(w, w.picks)


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


def action_legal(w: Work, seat: int) -> list[Action]:
    """VE-051: any action in any order, as often as allowed; 'end' once no marker is left (VE-052)."""
    marked = own_marked(w, seat)
    out = [Action("sell", (c,)) for c in marked]
    out += [Action("tame", (c,)) for c in marked]
    wealth = w.wealth(seat)
    if len(w.areas[seat]) < w.round:
        out += [Action("summon", (c,)) for c in w.hands[seat] if not summonable(w, seat, c, wealth)]
    if wealth >= w.round:  # VE-066
        out += [Action("release", (c,)) for c in w.areas[seat]]
    if not marked:
        out.append(Action("end"))
    return out


def legal(w: Work, phase: str, seat: int) -> list[Action]:
    if phase in ("pick_clockwise", "pick_counterclockwise"):
        return [Action("pick", (c,)) for c, m in zip(w.display, w.markers, strict=True) if m == NO_SEAT]
    if phase == "return_stones":
        return [Action("return", (v,)) for v in sorted(set(w.stones[seat]))]
    if w.pending:
        return choices(w, w.pending[-1])
    return action_legal(w, seat)


def do_action(w: Work, phase: str, seat: int, action: Action) -> Step:
    """Apply one legal decision of ``seat``."""
    kind, args = action.kind, action.args
    idle = "action_turn" if w.stage == "action" else "activation"
    if kind == "pick":
        return pick(w, seat, args[0])
    if kind == "return":  # VE-031
        w.stones[seat].remove(args[0])  # sorted order is kept
        w.note("VE-031", "returned", player=seat, stone=args[0])
        return _after(w, idle)
    if w.pending:
        decide(w, action)
        return _after(w, phase if phase in ("summon", "release") else idle)
    c = args[0] if args else None
    if kind == "sell":  # VE-053, VE-054, VE-055
        _unmark(w, c)
        w.discard.append(c)
        stones = SELL[CARDS[c].element]
        w.note(
            "VE-053",
            "sold",
            player=seat,
            card=CARDS[c].name,
            element=CARDS[c].element,
            stones="+".join(map(str, stones)),
        )
        effects.gain(w, seat, stones, quiet=True)
        return _after(w, "sell")
    if kind == "tame":  # VE-056
        _unmark(w, c)
        w.hands[seat].append(c)
        w.note("VE-056", "tamed", player=seat, card=CARDS[c].name)
        for b in w.perms(seat, "on_tame"):  # Triton
            if b["element"] == CARDS[c].element:
                effects.gain(w, seat, b["stones"])
        return _after(w, "tame")
    if kind == "summon":  # VE-058 .. VE-064
        cost = w.summon_cost(seat, c)
        w.note("VE-060" if cost < CARDS[c].cost else "VE-058", "summon", player=seat, card=CARDS[c].name, cost=cost)
        if cost == 0:
            effects.finish_summon(w, seat, c)
        else:
            w.pending.append(Frame("pay", seat, seat, c, stage=cost, purpose="summon"))
        return _after(w, "summon")
    if kind == "release":  # VE-065, VE-066
        w.note("VE-066", "release", player=seat, card=CARDS[c].name, cost=w.round)
        w.pending.append(Frame("pay", seat, seat, c, stage=w.round, purpose="release"))
        return _after(w, "release")
    if kind == "end":  # VE-052
        w.note("VE-052", "end_turn", player=seat)
        return "end_action_turn", None
    raise ValueError(f"unexpected action {action}")


def _unmark(w: Work, cid: int) -> None:
    i = w.display.index(cid)
    del w.display[i]
    del w.markers[i]


# -- automatic steps -----------------------------------------------------------


def _begin_activation(w: Work) -> Step:
    """VE-070/VE-071: the seat ``turn`` uses each active effect of their area once."""
    todo = tuple(c for c in w.areas[w.turn] if CARDS[c].active is not None)
    w.note("VE-070", "activation_turn" if todo else "activation_none", player=w.turn, n=len(todo))
    if todo:
        w.pending.append(Frame("activate", w.turn, w.turn, -1, items=todo, purpose="phase"))
    return _after(w, "activation")


def continue_auto(w: Work, phase: str) -> tuple[Step, bool]:
    """One automatic step from ``phase``; returns the next step and whether the game is over."""
    n = w.players
    if phase == "reveal_cards":
        return reveal(w), False
    if phase == "pick_counterclockwise":  # VE-050: the action phase starts with the start player
        w.stage, w.turn, w.done = "action", w.start, 0
        w.note("VE-050", "action_phase", player=w.start)
        return ("action_turn", w.start), False
    if phase in ("sell", "tame", "summon", "release", "action_turn"):
        return ("action_turn", w.turn), False
    if phase == "end_action_turn":
        w.done += 1
        if w.done < n:
            w.turn = (w.turn + 1) % n
            w.note("VE-050", "next_turn", player=w.turn)
            return ("action_turn", w.turn), False
        w.stage, w.turn, w.done = "activation", w.start, 0
        return _begin_activation(w), False
    if phase == "activation":
        w.done += 1
        if w.done < n:
            w.turn = (w.turn + 1) % n
            return _begin_activation(w), False
        w.note("VE-080", "round_over", round=w.round)
        return ("round_end", None), False
    if phase == "round_end":
        return _round_end(w), False
    if phase == "scoring":
        return ("game_over", None), True
    raise ValueError(f"no automatic step in phase {phase!r}")


def _round_end(w: Work) -> Step:
    """VE-081/VE-082/VE-083: end checks only now; else pass the start marker and advance the round."""
    best = max(w.scores)
    if best >= w.options["target"]:
        w.note("VE-082", "end_points", n=best)
        return "scoring", None
    if w.round >= w.options["rounds"]:
        w.note("VE-082", "end_rounds", round=w.round)
        return "scoring", None
    w.discard.extend(w.display)  # nothing is left here in a normal round; kept for safety
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
