"""Why an action is not legal: the rule that forbids it, in a learner's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, IllegalAction, State

from . import effects
from .effects import choices, feasible
from .model import NO_SEAT, Work
from .tables import CARDS
from .words import card_args

if TYPE_CHECKING:
    from .rules import ValeOfEternity

__all__ = ["why_not"]


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


def why_not(game: ValeOfEternity, state: State, w: Work, action: Action) -> IllegalAction:
    """Find the ledger rule that forbids ``action`` in ``state``."""
    seat, phase = state.to_move, state.phase
    c = action.args[0] if action.args and isinstance(action.args[0], int) else None
    card = c  # a card id: ``no`` names it in both languages
    legal = state.legal_actions()[:10]

    def no(rule: str, key: str, **args) -> IllegalAction:
        if "card" in args:  # issue 14: {card} in English, {card_de} in German
            args.update(card_args(args.pop("card")))
        if "legal" in args:  # the possible actions and the tried one as sentences, in both languages
            args["legal"], args["legal_de"] = (
                "; ".join(game.describe(a, lang) for a in legal) for lang in ("en", "de")
            )
            tried = args["tried"]
            args["tried"], args["tried_de"] = game.describe(tried, "en"), game.describe(tried, "de")
        return game.refuse(rule, key, action, **args)

    if action.kind == "exchange":
        return no("VE-030", "r_exchange")
    if phase == "return_stones":
        if action.kind == "return":
            return no("VE-031", "r_no_stone", stone=c)
        return no("VE-031", "r_must_return")
    if phase in ("pick_clockwise", "pick_counterclockwise") and action.kind == "pick":
        rule = pickable(w, c)
        if rule:
            return no(rule, "r_not_revealed" if rule == "VE-043" else "r_marked", card=card)
    if w.pending:
        return _pending(w, no, action, card, legal)
    if phase == "action_turn":
        return _action(w, seat, no, action, c, card) or no("VE-051", "r_phase", tried=action, legal=legal)
    rules = game.phases[phase].rules if phase in game.phases else ()
    return no(rules[0] if rules else "VE-040", "r_phase", tried=action, legal=legal)


def _pending(w: Work, no, action: Action, card: object, legal: list) -> IllegalAction:
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
        return no("VE-072", "r_effect", tried=action, card=top.card if top.card in CARDS else "-", legal=legal)
    return no("VE-062", "r_effect", tried=action, card=top.card, legal=legal)


def _action(w: Work, seat: int, no, action: Action, c, card: object) -> IllegalAction | None:
    kind = action.kind
    if kind in ("sell", "tame") and sellable(w, seat, c):
        return no("VE-057", "r_not_yours", card=card)
    if kind == "end" and can_end(w, seat):
        return no("VE-052", "r_markers_left", card=own_marked(w, seat)[0])
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
