"""Card effects as composable building blocks, and the stack that resolves them.

Every effect in ``data/cards.toml`` is a list of ops. Simple ops (points,
stones, draw, recover this card...) run at once; ops that need a decision
(choose an option, a target player, a card) push a ``choice`` frame and wait
for the chooser's action. ``checks.py`` says whether a program can be
carried out in full now (VE-062, VE-073).
"""

from __future__ import annotations

from rulekit.engine import Action, DataFileError

from .checks import (
    CHOICE_OPS,
    can_summon,
    condition,
    count,
    discards_that_complete,
    feasible,
    summon_cost_ok,
    targets,
)
from .model import BONUS_PROGRAM, CARDS, PROGRAMS, Frame, Work, choose_options

__all__ = ["feasible", "resolve", "choices", "decide", "summon_cost_ok", "finish_summon", "gain", "can_summon"]

# -- running programs ----------------------------------------------------------


def gain(w: Work, seat: int, stones, quiet: bool = False) -> None:
    """Stones from the supply (unlimited, VE-009); the limit is enforced by ``resolve`` (VE-031)."""
    w.stones[seat].extend(stones)
    w.stones[seat].sort()
    if not quiet:
        w.note("VE-031", "gain_stones", player=seat, stones="+".join(map(str, stones)))


def add_points(w: Work, seat: int, n: int, rule: str = "VE-002") -> None:
    """Points from effects; a score never drops below 0 (VE-093, facts 3.3)."""
    before = w.scores[seat]
    w.scores[seat] = max(0, before + n)
    if w.scores[seat] != before:
        w.note(rule, "points" if n >= 0 else "lose_points", player=seat, n=abs(w.scores[seat] - before))


def finish_summon(w: Work, seat: int, cid: int, paid: tuple = ()) -> None:
    """VE-061, VE-063, VE-064: the card enters the area, 'when you summon' bonuses, then its instant
    effect; with the option ``summon_bonus_first`` off the bonuses come after the instant effect."""
    first = w.options["summon_bonus_first"] or CARDS[cid].instant is None
    if first:
        summon_bonuses(w, seat, cid, paid)
    w.from_hand(seat, cid)
    w.areas[seat].append(cid)
    w.summoned[seat] += 1
    if w.stage == "action":
        w.fresh = (*w.fresh, cid)
    w.note("VE-061", "summoned", player=seat, card=cid)
    if not first:  # runs when the instant effect (pushed above it) is done
        w.pending.append(Frame("run", seat, seat, cid, BONUS_PROGRAM, 0, items=paid, purpose="bonus"))
    if CARDS[cid].instant is not None:
        w.pending.append(Frame("run", seat, seat, cid, CARDS[cid].instant, 0, purpose="instant"))


def summon_bonuses(w: Work, seat: int, cid: int, paid: tuple) -> None:
    """VE-064: the 'when you summon' bonuses of the other creatures in ``seat``'s area for
    summoning ``cid`` paid with the stones ``paid``; ``cid``'s own bonus never counts."""
    for other in [c for c in w.areas[seat] if c != cid]:
        for b in CARDS[other].permanent:
            if b["op"] != "on_summon":
                continue
            if "paid_with" in b:
                n = b["points"] if b["paid_with"] in paid else 0
            elif "per_stone" in b:
                n = b["points"] * paid.count(b["per_stone"])
            else:
                n = b["points"]
            if n:
                w.note("VE-064", "bonus", player=seat, card=other, n=n)
                add_points(w, seat, n)


def resolve(w: Work) -> tuple[str, int] | None:
    """Run pending work until a seat must decide: (phase, seat); None when nothing is pending."""
    while True:
        base = w.options["stone_limit"]
        for seat in range(w.players):  # VE-031: excess stones go back before anything else
            if len(w.stones[seat]) > base and len(w.stones[seat]) > w.stone_limit(seat):
                return "return_stones", seat
        if not w.pending:
            return None
        f = w.pending[-1]
        if f.kind == "run":
            _run_step(w)
        elif f.kind == "pay":
            return PAY_PHASE[f.purpose], f.chooser
        elif f.kind == "activate":
            left = tuple(c for c in f.items if c in w.areas[f.owner])
            if any(feasible(w, f.owner, c, CARDS[c].active) for c in left):
                if left != f.items:
                    w.pending[-1] = _with(f, items=left)
                return _ctx(w), f.owner
            w.pending.pop()
            for c in left:  # VE-073: condition not met, not activated
                w.note("VE-073", "not_activated", player=f.owner, card=c)
        elif choices(w, f):
            return _ctx(w), f.chooser
        else:
            w.pending.pop()
            w.note("VE-062", "nothing_to_choose", player=f.owner, card=f.card)


def _ctx(w: Work) -> str:
    """Effect choices of the action phase come from an instant effect; else from activation."""
    return "instant_effect" if w.stage == "action" else "activation"


PAY_PHASE = {"summon": "summon_payment", "release": "release_payment"}


def _with(f: Frame, **changes) -> Frame:
    return f._replace(**changes)


def _run_step(w: Work) -> None:
    f = w.pending.pop()
    prog = PROGRAMS[f.prog]
    if f.index >= len(prog):
        return
    op = prog[f.index]
    w.pending.append(_with(f, index=f.index + 1))
    seat, name = f.owner, op["op"]
    if name in CHOICE_OPS:
        stage = op.get("picks", op.get("n", 0)) if name in ("choose", "discard_own") else 0
        w.pending.append(Frame("choice", seat, seat, f.card, f.prog, f.index, stage))
    elif not _simple(w, f, op):
        w.pending.pop()  # VE-073 / facts 3.4: a cost that cannot be paid stops the rest
        w.note("VE-073", "effect_stops", player=seat, card=f.card)


def _simple(w: Work, f: Frame, op: dict) -> bool:
    """Carry out a simple op; False when a cost or requirement fails (the rest is skipped)."""
    seat, name, card = f.owner, op["op"], f.card
    area = w.areas[seat]
    if name == "points":
        add_points(w, seat, op["n"])
    elif name == "summon_bonus":  # option summon_bonus_first off: after the instant effect
        summon_bonuses(w, seat, card, f.items)
    elif name == "lose_points":
        if op.get("pay") and w.scores[seat] < op["n"]:
            return False
        add_points(w, seat, -op["n"])
    elif name == "points_per":
        add_points(w, seat, op["n"] * count(w, seat, op["count"]))
    elif name == "gain":
        gain(w, seat, op["stones"])
    elif name == "pay_stone":
        if op["stone"] not in w.stones[seat]:
            return False
        w.stones[seat].remove(op["stone"])
        w.note("VE-002", "pay_stone", player=seat, stone=op["stone"])
    elif name == "return_all_stones":
        w.stones[seat] = []
        w.note("VE-002", "return_all", player=seat)
    elif name == "stones_to":
        w.stones[seat] = [op["stone"]] * len(w.stones[seat])  # VE-030: a card that allows exchange
        w.note("VE-030", "stones_to", player=seat, stone=op["stone"])
    elif name == "draw":
        for _ in range(op["n"]):
            c = w.draw_card()
            if c is None:  # feasibility (VE-062, VE-073) keeps this from happening; never silently
                w.note("VE-047", "draw_none", player=seat)
                continue
            w.hands[seat].append(c)
            w.note("VE-002", "draw", player=seat)
            w.note_private(seat, "VE-002", "drawn", player=seat, card=c)
    elif name == "require":
        return condition(w, seat, op["cond"])
    elif name == "if":
        branch = op["then"] if condition(w, seat, op["cond"]) else op.get("else")
        if branch is not None:
            w.pending.append(Frame("run", seat, seat, card, branch, 0, purpose="branch"))
    elif name in ("recover_self", "discard_self", "to_deck_top"):
        if card in area:
            area.remove(card)
            if name == "recover_self":
                w.to_hand(seat, card)
            elif name == "discard_self":
                w.to_discard(card)
            else:
                w.deck = (*w.deck, card)
                w.top_known += 1  # everyone saw it go there
            w.note("VE-002", name, player=seat, card=card)
    elif name == "activate_all":
        todo = tuple(c for c in area if CARDS[c].active is not None)
        w.pending.append(Frame("activate", seat, seat, card, items=todo, purpose="genie"))
    else:
        raise DataFileError("data/cards.toml", "effects", f"unknown op {name!r}")
    return True


# -- decisions inside effects --------------------------------------------------


def choices(w: Work, f: Frame) -> list[Action]:
    """The actions of the frame on top of the stack (payment, choice, activation)."""
    if f.kind == "pay":
        return [Action("pay", (v,)) for v in sorted(set(w.stones[f.chooser]))]
    if f.kind == "activate":
        return [
            Action("activate", (c,))
            for c in f.items
            if c in w.areas[f.owner] and feasible(w, f.owner, c, CARDS[c].active)
        ]
    op = PROGRAMS[f.prog][f.index]
    name = op["op"]
    if name == "choose":
        if f.stage <= 0:
            return []
        return [
            Action("option", (k + 1,))
            for k, p in enumerate(choose_options(op, w.options))
            if k + 1 not in f.items and feasible(w, f.owner, f.card, p)
        ]
    if name == "discard_hand":  # VE-062: only discards after which the rest of the effect can be done
        found = discards_that_complete(w, f.owner, f.card, f.prog, f.index)
    else:
        found = targets(w, f.owner, f.card, op, stage=f.stage, target=f.chooser)
    verb = {
        "recover": "recover",
        "discard_hand": "discard",
        "summon_free": "summon",
        "discard_own": "discard",
        "steal": "target",
        "copy": "copy",
        "take_discard": "take",
    }.get(name)
    if name == "discard_summoned":
        verb = "target" if f.stage == 0 else "discard"
    out = [Action(verb, (t,)) for t in found]
    if name == "discard_own":
        out = out if f.stage > 0 else []
        out.append(Action("done"))
    return out


def decide(w: Work, action: Action) -> None:
    """Apply a decision to the frame on top of the stack (already checked legal)."""
    f = w.pending.pop()
    seat = f.owner
    if f.kind == "pay":
        v = action.args[0]
        w.stones[f.chooser].remove(v)
        need = f.stage - w.stone_value(f.chooser, v)
        w.note("VE-059", "pay", player=f.chooser, stone=v, value=w.stone_value(f.chooser, v))
        if need > 0:
            w.pending.append(_with(f, stage=need, items=f.items + (v,)))
        elif need < 0:
            w.note("VE-059", "no_change", player=f.chooser, n=-need)
        if need <= 0:
            _paid(w, f, f.items + (v,))
        return
    c = action.args[0] if action.args else None
    if f.kind == "activate":
        w.pending.append(_with(f, items=tuple(x for x in f.items if x != c)))
        w.note("VE-071", "activate", player=seat, card=c)
        w.pending.append(Frame("run", seat, seat, c, CARDS[c].active, 0, purpose="active"))
        return
    op = PROGRAMS[f.prog][f.index]
    name = op["op"]
    if name == "choose":
        if f.stage > 1:
            w.pending.append(_with(f, stage=f.stage - 1, items=f.items + (c,)))
        w.note("VE-002", "option", player=seat, n=c)
        w.pending.append(Frame("run", seat, seat, f.card, choose_options(op, w.options)[c - 1], 0, purpose="option"))
    elif name == "recover":
        w.areas[seat].remove(c)
        w.to_hand(seat, c)
        w.note("VE-002", "recover", player=seat, card=c)
        if op.get("score_cost"):
            add_points(w, seat, CARDS[c].cost_in(w.options))
    elif name == "discard_hand":
        w.from_hand(seat, c)
        w.to_discard(c)
        w.note("VE-002", "discard_hand", player=seat, card=c)
        if op.get("score_cost"):
            add_points(w, seat, CARDS[c].cost_in(w.options))
    elif name == "summon_free":
        w.note("VE-002", "free_summon", player=seat, card=c)
        finish_summon(w, seat, c)
    elif name == "discard_summoned" and f.stage == 0:
        w.pending.append(_with(f, chooser=c, stage=1))
        w.note("VE-002", "target", player=seat, target=c)
    elif name in ("discard_summoned", "discard_own"):
        if action.kind == "done":
            return
        owner = f.chooser if name == "discard_summoned" else seat
        w.areas[owner].remove(c)
        w.to_discard(c)
        w.note("VE-002", "discard_summoned", player=owner, card=c)
        if name == "discard_own" and f.stage > 1:
            w.pending.append(_with(f, stage=f.stage - 1))
    elif name == "steal":
        w.scores[c] -= op["n"]
        w.scores[seat] += op["n"]
        w.note("VE-002", "steal", player=seat, target=c, n=op["n"])
    elif name == "copy":
        w.note("VE-002", "copy", player=seat, card=c)
        this = c if w.options["copy_this_card"] == "original" else f.card  # "this card" of the copied effect
        w.pending.append(Frame("run", seat, seat, this, getattr(CARDS[c], op["slot"]), 0, purpose="copy"))
    elif name == "take_discard":
        w.from_discard(c)
        w.to_hand(seat, c)
        w.note("VE-002", "take_discard", player=seat, card=c)


def _paid(w: Work, f: Frame, paid: tuple) -> None:
    seat, cid = f.owner, f.card
    if f.purpose == "summon":
        finish_summon(w, seat, cid, paid)
    else:  # release: VE-065, VE-067 (its permanent effect stops with it leaving the area)
        w.areas[seat].remove(cid)
        w.to_discard(cid)
        w.note("VE-065", "released", player=seat, card=cid)
