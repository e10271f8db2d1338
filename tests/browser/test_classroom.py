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


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024", "1920"])
def test_lesson_fits_one_screen_in_german_and_nothing_is_cut(page: Page, voila_url, page_errors, size):
    """Issue 22 item 5: task, board and answers on one screen; German everywhere, no button cut."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_dashboard(page, voila_url, "classroom.ipynb")
    room = page.locator(".rk-classroom").first
    room.wait_for(timeout=LOAD_MS)
    room.locator('.rk-lang button[data-value="DE"]').first.click()  # the classroom's switch (the table follows)
    expect(room.locator(".rk-task")).to_contain_text("Aufgabe 1")
    # the notebook's own prose follows the page's language
    expect(page.locator("html")).to_have_attribute("data-rk-lang", "de")
    expect(page.locator('.rk-prose[lang="en"]:visible')).to_have_count(0)
    assert page.locator('.rk-prose[lang="de"]:visible').count() == page.locator('.rk-prose[lang="de"]').count()
    titles = room.locator(".rk-classroom-game select").inner_text().replace("\xa0", " ")
    for gid in rulekit.games():  # the game dropdown speaks German too
        game = rulekit.load(gid)
        if lessons(game):
            assert (game.title_de or game.title) in titles, titles
    # one screen: the task, the board's top and the first answer lie within one viewport height
    room.locator(".rk-task").scroll_into_view_if_needed()
    boxes = [
        room.locator(".rk-task").bounding_box(),
        room.locator(".rk-lesson-board").bounding_box(),
        room.locator(".rk-lesson-side button.rk-action").first.bounding_box(),
    ]
    top = min(b["y"] for b in boxes)
    bottom = max(boxes[0]["y"] + boxes[0]["height"], boxes[1]["y"] + 80, boxes[2]["y"] + boxes[2]["height"])
    assert bottom - top <= size[1], f"task, board and answers span {bottom - top:.0f} px at {size}"
    # German and nothing cut: every button shows its whole caption
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.rk-classroom button')]
            .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
            .map(b => b.innerText)"""
    )
    assert cut == [], f"buttons cut at {size}: {cut}"
    page.locator(".rk-classroom-tabs .lm-TabBar-tab, .rk-classroom-tabs .p-TabBar-tab").nth(1).click()
    ask = page.locator("button.rk-quiz-ask").first
    expect(ask).to_have_text("Was passiert als Nächstes?")
    expect(page.locator(".rk-lang:visible")).to_have_count(1)  # the table follows the classroom's one switch
    assert ask.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), "the quiz button is cut"
    assert page_errors == [], page_errors
