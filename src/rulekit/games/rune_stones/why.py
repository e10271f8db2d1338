"""Why an action is not legal, in learner words with the rule id; action labels.

Each decision phase's ``why_not`` hook is ``refusal(<phase check>)``: the
checks that hold in every phase (an action step before choosing the action,
rune actions), then the phase's own, both built on the shared checks of
``checks`` that the legal-action lists use too. Nothing here changes a state.

Every refusal names a rule of the refused action's own kind (``CITES``): a
kind that is not open in this step, or arguments that are none of its kind,
cite the rule of that decision (``own_rule``), never a rule of the phase; a
check citing a rule its kind does not declare is a bug (``FlowError``).
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Action, FlowError, IllegalAction
from .checks import (
    choose_ok,
    forge_ok,
    jokergem_ok,
    pick_limit,
    pick_ok,
    play_ok,
    rune_ok,
    summon_ok,
    swap_ok,
    trade_ok,
    use_ok,
)
from .effects import place_targets
from .runes import has_rune, joker_everywhere
from .tables import COLOURS, SPACES

__all__ = [
    "CITES",
    "own_rule",
    "refusal",
    "why_choose",
    "why_summon",
    "why_pick",
    "why_resolve",
    "why_step",
    "why_forge",
    "why_trade",
    "why_rune",
]

#: one phase's own check: (no, board, ctx, action) -> IllegalAction | None
Check = Callable[..., "IllegalAction | None"]


#: per action kind: the rule of that decision first (``own_rule``), then every rule its checks may cite
CITES: dict[str, tuple[str, ...]] = {
    "action": ("RS-061", "RS-062", "RS-091"),
    "colour": ("RS-071", "RS-061"),
    "play": ("RS-070", "RS-061", "RS-071"),
    "summon": ("RS-073", "RS-061", "RS-072"),
    "done": ("RS-061", "RS-077", "RS-130", "RS-160"),
    "pick": ("RS-090", "RS-061", "RS-217"),
    "go": ("RS-090", "RS-061"),
    "use": ("RS-092", "RS-061"),
    "finish": ("RS-092",),
    "forge": ("RS-130", "RS-061", "RS-131", "RS-133", "RS-134", "RS-138", "RS-147", "RS-149", "RS-150"),
    "pay": ("RS-100", "RS-131", "RS-133", "RS-141"),
    "place": ("RS-137", "RS-140"),
    "gem": ("RS-103", "RS-107", "RS-214"),
    "give": ("RS-108", "RS-214"),
    "take": ("RS-104", "RS-105"),
    "option": ("RS-099",),
    "skip": ("RS-093",),
    "trade": ("RS-160", "RS-063", "RS-166"),
    "rune": ("RS-163", "RS-165", "RS-166"),
    "jokergem": ("RS-212",),
    "swap": ("RS-215", "RS-214"),
}
#: (kind, phase) -> the decision's rule where one kind means another decision in that phase
_OWN_IN_PHASE = {
    ("pay", "forge"): "RS-131",
    ("pay", "forge_step"): "RS-131",
    ("done", "summon"): "RS-077",
    ("done", "forge"): "RS-130",
    ("done", "trade_artifacts"): "RS-160",
}


def own_rule(kind: str, phase: str) -> str:
    """The rule of the decision ``kind`` stands for in ``phase``: cited when it is not open now."""
    return _OWN_IN_PHASE.get((kind, phase)) or CITES[kind][0]


def refusal(own: Check) -> Callable:
    """The ``why_not`` hook of a phase: the checks of every phase, then ``own``; an action kind
    none of them refuses is not open in this step, which its own decision rule says."""

    def why_not(state, action: Action) -> IllegalAction:
        game = state.game
        ctx, board = game.ctx(state), state.data

        def no(rule: str, key: str, **kw) -> IllegalAction:
            en, de = game.words.format(key, **kw)  # names of ids in English and German
            return IllegalAction(rule, en, action, de)

        if action.kind not in CITES:  # no decision of this game: no rule of it speaks of one
            return no("engine", "r_generic", **_generic(game, state, action))
        found = _anywhere(no, board, ctx, state.phase, action) or own(no, board, ctx, action)
        if found is None:
            return no(own_rule(action.kind, state.phase), "r_generic", **_generic(game, state, action))
        if found.rule not in CITES[action.kind]:
            raise FlowError(
                f"rune_stones: a refusal of {action} cites {found.rule}, which {action.kind!r} does not declare"
            )
        return found

    return why_not


def _anywhere(no, board, ctx, phase: str, action: Action) -> IllegalAction | None:
    """Refusals that read the same in every phase (RS-061, RS-063, RS-163, RS-212, RS-215)."""
    kind, args = action.kind, action.args
    if kind == "action" and phase != "choose_action":
        return no("RS-061", "r_one_action")
    if kind == "jokergem" and len(args) == 1 and jokergem_ok(board, ctx, args[0]):
        if not has_rune(board, board.current, "joker", ctx.opts):
            return no("RS-212", "r_no_rune", rune="joker")
        if board.players[board.current].joker_gem:
            return no("RS-212", "r_joker_gem_set")
        if args[0] not in COLOURS:
            return no("RS-212", "r_no_joker_choice")
        return no("RS-212", "r_jokergem_none_left", colour=args[0])
    if kind == "swap" and len(args) == 2 and swap_ok(board, ctx, *args):
        if board.turn.swapped:
            return no("RS-215", "r_swap_used")
        if not has_rune(board, board.current, "exchange", ctx.opts):
            return no("RS-215", "r_no_rune", rune="exchange")
        if swap_ok(board, ctx, *args) == "RS-214":
            return no("RS-214", "r_joker_everywhere", colour=args[1])
        return no("RS-215", "r_swap_rune", give=args[0], get=args[1])
    home = _HOME.get(kind)
    if home and phase == "choose_action":  # a step of an action before choosing it (RS-061)
        return no("RS-061", "r_choose_first", what=home)
    if kind == "trade" and phase not in ("trade_artifacts", "rune_choice"):
        return no("RS-063", "r_trade_after_action")
    if kind == "rune" and phase != "rune_choice":
        return no("RS-163", "r_rune_with_trade")
    return None


#: the action a step belongs to, for "choose the action first" (RS-061)
_HOME = {
    "colour": "summon",
    "play": "summon",
    "summon": "summon",
    "pick": "abilities",
    "use": "abilities",
    "go": "abilities",
    "forge": "forge",
}


def why_choose(no, board, ctx, action: Action) -> IllegalAction | None:
    """RS-091: the abilities action needs two cards in hand."""
    if action.kind == "action" and action.args == ("abilities",) and choose_ok(board, ctx, "abilities"):
        return no("RS-091", "r_abilities_hand", n=len(board.players[board.current].hand))
    if action.kind == "action" and action.args in (("summon",), ("forge",)) and choose_ok(board, ctx, action.args[0]):
        return no("RS-062", "r_action_empty", what=action.args[0])
    return None


def why_summon(no, board, ctx, action: Action) -> IllegalAction | None:
    """RS-070..RS-073: cards of the chosen colour from the hand, creatures the points pay for."""
    kind, args, t = action.kind, action.args, board.turn
    if kind == "play" and len(args) == 1 and play_ok(board, ctx, args[0]):
        if args[0] not in board.players[board.current].hand:
            return no("RS-070", "r_not_in_hand", card=args[0])
        if t.colour:
            magic = ctx.cat.card(args[0]).magic
            return no("RS-071", "r_wrong_colour", card=args[0], magic=magic, colour=t.colour)
    if kind == "summon" and len(args) == 1 and t.colour:
        rule = summon_ok(board, ctx, args[0])
        if rule == "RS-072":
            cost = ctx.opts["slot_costs"][args[0] - 1]
            return no("RS-072", "r_not_enough_mp", slot=args[0], cost=cost, left=t.mp - t.spent)
        if rule == "RS-073" and isinstance(args[0], int) and 1 <= args[0] <= len(board.display):
            return no("RS-073", "r_empty_slot", slot=args[0])
    return None


def why_pick(no, board, ctx, action: Action) -> IllegalAction | None:
    """RS-090, RS-217: two cards from the hand (three with the rune) before going on."""
    if action.kind == "pick" and len(action.args) == 1:
        rule = pick_ok(board, ctx, action.args[0])
        if rule and action.args[0] not in board.players[board.current].hand:
            return no("RS-090", "r_not_in_hand", card=action.args[0])
        if rule:
            return no(rule, "r_pick_count", n=pick_limit(board, ctx))
    if action.kind == "go":
        return no("RS-090", "r_go_early")
    return None


def why_resolve(no, board, ctx, action: Action) -> IllegalAction | None:
    """RS-092: each laid-out card's ability once, in any order."""
    if action.kind == "use" and len(action.args) == 1 and use_ok(board, action.args[0]):
        return no("RS-092", "r_use_not_open", card=action.args[0])
    return None


def why_forge(no, board, ctx, action: Action) -> IllegalAction | None:
    """RS-130..RS-150: which forge may be used now, and why not."""
    if action.kind != "forge" or len(action.args) != 1:
        return None
    forge = action.args[0]
    rule = forge_ok(board, ctx, forge)
    if rule is None or rule == "RS-132":
        return None
    art = "joker" if forge == "joker" else board.forges[forge - 1]
    keys = {
        "RS-130": ("r_forge_limit", {}),
        "RS-147": ("r_forge_twice", {"forge": forge}),
        "RS-134": ("r_joker_twice", {}),
        "RS-149": ("r_joker_stack", {}),
        "RS-150": ("r_forge_empty", {"forge": forge}),
        "RS-138": ("r_no_space", {"artifact": art}),
    }
    if rule in keys:
        key, kw = keys[rule]
        return no(rule, key, **kw)
    cost = ctx.cat.board["artifacts"]["joker_forge_cost"] if forge == "joker" else ctx.opts["forge_costs"][forge - 1]
    return no(rule, "r_cannot_pay", cost=cost)


def why_trade(no, board, ctx, action: Action) -> IllegalAction | None:
    """RS-160: a row with at least 2 artifacts."""
    rule = trade_ok(board, ctx, action.args[0]) if action.kind == "trade" and action.args in ((1,), (2,)) else None
    if rule == "RS-166":
        return no("RS-166", "r_trade_no_rune", row=action.args[0])
    if rule:
        n = sum(1 for a in board.players[board.current].rows[action.args[0] - 1] if a)
        return no("RS-160", "r_trade_small", row=action.args[0], n=n)
    return None


def why_rune(no, board, ctx, action: Action) -> IllegalAction | None:
    """RS-165, RS-166: a rune stone not owned yet and still in the display."""
    if action.kind == "rune" and len(action.args) == 1:
        rule = rune_ok(board, ctx, action.args[0])
        if rule == "RS-165":
            return no("RS-165", "r_rune_owned", rune=action.args[0])
        if rule == "RS-166":
            return no("RS-166", "r_rune_gone", rune=action.args[0])
    return None


def why_step(no, board, ctx, action: Action) -> IllegalAction | None:
    """RS-101, RS-103, RS-105, RS-135..RS-141: the choices inside an ability or a forging."""
    return _step(no, board, ctx, action)


def _step(no, board, ctx, action: Action) -> IllegalAction | None:
    t, kind, args = board.turn, action.kind, action.args
    if kind == "pay" and args:
        if args[0] == "ore":
            return no("RS-141", "r_pay_ore")
        rule = ("RS-133" if t.artifact == "joker" else "RS-131") if t.action == "forge" else "RS-100"
        return no(rule, "r_pay", token=args[0], bill=", ".join(t.bill) or "-")
    wrong_space = len(args) == 2 and (args[0], args[1]) not in place_targets(board, board.current, t.artifact)
    if kind == "place" and t.artifact and wrong_space and args[1] in SPACES:
        return no(
            "RS-140" if t.artifact == "joker" else "RS-137", "r_place", artifact=t.artifact, space=args[1], row=args[0]
        )
    if kind == "gem" and args == ("joker",):
        return no("RS-103", "r_no_joker_choice")
    wild = joker_everywhere(board, board.current, ctx.opts)
    if (
        kind in ("gem", "give") and wild and args == (wild,) and t.queue[:1] in (("any_gem",), ("die_gem",), ("swap",))
    ):  # RS-214 option
        return no("RS-214", "r_joker_everywhere", colour=wild)
    head = t.queue[0] if t.queue else ""
    gem = args[0] if len(args) == 1 and args[0] in COLOURS else ""
    if kind == "gem" and head in ("any_gem", "die_gem") and gem and not board.supply[COLOURS.index(gem)]:
        return no("RS-107" if head == "die_gem" else "RS-103", "r_gem_none_left", colour=gem)  # none left
    if kind == "give" and head == "swap" and len(args) == 1 and args[0] in COLOURS:
        if not board.players[board.current].gems[COLOURS.index(args[0])]:  # RS-108: give one of your own gems
            return no("RS-108", "r_swap_not_held", colour=args[0])
        if board.jokers <= 0:
            return no("RS-108", "r_swap_no_joker")
    if kind == "take" and t.queue and t.queue[0].startswith("card:"):
        return no("RS-105", "r_take_colour", colour=t.queue[0][5:])
    return None


def _generic(game, state, action: Action) -> dict:
    """The fields of the generic refusal: the choices open now, as sentences in each language."""
    open_now = state.legal_actions()[:10]
    legal = "; ".join(game.describe(a, "en") for a in open_now)
    legal_de = "; ".join(game.describe(a, "de") for a in open_now)
    phase = game.phases.get(state.phase)
    name, name_de = (phase.name, phase.name_de) if phase else (state.phase, state.phase)
    return {
        "tried": str(action),
        "tried_de": game.describe(action, "de"),
        "phase": name,
        "phase_de": name_de,
        "legal": legal,
        "legal_de": legal_de,
    }
