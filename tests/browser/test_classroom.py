"""The classroom dashboard in Chromium: a lesson finished by clicks, with
rule-cited feedback on a wrong answer, then a prediction on the bots' table."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import rulekit
from rulekit.teaching import lessons

from .test_dashboards import LOAD_MS, developer_output, open_dashboard

pytestmark = pytest.mark.browser


def first_lesson():
    """The lesson the classroom opens with: the first game that has lessons."""
    game_id = next(g for g in rulekit.games() if lessons(rulekit.load(g)))
    return next(iter(lessons(rulekit.load(game_id)).values()))


def legal(state, label: str) -> bool:
    try:
        state.apply(label)
    except (rulekit.IllegalAction, ValueError):
        return False
    return True


def test_lesson_completed_by_clicks_with_rule_cited_feedback(page: Page, voila_url, page_errors):
    open_dashboard(page, voila_url, "classroom.ipynb")
    view = page.locator(".rk-lesson").first
    view.wait_for(timeout=LOAD_MS)
    assert developer_output(page) == [], "no lists or reprs on the classroom dashboard (issue 22)"
    lesson = first_lesson()
    state = lesson.start()
    wrong_shown = False
    for number, step in enumerate(lesson.steps, 1):
        expect(view.locator(".rk-task")).to_contain_text(str(number))
        if step.kind == "choice":
            right = next(c for c in step.choices if legal(state, c))
            if not wrong_shown:
                wrong = next(c for c in step.choices if c != right)
                view.locator(f'button.rk-action[data-label="{wrong}"]').click()
                expect(view.locator(".rk-feedback .rk-why-box")).to_be_visible()
                expect(view.locator(".rk-rule .rk-rule-box")).to_be_visible()
                wrong_shown = True
        else:
            right = step.accept[0]
        view.locator(f'button.rk-action[data-label="{right}"]').click()
        expect(view.locator(".rk-feedback .rk-why-ok")).to_be_visible()
        state = state.apply(right)
        for then in step.then:
            state = state.apply(then)
    expect(view.locator(".rk-done")).to_be_visible()
    assert wrong_shown, "the lesson has no choice step to show a wrong answer on"

    # the predict tab: ask, answer, and the step is revealed with its rules
    page.locator(".rk-classroom-tabs .lm-TabBar-tab, .rk-classroom-tabs .p-TabBar-tab").nth(1).click()
    quiz = page.locator(".rk-quiz").first
    quiz.locator("button.rk-quiz-ask").click()
    quiz.locator("button.rk-quiz-choice").first.click()
    expect(quiz.locator(".rk-quiz-result")).to_contain_text("answer")
    expect(quiz.locator(".rk-quiz-score")).to_contain_text("/1")
    assert page_errors == [], page_errors
