"""Agents that play well never meet an action without an id (issue 18).

The action index comes from ``Game.action_labels``; here random, greedy
and search agents play whole games through the PettingZoo env and the
OpenSpiel game, and every legal action on the way must have an id. The
CI lane plays a few games per game; ``RULEKIT_SLOW=1`` plays 20 per agent.
"""

from __future__ import annotations

import os

import pytest

import rulekit
from rulekit.explore.agents import make_agent, seat_seed

pettingzoo = pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from rulekit.adapters import openspiel as osa  # noqa: E402
from rulekit.adapters.encoding import space_for  # noqa: E402
from rulekit.adapters.pettingzoo import env  # noqa: E402

GAMES = int(os.environ.get("RULEKIT_AGENT_GAMES", "20" if os.environ.get("RULEKIT_SLOW") else "1"))
AGENTS = ["random", "greedy", "mcts:8"]
#: decisions after which a game counts as long enough (random play may never end some games)
MAX_DECISIONS = 4000


def _labelled(game) -> bool:
    try:
        game.action_labels(game.players.start)
    except NotImplementedError:
        return False
    return True


GAME_IDS = [gid for gid in rulekit.games() if _labelled(rulekit.load(gid))]


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_legal_action_of_agents_games_is_indexed_in_pettingzoo(gid, agent):
    game = rulekit.load(gid)
    for k in range(GAMES):
        players = list(game.players)[k % len(game.players)]
        e = env(game, players, max_decisions=MAX_DECISIONS)
        e.reset(seed=k)
        bots = [make_agent(agent, seed=seat_seed(k, seat)) for seat in range(players)]
        space = space_for(game, players)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            state = e.unwrapped.state
            for action in state.legal_actions():
                space.action_id(action)  # raises ActionIndexError for an unindexed action
            assert obs["action_mask"].sum() == len(state.legal_actions())
            e.step(space.action_id(bots[state.to_move].choose(state)))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_openspiel_games_of_greedy_agents_stay_in_the_index(gid):
    game = rulekit.load(gid)
    for k in range(GAMES):
        players = list(game.players)[k % len(game.players)]
        g = osa.load(game, players)
        space = space_for(game, players)
        bots = [make_agent("greedy", seed=seat_seed(k, seat)) for seat in range(players)]
        state, decisions = g.new_initial_state(), 0
        state.apply_action(k)
        while not state.is_terminal() and decisions < MAX_DECISIONS:
            if state.is_chance_node():
                state.apply_action(decisions % g.max_chance_outcomes())
                continue
            rk = state.rulekit_state
            assert sorted(space.action_id(a) for a in rk.legal_actions()) == state.legal_actions()
            state.apply_action(space.action_id(bots[rk.to_move].choose(rk)))
            decisions += 1
