"""Issue 23: honest summaries: a cooperative game as the team's record, every game that did
not reach the printed end counted as unfinished by reason, seats compared on paired seeds,
and the number of games a difference needs."""

import pandas as pd
import pytest

from rulekit.explore import (
    detectable_difference,
    first_player_advantage,
    games_needed,
    loss_reasons,
    plain,
    seat_advantage,
    simulate,
    sprt,
    summarize,
    sweep,
    team_results,
    unfinished,
)
from rulekit.explore.outcomes import stop_counts
from rulekit.explore.report import report_lines
from rulekit.explore.simulate import make_jobs
from rulekit.explore.summary_html import results_table


@pytest.fixture(scope="module")
def coop():
    return simulate("spellbound", "random", players=2, games=6, seed=3, executor="serial", progress=False)


def test_a_cooperative_game_is_summarised_as_the_team_record(coop):
    team = team_results(coop).iloc[0]
    assert (team["games"], team["won"], team["lost"], team["unfinished"]) == (6, 0, 6, 0)
    assert team["rate"] == 0 and team["ci_high"] < 0.5
    # the rule of each loss is the defeat condition (SB-610 ...), never the general SB-600
    reasons = loss_reasons(coop)
    assert reasons["games"].sum() == 6 and set(reasons["end_reason"]) <= {"SB-610", "SB-620", "SB-630", "SB-640"}
    assert team["losses"].startswith("SB-6") and "SB-600" not in team["losses"]
    assert set(coop["cooperative"]) == {True}


def test_a_cooperative_game_has_no_first_seat_verdict(coop):
    assert not first_player_advantage(coop)["comparable"].any()
    assert not first_player_advantage(coop)["clear"].any()
    assert seat_advantage(coop).empty
    row = summarize(coop).iloc[0]
    assert row["won"] == 0 and row["lost"] == 6 and "seat0_win_rate" not in row
    text = "\n".join(report_lines(coop, "spellbound", "random", 3))
    assert "the team won 0 of 6 games" in text and "first seat" not in text


def test_a_cooperative_sweep_gives_one_team_row_per_variant():
    frame = sweep(
        "spellbound", {"catch_rule": ["reach", "pass"]}, players=1, games=3, executor="serial", progress=False
    )
    team = summarize(frame)
    assert list(team["variant"]) == ["catch_rule=reach", "catch_rule=pass"]
    assert (team["won"] + team["lost"] + team["unfinished"]).tolist() == [3, 3]


def test_games_stopped_by_the_decision_cap_are_unfinished():
    df = simulate("rune_stones", "random", players=2, games=3, executor="serial", progress=False, max_decisions=5)
    stops = unfinished(df).iloc[0]
    assert (stops["games"], stops["unfinished"], stops["decision_limit"]) == (3, 3, 3)
    assert not df["finished"].any() and not df["winner"].any()
    assert "unfinished 3 of 3 (no printed end reached: decision_limit 3)" in report_lines(
        df, "rune_stones", "random", 0
    )


def test_games_stopped_by_a_round_limit_are_unfinished_by_that_reason():
    """Rune Stones' option round_limit (not printed) stops a game nobody finished: no winners."""
    df = simulate(
        "rune_stones", "random", players=2, games=3, options={"round_limit": 2}, executor="serial", progress=False
    )
    stops = unfinished(df).iloc[0]
    assert stops["unfinished"] == 3 and stops["round_limit"] == 3
    assert set(df["stop_reason"]) == {"round_limit"} and not df["winner"].any()
    assert summarize(df)["unfinished"].iloc[0] == 3
    assert summarize(df)["stops"].iloc[0] == "round_limit 3"


def test_unfinished_games_by_reason_in_every_summary():
    """summarize, the plain-Python summary of the browser and the Explorer's table all say why
    games stopped before the printed end (not only how many), in words in both languages."""
    capped = simulate("rune_stones", "random", players=2, games=2, executor="serial", progress=False, max_decisions=5)
    limited = simulate(
        "rune_stones",
        "random",
        players=2,
        games=3,
        seed=2,
        options={"round_limit": 2},
        executor="serial",
        progress=False,
    )
    limited["game_id"] += 2
    frame = pd.concat([capped, limited], ignore_index=True)
    assert stop_counts(frame[frame.seat == 0]["stop_reason"]) == "round_limit 3, decision_limit 2"
    assert stop_counts(["", ""]) == ""
    row = summarize(frame).iloc[0]
    assert (row["unfinished"], row["stops"]) == (5, "round_limit 3, decision_limit 2")
    browser = plain.summary(frame.to_dict("records"))[0]
    assert (browser["unfinished"], browser["stops"]) == (5, "round_limit 3, decision_limit 2")
    assert "round limit 3, step limit 2" in results_table([browser], "en")
    assert "Rundengrenze 3, Schrittgrenze 2" in results_table([browser], "de")
    assert "Not finished, why" in results_table([browser], "en")
    team = team_results(simulate("spellbound", "random", players=1, games=2, executor="serial", progress=False))
    assert (team["unfinished"].iloc[0], team["stops"].iloc[0]) == (0, "")


def test_finished_games_name_the_rule_of_their_end():
    df = simulate("rune_stones", "greedy:0", players=2, games=2, executor="serial", progress=False)
    assert df["finished"].all() and set(df["stop_reason"]) == {""}
    assert unfinished(df)["unfinished"].iloc[0] == 0


def test_paired_runs_play_every_seed_in_every_rotation():
    jobs = make_jobs("rune_stones", "greedy,random", games=3, seed=10, paired=True)
    assert [(j.seed, j.agents) for j in jobs] == [
        (s, lineup) for s in (10, 11, 12) for lineup in (("greedy", "random"), ("random", "greedy"))
    ]
    assert [j.game_id for j in jobs] == list(range(6))


def test_paired_seat_advantage_cancels_the_skill_of_the_bots():
    df = simulate("rune_stones", "greedy:0,random", games=3, seed=4, paired=True, executor="serial", progress=False)
    adv = seat_advantage(df)
    assert adv["paired"].all() and adv["games"].tolist() == [6, 6]
    # greedy wins nearly every game from either seat: seat 0 wins about half of each seed's pair
    assert abs(adv.loc[adv.seat == 0, "rate"].iloc[0] - 0.5) <= 1 / 6 + 1e-9


def test_sample_size_statements():
    assert games_needed(0.5, 0.6) == 388 and games_needed(0.5, 0.55) > 1500
    assert detectable_difference(1600) < detectable_difference(200) < 0.15
    with pytest.raises(ValueError, match="equal"):
        games_needed(0.4, 0.4)
    with pytest.raises(ValueError, match="win rate from 0 to 1"):
        games_needed(1.5, 0.4)
    assert sprt(30, 40, 0.3, 0.5) == "high" and sprt(2, 40, 0.3, 0.5) == "low"
