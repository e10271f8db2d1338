"""Issue 16: the flow that runs is the flow that is drawn (data/phases.toml).

Seeded random games over every player count, with and without the option
``forced_auto``, record every step (the engine raises ``FlowError`` at once
on a step that is not an edge). Every edge of the phase graph must be taken
by some game, except the rare ones listed below with the reason why random
play seldom reaches them; they are printed as a warning list.
"""

from __future__ import annotations

import warnings

import pytest

from rulekit.engine import PhaseHooks
from rulekit.testing import check_game

from .helpers import GAME

#: edges random play seldom takes, each with the position that needs it
RARE_EDGES = {
    # fewer revealed cards than players or no card at all: deck and discard pile (nearly) empty (VE-047)
    ("reveal_cards", "begin_actions"): "no card left to reveal",
    ("reveal_cards", "forced_choice"): "a single card revealed",
    ("pick_clockwise", "begin_actions"): "fewer cards revealed than players",
    ("pick_clockwise", "forced_choice"): "fewer cards revealed than players plus one",
    # Hestia released with more stones than the limit without her (VE-031, VE-067)
    ("release_payment", "return_stones"): "releasing Hestia while holding five or six stones",
    # an instant effect that gains stones over the limit and still has a choice to make
    ("return_stones", "instant_effect"): "stones over the limit in the middle of an instant effect",
    ("summon_payment", "return_stones"): "a 'when you summon' bonus of stones over the limit",
    ("tame", "forced_choice"): "Triton's stones for a tamed card go over the limit, all of one value",
}


@pytest.fixture(scope="module")
def report():
    """The transitions of 60 games per player count with forced_auto on and 30 with it off."""
    first = check_game(GAME, sims=60, seed=500, round_trips=0)
    second = check_game(GAME, sims=30, seed=900, round_trips=0, options={"forced_auto": False})
    for edge, n in second.transitions.items():
        first.transitions[edge] = first.transitions.get(edge, 0) + n
    return first


def test_every_step_is_an_edge_and_every_phase_has_hooks(report):
    """Issue 16: every recorded step is an edge of phase_graph(); decision and automatic phases are apart."""
    edges = set(GAME.phase_graph().edges)
    assert set(report.transitions) <= edges
    for pid, phase in GAME.phases.items():
        hooks = GAME.flow[pid]
        if not phase.next:
            assert hooks == PhaseHooks()
        elif phase.automatic:
            assert hooks.auto and not hooks.legal and not hooks.play
        else:
            assert hooks.legal and hooks.play and hooks.why_not and not hooks.auto


def test_every_edge_is_taken_or_listed_as_rare(report):
    """Issue 16: no edge of phases.toml is dead; the rare ones are listed with a reason (a warning)."""
    untaken = report.untaken_edges(GAME)
    missing = [e for e in untaken if e not in RARE_EDGES]
    assert not missing, f"edges never taken and not listed as rare: {missing}"
    assert set(RARE_EDGES) <= set(GAME.phase_graph().edges), "a rare edge that is not an edge"
    if untaken:
        warnings.warn(f"vale_of_eternity: edges not taken in random play: {untaken}", stacklevel=1)


def test_no_decision_in_an_automatic_phase(report):
    """A phase is either automatic (only automatic steps) or a decision phase (only decisions)."""
    state = GAME.new(players=2, seed=3, settle=False)
    while not state.is_over:
        assert state.automatic == GAME.phases[state.phase].automatic, state.phase
        state = state.advance() if state.automatic else state.apply(state.legal_actions()[0], settle=False)
