"""``why_not``: the rule that forbids an action, in words a learner understands.

First the phase: each kind of action belongs to one or more phases (and a
rule saying so); then the details (a card not held, an object upgraded
twice, a reward above the bid's tier, ...), each with its own rule id.
"""

from __future__ import annotations

from rulekit.engine import Action, IllegalAction, State

from .auction import bid_problem, reward_options
from .tables import tables
from .trade import offer_problem
from .upgrade import OBJ_CLAN, upgrade_problem

__all__ = ["why_not", "KINDS"]

#: action kind -> (phases where it is used, the rule that governs it)
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "take": (("income_choice",), "ZM-240"),
    "scroll": (("income_extra",), "ZM-300"),
    "keep": (("income_extra",), "ZM-906"),
    "bank": (("trade",), "ZM-320"),
    "cart": (("trade_bank",), "ZM-330"),
    "offer": (("trade",), "ZM-350"),
    "to": (("trade_offer",), "ZM-350"),
    "give": (("trade_bank", "trade_offer"), "ZM-350"),
    "want": (("trade_bank",), "ZM-340"),
    "ask": (("trade_offer",), "ZM-350"),
    "propose": (("trade_offer",), "ZM-350"),
    "next": (("trade_offer",), "ZM-350"),
    "cancel": (("trade_bank", "trade_offer"), "ZM-350"),
    "accept": (("trade_answer",), "ZM-350"),
    "decline": (("trade_answer",), "ZM-350"),
    "bid": (("auction_bidding",), "ZM-380"),
    "seal": (("auction_bidding",), "ZM-380"),
    "reward": (("auction_resolve",), "ZM-530"),
    "remove": (("auction_resolve",), "ZM-510"),
    "king": (("auction_resolve",), "ZM-490"),
    "upgrade": (("upgrade",), "ZM-540"),
    "exchange": (("final_gem_exchange",), "ZM-640"),
    "done": (("trade", "upgrade", "final_gem_exchange"), "ZM-170"),
}

_UPGRADE_KEYS = {
    "ZM-520": "bid_cards_locked",
    "ZM-540": "no_object",
    "ZM-550": "upgraded_twice",
    "ZM-590": "track_full",
    "ZM-910": "no_cubes",
    "ZM-560": "cannot_pay",
    "ZM-570": "cannot_pay_king",
}


def why_not(state: State, action: Action) -> IllegalAction:
    """An ``IllegalAction`` naming the rule that forbids ``action`` now (every phase's ``why_not`` hook)."""
    game = state.game
    phase = game.phases[state.phase]
    legal = state.legal_actions()
    where = {
        "phase": phase.name,
        "phase_de": phase.name_de,
        "legal": game.phrases(legal),
        "legal_de": game.phrases(legal, "de"),
        "what_de": game.phrase(action, "de"),
    }
    if action.kind not in KINDS:
        return game.refuse(
            phase.rules[0] if phase.rules else "ZM-170", "unknown_action", action, what=game.phrase(action), **where
        )
    phases, rule = KINDS[action.kind]
    if state.phase not in phases:
        return game.refuse(rule, "wrong_phase", action, what=game.phrase(action), **where)
    detail = _detail(state, action)
    if detail is not None:
        rule, key, args = detail
        return game.refuse(rule, key, action, what=game.phrase(action), **where, **args)
    return game.refuse(rule, "not_now", action, what=game.phrase(action), **where)


def _gem_args(action: Action) -> tuple[int, int] | None:
    """(cart, colour) of a "colour cart" argument pair, or None if it is no gem card."""
    t = tables()
    if len(action.args) != 2 or action.args[0] not in t.colours or action.args[1] not in t.carts:
        return None
    return t.carts.index(action.args[1]), t.colours.index(action.args[0])


def _detail(state: State, action: Action) -> tuple[str, str, dict] | None:  # noqa: C901 - one case per kind
    t, d, seat, kind = tables(), state.data, state.to_move, action.kind
    p = d.players[seat]
    if kind == "bid" and (problem := bid_problem(p.hand, action.args)):
        return (*problem, {})
    if kind == "upgrade" and action.args:
        obj = OBJ_CLAN if action.args[0] == "clan" else action.args[0]
        if not isinstance(obj, int):
            return "ZM-540", "no_object", {}
        problem = upgrade_problem(t, d, seat, obj)
        if problem:
            return problem, _UPGRADE_KEYS[problem], {}
    if kind == "bank":
        return "ZM-330", "bank_two", {}
    if kind == "cart":
        if d.bank:
            return "ZM-320", "bank_cart_chosen", {}
        return "ZM-330", "bank_two", {}
    if kind == "give" and state.phase == "trade_bank":
        if len(d.bank) > 2:
            return "ZM-320", "bank_given", {}
        return "ZM-330", "bank_same_cart", {}
    if kind in ("give", "ask") and state.phase == "trade_offer":
        if _gem_args(action) is None:
            return "ZM-360", "gems_only", {}
        if (kind == "give") == (d.step == "ask"):
            return "ZM-350", "offer_order", {}
        if kind == "give":
            return "ZM-350", "give_not_held", {}
        return "ZM-350", "ask_too_many", {}
    if kind == "want":
        return "ZM-320", "want_first_two", {}
    if kind == "to" and d.partner >= 0:
        return "ZM-350", "offer_partner_chosen", {}
    if kind in ("offer", "to"):
        limit = state.options["offer_limit"]
        if limit and d.offers >= limit:
            return "ZM-350", "offers_used", {"n": limit}
        return "ZM-350", "offer_whom", {}
    if kind == "accept":
        return "ZM-350", "accept_not_held", {}
    if kind == "propose" and state.phase == "trade_offer" and d.partner >= 0:
        return "ZM-350", offer_problem(d, seat) or "propose_empty", {}
    if kind in ("propose", "next"):
        return "ZM-350", "propose_empty", {}
    if kind == "reward" and d.step == "reward":
        allowed = reward_options(t, d, t.order[d.colour], d.size, state.options)
        rule = "ZM-470" if action.args and action.args[0] in ("card8", "vp10") else "ZM-460"
        return rule, "reward_tier", {"n": d.size, "allowed": ", ".join(allowed)}
    if kind == "remove" and d.step != "remove":
        return "ZM-510", "remove_not_full", {}
    if kind == "exchange":
        return "ZM-640", "exchange_three", {}
    if kind == "take":
        return "ZM-240", "take_not_owed", {}
    if kind == "keep":
        return "ZM-906", "keep_not_allowed", {}
    return None
