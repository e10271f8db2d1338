"""The notebook's building blocks: plots from results and the Explorer panel."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import rulekit  # noqa: E402
from rulekit.explore import plots, simulate, sweep  # noqa: E402
from rulekit.widgets.explorer import Explorer, parse_values  # noqa: E402


@pytest.fixture(scope="module")
def frame(cards):
    return simulate(cards, "greedy,random", games=40, seed=3, executor="serial", progress=False)


def test_overview_draws_rates_scores_and_length(frame):
    fig = plots.overview(frame)
    rates, scores, length = fig.axes
    assert rates.get_title() == "Win rate by seat (40 games)" and len(rates.patches) == 2
    assert rates.patches[0].get_height() > rates.patches[1].get_height()  # greedy sits in seat 0
    assert scores.get_title() == "Scores by seat" and length.get_xlabel() == "turns"
    plt.close(fig)


def test_sweep_plots_keep_grid_order(cards):
    df = sweep(cards, {"rounds": [4, 1, 2]}, agents="greedy,random", games=8, executor="serial", progress=False)
    fig, axes = plt.subplots(1, 2)
    plots.sweep_win_rates(df, axes[0])
    plots.sweep_lengths(df, axes[1])
    assert [t.get_text() for t in axes[0].get_xticklabels()] == ["rounds=4", "rounds=1", "rounds=2"]
    assert list(axes[1].lines[0].get_ydata()) == [8, 2, 4]
    plt.close(fig)


def test_length_plot_survives_skewed_lengths(frame):
    """Most games at a round limit: the mean can lie above the 90th percentile."""
    skewed = frame.assign(turns=[1] * 2 + [100] * (len(frame) - 2), variant="v")
    ax = plots.sweep_lengths(skewed)
    assert list(ax.lines[0].get_ydata()) == [100]
    plt.close("all")


def test_parse_values_by_option_type():
    assert parse_values("45, 65 ,85", 65) == [45, 65, 85]
    assert parse_values("true,false", True) == [True, False]
    assert parse_values("4 3 3, 1 1 1", (4, 3, 3)) == [(4, 3, 3), (1, 1, 1)]
    with pytest.raises(ValueError, match="at least one value"):
        parse_values(" , ", 1)
    with pytest.raises(ValueError, match="not true or false"):
        parse_values("yes", False)


@pytest.mark.skipif(not rulekit.games(), reason="no game on main yet")
def test_explorer_runs_a_sweep_and_reports_bad_values():
    game = rulekit.games()[0]
    panel = Explorer(game=game, bots="random,random", games=2, workers=1)
    assert panel.grid() == {"agents": ["random,random"]}
    outcome = panel.go()
    assert outcome.games == 2 and "2 games played" in panel.status.value
    panel.option.value = next(iter(rulekit.load(game).options))
    panel.values.value = "banana"
    assert panel.go() is None and "Cannot run" in panel.status.value
    assert repr(panel).startswith("Explorer(game=")
    plt.close("all")


def test_a_cooperative_sweep_plots_the_team_win_rate():
    """Issue 23: Spellbound's seats win or lose together; the sweep plot shows the team's rate."""
    df = sweep("spellbound", {"catch_rule": ["reach", "pass"]}, players=1, games=2, executor="serial", progress=False)
    fig, ax = plt.subplots()
    plots.sweep_win_rates(df, ax)
    assert ax.get_title() == "Cooperative: the team's win rate by variant" and ax.get_ylabel() == "team win rate"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["catch_rule=reach", "catch_rule=pass"]
    plt.close(fig)
