"""Card effects as composable building blocks, and the stack that resolves them.

Every effect in ``data/cards.toml`` is a list of ops. Simple ops (points,
stones, draw, recover this card...) run at once; ops that need a decision
(choose an option, a target player, a card) push a ``choice`` frame and wait
for the chooser's action. ``feasible`` says whether a program can be carried
out in full now: an instant effect that cannot is not summoned (VE-062), an
active effect that cannot is not activated (VE-073).
"""

from __future__ import annotations

from rulekit.engine import Action

from .model import CARDS, ELEMENTS, PROGRAMS, Frame, Work

__all__ = ["feasible", "resolve", "choices", "decide", "summon_cost_ok", "finish_summon", "gain", "can_summon"]

SIMPLE = {
    "points",
    "points_per",
    "gain",
    "return_all_stones",
    "stones_to",
    "draw",
    "recover_self",
    "to_deck_top",
    "discard_self",
    "activate_all",
    "discard_own",
}
CHOICE_OPS = {
    "choose",
    "recover",
    "discard_hand",
    "summon_free",
    "discard_summoned",
    "discard_own",
    "steal",
    "copy",
    "take_discard",
}


def _needs_check(pid: int) -> bool:
    for op in PROGRAMS[pid]:
        if op["op"] == "if":
            if _needs_check(op["then"]) or ("else" in op and _needs_check(op["else"])):
                return True
        elif op["op"] not in SIMPLE and not (op["op"] == "lose_points" and not op.get("pay")):
            return True
    return False


NEEDS_CHECK: list[bool] = [_needs_check(p) for p in range(len(PROGRAMS))]


# -- counting and conditions ---------------------------------------------------


def count(w: Work, seat: int, what: str) -> int:
    """The quantities that ``points_per`` multiplies (cards in hand, creatures in area, ...)."""
    area = w.areas[seat]
    kind, _, arg = what.partition(":")
    if kind == "hand":
        return len(w.hands[seat])
    if kind == "area":
        return len(area)
    if kind == "element":
        return sum(CARDS[c].element == arg for c in area)
    if kind == "families":
        return len({CARDS[c].element for c in area})
    if kind == "cost_le":
        return sum(CARDS[c].cost <= int(arg) for c in area)
    if kind == "active_cards":
        return sum(CARDS[c].active is not None for c in area)
    if kind == "stones":
        return w.stones[seat].count(int(arg))
    if kind == "stone_value":
        if arg:
            return w.stones[seat].count(int(arg)) * w.stone_value(seat, int(arg))
        return w.wealth(seat)
    raise ValueError(f"unknown count {what!r} in the card data")


def condition(w: Work, seat: int, cond: str) -> bool:
    kind, _, arg = cond.partition(":")
    area = w.areas[seat]
    if kind == "area_costs":
        return {int(x) for x in arg.split(",")} <= {CARDS[c].cost for c in area}
    if kind == "no_element":
        return all(CARDS[c].element != arg for c in area)
    if kind == "has_stone":
        return int(arg) in w.stones[seat]
    if kind == "hand_eq_area":
        return len(w.hands[seat]) == len(area)
    if kind == "opponent_ahead":
        return any(s > w.scores[seat] for i, s in enumerate(w.scores) if i != seat)
    if kind == "hand_lt":
        return len(w.hands[seat]) < int(arg)
    raise ValueError(f"unknown condition {cond!r} in the card data")


# -- feasibility (VE-062, VE-073) ----------------------------------------------


def feasible(w: Work, seat: int, card: int, pid: int, depth: int = 0) -> bool:
    """Can program ``pid`` (belonging to ``card``) be carried out in full by ``seat`` now?"""
    if not NEEDS_CHECK[pid]:
        return True
    freed = 0
    for op in PROGRAMS[pid]:
        name = op["op"]
        if name == "discard_self":
            freed = 1
        elif name == "if":
            branch = op["then"] if condition(w, seat, op["cond"]) else op.get("else")
            if branch is not None and not feasible(w, seat, card, branch, depth):
                return False
        elif name in SIMPLE:
            continue
        elif name == "summon_free":
            if not _free_targets(w, seat, card, op, freed, depth):
                return False
        elif name == "discard_hand" and op.get("keep_summonable"):
            if len(w.hands[seat]) < 2:
                return False
        elif not _op_ok(w, seat, card, op, depth):
            return False
    return True


def _op_ok(w: Work, seat: int, card: int, op: dict, depth: int) -> bool:
    name = op["op"]
    if name == "require":
        return condition(w, seat, op["cond"])
    if name == "lose_points":
        return not op.get("pay") or w.scores[seat] >= op["n"]
    if name == "pay_stone":
        return op["stone"] in w.stones[seat]
    if name == "choose":
        return sum(feasible(w, seat, card, p, depth) for p in op["options"]) >= op["picks"]
    return bool(_targets(w, seat, card, op, depth))


def _recover_ok(w: Work, seat: int, card: int, op: dict, cid: int) -> bool:
    c = CARDS[cid]
    return not (
        (op.get("other") and cid == card)
        or (op.get("has_instant") and c.instant is None)
        or ("max_cost" in op and c.cost > op["max_cost"])
        or ("element" in op and c.element != op["element"])
    )


def _targets(w: Work, seat: int, card: int, op: dict, depth: int = 0, stage: int = 0, target: int = -1) -> list:
    """The choices an op offers now: card ids, seats or option numbers."""
    name = op["op"]
    if name == "recover":
        return [c for c in w.areas[seat] if _recover_ok(w, seat, card, op, c)]
    if name == "discard_hand":
        return list(w.hands[seat])
    if name == "discard_summoned":
        if stage == 0:
            return [p for p in range(w.players) if any(CARDS[c].element == op["element"] for c in w.areas[p])]
        return [c for c in w.areas[target] if CARDS[c].element == op["element"]]
    if name == "discard_own":
        return [c for c in w.areas[seat] if c != card]
    if name == "steal":
        return [p for p in range(w.players) if p != seat and w.scores[p] >= op["n"]]
    if name == "copy":
        slot = op["slot"]
        return [
            c
            for c in w.areas[seat]
            if c != card
            and getattr(CARDS[c], slot) is not None
            and feasible(w, seat, card, getattr(CARDS[c], slot), depth + 1)
        ]
    if name == "take_discard":
        return [c for c in w.discard if CARDS[c].element == op["element"]]
    if name == "summon_free":
        return _free_targets(w, seat, card, op, 0, depth)
    raise ValueError(f"op {name!r} offers no targets")


def _free_targets(w: Work, seat: int, card: int, op: dict, freed: int, depth: int) -> list[int]:
    """Hand cards that may be summoned for free now (Dragon Egg, Young Forest Spirit)."""
    if len(w.areas[seat]) - freed >= w.round or depth > 2:
        return []
    out = []
    for c in w.hands[seat]:
        if c == card or ("element" in op and CARDS[c].element != op["element"]):
            continue
        if CARDS[c].instant is None or _instant_ok(w, seat, c, depth + 1, freed):
            out.append(c)
    return out


def _instant_ok(w: Work, seat: int, cid: int, depth: int = 0, freed: int = 0) -> bool:
    """VE-062/VE-063: the instant effect of ``cid`` is resolvable with ``cid`` already in the area."""
    pid = CARDS[cid].instant
    if pid is None or not NEEDS_CHECK[pid]:
        return True
    hand = [c for c in w.hands[seat] if c != cid]
    area = [c for c in w.areas[seat] if not (freed and _is_freeing(c))] + [cid]
    what_if = w.what_if(seat, hand, area)
    return feasible(what_if, seat, cid, pid, depth)


def _is_freeing(cid: int) -> bool:
    pid = CARDS[cid].instant
    return pid is not None and any(op["op"] == "discard_self" for op in PROGRAMS[pid])


def can_summon(w: Work, seat: int, cid: int) -> bool:
    """VE-062: may ``cid`` be summoned as far as its instant effect goes?"""
    return _instant_ok(w, seat, cid)


def summon_cost_ok(w: Work, seat: int, cid: int, wealth: int | None = None) -> bool:
    """VE-059: the stones held reach the (discounted) cost."""
    return (w.wealth(seat) if wealth is None else wealth) >= w.summon_cost(seat, cid)


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
    """VE-061, VE-063, VE-064: the card enters the area, 'when you summon' bonuses, then its instant effect."""
    for other in list(w.areas[seat]):  # the area before the new card: its own bonus does not count (VE-064)
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
                w.note("VE-064", "bonus", player=seat, card=CARDS[other].name, n=n)
                add_points(w, seat, n)
    w.hands[seat].remove(cid)
    w.areas[seat].append(cid)
    w.summoned[seat] += 1
    w.note("VE-061", "summoned", player=seat, card=CARDS[cid].name)
    if CARDS[cid].instant is not None:
        w.pending.append(Frame("run", seat, seat, cid, CARDS[cid].instant, 0, purpose="instant"))


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
            return f.purpose, f.chooser
        elif f.kind == "activate":
            left = tuple(c for c in f.items if c in w.areas[f.owner])
            if any(feasible(w, f.owner, c, CARDS[c].active) for c in left):
                if left != f.items:
                    w.pending[-1] = _with(f, items=left)
                return _ctx(w), f.owner
            w.pending.pop()
            for c in left:  # VE-073: condition not met, not activated
                w.note("VE-073", "not_activated", player=f.owner, card=CARDS[c].name)
        elif choices(w, f):
            return _ctx(w), f.chooser
        else:
            w.pending.pop()
            w.note("VE-062", "nothing_to_choose", player=f.owner, card=CARDS[f.card].name)


def _ctx(w: Work) -> str:
    return "summon" if w.stage == "action" else "activation"


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
        w.note("VE-073", "effect_stops", player=seat, card=CARDS[f.card].name)


def _simple(w: Work, f: Frame, op: dict) -> bool:
    """Carry out a simple op; False when a cost or requirement fails (the rest is skipped)."""
    seat, name, card = f.owner, op["op"], f.card
    area = w.areas[seat]
    if name == "points":
        add_points(w, seat, op["n"])
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
            if c is not None:
                w.hands[seat].append(c)
                w.note("VE-002", "draw", player=seat)
    elif name == "require":
        return condition(w, seat, op["cond"])
    elif name == "if":
        branch = op["then"] if condition(w, seat, op["cond"]) else op.get("else")
        if branch is not None:
            w.pending.append(Frame("run", seat, seat, card, branch, 0, purpose="branch"))
    elif name in ("recover_self", "discard_self", "to_deck_top"):
        if card in area:
            area.remove(card)
            {"recover_self": w.hands[seat], "discard_self": w.discard, "to_deck_top": w.deck}[name].append(card)
            w.note("VE-002", name, player=seat, card=CARDS[card].name)
    elif name == "activate_all":
        todo = tuple(c for c in area if CARDS[c].active is not None)
        w.pending.append(Frame("activate", seat, seat, card, items=todo, purpose="genie"))
    else:
        raise ValueError(f"unknown op {name!r} in the card data")
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
            for k, p in enumerate(op["options"])
            if k + 1 not in f.items and feasible(w, f.owner, f.card, p)
        ]
    targets = _targets(w, f.owner, f.card, op, stage=f.stage, target=f.chooser)
    if name == "discard_hand" and op.get("keep_summonable"):
        nxt = PROGRAMS[f.prog][f.index + 1]
        free = _free_targets(w, f.owner, f.card, nxt, 0, 0)
        targets = [c for c in targets if any(b != c for b in free)]
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
    out = [Action(verb, (t,)) for t in targets]
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
        w.note("VE-071", "activate", player=seat, card=CARDS[c].name)
        w.pending.append(Frame("run", seat, seat, c, CARDS[c].active, 0, purpose="active"))
        return
    op = PROGRAMS[f.prog][f.index]
    name = op["op"]
    if name == "choose":
        if f.stage > 1:
            w.pending.append(_with(f, stage=f.stage - 1, items=f.items + (c,)))
        w.note("VE-002", "option", player=seat, n=c)
        w.pending.append(Frame("run", seat, seat, f.card, op["options"][c - 1], 0, purpose="option"))
    elif name == "recover":
        w.areas[seat].remove(c)
        w.hands[seat].append(c)
        w.note("VE-002", "recover", player=seat, card=CARDS[c].name)
        if op.get("score_cost"):
            add_points(w, seat, CARDS[c].cost)
    elif name == "discard_hand":
        w.hands[seat].remove(c)
        w.discard.append(c)
        w.note("VE-002", "discard_hand", player=seat, card=CARDS[c].name)
        if op.get("score_cost"):
            add_points(w, seat, CARDS[c].cost)
    elif name == "summon_free":
        w.note("VE-002", "free_summon", player=seat, card=CARDS[c].name)
        finish_summon(w, seat, c)
    elif name == "discard_summoned" and f.stage == 0:
        w.pending.append(_with(f, chooser=c, stage=1))
        w.note("VE-002", "target", player=seat, target=c)
    elif name in ("discard_summoned", "discard_own"):
        if action.kind == "done":
            return
        owner = f.chooser if name == "discard_summoned" else seat
        w.areas[owner].remove(c)
        w.discard.append(c)
        w.note("VE-002", "discard_summoned", player=owner, card=CARDS[c].name)
        if name == "discard_own" and f.stage > 1:
            w.pending.append(_with(f, stage=f.stage - 1))
    elif name == "steal":
        w.scores[c] -= op["n"]
        w.scores[seat] += op["n"]
        w.note("VE-002", "steal", player=seat, target=c, n=op["n"])
    elif name == "copy":
        w.note("VE-002", "copy", player=seat, card=CARDS[c].name)
        w.pending.append(Frame("run", seat, seat, f.card, getattr(CARDS[c], op["slot"]), 0, purpose="copy"))
    elif name == "take_discard":
        w.discard.remove(c)
        w.hands[seat].append(c)
        w.note("VE-002", "take_discard", player=seat, card=CARDS[c].name)


def _paid(w: Work, f: Frame, paid: tuple) -> None:
    seat, cid = f.owner, f.card
    if f.purpose == "summon":
        finish_summon(w, seat, cid, paid)
    else:  # release: VE-065, VE-067 (its permanent effect stops with it leaving the area)
        w.areas[seat].remove(cid)
        w.discard.append(cid)
        w.note("VE-065", "released", player=seat, card=CARDS[cid].name)


ELEMENT_ORDER = {e: i for i, e in enumerate(ELEMENTS)}
