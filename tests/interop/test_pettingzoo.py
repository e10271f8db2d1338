"""PettingZoo's own test suite on every game (issue 9, item 1)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import rulekit

from .cases import TOY, game_params, game_player_params, sim

pz = pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, bombardment_test, seed_test  # noqa: E402

from rulekit.adapters.pettingzoo import RefuseIllegal, env  # noqa: E402
from rulekit.testing import cites_rule  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    # api_test warns about style choices (dict observations): not failures
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game, players", game_player_params())
def test_api_test(game, players):
    api_test(env(game, players, **sim(game)), num_cycles=100)


@pytest.mark.parametrize("game, players", game_player_params())
def test_seed_test(game, players):
    seed_test(lambda: env(game, players, **sim(game)), num_cycles=100)


@pytest.mark.parametrize("game", game_params())
def test_bombardment_test_behind_refuse_illegal(game):
    bombardment_test(_ReturnsObservation(env(game, game.players.start, **sim(game))), cycles=60)


class _ReturnsObservation(RefuseIllegal):
    """``bombardment_test`` reads the observation from ``step``'s return value, an older API
    than ``api_test`` (which requires None); this test-only shim gives it one."""

    def step(self, action):
        super().step(action)
        return self.observe(self.agent_selection) if self.agents else None


def _masked_random_games(game, seeds):
    e = env(game, game.players.start, **sim(game))
    for seed in seeds:
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter(100_000):
            obs, reward, term, trunc, _ = e.last()
            totals[agent] += reward
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert e.state.is_over and not e.agents
        if e.state.unfinished:  # stopped by a round limit (SIM_OPTIONS): nobody won or lost
            assert set(totals.values()) == {0.0} and game.replay(e.record()) == e.state
            continue
        assert set(e.state.winners) <= set(range(e.players)), f"winners {e.state.winners} are not seats"
        winners = {f"player_{s}" for s in e.state.winners}
        assert {a for a, r in totals.items() if r > 0} == winners
        assert {a for a, r in totals.items() if r < 0} == set(e.possible_agents) - winners
        assert game.replay(e.record()) == e.state


@pytest.mark.parametrize("game", game_params())
def test_masked_random_games_end_with_rewards_and_replay(game):
    _masked_random_games(game, seeds=[0])


@pytest.mark.slow
@pytest.mark.parametrize("game, players", game_player_params())
def test_many_masked_random_games_every_player_count(game, players):
    e = env(game, players, **sim(game))
    for seed in range(1, 6):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in e.agent_iter(100_000):
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert game.replay(e.record()) == e.state


@pytest.mark.parametrize("game", game_params())
def test_reset_seed_is_the_rulekit_seed(game):
    e = env(game, game.players.start, **sim(game))
    e.reset(seed=11)
    assert e.state == game.new(players=game.players.start, seed=11, **sim(game))


def _masked_out_id(e, seed: int) -> int | None:
    """Reset with ``seed`` and play masked random moves until some indexed action is illegal."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(200):
        if not e.agents or e.terminations[e.agent_selection]:
            return None
        mask = e.unwrapped.observe(e.agent_selection)["action_mask"]
        if (mask == 0).any():
            return int(np.flatnonzero(mask == 0)[0])
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return None


@pytest.mark.parametrize("game", game_params())
def test_raw_env_raises_illegal_action_with_rule_id_and_keeps_state(game):
    e = env(game, game.players.start, **sim(game))
    bad = _masked_out_id(e, seed=4)
    if bad is None:
        pytest.skip("every indexed action is always legal in this game")
    before = e.state
    with pytest.raises(rulekit.IllegalAction) as err:
        e.step(bad)
    assert cites_rule(game, err.value.rule) and e.state is before
    with pytest.raises(ValueError, match="outside"):
        e.step(e.space.num_actions)
    assert e.state is before


def test_refuse_illegal_wrapper_keeps_agent_and_explains():
    e = env(TOY, 2, refuse_illegal=True)
    e.reset(seed=3)
    agent, before = e.agent_selection, e.unwrapped.state
    assert e.step(10**9) is None  # the AEC API: step returns nothing
    assert e.unwrapped.state is before and e.agent_selection == agent
    assert "outside" in e.infos[agent]["refused"]
    assert e.observe(agent).shape == e.observation_space(agent).shape


@pytest.mark.parametrize("game, players", game_player_params())
def test_api_test_behind_refuse_illegal(game, players):
    api_test(env(game, players, refuse_illegal=True, **sim(game)), num_cycles=100)


@pytest.mark.parametrize("game", game_params())
def test_refuse_illegal_wrapper_refuses_masked_out_ids_with_rule(game):
    e = env(game, game.players.start, refuse_illegal=True, **sim(game))
    bad = _masked_out_id(e.unwrapped, seed=5)
    if bad is None:
        pytest.skip("every indexed action is always legal in this game")
    agent, before = e.agent_selection, e.unwrapped.state.to_json()
    e.step(bad)
    info = e.infos[agent]
    assert info["refused"] and cites_rule(game, info["rule"])
    assert e.unwrapped.state.to_json() == before and e.agent_selection == agent


def test_render_ansi_lists_legal_actions():
    e = env(TOY, 2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "legal: add 1, add 2" in text and "== Toy race" in text


def test_render_human_prints_the_text_board(capsys):
    e = env(TOY, 2, render_mode="human")
    e.reset(seed=1)
    assert e.render() is None
    assert "== Toy race" in capsys.readouterr().out


def test_bad_arguments_are_refused_clearly():
    with pytest.raises(rulekit.SetupError, match="players"):
        env(TOY, 9)
    with pytest.raises(ValueError, match="reward"):
        env(TOY, 2, reward="money")
    with pytest.raises(rulekit.UnknownGame):
        env("no_such_game")


def test_wrapper_type():
    assert isinstance(env(TOY, 2, refuse_illegal=True), RefuseIllegal)


def test_max_decisions_truncates_cleanly():
    e = env(TOY, 2, max_decisions=2)
    e.reset(seed=1)
    e.step(0)
    e.step(1)
    assert all(e.truncations.values()) and not any(e.terminations.values())
    for _agent in e.agent_iter():
        assert e.last()[3]
        e.step(None)
    assert not e.agents
