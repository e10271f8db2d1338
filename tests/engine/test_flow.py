"""The engine runs a game's flow table and refuses steps outside the phase graph."""

from __future__ import annotations

import dataclasses

import pytest

from rulekit.engine import ArgumentError, FlowError, Phase, PhaseHooks, ScoreLine
from rulekit.engine.flow import check_step
from rulekit.engine.rules import Event
from rulekit.testing import check_game

from .toy import Toy, _check_end


def _toy_with(phases=None, flow=None) -> Toy:
    """A Toy whose phases or flow table are replaced (cached properties set directly)."""
    toy = Toy()
    if phases is not None:
        toy.__dict__["phases"] = phases
    if flow is not None:
        toy.__dict__["flow"] = flow
    return toy


def test_check_game_records_every_edge_of_the_toy_flow():
    report = check_game(Toy(), sims=3)
    assert report.transitions.keys() == {("add", "check"), ("check", "add"), ("check", "over")}
    assert report.untaken_edges(Toy()) == []


def test_a_transition_outside_the_graph_raises_at_once():
    toy = Toy()
    phases = dict(toy.phases)
    phases["add"] = dataclasses.replace(phases["add"], next=())  # drop the edge add -> check
    state = _toy_with(phases=phases).new(2, seed=1)
    with pytest.raises(FlowError, match="'add' -> 'check'"):
        state.apply("add 1")


def test_steps_must_match_the_automatic_flag():
    toy = Toy()
    state = toy.new(2, seed=1)
    after = state.apply("add 1", settle=False)
    with pytest.raises(FlowError, match="an automatic step ran in phase 'add'"):
        check_step(toy.phases, state, after, automatic=True)
    with pytest.raises(FlowError, match="a decision ran in phase 'check'"):
        check_step(toy.phases, after, after.advance(), automatic=False)
    phases = {**toy.phases, "check": dataclasses.replace(toy.phases["check"], automatic=False)}
    with pytest.raises(FlowError, match="decision phase 'check' needs legal and play"):
        _toy_with(phases=phases).new(2, seed=1).apply("add 1")


def test_flow_table_must_match_phases_and_hooks():
    flow = dict(Toy().flow)
    del flow["check"]
    with pytest.raises(FlowError, match=r"missing \['check'\]"):
        _toy_with(flow=flow).new(2, seed=1)
    flow = {**Toy().flow, "check": PhaseHooks(legal=lambda s: [], play=lambda s, a: s)}
    with pytest.raises(FlowError, match="automatic phase 'check'"):
        _toy_with(flow=flow).new(2, seed=1).apply("add 1")


def test_a_decision_phase_without_a_why_not_hook_is_a_flow_error():
    """No phase-level fallback rule (issue 25): a decision phase must explain its own refusals."""
    flow = {**Toy().flow, "add": dataclasses.replace(Toy().flow["add"], why_not=None)}
    with pytest.raises(FlowError, match="'add' needs a why_not hook"):
        _toy_with(flow=flow).new(2, seed=1)


def test_why_not_cites_engine_only_where_no_rule_of_the_game_speaks():
    """A kind the toy does not have is the engine's; never the first rule of the phase (RS-002)."""
    toy = Toy()
    state = toy.new(2, seed=1)
    assert toy.why_not(state, "jump 1").rule == "engine"
    assert toy.why_not(state, "add 7").rule == "RS-002"
    with pytest.raises(ArgumentError, match="legal now"):
        toy.why_not(state, "add 1")
    while not state.is_over:
        state = state.apply("add 2")
    assert toy.why_not(state, "add 1").rule == toy.over_rule == "RS-003"


def test_why_not_hook_answers_first_then_the_generic_text():
    toy = Toy()
    refusal = toy.refuse("RS-002", "add", seat=0, n=9)
    flow = {**toy.flow, "add": dataclasses.replace(toy.flow["add"], why_not=lambda s, a: refusal)}
    state = _toy_with(flow=flow).new(2, seed=1)
    with pytest.raises(type(refusal)) as err:
        state.apply("add 9")
    assert err.value is refusal
    with pytest.raises(type(refusal)) as err:
        Toy().new(2, seed=1).apply("add 9")
    assert err.value.rule == "RS-002" and "add 9" in str(err.value)


def test_private_events_are_visible_only_to_their_seats():
    event = Event("RS-001", "secret", seats=(1,))
    assert event.visible_to(1) and event.visible_to(None) and not event.visible_to(0)
    assert Event("RS-001", "public").visible_to(0)
    assert event != Event("RS-001", "secret")


def test_default_score_breakdown_adds_up_and_stopped_games_have_no_winners():
    state = Toy().new(2, seed=1)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    lines = state.game.score_breakdown(state)
    assert all(isinstance(line, ScoreLine) for line in lines)
    assert tuple(map(sum, zip(*(line.points for line in lines), strict=True))) == state.scores
    assert state.winners and not state.unfinished
    stopped = _toy_with()
    stopped.stopped = lambda s: True
    end = stopped.replay(state.record())
    assert end.unfinished and end.winners == ()


def test_phase_objects_are_data():
    assert Phase("a", "A", "A", (), ()).name_in("de") == "A"


def test_the_engine_leaves_setup_along_its_only_edge():
    """The setup hook runs once in ``Game.new``; a state left in ``setup`` moves along its one edge."""
    calls = []

    class Counting(Toy):
        def setup(self, state):
            calls.append(state.phase)
            return super().setup(state).evolve(phase="setup")

    state = Counting().new(2, seed=1)
    assert calls == ["setup"] and state.phase == "add" and state.step == 0
    assert "setup" not in Toy().flow  # no game writes a setup phase hook


def test_setup_must_lead_along_the_graph():
    toy = Toy()
    phases = dict(toy.phases)
    phases["setup"] = dataclasses.replace(phases["setup"], next=("check",))
    with pytest.raises(FlowError, match="setup went to 'add'"):
        _toy_with(phases=phases).new(2, seed=1)
    phases["setup"] = dataclasses.replace(phases["setup"], next=("add", "check"))

    class Undecided(Toy):
        def setup(self, state):
            return super().setup(state).evolve(phase="setup")

    undecided = Undecided()
    undecided.__dict__["phases"] = phases
    with pytest.raises(FlowError, match="must name one of them"):
        undecided.new(2, seed=1)


def test_setup_must_leave_a_seat_to_move_in_a_decision_phase():
    class Nobody(Toy):
        def setup(self, state):
            return super().setup(state).evolve(to_move=None)

    with pytest.raises(FlowError, match="no seat to move in phase 'add'"):
        Nobody().new(2, seed=1)


def test_a_setup_hook_in_the_flow_table_still_runs_until_the_game_is_converted():
    """Backward compatible: a game whose flow table still has ``setup`` keeps its old behaviour."""
    toy = _toy_with(flow={**Toy().flow, "setup": PhaseHooks(auto=lambda state: state.evolve(phase="add", to_move=0))})

    class Stays(Toy):
        def setup(self, state):
            return super().setup(state).evolve(phase="setup", to_move=None)

    stays = Stays()
    stays.__dict__["flow"] = toy.flow
    state = stays.new(2, seed=1)
    assert state.phase == "add" and state.step == 1  # the old setup step ran


@pytest.mark.parametrize("reads", [False, True])
def test_automatic_steps_after_a_decision_see_its_history_only_when_the_game_reads_it(reads):
    """``Game.autos_read_history``: after a decision the automatic steps run on the decision's own
    state (its history still the one before it) and one bookkeeping copy at their end carries both,
    unless the game's automatic hooks read ``history`` (Spellbound's opening refill, SB-060); either
    way ``apply`` ends where ``advance`` ends step by step."""
    seen = []

    def check(state):
        seen.append(len(state.actions))
        return _check_end(state)

    toy = _toy_with(flow={**Toy().flow, "check": PhaseHooks(auto=check)})
    toy.autos_read_history = reads
    state = toy.new(players=2, seed=1)
    after = state.apply("add 2")
    assert seen == [1 if reads else 0]
    stepped = state.apply("add 2", settle=False).advance()
    assert seen == [1 if reads else 0, 1]
    assert (after, after.actions, after.step, after.autos) == (stepped, stepped.actions, stepped.step, stepped.autos)
    assert [e.rule for e in after.events] == ["RS-002"] and after.to_move == 1
