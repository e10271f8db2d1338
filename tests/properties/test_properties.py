"""Property tests for every game (issue 9, item 3).

Hypothesis draws a player count, a seed and a sequence of choices; each
choice picks one legal action (index modulo the legal list), so every
drawn sequence is a legal game prefix and failures shrink to short ones.
"""

from __future__ import annotations

import json

import pytest

from rulekit.engine import Action, Dice, Game, IllegalAction, State
from rulekit.testing import cites_rule

from ..interop.cases import game_params, sim

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
CHOICES = st.lists(st.integers(0, 2**16), max_size=120)


def _play(game: Game, players: int, seed: int, choices: list[int], to_end: bool = False):
    """Yield every state of the game that ``choices`` pick (automatic steps one by one).

    With ``to_end`` the game goes on at random (seeded) after the choices run out.
    """
    state = game.new(players=players, seed=seed, settle=False, **(sim(game) if to_end else {}))
    yield state
    picks, dice = iter(choices), Dice(seed)
    while not state.is_over:
        if state.automatic:
            state = state.advance()
        else:
            pick = next(picks, None)
            if pick is None and not to_end:
                return
            if pick is None:
                pick = dice.below(1 << 16)
            legal = state.legal_actions()
            state = state.apply(legal[pick % len(legal)], settle=False)
        yield state


def _players(game: Game):
    return st.sampled_from(list(game.players))


@pytest.mark.parametrize("game", game_params())
def test_invariants_and_one_seat_to_move(game):
    """Any legal sequence keeps the game's conservation laws and exactly one seat to move."""

    @settings(SETTINGS, max_examples=8)
    @given(players=_players(game), seed=st.integers(0, 2**31), choices=CHOICES)
    def prop(players, seed, choices):
        for state in _play(game, players, seed, choices, to_end=True):
            assert game.invariants(state) == [], f"step {state.step}: {game.invariants(state)}"
            assert all(isinstance(s, int | float) for s in state.scores) and len(state.scores) == players
            if state.is_over:
                assert state.to_move is None and state.legal_actions() == []
                assert state.winners or game.cooperative or state.unfinished, "a competitive game ended without winners"
                assert set(state.winners) <= set(range(players))
            elif state.automatic:
                assert state.legal_actions() == []
            else:
                assert isinstance(state.to_move, int) and 0 <= state.to_move < players
                legal = state.legal_actions()
                assert legal and len(set(legal)) == len(legal)
                assert legal == state.legal_actions(), "legal actions are not in a stable order"

    prop()


@pytest.mark.parametrize("game", game_params())
def test_settle_reaches_what_advance_reaches_step_by_step(game):
    """``settle`` hands each hook the state the hook before it made (no bookkeeping copy between
    them), so a hook must not read ``step``, ``autos`` or ``events``: then settling and stepping
    with ``advance`` (the Table's step-through) reach the same state with the same events."""

    @settings(SETTINGS, max_examples=8)
    @given(players=_players(game), seed=st.integers(0, 2**31), choices=CHOICES)
    def prop(players, seed, choices):
        for state in _play(game, players, seed, choices, to_end=True):
            if not state.automatic:
                continue
            stepped, events = state, list(state.events)
            while stepped.automatic:
                stepped = stepped.advance()
                events += stepped.events
            settled = state.settle()
            assert settled == stepped and settled.autos == stepped.autos, f"step {state.step} ({state.phase})"
            assert [e.text for e in settled.events] == [e.text for e in events], f"step {state.step}"

    prop()


@pytest.mark.parametrize("game", game_params())
def test_a_bots_finish_picks_among_legal_actions(game):
    """``game.finish_actions`` (what a bot's random finish of a turn picks among) is never empty and
    holds only the very Action objects of the legal list, so a finish plays legal moves only."""

    @settings(SETTINGS, max_examples=8)
    @given(players=_players(game), seed=st.integers(0, 2**31), choices=CHOICES)
    def prop(players, seed, choices):
        for state in _play(game, players, seed, choices, to_end=True):
            if state.automatic or state.is_over:
                continue
            legal = state.legal_actions()
            narrowed = game.finish_actions(state, legal)
            assert narrowed, f"step {state.step} ({state.phase}): nothing left to finish with"
            assert all(any(a is b for b in legal) for a in narrowed), f"step {state.step}: not from the legal list"

    prop()


def _views(state: State) -> list[str]:
    return [json.dumps(state.view(seat), sort_keys=True) for seat in range(state.players)]


@pytest.mark.parametrize("game", game_params())
def test_view_never_leaks_hidden_information(game):
    """Resampling what a seat cannot see (game.determinize) never changes that seat's view."""

    @SETTINGS
    @given(players=_players(game), seed=st.integers(0, 2**31), choices=CHOICES, other=st.integers(0, 2**31))
    def prop(players, seed, choices, other):
        states = list(_play(game, players, seed, choices))
        for state in states[:: max(1, len(states) // 6)] + states[-1:]:
            for seat in range(players):
                alt = game.determinize(state, seat, Dice(other + seat))
                assert json.dumps(alt.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True), (
                    f"seat {seat} sees a difference after its hidden parts were resampled (step {state.step})"
                )
                assert game.invariants(alt) == []
                if seat == state.to_move:
                    assert alt.legal_actions() == state.legal_actions(), "legal actions depend on hidden parts"

    prop()


@pytest.mark.parametrize("game", game_params())
def test_determinize_resamples_something_when_the_game_hides_something(game):
    """A game whose views hide something must resample it in determinize (search bots rely on it)."""
    from rulekit.adapters.encoding import space_for

    if not space_for(game).hidden_information:
        pytest.skip(f"{game.id} has perfect information")
    changed = 0
    for seed in range(10):
        for state in _play(game, game.players.start, seed, list(range(0, 400, 7))):
            if not state.automatic and not state.is_over:
                changed += game.determinize(state, state.to_move, Dice(seed + 1)) != state
    assert changed, f"{game.id} hides information but determinize never changes a state"


@pytest.mark.parametrize("game", game_params())
def test_json_round_trip_and_replay_are_exact(game):
    @SETTINGS
    @given(players=_players(game), seed=st.integers(0, 2**31), choices=CHOICES)
    def prop(players, seed, choices):
        state = list(_play(game, players, seed, choices))[-1]
        text = state.to_json()
        back = game.from_json(text)
        assert back == state and back.to_json() == text
        assert game.replay(state.record()) == state
        assert back.view(None) == state.view(None)

    prop()


def _illegal_candidates(state: State) -> list[Action]:
    from rulekit.adapters.encoding import space_for

    legal = set(state.legal_actions())
    known = [Action.parse(label) for label in space_for(state.game).actions]
    out = [a for a in known if a not in legal]
    for a in list(legal)[:5]:
        out += [Action(a.kind, (*a.args, 1)), Action(a.kind, tuple(-1 for _ in a.args) or (99,)), Action(a.kind + "x")]
    return [a for a in out if a not in legal] + [Action("no_such_action", ("x",))]


@pytest.mark.parametrize("game", game_params())
def test_illegal_actions_raise_with_a_ledger_id_and_change_nothing(game):
    @SETTINGS
    @given(players=_players(game), seed=st.integers(0, 2**31), choices=CHOICES, pick=st.integers(0, 2**16))
    def prop(players, seed, choices, pick):
        state = list(_play(game, players, seed, choices))[-1]
        if state.automatic:
            state = state.settle()
        candidates = _illegal_candidates(state)
        for action in [candidates[pick % len(candidates)], candidates[-1]]:
            before = state.to_json()
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert cites_rule(game, err.value.rule), f"{action} refused citing {err.value.rule!r}"
            assert err.value.reason and err.value.reason_de
            assert state.to_json() == before

    prop()
