"""Whether a card effect can be carried out in full, and what its choices offer now.

An instant effect that cannot be completed stops the summon (VE-062); an
active effect whose condition or cost fails is not activated (VE-073). The
checks read the building blocks of ``data/cards.toml`` without running them;
"what if" positions put the new card into the area first (VE-063).
"""

from __future__ import annotations

from collections.abc import Callable

from rulekit.engine import DataFileError

from .model import CARDS, PROGRAMS, Work, choose_options

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
    "drawable",
    "summon_cost_ok",
]

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
            return bool(discards_that_complete(w, seat, card, pid, i, depth, gone))
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
    hand, area = w.hands[seat], w.areas[seat]
    if index + 1 == len(PROGRAMS[pid]):
        return list(hand)
    out = []
    for c in hand:
        rest = [x for x in hand if x != c]
        if feasible(w.what_if(seat, rest, area), seat, card, pid, depth, index + 1, gone):
            out.append(c)
    return out


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
    "summon_free": lambda w, seat, card, op, depth, gone: bool(free_targets(w, seat, card, op, gone, depth)),
    "choose": _choose_ok,
    **dict.fromkeys(("recover", "discard_summoned", "steal", "copy", "take_discard"), _has_targets),
}


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
    area = w.areas[seat]
    if len(area) - (gone in area) >= w.round or depth > 2:
        return []
    out = []
    for c in w.hands[seat]:
        if c == card or ("element" in op and CARDS[c].element != op["element"]):
            continue
        if CARDS[c].instant is None or _instant_ok(w, seat, c, depth + 1, gone):
            out.append(c)
    return out


def _instant_ok(w: Work, seat: int, cid: int, depth: int = 0, gone: int = -1) -> bool:
    """VE-062/VE-063: the instant effect of ``cid`` is resolvable with ``cid`` already in the area."""
    pid = CARDS[cid].instant
    if pid is None or not NEEDS_CHECK[pid]:
        return True
    hand = [c for c in w.hands[seat] if c != cid]
    area = [c for c in w.areas[seat] if c != gone] + [cid]
    what_if = w.what_if(seat, hand, area)
    return feasible(what_if, seat, cid, pid, depth)


def can_summon(w: Work, seat: int, cid: int) -> bool:
    """VE-062: may ``cid`` be summoned as far as its instant effect goes?"""
    return _instant_ok(w, seat, cid)


def summon_cost_ok(w: Work, seat: int, cid: int, wealth: int | None = None) -> bool:
    """VE-059: the stones held reach the (discounted) cost."""
    return (w.wealth(seat) if wealth is None else wealth) >= w.summon_cost(seat, cid)
