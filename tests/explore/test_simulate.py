"""Batch simulation: tidy results, seeding, and identical results on every executor."""

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

from rulekit.engine import SetupError
from rulekit.explore import simulate
from rulekit.explore.simulate import COLUMNS, game_ref, make_jobs, play_job, run_jobs, split


def test_frame_has_one_row_per_game_and_seat(cards):
    df = simulate(cards, "random,greedy,random", games=12, seed=5, executor="serial", progress=False)
    assert list(df.columns) == COLUMNS
    assert len(df) == 36 and df["game_id"].tolist() == [g for g in range(12) for _ in range(3)]
    assert df["seat"].tolist() == [0, 1, 2] * 12
    assert df["seed"].tolist() == [5 + g for g in range(12) for _ in range(3)]
    assert set(df["agent"]) == {"random", "greedy"}
    assert (df.groupby("game_id")["winner"].sum() >= 1).all()
    assert (df.loc[df["winner"], "rank"] == 1).all() and (df.loc[~df["winner"], "rank"] > 1).all()
    # 3 rounds of 3 seats: one decision per turn, and the game ends citing its end rule
    assert (df["decisions"] == 9).all() and (df["turns"] == 9).all()
    assert set(df["end_reason"]) == {"RS-003"} and set(df["options"]) == {"{}"}


def test_scores_match_replayed_games(cards):
    df = simulate(cards, "greedy,random", games=4, seed=9, executor="serial", progress=False, options={"rounds": 2})
    for job in make_jobs(cards, "greedy,random", games=4, seed=9, options={"rounds": 2}):
        rows = play_job(job)
        assert [r["score"] for r in rows] == df[df.game_id == job.game_id]["score"].tolist()
    assert set(df["decisions"]) == {4} and set(df["options"]) == {'{"rounds": 2}'}


def test_same_seed_same_frame_and_other_seed_differs(cards):
    a = simulate(cards, "mcts:10,random", games=6, seed=1, executor="serial", progress=False)
    b = simulate(cards, "mcts:10,random", games=6, seed=1, executor="serial", progress=False)
    c = simulate(cards, "mcts:10,random", games=6, seed=2, executor="serial", progress=False)
    pd.testing.assert_frame_equal(a, b)
    assert not a["score"].equals(c["score"])


def test_results_identical_across_serial_pools_and_chunk_sizes(toy):
    args = dict(games=40, seed=3, progress=False)
    serial = simulate(toy, "greedy,mcts:8", executor="serial", **args)
    for executor in (None, ThreadPoolExecutor(2), ProcessPoolExecutor(2)):
        other = simulate(toy, "greedy,mcts:8", executor=executor, workers=2, chunksize=7, **args)
        pd.testing.assert_frame_equal(serial, other)
        if executor is not None:
            executor.shutdown()


def test_results_identical_on_a_local_dask_cluster(cards, dask_client):
    args = dict(games=30, seed=11, progress=False, rotate=True)
    serial = simulate(cards, "mcts:8,greedy,random", executor="serial", **args)
    dask = simulate(cards, "mcts:8,greedy,random", executor=dask_client, chunksize=4, **args)
    pd.testing.assert_frame_equal(serial, dask)
    with dask_client.get_executor() as wrapped:  # the concurrent.futures face of the client
        pd.testing.assert_frame_equal(serial, simulate(cards, "mcts:8,greedy,random", executor=wrapped, **args))


def test_chunks_keep_task_count_small(toy):
    jobs = make_jobs(toy, "random", players=2, games=100_000)
    assert len(split(jobs, workers=2)) == 400 and len(split(jobs, workers=64)) == 511
    assert [len(c) for c in split(jobs[:100], workers=2)] == [7] * 14 + [2]
    assert sum(map(len, split(jobs, workers=3, chunksize=999))) == 100_000


def test_executor_sees_one_task_per_chunk(toy):
    class Counting(ThreadPoolExecutor):
        tasks = 0

        def submit(self, fn, *args, **kwargs):
            Counting.tasks += 1
            return super().submit(fn, *args, **kwargs)

    jobs = make_jobs(toy, "random", players=2, games=300)
    with Counting(2) as pool:
        df = run_jobs(jobs, executor=pool, progress=False)
    assert len(df) == 600 and Counting.tasks == 16


def test_rotate_seats_every_agent_everywhere(cards):
    df = simulate(cards, "greedy,random,random", games=6, executor="serial", progress=False, rotate=True)
    counts = df[df.agent == "greedy"].groupby("seat").size()
    assert counts.tolist() == [2, 2, 2]


def test_one_agent_fills_all_seats_and_players_checked(cards):
    df = simulate(cards, "random", players=4, games=2, executor="serial", progress=False)
    assert df["players"].tolist() == [4] * 8
    with pytest.raises(ValueError, match="3 agents"):
        simulate(cards, "random,random,greedy", players=2, games=2, progress=False)
    assert simulate(cards, "random", games=2, executor="serial", progress=False)["players"].tolist() == [2] * 4
    with pytest.raises(ValueError, match="played by 2-4 players"):
        simulate(cards, "random,random,random,random,random", games=2, progress=False)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        (dict(agents="random,wizard"), ValueError, "unknown agent 'wizard'"),
        (dict(games=0), ValueError, "games must be a positive integer"),
        (dict(options={"round": 2}), SetupError, "unknown rule option"),
        (dict(options={"rounds": 9}), SetupError, "outside 1..4"),
        (dict(executor="threads"), TypeError, "executor must be"),
        (dict(workers=0), ValueError, "workers must be"),
    ],
)
def test_bad_arguments_are_refused_clearly(cards, kwargs, error, match):
    args = {"agents": "random,random", "games": 3, "progress": False, **kwargs}
    with pytest.raises(error, match=match):
        simulate(cards, **args)


def test_games_by_id_and_by_import_path(toy):
    assert game_ref(toy) == "tests.engine.toy:Toy"
    with pytest.raises(Exception, match="unknown game"):
        game_ref("no_such_game")


def test_decision_limit_is_reported(toy):
    df = simulate(toy, "random,random", games=3, executor="serial", progress=False, max_decisions=2)
    assert set(df["end_reason"]) == {"decision_limit"} and set(df["decisions"]) == {2}


def test_progress_bar_counts_games(cards, capsys):
    simulate(cards, "random,random", games=5, executor="serial", progress=True)
    assert "5/5" in capsys.readouterr().err
