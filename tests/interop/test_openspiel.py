"""OpenSpiel's own checks on every game (issue 9, item 2)."""

from __future__ import annotations

import json

import pytest

import rulekit

from .cases import TOY, game_params, game_player_params, sim

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

from rulekit.adapters import openspiel as osa  # noqa: E402
from rulekit.adapters.encoding import space_for  # noqa: E402
from rulekit.adapters.rewards import win_rewards  # noqa: E402


@pytest.mark.parametrize("game, players", game_player_params())
def test_random_sim_test_with_serialization(game, players):
    pyspiel.random_sim_test(osa.load(game, players, **sim(game)), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game, players", game_player_params())
def test_random_sim_test_many_games(game, players):
    pyspiel.random_sim_test(osa.load(game, players, **sim(game)), num_sims=6, serialize=True, verbose=False)


@pytest.mark.parametrize("game", game_params())
def test_game_facts_follow_the_rulekit_game(game):
    g = osa.load(game, game.players.start, **sim(game))
    gtype = g.get_type()
    assert g.num_players() == game.players.start
    assert (gtype.min_num_players, gtype.max_num_players) == (game.players.start, game.players.stop - 1)
    assert g.num_distinct_actions() == space_for(game, game.players.start).num_actions
    hidden = gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert hidden == space_for(game).hidden_information
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def _play(g, seed: int, moves: int, sample_chance: bool = False) -> object:
    """Random decisions; chance outcome 0 (the rulekit game of ``seed``) unless ``sample_chance``."""
    state = g.new_initial_state()
    state.apply_action(seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal() and moves:
        if state.is_chance_node():
            state.apply_action(int(rng.integers(g.max_chance_outcomes())) if sample_chance else 0)
            continue
        state.apply_action(int(rng.choice(state.legal_actions())))
        moves -= 1
    while state.is_chance_node():  # a decision waiting for its chance outcome: resolve it
        state.apply_action(0)
    return state


@pytest.mark.parametrize("game", game_params())
def test_serialization_round_trips_mid_game_and_matches_rulekit(game):
    g = osa.load(game, game.players.start, **sim(game))
    for seed, moves in [(0, 0), (1, 3), (2, 25), (3, 10_000)]:
        state = _play(g, seed, moves)
        text = pyspiel.serialize_game_and_state(g, state)
        g2, back = pyspiel.deserialize_game_and_state(text)
        assert str(g2) == str(g) and str(back) == str(state)
        assert back.history() == state.history()
        record = osa.to_record(back)
        space = space_for(game, game.players.start)
        decisions = [a for a, p in zip(state.history()[1:], _movers(g, state), strict=True) if p >= 0]
        assert record.seed == seed and [space.action_id(a) for a in record.actions] == decisions
        assert game.replay(record) == state.rulekit_state


@pytest.mark.parametrize("game", game_params())
def test_observations_are_the_seat_view(game):
    g = osa.load(game, game.players.start, **sim(game))
    state = _play(g, 7, 5)
    rk = state.rulekit_state
    for seat in range(g.num_players()):
        assert json.loads(state.observation_string(seat)) == json.loads(json.dumps(rk.view(seat)))
        assert np.allclose(state.observation_tensor(seat), space_for(game, game.players.start).observe(rk, seat))


def _mcts_game(game, evaluator, simulations: int, seed: int = 3, bot_moves: int = 10**9):
    """OpenSpiel's MCTSBot plays seat 0 (its first ``bot_moves`` decisions); the rest is random."""
    players = min(max(2, game.players.start), game.players.stop - 1)
    g = osa.load(game, players, **sim(game))
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(g, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng)
    state = g.new_initial_state()
    state.apply_action(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(0)
            continue
        if state.current_player() == 0 and bot_moves > 0:
            bot_moves -= 1
            action = bot.step(state)
            assert action in state.legal_actions()
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    rk = state.rulekit_state
    assert state.returns() == win_rewards(rk)
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


def _movers(g, state) -> list[int]:
    """Who made each move of ``state``'s history after the root (-1: chance)."""
    replay, out = g.new_initial_state(), []
    replay.apply_action(state.history()[0])
    for action in state.history()[1:]:
        out.append(replay.current_player())
        replay.apply_action(action)
    return out


@pytest.mark.parametrize("game", game_params())
def test_sampled_chance_gives_search_different_futures(game):
    """Clones given the same decisions reach different states when chance is sampled (issue 18)."""
    g = osa.load(game, game.players.start, **sim(game))
    rng = np.random.default_rng(1)
    finals, chances = set(), 0
    for _ in range(20):
        state = g.new_initial_state()
        state.apply_action(1)
        decisions = 0
        while not state.is_terminal() and decisions < 30:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                chances += 1
            else:
                state.apply_action(state.legal_actions()[0])  # the same decision in every clone
                decisions += 1
        finals.add(str(state))
    if not chances:
        pytest.skip(f"{game.id} uses no randomness after setup in these moves")
    assert len(finals) > 1


@pytest.mark.parametrize("game", game_params())
def test_serialization_round_trips_with_sampled_chance(game):
    g = osa.load(game, game.players.start, **sim(game))
    state = _play(g, 4, 40, sample_chance=True)
    g2, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
    assert str(back) == str(state) and back.history() == state.history()
    for seat in range(g.num_players()):
        assert back.information_state_string(seat) == state.information_state_string(seat)


@pytest.mark.parametrize("game", game_params())
def test_information_state_survives_resampling_and_changes_with_what_the_seat_learns(game):
    g = osa.load(game, game.players.start, **sim(game))
    state = _play(g, 5, 12, sample_chance=True)
    while state.is_chance_node():
        state.apply_action(0)
    if state.is_terminal():
        pytest.skip("the game ended early")
    seat = state.current_player()
    key = state.information_state_string(seat)
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(seat) == key
    assert world.legal_actions() == state.legal_actions()
    assert len(state.information_state_tensor(seat)) == g.information_state_tensor_shape()[0]
    before = state.clone()
    state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():  # the decision waits for its chance outcome
        state.apply_action(0)
    assert state.information_state_string(seat) != before.information_state_string(seat)


@pytest.mark.parametrize("game", game_params())
def test_openspiel_ismcts_bot_plays(game):
    from open_spiel.python.algorithms import ismcts

    if g_info(game) != pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        pytest.skip("ISMCTS is for imperfect-information games")
    g = osa.load(game, game.players.start, **sim(game))
    bot = ismcts.ISMCTSBot(
        g, osa.HeuristicEvaluator(), uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2)
    )
    rng = np.random.default_rng(2)
    state, bot_moves = g.new_initial_state(), 0
    state.apply_action(2)
    while not state.is_terminal() and bot_moves < 25:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            bot_moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert bot_moves == 25 or state.is_terminal()


def g_info(game):
    return osa.load(game, game.players.start, **sim(game)).get_type().information


FRESH = """
import pickle, sys
import pyspiel
import rulekit.adapters.openspiel  # a plain import registers every game
name, blob, text = sys.argv[1], bytes.fromhex(sys.argv[2]), sys.argv[3]
g = pickle.loads(blob)
assert g.get_type().short_name == name, g
g2, state = pyspiel.deserialize_game_and_state(text)
assert pyspiel.load_game(name).num_players() >= 1
print(str(state).splitlines()[0])
"""


def test_games_pickle_and_load_in_a_fresh_process():
    import pickle
    import subprocess
    import sys
    from pathlib import Path

    gid = rulekit.games()[0]
    g = osa.load(gid, 2)
    state = _play(g, 3, 5, sample_chance=True)
    text = pyspiel.serialize_game_and_state(g, state)
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, "-c", FRESH, osa.short_name(gid), pickle.dumps(g).hex(), text],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": str(root / "src"), "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(state).splitlines()[0]
