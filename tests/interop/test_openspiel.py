"""OpenSpiel's own checks on every game (issue 9, item 2)."""

from __future__ import annotations

import json

import pytest

import rulekit

from .cases import TOY, game_params, game_player_params

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

from rulekit.adapters import openspiel as osa  # noqa: E402
from rulekit.adapters.encoding import space_for  # noqa: E402


@pytest.mark.parametrize("game, players", game_player_params())
def test_random_sim_test_with_serialization(game, players):
    pyspiel.random_sim_test(osa.load(game, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game, players", game_player_params())
def test_random_sim_test_many_games(game, players):
    pyspiel.random_sim_test(osa.load(game, players), num_sims=6, serialize=True, verbose=False)


@pytest.mark.parametrize("game", game_params())
def test_game_facts_follow_the_rulekit_game(game):
    g = osa.load(game, game.players.start)
    gtype = g.get_type()
    assert g.num_players() == game.players.start
    assert (gtype.min_num_players, gtype.max_num_players) == (game.players.start, game.players.stop - 1)
    assert g.num_distinct_actions() == space_for(game).num_actions
    hidden = gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert hidden == space_for(game).hidden_information
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def _play(g, seed: int, moves: int) -> object:
    state = g.new_initial_state()
    state.apply_action(seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal() and moves:
        state.apply_action(int(rng.choice(state.legal_actions())))
        moves -= 1
    return state


@pytest.mark.parametrize("game", game_params())
def test_serialization_round_trips_mid_game_and_matches_rulekit(game):
    g = osa.load(game, game.players.start)
    for seed, moves in [(0, 0), (1, 3), (2, 25), (3, 10_000)]:
        state = _play(g, seed, moves)
        text = pyspiel.serialize_game_and_state(g, state)
        g2, back = pyspiel.deserialize_game_and_state(text)
        assert str(g2) == str(g) and str(back) == str(state)
        assert back.history() == state.history()
        record = osa.to_record(back)
        assert record.seed == seed and [space_for(game).action_id(a) for a in record.actions] == state.history()[1:]
        assert game.replay(record) == state.rulekit_state


@pytest.mark.parametrize("game", game_params())
def test_observations_are_the_seat_view(game):
    g = osa.load(game, game.players.start)
    state = _play(g, 7, 5)
    rk = state.rulekit_state
    for seat in range(g.num_players()):
        assert json.loads(state.observation_string(seat)) == json.loads(json.dumps(rk.view(seat)))
        assert np.allclose(state.observation_tensor(seat), space_for(game).observe(rk, seat))


def _mcts_game(game, evaluator, simulations: int, seed: int = 3, bot_moves: int = 10**9):
    """OpenSpiel's MCTSBot plays seat 0 (its first ``bot_moves`` decisions); the rest is random."""
    players = min(max(2, game.players.start), game.players.stop - 1)
    g = osa.load(game, players)
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(g, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng)
    state = g.new_initial_state()
    state.apply_action(seed)
    while not state.is_terminal():
        if state.current_player() == 0 and bot_moves > 0:
            bot_moves -= 1
            action = bot.step(state)
            assert action in state.legal_actions()
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    rk = state.rulekit_state
    assert state.returns() == [1.0 if seat in rk.winners else -1.0 for seat in range(players)]
    assert game.replay(osa.to_record(state)) == rk
    return state


@pytest.mark.parametrize("game", game_params())
def test_openspiel_mcts_bot_plays_a_whole_game(game):
    _mcts_game(game, osa.HeuristicEvaluator(), simulations=4)


@pytest.mark.slow
@pytest.mark.parametrize("game", game_params())
def test_openspiel_mcts_bot_with_random_rollouts(game):
    # a random rollout plays a whole game per simulation: the bot decides only its first moves
    _mcts_game(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), simulations=8, bot_moves=3)


def test_score_rewards_and_bad_params():
    g = osa.load(TOY, 3, reward="score")
    state = _play(g, 2, 10_000)
    assert state.returns() == [float(s) for s in state.rulekit_state.scores]
    with pytest.raises(rulekit.SetupError, match="players"):
        osa.load(TOY, 9)
    with pytest.raises(ValueError, match="reward"):
        osa.load(TOY, 2, reward="money")


def test_register_all_registers_every_installed_game():
    names = osa.register_all()
    assert names == [osa.short_name(gid) for gid in rulekit.games()]
    assert set(names) <= set(pyspiel.registered_names())
