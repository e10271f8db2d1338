"""Build hand-made Vale of Eternity states for rule and card tests."""

from __future__ import annotations

import rulekit
from rulekit.games.vale_of_eternity.setup import position
from rulekit.games.vale_of_eternity.tables import CARDS

GAME = rulekit.load("vale_of_eternity")
ID = {c.name: c.id for c in CARDS.values()}


def make(**kw):
    """A position with every decision atomic (forced_auto off) unless asked otherwise."""
    kw.setdefault("forced_auto", False)
    return position(**kw)


def activation(players=2, **kw):
    """Seat 0 (start player) begins the activation phase; everyone else has acted."""
    s = make(players=players, phase="end_action_turn", to_move=None, turn=players - 1, done=players - 1, **kw)
    return s.settle()


def do(state, *labels):
    for label in labels:
        state = state.apply(label)
    return state


def labels(state):
    return [str(a) for a in state.legal_actions()]
