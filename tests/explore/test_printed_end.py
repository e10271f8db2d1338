"""Issue 23: the planning bots play every game to its printed end.

For every game and every player count, with default options: greedy (2 seeded games) and
mcts (1 seeded game, a small budget) finish by a printed rule, never by a stop rulekit
adds (a stalemate stop, a round limit) or simulate's decision cap. Random play may still
stall (it sells every gem in Scepter); the bots that a designer uses to explore must not.
benchmarks/printed_end.py plays many more seeds per count.
"""

import pytest

import rulekit
from rulekit.explore import simulate, unfinished

CASES = [(g, p) for g in rulekit.games() for p in rulekit.load(g).players]


def _assert_finished(game_id, players, bot, games, seed):
    df = simulate(game_id, bot, players=players, games=games, seed=seed, executor="serial", progress=False)
    stops = unfinished(df).iloc[0]
    assert stops["unfinished"] == 0, f"{game_id} {players}p {bot}: {df[~df.finished]['stop_reason'].tolist()}"
    first = df[df.seat == 0]
    assert first["finished"].all() and (first["end_reason"] != "decision_limit").all()
    if not rulekit.load(game_id).cooperative:
        assert first.groupby("game_id")["winner"].size().eq(1).all()
        assert df.groupby("game_id")["winner"].any().all(), "a finished competitive game has a winner"


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_greedy_reaches_the_printed_end(game_id, players):
    _assert_finished(game_id, players, "greedy", games=2, seed=700)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_mcts_reaches_the_printed_end(game_id, players):
    _assert_finished(game_id, players, "mcts:5", games=1, seed=800)
