"""The Explorer explains itself (#22 item 6) and runs without pandas in the browser (#28 item 2).

Run shows a busy state and progress, is disabled while the games play and
Cancel stops them; the results table has column titles in words (English
and German) and the charts readable labels with variant names in words.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from rulekit.explore import plain
from rulekit.explore import study as study_mod
from rulekit.explore.summary_html import column_title, shown_columns
from rulekit.explore.svgplots import MIN_FONT
from rulekit.widgets.explorer import Explorer

from ..aio import run_async


def _panel(**kw) -> Explorer:
    return Explorer(game="rune_stones", bots="random,random", games=kw.pop("games", 4), workers=1, **kw)


def test_run_is_busy_with_progress_then_shows_words_and_charts():
    panel = _panel(games=3)
    panel.option.value = "end_threshold"
    panel.values.value = "40, 65"
    seen = []

    async def scenario():
        task = panel.start()
        assert panel.start() is task  # a second click while running starts nothing new
        seen.append((panel.run.disabled, panel.cancel.disabled, panel.progress.layout.visibility))
        while not task.done():
            seen.append((panel.progress.value, panel.progress.max, panel.status.value))
            await asyncio.sleep(0.002)
        return await task

    outcome = run_async(scenario())
    assert seen[0] == (True, False, "visible")
    assert any("of 6 games" in s[2] for s in seen[1:]) and max(s[0] for s in seen[1:]) >= 1
    assert outcome.games == 6 and not outcome.cancelled and "6 games played" in panel.status.value
    assert (panel.run.disabled, panel.cancel.disabled, panel.progress.layout.visibility) == (False, True, "hidden")
    table = panel.table.value
    assert "First seat wins" in table and "seat0_win_rate" not in table and "_" not in re.sub(r"<[^>]+>", "", table)
    title = panel.option.label.split(" (")[0]
    assert f"{title}: 40" in table and f"{title}: 65" in panel.charts.value
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', panel.charts.value)]
    assert sizes and min(sizes) >= max(12, MIN_FONT)


def test_cancel_stops_the_run_and_keeps_the_games_played():
    panel = _panel(games=200)

    async def scenario():
        task = panel.start()
        while panel.progress.value < 2:
            await asyncio.sleep(0.002)
        panel.cancel.click()
        assert panel.cancel.disabled
        return await task

    outcome = run_async(scenario())
    assert outcome.cancelled and 2 <= outcome.games < 200
    assert f"{outcome.games} of 200 games" in panel.status.value and "Stopped" in panel.status.value
    assert not panel.run.disabled and "<table" in panel.table.value


def test_german_panel_titles_and_status():
    panel = _panel(lang="de", games=2)
    panel.go()
    assert "Partien gespielt" in panel.status.value
    assert "Erster Platz gewinnt" in panel.table.value and "alle Partien" in panel.table.value
    assert "Siegquote des ersten Platzes" in panel.charts.value


@pytest.mark.parametrize("game", ["rune_stones", "spellbound"])
def test_every_summary_column_has_a_title_in_both_languages(game):
    panel = Explorer(game=game, bots="random" if game == "spellbound" else "random,random", games=2, workers=1)
    outcome = panel.go()
    coop = game == "spellbound"
    for rows in (panel.summary(outcome), plain.summary(outcome.rows, cooperative=coop)):
        for code in shown_columns(rows):
            for lang in ("en", "de"):
                assert column_title(code, lang) != code.replace("_", " "), (code, lang)


def test_without_pandas_the_panel_summarizes_in_plain_python(monkeypatch):
    monkeypatch.setattr(study_mod, "find_spec", lambda name: None)
    panel = Explorer(game="spellbound", bots="random", games=3, workers=1)
    outcome = panel.go()
    rows = panel.summary(outcome)
    assert rows[0]["games"] == 3 and "expected" not in rows[0]  # cooperative: the team's record, no fair share
    monkeypatch.undo()
    with_pandas = panel.summary(outcome)[0]
    for key in ("won", "lost", "unfinished", "rate", "ci_low", "ci_high", "losses"):
        assert (
            rows[0][key] == pytest.approx(with_pandas[key])
            if isinstance(rows[0][key], float)
            else rows[0][key] == with_pandas[key]
        )
    assert "Team wins" in panel.table.value and "Fair share" not in panel.table.value


def test_bad_values_and_too_big_jobs_are_refused_in_words(monkeypatch):
    panel = _panel()
    panel.option.value = "end_threshold"
    panel.values.value = "banana"
    assert panel.start() is None and "Cannot run" in panel.status.value and not panel.run.disabled
    monkeypatch.setenv("RULEKIT_MAX_JOB", "10")
    panel.values.value = "40"
    panel.games.value = 50
    assert panel.start() is None and "too big" in panel.status.value


@pytest.mark.parametrize("values", [[1, 2, 3, 4], [7], [3, 1, 2]])
def test_plain_quantile_matches_linear_interpolation(values):
    import statistics

    assert plain.quantile(values, 0.5) == pytest.approx(statistics.median(values))


def test_study_answers_in_words_with_or_without_pandas(monkeypatch):
    from rulekit.explore.study import study

    result = study("rune_stones", "random,random", games=3, seed=5, vary=("end_threshold", [40, 65]), workers=1)
    labels = [row["variant"] for row in result.summary]
    assert len(labels) == 2 and labels[0].endswith(": 40") and "end_threshold" not in labels[0]
    html = result._repr_html_()
    assert "First seat wins" in html and "<svg" in html and "seat0" not in html
    monkeypatch.setattr(study_mod, "find_spec", lambda name: None)  # the browser: plain Python, same numbers
    plain_result = study("rune_stones", "random,random", games=3, seed=5, vary=("end_threshold", [40, 65]), workers=1)
    for a, b in zip(result.summary, plain_result.summary, strict=True):
        assert a["seat0_win_rate"] == b["seat0_win_rate"] and a["turns_median"] == b["turns_median"]
    with pytest.raises(ValueError, match="no option"):
        study("rune_stones", "random,random", games=1, vary=("banana", [1]))


def test_different_bots_play_every_seed_in_every_seat():
    """Issue 23: with different bots in a competitive game the Explorer and ``study`` play each
    seed once in every rotation of the seats (paired), so the first seat's win rate measures the
    seat and not the bot in it; one bot everywhere (or a cooperative game) plays each seed once."""
    from rulekit.explore.study import study

    panel = Explorer(game="rune_stones", bots="greedy:0,random", games=3, workers=1)
    jobs = panel.jobs()
    assert [(j.seed, j.agents) for j in jobs] == [
        (s, lineup) for s in (0, 1, 2) for lineup in (("greedy:0", "random"), ("random", "greedy:0"))
    ]
    assert len(_panel(games=3).jobs()) == 3
    assert len(Explorer(game="spellbound", bots="greedy,random", games=3, workers=1).jobs()) == 3
    result = study("rune_stones", "greedy:0,random", games=2, seed=1, workers=1)
    assert sorted((r["seed"], r["agent"]) for r in result.rows if r["seat"] == 0) == [
        (1, "greedy:0"),
        (1, "random"),
        (2, "greedy:0"),
        (2, "random"),
    ]
    row = result.summary[0]
    assert row["games"] == 4 and row["comparable"]  # seats compared fairly: each bot sat first equally often
