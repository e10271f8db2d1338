"""Agents that play well never meet an action without an id (issue 18).

The action index comes from ``Game.action_labels`` and the observation
slots from ``Game.observation_schema``. Here greedy and search agents play
whole games, to the end, through the PettingZoo env and the
OpenSpiel game (no round limit is set: the end is the printed one, or a
game's own stop when nobody can ever move again, such as Scepter players
who sold every gem): every legal action on the way must have an id and every
observation must decode to the view it encodes. Random agents play too,
with a round limit (random play needs hundreds of rounds to reach some
printed ends; a game stopped by the limit is unfinished).

Full runs play ``GAMES`` (20) games per game and agent, player counts in
turn; ``RULEKIT_FAST=1`` (the fast lane) plays one.
"""

from __future__ import annotations

import json
import os
import random

import numpy as np
import pytest

import rulekit
from rulekit.agents import make_agent, seat_seed

from .cases import sim

pettingzoo = pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from rulekit.adapters import openspiel as osa  # noqa: E402
from rulekit.adapters.encoding import space_for  # noqa: E402
from rulekit.adapters.pettingzoo import env  # noqa: E402

GAMES = int(os.environ.get("RULEKIT_AGENT_GAMES", "1" if os.environ.get("RULEKIT_FAST") else "20"))
#: agents that must reach the printed end of every game (mcts at a small budget, rollouts to the seat's
#: next decision: its lines and plans are what the adapters must carry; a full budget costs minutes here)
STRONG = ["greedy", "mcts:4:reach=0"]
#: a game still running after this many decisions is a failure for the strong agents
MAX_DECISIONS = 4000
GAME_IDS = list(rulekit.games(examples=True))


def _games(gid: str):
    """(k, players) for each of the ``GAMES`` games, player counts in turn."""
    counts = list(rulekit.load(gid).players)
    return [(k, counts[k % len(counts)]) for k in range(GAMES)]


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _play_pettingzoo(gid: str, agent: str, options: dict) -> list[int]:
    """Play the games through the env; return each game's number of decisions."""
    game, lengths, stopped = rulekit.load(gid), [], 0
    for k, players in _games(gid):
        e = env(game, players, **options)
        e.reset(seed=k)
        space = space_for(game, players, options)
        bots = [make_agent(agent, seed=seat_seed(k, seat)) for seat in range(players)]
        decisions = 0
        for name in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            state = e.unwrapped.state
            legal = state.legal_actions()
            ids = [space.action_id(a) for a in legal]  # ActionIndexError names an unindexed action
            assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(ids)
            seat = e.possible_agents.index(name)
            assert _same(space.decode(obs["observation"]), state.view(seat)), f"{gid} k={k} step {state.step}"
            assert decisions < MAX_DECISIONS, f"{gid} {players}p seed {k}: {agent} did not finish in {decisions}"
            e.step(space.action_id(bots[state.to_move].choose(state)))
            decisions += 1
        final = e.unwrapped.state
        assert final.is_over, f"{gid} {players}p seed {k}: the env ended a game that is not over"
        lengths.append(decisions)
        stopped += final.unfinished
    print(f"{gid} {agent}: {len(lengths)} games, {stopped} stopped unfinished, decisions {min(lengths)}-{max(lengths)}")
    return lengths


@pytest.mark.parametrize("agent", STRONG)
@pytest.mark.parametrize("gid", GAME_IDS)
def test_strong_agents_finish_games_through_pettingzoo(gid, agent):
    _play_pettingzoo(gid, agent, {})


@pytest.mark.parametrize("gid", GAME_IDS)
def test_random_agents_stay_in_the_index_through_pettingzoo(gid):
    _play_pettingzoo(gid, "random", sim(rulekit.load(gid)))


@pytest.mark.parametrize("agent", STRONG)
@pytest.mark.parametrize("gid", GAME_IDS)
def test_strong_agents_finish_games_through_openspiel(gid, agent):
    game, stopped = rulekit.load(gid), 0
    for k, players in _games(gid):
        g = osa.load(game, players)
        space = space_for(game, players)
        bots = [make_agent(agent, seed=seat_seed(k, seat)) for seat in range(players)]
        chance = random.Random(k)
        state, decisions = g.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chance.choices(outcomes, probs)[0])
                continue
            rk = state.rulekit_state
            assert sorted(space.action_id(a) for a in rk.legal_actions()) == state.legal_actions()
            assert len(state.observation_tensor(rk.to_move)) == space.num_features
            assert decisions < MAX_DECISIONS, f"{gid} {players}p seed {k}: {agent} did not finish"
            state.apply_action(space.action_id(bots[rk.to_move].choose(rk)))
            decisions += 1
        assert state.rulekit_state.is_over
        stopped += state.rulekit_state.unfinished
    print(f"{gid} {agent} (OpenSpiel): {GAMES} games, {stopped} stopped unfinished")
