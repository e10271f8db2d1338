"""Fuzzing the engine API with wrong argument types (issue 24, item 9).

Seen on main before: ``evolve(to_move=7)`` and ``evolve(players=9)`` were
accepted, ``why_not(state, 5)`` escaped with an AttributeError, ``view("0")``
with a TypeError while ``view(True)`` was taken as seat 1. Every wrong
argument is now a ``rulekit.engine.ArgumentError`` (a ``RulekitError``) naming
the argument; nothing changes the state it was tried on.
"""

from __future__ import annotations

import pytest

import rulekit
from rulekit.engine import ArgumentError, IllegalAction, RulekitError

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.binary(max_size=5),
)
GAMES = rulekit.games(examples=True)  # the template game coin_race too


def _state(gid: str):
    game = rulekit.load(gid)
    return game, game.new(players=game.players.start, seed=4)


@pytest.mark.parametrize("gid", GAMES)
def test_cases_seen_in_the_issue(gid):
    game, state = _state(gid)
    with pytest.raises(ArgumentError, match="to_move"):
        state.evolve(to_move=7)
    with pytest.raises(ArgumentError, match="players"):
        state.evolve(players=9)
    with pytest.raises(ArgumentError, match="seat"):
        state.view("0")
    with pytest.raises(ArgumentError, match="seat"):
        state.view(True)
    with pytest.raises(ArgumentError, match="why_not"):
        game.why_not(state, 5)
    assert isinstance(game.why_not(state, "x"), IllegalAction)
    assert isinstance(game.why_not(state, "x").rule, str)


@pytest.mark.parametrize("gid", GAMES)
def test_junk_arguments_give_rulekit_errors_only(gid):
    game, state = _state(gid)
    before = state.to_json()

    @SETTINGS
    @given(junk=JUNK)
    def prop(junk):
        for call in (
            lambda: game.why_not(state, junk),
            lambda: state.view(junk),
            lambda: state.apply(junk),
            lambda: state.evolve(to_move=junk),
        ):
            try:
                call()
            except RulekitError as err:
                assert str(err)
        assert state.to_json() == before

    prop()


def test_a_seat_that_exists_is_still_fine():
    game, state = _state("rune_stones")
    assert state.view(0)["seat"] == 0 and state.view(None)["seat"] is None
    assert state.evolve(to_move=1).to_move == 1 and state.evolve(to_move=None).to_move is None
