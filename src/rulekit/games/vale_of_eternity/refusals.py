"""Why an action is not legal: the rule that forbids it, in a learner's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, IllegalAction, State

from .effects import feasible
from .model import CARDS, Work
from .turns import own_marked, releasable, summonable

if TYPE_CHECKING:
    from .rules import ValeOfEternity

__all__ = ["why_not"]


def why_not(game: ValeOfEternity, state: State, w: Work, action: Action) -> IllegalAction:
    """Find the ledger rule that forbids ``action`` in ``state``."""
    seat, phase = state.to_move, state.phase
    c = action.args[0] if action.args and isinstance(action.args[0], int) else None
    card = CARDS[c].name if c in CARDS else str(c)
    legal = ", ".join(map(str, state.legal_actions()[:10]))

    def no(rule: str, key: str, **args) -> IllegalAction:
        return game.refuse(rule, key, action, **args)

    if action.kind == "exchange":
        return no("VE-030", "r_exchange")
    if phase == "return_stones":
        if action.kind == "return":
            return no("VE-031", "r_no_stone", stone=c)
        return no("VE-031", "r_must_return")
    if phase in ("pick_clockwise", "pick_counterclockwise") and action.kind == "pick":
        if c not in w.display:
            return no("VE-043", "r_not_revealed", card=card)
        return no("VE-045", "r_marked", card=card)
    if w.pending:
        return _pending(w, no, action, card, legal)
    if phase == "action_turn":
        return _action(w, seat, no, action, c, card) or no("VE-051", "r_phase", tried=action, legal=legal)
    rules = game.phases[phase].rules if phase in game.phases else ()
    return no(rules[0] if rules else "VE-040", "r_phase", tried=action, legal=legal)


def _pending(w: Work, no, action: Action, card: str, legal: str) -> IllegalAction:
    top = w.pending[-1]
    if top.kind == "pay":
        rule = "VE-059" if top.purpose == "summon" else "VE-066"
        if action.kind == "pay":
            return no(rule, "r_no_stone", stone=action.args[0] if action.args else "?")
        return no(rule, "r_paying")
    if top.kind == "activate":
        c = action.args[0] if action.args else None
        usable = action.kind == "activate" and c in w.areas[top.owner] and c in top.items
        if usable and not feasible(w, top.owner, c, CARDS[c].active):
            return no("VE-073", "r_activation", card=card)
        if action.kind == "activate":
            return no("VE-071", "r_activation", card=card)
        return no(
            "VE-072", "r_effect", tried=action, card=CARDS[top.card].name if top.card in CARDS else "-", legal=legal
        )
    return no("VE-062", "r_effect", tried=action, card=CARDS[top.card].name, legal=legal)


def _action(w: Work, seat: int, no, action: Action, c, card: str) -> IllegalAction | None:
    kind = action.kind
    if kind in ("sell", "tame"):
        return no("VE-057", "r_not_yours", card=card)
    if kind == "end":
        marked = own_marked(w, seat)
        return no("VE-052", "r_markers_left", card=CARDS[marked[0]].name) if marked else None
    if kind == "summon":
        if c not in CARDS:
            return no("VE-058", "r_no_such_card", card=card)
        rule = summonable(w, seat, c)
        if rule == "VE-058":
            return no(rule, "r_not_in_hand", card=card)
        if rule == "VE-033":
            return no(rule, "r_area_full", round=w.round)
        if rule == "VE-059":
            return no(rule, "r_cannot_pay", card=card, cost=w.summon_cost(seat, c), have=w.wealth(seat))
        if rule == "VE-062":
            return no(rule, "r_not_resolvable", card=card)
    if kind == "release":
        rule = releasable(w, seat, c)
        if rule == "VE-065":
            return no(rule, "r_not_in_area", card=card)
        if rule == "VE-066":
            return no(rule, "r_release_cost", cost=w.round, have=w.wealth(seat))
        if rule == "VE-068":
            return no(rule, "r_release_fresh", card=card)
    return None
