"""``why_not``: the rule that forbids an action, in words a learner understands.

First the kind of action: unknown to the game (the engine refuses it: no
rule speaks of it), or one of another phase (each kind has the rule that
governs it; there is no fallback rule of the phase). Then the phase's own checks from
``checks.DECISIONS``, the very checks its legal list is built from: the
hook answers None exactly when the action is legal.
"""

from __future__ import annotations

from rulekit.engine import Action, IllegalAction, State

from .checks import DECISIONS

__all__ = ["why_not", "KINDS"]

#: action kind -> the rule that governs it (the phases that use it are those of ``DECISIONS`` naming it)
KINDS: dict[str, str] = {
    "take": "ZM-240",
    "scroll": "ZM-300",
    "keep": "ZM-906",
    "bank": "ZM-320",
    "cart": "ZM-330",
    "offer": "ZM-350",
    "to": "ZM-350",
    "give": "ZM-350",
    "want": "ZM-340",
    "ask": "ZM-350",
    "propose": "ZM-350",
    "next": "ZM-350",
    "cancel": "ZM-350",
    "accept": "ZM-350",
    "decline": "ZM-350",
    "bid": "ZM-380",
    "seal": "ZM-380",
    "reward": "ZM-530",
    "remove": "ZM-510",
    "king": "ZM-490",
    "upgrade": "ZM-540",
    "exchange": "ZM-640",
    "done": "ZM-170",
    "discard": "ZM-913",
}


def why_not(state: State, action: Action) -> IllegalAction | None:
    """The ``IllegalAction`` naming the rule that forbids ``action`` now, or None when it is legal."""
    decisions = DECISIONS[state.phase]
    if action.kind in decisions.index:
        no = decisions.refuse(state, action)
        if no is None:
            return None
        rule, key, args = no.rule, no.key, no.args or {}
    elif action.kind in KINDS:
        rule, key, args = KINDS[action.kind], "wrong_phase", {}
    else:  # no rule of the game speaks of an action it does not have: the engine refuses it
        rule, key, args = "engine", "unknown_action", {}
    game, phase = state.game, state.game.phases[state.phase]
    legal = state.legal_actions()
    return game.refuse(
        rule,
        key,
        action,
        what=game.phrase(action),
        what_de=game.phrase(action, "de"),
        phase=phase.name,
        phase_de=phase.name_de,
        legal=game.phrases(legal),
        legal_de=game.phrases(legal, "de"),
        **args,
    )
