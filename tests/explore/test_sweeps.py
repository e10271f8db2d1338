"""Sweeps over rule options and agent mixes, and the summaries read from them."""

import pytest

from rulekit.explore import first_player_advantage, game_length, score_spread, summarize, sweep, wilson, win_rates


@pytest.fixture(scope="module")
def grid_frame(cards):
    grid = {"rounds": [1, 3], "agents": ["random,random", "greedy,random"]}
    return sweep(cards, grid, games=60, seed=7, executor="serial", progress=False)


def test_sweep_plays_every_combination_with_the_same_seeds(grid_frame):
    df = grid_frame
    assert len(df) == 2 * 2 * 60 * 2
    assert sorted(df["variant"].unique()) == [
        "rounds=1, agents=greedy,random",
        "rounds=1, agents=random,random",
        "rounds=3, agents=greedy,random",
        "rounds=3, agents=random,random",
    ]
    assert df["game_id"].nunique() == 240
    assert all(set(g["seed"]) == set(range(7, 67)) for _, g in df.groupby("variant"))
    assert set(df.loc[df.rounds == 1, "decisions"]) == {2} and set(df.loc[df.rounds == 3, "decisions"]) == {6}
    assert set(df.loc[df.lineup == "greedy,random", "agent"]) == {"greedy", "random"}


def test_same_seeds_same_deal_across_variants(grid_frame):
    """Common random numbers: random play with the same seed deals the same cards."""
    df = grid_frame[grid_frame.lineup == "random,random"]
    short = df[df.rounds == 1].set_index(["seed", "seat"])["score"]
    assert short.notna().all() and len(short) == 120


def test_wilson_interval():
    assert [round(x, 3) for x in wilson(50, 100)] == [0.404, 0.596]
    assert wilson(0, 10)[0] == 0.0 and 0.25 < wilson(0, 10)[1] < 0.35
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)


def test_win_rates_by_seat_and_agent(grid_frame):
    rates = win_rates(grid_frame)
    assert list(rates.columns) == ["variant", "seat", "games", "wins", "rate", "ci_low", "ci_high", "expected"]
    assert len(rates) == 8 and (rates["games"] == 60).all()
    assert ((rates.ci_low <= rates.rate) & (rates.rate <= rates.ci_high)).all()
    by_agent = win_rates(grid_frame[grid_frame.lineup == "greedy,random"], by="agent").set_index("agent")
    assert by_agent.loc["greedy", "rate"] > by_agent.loc["random", "rate"]


def test_first_player_advantage_is_claimed_only_when_seats_are_comparable(grid_frame):
    fpa = first_player_advantage(grid_frame).set_index("variant")
    greedy_first = fpa.loc["rounds=3, agents=greedy,random"]
    # greedy always sits first: its better play is skill, not a seat advantage
    assert greedy_first.advantage > 0.1 and not greedy_first.comparable and not greedy_first.clear
    same = fpa[[v.endswith("agents=random,random") for v in fpa.index]]
    assert len(same) and same["comparable"].all()
    assert fpa["expected"].eq(0.5).all()


def test_score_spread_and_game_length(grid_frame):
    spread = score_spread(grid_frame)
    assert {"mean", "std", "min", "q25", "median", "q75", "max"} <= set(spread.columns)
    length = game_length(grid_frame).set_index("variant")
    assert length.loc["rounds=3, agents=random,random", "turns_mean"] == 6
    assert (length["unfinished"] == 0).all() and (length["games"] == 60).all()


def test_summarize_one_row_per_variant(grid_frame, cards):
    summary = summarize(grid_frame)
    assert len(summary) == 4 and {"seat0_win_rate", "seat0_ci_low", "turns_mean", "score_margin"} <= set(
        summary.columns
    )
    plain = summarize(
        sweep(cards, {"rounds": [2]}, games=10, executor="serial", progress=False).drop(columns="variant")
    )
    assert len(plain) == 1 and plain.loc[0, "turns_mean"] == 4


@pytest.mark.parametrize(
    ("grid", "match"),
    [
        ({}, "non-empty dict"),
        ({"rounds": 3}, "non-empty list"),
        ({"rounds": []}, "non-empty list"),
        ({"round": [1, 2]}, "unknown grid key"),
        ({"rounds": [1, 9]}, "outside 1..4"),
        ({"agents": ["random,genius"]}, "unknown agent 'genius'"),
    ],
)
def test_bad_grids_are_refused(cards, grid, match):
    with pytest.raises(Exception, match=match):
        sweep(cards, grid, games=2, progress=False)
