"""rulekit's stop for a table that can never reach the throne (RS-190, RS-091, RS-082, RS-131..RS-141, RS-160).

Issue 24: about 1.7% of random 4-player games reached a table where every
player held one card and the display was empty; the rounds went on for ever
(seed 46: round 3,429). Such a game now stops unfinished at its round end.
"""

import pytest

from rulekit.agents import make_agent, seat_seed
from rulekit.games.rune_stones import end as end_module
from rulekit.games.rune_stones.end import stuck
from rulekit.games.rune_stones.model import replace

from .helpers import GAME, me

#: seeds whose random 4-player games never ended on the printed rules (issue 24)
ENDLESS = [46, 115, 124, 191, 211]


def random_game(seed: int, players: int = 4, cap: int = 20_000):
    state = GAME.new(players=players, seed=seed)
    bots = [make_agent("random", seed=seat_seed(seed, i)) for i in range(players)]
    decisions = 0
    while not state.is_over and decisions < cap:
        state = state.apply(bots[state.to_move].choose(state))
        decisions += 1
    return state, decisions


@pytest.mark.parametrize("seed", ENDLESS[:2])
def test_a_table_nobody_can_move_stops_unfinished(seed):
    """RS-190: the game stops at a round end once no power point can ever be won, without winners."""
    state, decisions = random_game(seed)
    assert state.is_over, f"seed {seed}: no end after {decisions} decisions"
    assert decisions < 5000
    assert state.unfinished and state.winners == ()
    last = state.events[-1]
    assert (last.rule, last.key) == ("engine", "stalemate")
    assert "RS-091" in last.text_in("en") and "RS-091" in last.text_in("de")
    assert stuck(state.data, state.options, GAME.cat)
    assert GAME.from_json(state.to_json()) == state  # the stopped game saves and replays


@pytest.mark.slow
@pytest.mark.parametrize("seed", ENDLESS[2:])
def test_more_endless_seeds_stop(seed):
    state, _ = random_game(seed)
    assert state.is_over and state.unfinished


def _reachable(start, budget: int = 4000):
    """Every position reachable from ``start`` by any choices, up to ``budget`` (the round number ignored)."""
    seen, todo, out = set(), [start], []
    while todo and len(seen) < budget:
        state = todo.pop()
        key = (state.phase, state.to_move, replace(state.data, round=0), state.rng)
        if key in seen:
            continue
        seen.add(key)
        out.append(state)
        if state.is_over:
            continue
        if state.automatic:
            todo.append(state.advance())
        else:
            todo.extend(state.apply(a, settle=False) for a in state.legal_actions())
    return out


def test_the_signs_hold_whatever_anyone_chooses(monkeypatch):
    """The stop is proven on the recorded table: with the stop switched off, every choice of every
    seat in every later round is played out; the positions close up (a finite set, rounds ignored),
    none ends the game, and scores, cards and stones never grow (nobody can ever score)."""
    stopped, _ = random_game(46)
    monkeypatch.setattr(end_module, "stuck", lambda *_: False)
    again = stopped.evolve(phase="start_turn", to_move=None, is_over=False)
    positions = _reachable(again)
    assert len(positions) < 4000  # all of them: the search ended before its budget
    assert any(state.phase == "round_end" for state in positions)  # a whole round and back to its start
    for state in positions:
        assert not state.is_over
        for before, now in zip(stopped.data.players, state.data.players, strict=True):
            assert now.pp == before.pp
            assert len(now.hand) + len(now.draw) + len(now.discard) <= 1
            assert sum(now.gems) + now.jokers + now.ore <= sum(before.gems) + before.jokers + before.ore
        assert not any(state.data.display)


def test_a_table_that_can_still_move_goes_on():
    """Two cards (RS-091), a card in the display (RS-080) or a row of two (RS-160) keep the game going."""
    stopped, _ = random_game(46)
    b = stopped.data
    assert stuck(b, stopped.options, GAME.cat)
    two_cards = me(stopped, 0, hand=(16, 17)).data
    assert not stuck(two_cards, stopped.options, GAME.cat)
    assert not stuck(replace(b, display=(0, 0, 0, 0, 0, 12)), stopped.options, GAME.cat)
    row = me(stopped, 0, rows=(("blue", "yellow", "", "", ""), ("",) * 5)).data
    assert not stuck(row, stopped.options, GAME.cat)
    ore = me(stopped, 0, ore=3).data  # RS-141: three ores buy any artifact
    assert not stuck(ore, stopped.options, GAME.cat)
