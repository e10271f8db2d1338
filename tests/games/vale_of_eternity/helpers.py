"""Build hand-made Vale of Eternity states for rule and card tests."""

from __future__ import annotations

import rulekit
from rulekit.games.vale_of_eternity.model import CARDS, NO_SEAT, Vale

GAME = rulekit.load("vale_of_eternity")
ID = {c.name: c.id for c in CARDS.values()}


def make(
    players=2,
    round=5,
    hands=None,
    areas=None,
    stones=None,
    scores=None,
    display=(),
    markers=None,
    discard=(),
    phase="action_turn",
    to_move=0,
    stage="action",
    turn=0,
    done=0,
    start=0,
    **options,
):
    """A state in which every card not placed elsewhere lies in the deck (sorted, highest on top)."""
    hands = hands or {}
    areas = areas or {}
    stones = stones or {}
    seats = range(players)
    h = tuple(tuple(hands.get(p, ())) for p in seats)
    a = tuple(tuple(areas.get(p, ())) for p in seats)
    used = {c for t in h + a for c in t} | set(display) | set(discard)
    deck = tuple(c for c in sorted(CARDS) if c not in used)
    data = Vale(
        round=round,
        start=start,
        deck=deck,
        discard=tuple(discard),
        display=tuple(display),
        markers=tuple(markers if markers is not None else [NO_SEAT] * len(display)),
        hands=h,
        areas=a,
        stones=tuple(tuple(sorted(stones.get(p, ()))) for p in seats),
        scores=tuple(scores or [0] * players),
        summoned=(0,) * players,
        stage=stage,
        turn=turn,
        done=done,
    )
    options.setdefault("forced_auto", False)
    base = GAME.new(players=players, seed=0, **options)
    return base.evolve(data=data, phase=phase, to_move=to_move, events=())


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
