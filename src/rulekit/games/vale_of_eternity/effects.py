"""Card effects: each op of ``data/cards.toml``, whether it can be carried out completely, and the stack that runs them.

Every effect is a list of ops. Simple ops (points, stones, draw, recover this
card...) run at once; ops that need a decision (choose an option, a target
player, a card) push a ``choice`` frame and wait for the chooser's action.
For every op, ``OP_FEASIBLE`` says whether it can be carried out completely
in a position, and ``feasible`` walks a whole program with it: an instant
effect that cannot be completed stops the summon (VE-062), an active effect
whose condition or cost fails is not activated (VE-073). The checks read the
building blocks without running them; "what if" positions put the new card
into the area first (VE-063).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rulekit.engine import Action, DataFileError

from .model import Frame, copy_frame, frame, with_index, with_items, with_paid
from .tables import BONUS_PROGRAM, CARDS, PROGRAMS, choose_options
from .work import Work

__all__ = [
    "OP_FEASIBLE",
    "SEQUENCE_OPS",
    "SIMPLE",
    "CHOICE_OPS",
    "count",
    "condition",
    "feasible",
    "targets",
    "free_targets",
    "discards_that_complete",
    "recover_ok",
    "can_summon",
    "instant_needs_check",
    "CHECKED_INSTANTS",
    "drawable",
    "summon_cost_ok",
    "resolve",
    "after",
    "choices",
    "decide",
    "do_pending",
    "finish_summon",
    "gain",
]

Step = tuple[str, int | None]

# -- feasibility of each op (VE-062, VE-073) -------------------------------------


SIMPLE = {
    "points",
    "summon_bonus",
    "points_per",
    "gain",
    "return_all_stones",
    "stones_to",
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
        return sum(CARDS[c].cost_in(w.options) <= int(arg) for c in area)
    if kind == "active_cards":
        return sum(CARDS[c].active is not None for c in area)
    if kind == "stones":
        return w.stones[seat].count(int(arg))
    if kind == "stone_value":
        if arg:
            return w.stones[seat].count(int(arg)) * w.stone_value(seat, int(arg))
        return w.wealth(seat)
    raise DataFileError("data/cards.toml", "effects", f"unknown count {what!r}")


def condition(w: Work, seat: int, cond: str) -> bool:
    kind, _, arg = cond.partition(":")
    area = w.areas[seat]
    if kind == "area_costs":
        return {int(x) for x in arg.split(",")} <= {CARDS[c].cost_in(w.options) for c in area}
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
    raise DataFileError("data/cards.toml", "effects", f"unknown condition {cond!r}")


# -- feasibility (VE-062, VE-073) ----------------------------------------------


def feasible(w: Work, seat: int, card: int, pid: int, depth: int = 0, start: int = 0, gone: int = -1) -> bool:
    """Can program ``pid`` (belonging to ``card``) be carried out in full by ``seat`` now, from op ``start``?

    The ops are checked in order, each in the position the earlier ones leave
    (VE-062): a card discarded from the hand is no longer there for a later
    free summon (Young Forest Spirit), a creature that discards itself frees
    its place in the area (``gone``, Dragon Egg).
    """
    if not NEEDS_CHECK[pid]:
        return True
    prog = PROGRAMS[pid]
    for i in range(start, len(prog)):
        op = prog[i]
        name = op["op"]
        if name == "discard_self":
            gone = card
        elif name == "if":
            branch = op["then"] if condition(w, seat, op["cond"]) else op.get("else")
            if branch is not None and not feasible(w, seat, card, branch, depth, 0, gone):
                return False
        elif name == "discard_hand":  # the rest of the program must stay feasible after the discard
            return _some(_completing_discards(w, seat, card, pid, i, depth, gone))
        else:
            check = OP_FEASIBLE.get(name)
            if check is None:
                raise DataFileError("data/cards.toml", "effects", f"op {name!r} has no feasibility check")
            if not check(w, seat, card, op, depth, gone):
                return False
    return True


def drawable(w: Work) -> int:
    """How many cards a draw can still take: the deck, and the discard pile when it is reshuffled (VE-047)."""
    return len(w.deck) + (len(w.discard) if w.options["reshuffle"] else 0)


def discards_that_complete(w: Work, seat: int, card: int, pid: int, index: int, depth: int = 0, gone: int = -1):
    """VE-062: the hand cards whose discard (op ``index`` of ``pid``) leaves the rest of the effect
    feasible; the discarded card is gone from the hand before the rest is checked."""
    return list(_completing_discards(w, seat, card, pid, index, depth, gone))


def _completing_discards(w: Work, seat: int, card: int, pid: int, index: int, depth: int, gone: int) -> Iterator[int]:
    """``discards_that_complete`` one card at a time: ``feasible`` needs only the first (each card
    costs a "what if" position and a check of the rest of the effect)."""
    hand, area = w.hands[seat], w.areas[seat]
    if index + 1 == len(PROGRAMS[pid]):
        yield from hand
        return
    for c in hand:
        rest = [x for x in hand if x != c]
        if feasible(w.what_if(seat, rest, area), seat, card, pid, depth, index + 1, gone):
            yield c


def _some(found: Iterator) -> bool:
    """Whether ``found`` yields anything (it stops at the first)."""
    for _ in found:
        return True
    return False


#: one op's check: (work, seat, card, op, depth, gone) -> can the op be carried out completely now?
OpCheck = Callable[[Work, int, int, dict, int, int], bool]


def _always(w: Work, seat: int, card: int, op: dict, depth: int, gone: int) -> bool:
    return True  # points, stones from the unlimited supply (VE-009), moving this card: nothing can run out


def _has_targets(w: Work, seat: int, card: int, op: dict, depth: int, gone: int) -> bool:
    return bool(targets(w, seat, card, op, depth))


def _choose_ok(w: Work, seat: int, card: int, op: dict, depth: int, gone: int) -> bool:
    return sum(feasible(w, seat, card, p, depth) for p in choose_options(op, w.options)) >= op["picks"]


#: ops that ``feasible`` handles itself, because they change what the later ops of the program see
SEQUENCE_OPS = frozenset({"discard_self", "if", "discard_hand"})
#: op name -> whether it can be carried out completely in a position (VE-062 for instant effects,
#: VE-073 for active ones); ``discard_self``, ``if`` and ``discard_hand`` order the others and are
#: handled by ``feasible`` itself. Every op of ``data/cards.toml`` has an entry or a data error is raised.
OP_FEASIBLE: dict[str, OpCheck] = {
    **dict.fromkeys(SIMPLE - SEQUENCE_OPS, _always),
    "lose_points": lambda w, seat, card, op, depth, gone: not op.get("pay") or w.scores[seat] >= op["n"],
    "require": lambda w, seat, card, op, depth, gone: condition(w, seat, op["cond"]),
    "pay_stone": lambda w, seat, card, op, depth, gone: op["stone"] in w.stones[seat],
    # every card drawn must be there (the discard pile counts when it is reshuffled, VE-047)
    "draw": lambda w, seat, card, op, depth, gone: drawable(w) >= op["n"],
    "summon_free": lambda w, seat, card, op, depth, gone: _some(_free_targets(w, seat, card, op, gone, depth)),
    "choose": _choose_ok,
    **dict.fromkeys(("recover", "discard_summoned", "steal", "copy", "take_discard"), _has_targets),
}


#: the ops whose feasibility reads neither a hand nor an area: points and stones from the supply, a
#: cost in points or in a stone, cards drawn (``OP_FEASIBLE``)
_BLIND_OPS = frozenset(
    {name for name, check in OP_FEASIBLE.items() if check is _always} | {"lose_points", "pay_stone", "draw"}
)
#: program id -> whether it is made of those ops alone: VE-063's "what if" position (the card in the
#: area, out of the hand) changes nothing its check reads, so ``_instant_ok`` checks it without one
HAND_BLIND: list[bool] = [all(op["op"] in _BLIND_OPS for op in prog) for prog in PROGRAMS]


def recover_ok(op: dict, cid: int, card: int = -1, options: dict | None = None) -> bool:
    """Whether a ``recover`` op of ``card`` may take creature ``cid`` back into the hand
    (``options``: the rule options, which set some printed costs)."""
    c = CARDS[cid]
    return not (
        (op.get("other") and cid == card)
        or (op.get("has_instant") and c.instant is None)
        or ("max_cost" in op and c.cost_in(options) > op["max_cost"])
        or ("element" in op and c.element != op["element"])
    )


def targets(w: Work, seat: int, card: int, op: dict, depth: int = 0, stage: int = 0, target: int = -1) -> list:
    """The choices an op offers now: card ids, seats or option numbers."""
    name = op["op"]
    if name == "recover":
        return [c for c in w.areas[seat] if recover_ok(op, c, card, w.options)]
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
            and feasible(
                w, seat, c if w.options["copy_this_card"] == "original" else card, getattr(CARDS[c], slot), depth + 1
            )
        ]
    if name == "take_discard":
        return [c for c in w.discard if CARDS[c].element == op["element"]]
    if name == "summon_free":
        return free_targets(w, seat, card, op, 0, depth)
    raise DataFileError("data/cards.toml", "effects", f"op {name!r} offers no targets")


def free_targets(w: Work, seat: int, card: int, op: dict, gone: int, depth: int) -> list[int]:
    """Hand cards that may be summoned for free now (Dragon Egg, Young Forest Spirit);
    ``gone`` is a creature of the area that has left it by then (Dragon Egg itself), or -1."""
    return list(_free_targets(w, seat, card, op, gone, depth))


def _free_targets(w: Work, seat: int, card: int, op: dict, gone: int, depth: int) -> Iterator[int]:
    """``free_targets`` one card at a time: the feasibility check needs only the first."""
    area = w.areas[seat]
    if len(area) - (gone in area) >= w.round or depth > 2:
        return
    for c in w.hands[seat]:
        if c == card or ("element" in op and CARDS[c].element != op["element"]):
            continue
        if CARDS[c].instant is None or _instant_ok(w, seat, c, depth + 1, gone):
            yield c


def _instant_ok(w: Work, seat: int, cid: int, depth: int = 0, gone: int = -1) -> bool:
    """VE-062/VE-063: the instant effect of ``cid`` is resolvable with ``cid`` already in the area."""
    pid = CARDS[cid].instant
    if pid is None or not NEEDS_CHECK[pid]:
        return True
    if HAND_BLIND[pid]:  # the "what if" position would change nothing the checks read
        return feasible(w, seat, cid, pid, depth)
    hand = [c for c in w.hands[seat] if c != cid]
    area = [c for c in w.areas[seat] if c != gone] + [cid]
    what_if = w.what_if(seat, hand, area)
    return feasible(what_if, seat, cid, pid, depth)


def instant_needs_check(cid: int) -> bool:
    """Whether ``cid`` has an instant effect that might not be carried out completely (VE-062):
    the others are summoned without a "what if" position."""
    pid = CARDS[cid].instant
    return pid is not None and NEEDS_CHECK[pid]


#: the cards whose instant effect might not be carried out completely (``instant_needs_check``, read
#: as one set lookup per hand card by every action turn's legal list)
CHECKED_INSTANTS = frozenset(cid for cid in CARDS if instant_needs_check(cid))


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
        w.pending.append(frame("run", seat, seat, cid, BONUS_PROGRAM, 0, items=paid, purpose="bonus"))
    if CARDS[cid].instant is not None:
        w.pending.append(frame("run", seat, seat, cid, CARDS[cid].instant, 0, purpose="instant"))


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


def _over_the_limit(w: Work) -> int | None:
    """VE-031: the first seat holding more stones than its limit (they go back before anything else)."""
    base = w.options["stone_limit"]
    if max(map(len, w.stones)) <= base:  # the usual case, asked before every step of the pending stack
        return None
    for seat in range(w.players):
        if len(w.stones[seat]) > base and len(w.stones[seat]) > w.stone_limit(seat):
            return seat
    return None


def _activation_step(w: Work, f: Frame) -> tuple[str, int] | None:
    """An activation list on top: the owner chooses while an active effect of it can be used; the
    rest are not activated (VE-073) and the list is done."""
    left = tuple(c for c in f.items if c in w.areas[f.owner])
    usable = [c for c in left if feasible(w, f.owner, c, CARDS[c].active)]
    if usable:
        if left != f.items:
            f = w.pending[-1] = with_items(f, left)
        w.found = (f, usable)  # the legal list of this very decision reads them (``checks._effect_values``)
        return _ctx(w), f.owner
    w.pending.pop()
    for c in left:
        w.note("VE-073", "not_activated", player=f.owner, card=c)
    return None


def _step(w: Work, f: Frame) -> tuple[str, int] | None:
    """One step of the frame on top of the pending stack; the decision it waits for, if any."""
    if f.kind == "run":
        _run_step(w)
        return None
    if f.kind == "pay":
        return PAY_PHASE[f.purpose], f.chooser
    if f.kind == "activate":
        return _activation_step(w, f)
    found = choices(w, f)
    if found:
        w.found = (f, found)  # the legal list of this very decision reads them (``checks._offered``)
        return _ctx(w), f.chooser
    w.pending.pop()
    w.note("VE-062", "nothing_to_choose", player=f.owner, card=f.card)
    return None


def resolve(w: Work) -> tuple[str, int] | None:
    """Run pending work until a seat must decide: (phase, seat); None when nothing is pending."""
    base = w.options["stone_limit"]
    while True:
        if max(map(len, w.stones)) > base:  # ``_over_the_limit``'s usual case, read here before every step
            seat = _over_the_limit(w)
            if seat is not None:
                return "return_stones", seat
        if not w.pending:
            return None
        decision = _step(w, w.pending[-1])
        if decision is not None:
            return decision


def _ctx(w: Work) -> str:
    """Effect choices of the action phase come from an instant effect; else from activation."""
    return "instant_effect" if w.stage == "action" else "activation"


PAY_PHASE = {"summon": "summon_payment", "release": "release_payment"}


def _with(f: Frame, **changes: Any) -> Frame:
    return copy_frame(f, **changes)


def _run_step(w: Work) -> None:
    f = w.pending.pop()
    prog = PROGRAMS[f.prog]
    if f.index >= len(prog):
        return
    op = prog[f.index]
    w.pending.append(with_index(f, f.index + 1))
    seat, name = f.owner, op["op"]
    if name in CHOICE_OPS:
        stage = op.get("picks", op.get("n", 0)) if name in ("choose", "discard_own") else 0
        w.pending.append(frame("choice", seat, seat, f.card, f.prog, f.index, stage))
    elif not _simple(w, f, op):
        w.pending.pop()  # VE-073 / facts 3.4: a cost that cannot be paid stops the rest
        w.note("VE-073", "effect_stops", player=seat, card=f.card)


def _points(w: Work, f: Frame, op: dict) -> bool:
    add_points(w, f.owner, op["n"])
    return True


def _summon_bonus(w: Work, f: Frame, op: dict) -> bool:
    """Option summon_bonus_first off: the bonuses after the instant effect (VE-064)."""
    summon_bonuses(w, f.owner, f.card, f.items)
    return True


def _lose_points(w: Work, f: Frame, op: dict) -> bool:
    """Points lost; a cost in points (``pay``) that cannot be paid stops the rest (VE-073)."""
    if op.get("pay") and w.scores[f.owner] < op["n"]:
        return False
    add_points(w, f.owner, -op["n"])
    return True


def _points_per(w: Work, f: Frame, op: dict) -> bool:
    add_points(w, f.owner, op["n"] * count(w, f.owner, op["count"]))
    return True


def _gain(w: Work, f: Frame, op: dict) -> bool:
    gain(w, f.owner, op["stones"])
    return True


def _pay_stone(w: Work, f: Frame, op: dict) -> bool:
    """A stone of the printed value as the effect's cost; without one the rest stops (VE-073)."""
    seat = f.owner
    if op["stone"] not in w.stones[seat]:
        return False
    w.stones[seat].remove(op["stone"])
    w.note("VE-002", "pay_stone", player=seat, stone=op["stone"])
    return True


def _return_all_stones(w: Work, f: Frame, op: dict) -> bool:
    w.stones[f.owner] = []
    w.note("VE-002", "return_all", player=f.owner)
    return True


def _stones_to(w: Work, f: Frame, op: dict) -> bool:
    """VE-030: a card that allows an exchange turns every stone held into one value."""
    w.stones[f.owner] = [op["stone"]] * len(w.stones[f.owner])
    w.note("VE-030", "stones_to", player=f.owner, stone=op["stone"])
    return True


def _draw(w: Work, f: Frame, op: dict) -> bool:
    """Cards into the hand, each seen by its owner only; feasibility (VE-062, VE-073) keeps the
    piles from running dry here, and it would never be silent."""
    seat = f.owner
    for _ in range(op["n"]):
        c = w.draw_card()
        if c is None:
            w.note("VE-047", "draw_none", player=seat)
            continue
        w.hands[seat].append(c)
        w.note("VE-002", "draw", player=seat)
        w.note_private(seat, "VE-002", "drawn", player=seat, card=c)
    return True


def _require(w: Work, f: Frame, op: dict) -> bool:
    return condition(w, f.owner, op["cond"])


def _if(w: Work, f: Frame, op: dict) -> bool:
    branch = op["then"] if condition(w, f.owner, op["cond"]) else op.get("else")
    if branch is not None:
        w.pending.append(frame("run", f.owner, f.owner, f.card, branch, 0, purpose="branch"))
    return True


def _this_card_leaves(w: Work, f: Frame, op: dict) -> bool:
    """This card from the area to the hand, the discard pile or face up on top of the deck."""
    seat, card, name = f.owner, f.card, op["op"]
    area = w.areas[seat]
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
    return True


def _activate_all(w: Work, f: Frame, op: dict) -> bool:
    """Genie: every active effect of the area, chosen one by one."""
    todo = tuple(c for c in w.areas[f.owner] if CARDS[c].active is not None)
    w.pending.append(frame("activate", f.owner, f.owner, f.card, items=todo, purpose="genie"))
    return True


#: op name -> carry it out at once (no decision); False when a cost or requirement fails and the
#: rest of the effect is skipped (VE-073)
RUN_OPS: dict[str, Callable[[Work, Frame, dict], bool]] = {
    "points": _points,
    "summon_bonus": _summon_bonus,
    "lose_points": _lose_points,
    "points_per": _points_per,
    "gain": _gain,
    "pay_stone": _pay_stone,
    "return_all_stones": _return_all_stones,
    "stones_to": _stones_to,
    "draw": _draw,
    "require": _require,
    "if": _if,
    "recover_self": _this_card_leaves,
    "discard_self": _this_card_leaves,
    "to_deck_top": _this_card_leaves,
    "activate_all": _activate_all,
}


def _simple(w: Work, f: Frame, op: dict) -> bool:
    """Carry out an op that needs no decision; False when a cost or requirement fails (the rest is skipped)."""
    run = RUN_OPS.get(op["op"])
    if run is None:
        raise DataFileError("data/cards.toml", "effects", f"unknown op {op['op']!r}")
    return run(w, f, op)


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


def _pay(w: Work, f: Frame, v: int) -> None:
    """VE-059: one stone towards a summon's or a release's cost; no change is given."""
    w.stones[f.chooser].remove(v)
    value = w.stone_value(f.chooser, v)
    need = f.stage - value
    w.note("VE-059", "pay", player=f.chooser, stone=v, value=value)
    if need > 0:
        w.pending.append(with_paid(f, need, f.items + (v,)))
        return
    if need < 0:
        w.note("VE-059", "no_change", player=f.chooser, n=-need)
    _paid(w, f, f.items + (v,))


def _activate(w: Work, f: Frame, c: int) -> None:
    """VE-071: the chosen active effect runs; the others of the list wait."""
    seat = f.owner
    w.pending.append(with_items(f, tuple(x for x in f.items if x != c)))
    w.note("VE-071", "activate", player=seat, card=c)
    w.pending.append(frame("run", seat, seat, c, CARDS[c].active, 0, purpose="active"))


def _chosen_option(w: Work, f: Frame, op: dict, action: Action) -> None:
    c = action.args[0]
    if f.stage > 1:
        w.pending.append(with_paid(f, f.stage - 1, f.items + (c,)))
    w.note("VE-002", "option", player=f.owner, n=c)
    w.pending.append(frame("run", f.owner, f.owner, f.card, choose_options(op, w.options)[c - 1], 0, purpose="option"))


def _recovered(w: Work, f: Frame, op: dict, action: Action) -> None:
    seat, c = f.owner, action.args[0]
    w.areas[seat].remove(c)
    w.to_hand(seat, c)
    w.note("VE-002", "recover", player=seat, card=c)
    if op.get("score_cost"):
        add_points(w, seat, CARDS[c].cost_in(w.options))


def _discarded_from_hand(w: Work, f: Frame, op: dict, action: Action) -> None:
    seat, c = f.owner, action.args[0]
    w.from_hand(seat, c)
    w.to_discard(c)
    w.note("VE-002", "discard_hand", player=seat, card=c)
    if op.get("score_cost"):
        add_points(w, seat, CARDS[c].cost_in(w.options))


def _summoned_free(w: Work, f: Frame, op: dict, action: Action) -> None:
    w.note("VE-002", "free_summon", player=f.owner, card=action.args[0])
    finish_summon(w, f.owner, action.args[0])


def _discarded_from_area(w: Work, f: Frame, op: dict, action: Action) -> None:
    """discard_summoned: first the target player, then one of their creatures; discard_own: own
    creatures one by one, or ``done``."""
    name = op["op"]
    if name == "discard_summoned" and f.stage == 0:
        c = action.args[0]
        w.pending.append(_with(f, chooser=c, stage=1))
        w.note("VE-002", "target", player=f.owner, target=c)
        return
    if action.kind == "done":
        return
    c = action.args[0]
    owner = f.chooser if name == "discard_summoned" else f.owner
    w.areas[owner].remove(c)
    w.to_discard(c)
    w.note("VE-002", "discard_summoned", player=owner, card=c)
    if name == "discard_own" and f.stage > 1:
        w.pending.append(_with(f, stage=f.stage - 1))


def _stolen(w: Work, f: Frame, op: dict, action: Action) -> None:
    seat, c = f.owner, action.args[0]
    w.scores[c] -= op["n"]
    w.scores[seat] += op["n"]
    w.note("VE-002", "steal", player=seat, target=c, n=op["n"])


def _copied(w: Work, f: Frame, op: dict, action: Action) -> None:
    seat, c = f.owner, action.args[0]
    w.note("VE-002", "copy", player=seat, card=c)
    this = c if w.options["copy_this_card"] == "original" else f.card  # "this card" of the copied effect
    w.pending.append(frame("run", seat, seat, this, getattr(CARDS[c], op["slot"]), 0, purpose="copy"))


def _taken_from_discard(w: Work, f: Frame, op: dict, action: Action) -> None:
    seat, c = f.owner, action.args[0]
    w.from_discard(c)
    w.to_hand(seat, c)
    w.note("VE-002", "take_discard", player=seat, card=c)


#: op name -> carry out the choice made for it (the decisions of ``CHOICE_OPS``)
DECIDE_OPS: dict[str, Callable[[Work, Frame, dict, Action], None]] = {
    "choose": _chosen_option,
    "recover": _recovered,
    "discard_hand": _discarded_from_hand,
    "summon_free": _summoned_free,
    "discard_summoned": _discarded_from_area,
    "discard_own": _discarded_from_area,
    "steal": _stolen,
    "copy": _copied,
    "take_discard": _taken_from_discard,
}


def decide(w: Work, action: Action) -> None:
    """Apply a decision to the frame on top of the stack (already checked legal)."""
    f = w.pending.pop()
    if f.kind == "pay":
        _pay(w, f, action.args[0])
    elif f.kind == "activate":
        _activate(w, f, action.args[0])
    else:
        op = PROGRAMS[f.prog][f.index]
        DECIDE_OPS[op["op"]](w, f, op, action)


def _paid(w: Work, f: Frame, paid: tuple) -> None:
    seat, cid = f.owner, f.card
    if f.purpose == "summon":
        finish_summon(w, seat, cid, paid)
    else:  # release: VE-065, VE-067 (its permanent effect stops with it leaving the area)
        w.areas[seat].remove(cid)
        w.to_discard(cid)
        w.note("VE-065", "released", player=seat, card=cid)


# -- the pending stack ---------------------------------------------------------


def after(w: Work) -> Step:
    """Resolve pending effects; when nothing is left the active player goes on (VE-051),
    or in the activation phase an automatic step hands over to the next player (VE-070)."""
    step = resolve(w)
    if step is not None:
        return step
    return ("action_turn", w.turn) if w.stage == "action" else ("activation_turn", None)


def do_pending(w: Work, seat: int, action: Action) -> Step:
    """A payment, an effect choice or the choice of the next active effect."""
    decide(w, action)
    return after(w)
