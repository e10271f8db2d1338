"""Issue 27 on the served dashboards: axe-core on every page, whole games by keyboard, the live region.

- axe (tests/browser/axe.py) on the gallery, each game's dashboard after load
  and after a few steps, in English and German, desk and projector layout, and
  on the classroom and exploration dashboards: nothing serious or critical,
  everything else explained in docs/accessibility.md;
- each game's first table plays 30 decisions with the keyboard only: Tab and
  Shift+Tab reach a board piece or an action button, arrows move on the board,
  Enter or Space chooses, Alt+S steps when no person decides (a game that ends
  sooner is followed by a new one, started with the keyboard too);
- the live region says the turn and phase, and a refusal with its rule, in EN and DE;
- Tab is never trapped: it walks the page and comes back to where it began.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from . import axe
from .conftest import ALL_NOTEBOOKS
from .test_dashboards import LOAD_MS, STEP_MS, open_dashboard
from .test_explore_dashboard import run_explorer

pytestmark = pytest.mark.browser

GAMES = [g for g in ("rune_stones", "vale_of_eternity", "spellbound", "scepter_of_zavandor", "mines_of_zavandor")
         if f"{g}.ipynb" in ALL_NOTEBOOKS]  # fmt: skip
DECISIONS = 30
#: a bound on Tab presses to reach anything: no page of ours has this many stops between two choices
MAX_TABS = 300

#: the first table moved on (its status changed) or answered with a hint (a human seat must decide)
STEPPED = """(before) => { const t = document.querySelector(".rk-table");
  return t.querySelector(".rk-status").textContent !== before || !!t.querySelector(".rk-why .rk-hint"); }"""
#: a legal choice of a table: an action button or a board piece that may be chosen now
CHOICES = "button.rk-action:not(.rk-illegal), .rk-board g.rk-enabled[role=button]"
STEP = "button.rk-step:not([disabled])"
#: what moves a game on, in this order: Step, an action button, a board piece
STEP_OR_CHOICE = (STEP, "button.rk-action:not(.rk-illegal)", ".rk-board g.rk-enabled[role=button]")
#: what has the keyboard focus, for the messages
FOCUSED = """() => { const a = document.activeElement;
  return a ? `${a.tagName}.${a.getAttribute("class") || ""}[${a.getAttribute("data-label") || a.getAttribute("data-action") || ""}]` : ""; }"""
#: is the focus on a legal choice of the first table (an action button or a board piece)?
ON_CHOICE = """(what) => { const a = document.activeElement, t = document.querySelector(".rk-table");
  return !!(a && t && t.contains(a) && a.matches(what)); }"""
BOARD_CHOICE = "g.rk-enabled[role=button]"


ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
#: the game whose screenshots docs/accessibility.md shows (written there with RULEKIT_DOC_SHOTS=1)
DOC_GAME = "vale_of_eternity"


def shot(page: Page, game: str, name: str, clip: dict | None = None) -> None:
    """A screenshot to tests/artifacts/; with RULEKIT_DOC_SHOTS=1 the doc's copy too (docs/img/<name>.png)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}-{game}.png"
    page.screenshot(path=str(path), clip=clip)
    if os.environ.get("RULEKIT_DOC_SHOTS") == "1" and game == DOC_GAME:
        from PIL import Image

        img = Image.open(path).convert("RGB")
        img.thumbnail((960, 720))
        img.quantize(colors=128).save(ROOT / "docs" / "img" / f"{name}.png", optimize=True)


def around(box: dict, page: Page, pad: int = 160) -> dict:
    """A clip of the page around ``box`` (a focused piece and its neighbours)."""
    size = page.viewport_size
    x, y = max(0, box["x"] - pad), max(0, box["y"] - pad // 2)
    return {"x": x, "y": y, "width": min(size["width"] - x, box["width"] + 2 * pad),
            "height": min(size["height"] - y, box["height"] + pad)}  # fmt: skip


def wait_loaded(page: Page, url: str, game: str):
    open_dashboard(page, url, f"{game}.ipynb")
    table = page.locator(".rk-table").first
    table.wait_for(timeout=LOAD_MS)
    expect(table.locator(".rk-board svg").first).to_be_visible()
    page.wait_for_timeout(800)  # the notebook's later cells may still redraw
    return table


def test_axe_gallery(page: Page, voila_url, page_errors):
    page.goto(f"{voila_url}/", timeout=LOAD_MS)
    axe.check(page, "gallery EN")
    de = page.locator("button", has_text=re.compile(r"^DE$"))
    if de.count():
        de.first.click()
        axe.check(page, "gallery DE")


@pytest.mark.parametrize("game", GAMES)
def test_axe_dashboard_en_de_desk_projector(page: Page, voila_url, page_errors, game):
    table = wait_loaded(page, voila_url, game)
    status = table.locator(".rk-status").first
    table.locator(".rk-lang button.rk-lang-en").first.click()
    expect(table.locator("button.rk-step").first).to_contain_text("Step")
    axe.check(page, f"{game}: after load, EN, desk")
    for _ in range(3):  # a few steps: Step if it may, else a legal choice (a person to move decides)
        settle(page, status)
        before = status.inner_text()
        table.locator(f"{CHOICES}, {STEP}").first.wait_for()
        next(loc for loc in map(table.locator, STEP_OR_CHOICE) if loc.count()).first.click()
        page.wait_for_function(STEPPED, arg=before, timeout=STEP_MS)
    axe.check(page, f"{game}: after steps, EN, desk")
    table.locator(".rk-lang button.rk-lang-de").first.click()
    expect(table.locator("button.rk-step").first).to_contain_text("Schritt")
    expect(page.locator("html")).to_have_attribute("lang", "de")  # the page says which language it speaks
    axe.check(page, f"{game}: DE, desk")
    table.locator("button.rk-projector").first.click()
    expect(page.locator(".rk-table.rk-projector").first).to_be_visible()
    axe.check(page, f"{game}: DE, projector")
    table.locator(".rk-lang button.rk-lang-en").first.click()
    expect(table.locator("button.rk-step").first).to_contain_text("Step")
    axe.check(page, f"{game}: EN, projector")
    page.evaluate("(t) => t.scrollIntoView({block: 'start'})", table.element_handle())
    page.wait_for_timeout(300)
    shot(page, game, "a11y_contrast")
    assert page_errors == [], page_errors


def test_axe_welcome(page: Page, voila_url, page_errors):
    """The welcome notebook: the gallery widget and a table, as a dashboard."""
    if "00_welcome.ipynb" not in ALL_NOTEBOOKS:
        pytest.skip("no 00_welcome.ipynb")
    wait_loaded(page, voila_url, "00_welcome")
    axe.check(page, "00_welcome.ipynb")
    assert page_errors == [], page_errors


def test_axe_classroom_lesson_feedback_quiz_de(page: Page, voila_url, page_errors):
    """The classroom after load, after a wrong answer (feedback and rule shown), in the quiz, in German."""
    if "classroom.ipynb" not in ALL_NOTEBOOKS:
        pytest.skip("no classroom.ipynb")
    open_dashboard(page, voila_url, "classroom.ipynb")
    room = page.locator(".rk-classroom").first
    room.wait_for(timeout=LOAD_MS)
    page.wait_for_timeout(800)
    axe.check(page, "classroom: after load")
    lesson = room.locator(".rk-lesson").first
    answers = lesson.locator("button.rk-action")
    answers.first.wait_for()
    answers.first.click()  # right or wrong: either way the feedback box opens
    expect(lesson.locator(".rk-feedback .rk-why-ok, .rk-feedback .rk-why-box").first).to_be_visible()
    axe.check(page, "classroom: feedback on an answer")
    page.locator(".rk-classroom-tabs .lm-TabBar-tab, .rk-classroom-tabs .p-TabBar-tab").nth(1).click()
    quiz = page.locator(".rk-quiz").first
    quiz.locator("button.rk-quiz-ask").click()
    quiz.locator("button.rk-quiz-choice").first.click()
    expect(quiz.locator(".rk-quiz-result")).to_contain_text("answer")
    axe.check(page, "classroom: quiz answered")
    room.locator('.rk-lang button[data-value="DE"]').first.click()
    expect(room.locator(".rk-task").first).to_contain_text("Aufgabe")
    axe.check(page, "classroom: German")
    assert page_errors == [], page_errors


def test_axe_explore_at_1024_before_and_after_a_run(page: Page, voila_url, page_errors):
    """The exploration dashboard at 1024 px (its wide tables must not become unreachable scroll boxes),
    with the notebook's own outputs (tables, SVG charts) and the Explorer panel after a run."""
    if "explore_rules.ipynb" not in ALL_NOTEBOOKS:
        pytest.skip("no explore_rules.ipynb")
    page.set_viewport_size({"width": 1024, "height": 768})
    open_dashboard(page, voila_url, "explore_rules.ipynb")
    run = page.locator(".rk-explore-run").first
    run.wait_for(timeout=LOAD_MS)
    page.wait_for_timeout(800)
    axe.check(page, "explore_rules.ipynb: after load, 1024 px")
    run_explorer(page, 4)
    axe.check(page, "explore_rules.ipynb: after an Explorer run, 1024 px")
    assert page_errors == [], page_errors


def tab_to_choice(page: Page, backwards: bool, what: str = CHOICES) -> int:
    """Press Tab (or Shift+Tab) until a legal choice of the first table (``what``: on the board only, or
    any) has the focus; returns the presses."""
    key = "Shift+Tab" if backwards else "Tab"
    for n in range(MAX_TABS):
        if page.evaluate(ON_CHOICE, what):
            return n
        page.keyboard.press(key)
    raise AssertionError(f"{MAX_TABS} presses of {key} never reached a choice (focus: {page.evaluate(FOCUSED)})")


def settle(page: Page, status, quiet_ms: int = 400, idle_ms: int = 2500) -> None:
    """Wait until a person decides (or the game is over) and the status line has not changed for
    ``quiet_ms``; while a bot or an automatic step is next, until nothing changed for ``idle_ms`` (the
    table plays them by itself). A key pressed while the kernel still plays on chooses from a stale
    board, and the kernel then rightly refuses it."""
    last, since = status.inner_text(), time.monotonic()
    deadline = since + STEP_MS / 1000
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)
        now = status.inner_text()
        if now != last:
            last, since = now, time.monotonic()
            continue
        waiting = quiet_ms if status.get_attribute("data-kind") in ("human", "over") else idle_ms
        if time.monotonic() - since >= waiting / 1000:
            return
    raise AssertionError(f"the status line never settled: {last}")


def status_moves(status, before: str) -> None:
    expect(status).not_to_have_text(before, timeout=STEP_MS)


@pytest.mark.parametrize("game", GAMES)
def test_keyboard_only_plays_30_decisions_and_the_live_region_speaks(page: Page, voila_url, page_errors, game):
    table = wait_loaded(page, voila_url, game)
    status = table.locator(".rk-status").first
    live = table.locator(".rk-board [role=status][aria-live=polite]").first
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    decisions, steps, on_board, games, chose = 0, 0, 0, 0, ""
    while decisions < DECISIONS:
        steps += 1
        assert steps < 6 * DECISIONS, f"{game}: {decisions} decisions after {steps} keyboard turns"
        settle(page, status)  # bots and automatic steps after the last decision have played
        said = live.inner_text()
        assert not said.startswith("Not allowed"), (
            f"{game}: decision {decisions} by keyboard was refused: {said} ({chose})"
        )
        before = status.inner_text()
        if status.get_attribute("data-kind") == "over":  # the state, not words (a phase may be named "game over")
            games += 1  # a game may end (or be lost) sooner: a new one, by keyboard too
            assert games < 4, f"{game}: {games} games ended within {decisions} keyboard decisions"
            tab_into(page, "button.rk-reset")
            page.keyboard.press("Enter")
            status_moves(status, before)
            continue
        choices = table.locator(CHOICES)
        if not choices.count():
            page.keyboard.press("Alt+S")  # Step: an automatic step or a bot's decision
            status_moves(status, before)
            continue
        board = table.locator(".rk-board g.rk-enabled[role=button]")
        if decisions % 2 == 0 and board.count():  # every other decision on the board, with the arrow keys
            tab_to_choice(page, backwards=True, what=BOARD_CHOICE)
            if board.count() > 1:
                page.keyboard.press("ArrowRight")
                on_board += 1
                if on_board == 1:  # the focus ring on a board piece, as docs/accessibility.md shows it
                    page.wait_for_timeout(200)
                    box = page.evaluate("() => { const r = document.activeElement.getBoundingClientRect();"
                                        " return {x: r.x, y: r.y, width: r.width, height: r.height}; }")  # fmt: skip
                    shot(page, game, "a11y_focus", around(box, page))
        else:
            tab_to_choice(page, backwards=False)
        key = "Enter" if decisions % 3 else " "
        chose = f"{key!r} on {page.evaluate(FOCUSED)}"
        page.keyboard.press(key)
        status_moves(status, before)
        decisions += 1
    assert decisions >= DECISIONS, f"{game}: {decisions} keyboard decisions"
    assert on_board >= 3, f"{game}: only {on_board} decisions were made on the board with the arrow keys"
    # the live region: turn and phase in English, a refusal with its rule
    expect(live).to_contain_text("Phase:")
    expect(live).to_contain_text(re.compile(r"decides|automatic step|over"))
    tab_into(page, "input.rk-try-input")
    page.keyboard.type("nonsense 99")
    page.keyboard.press("Enter")
    expect(live).to_contain_text("Not allowed: nonsense 99.")
    expect(live).to_contain_text("rule ")
    # Alt+L: German, and the live region speaks German
    page.keyboard.press("Alt+L")
    expect(table.locator("button.rk-step").first).to_contain_text("Schritt")
    expect(live).to_contain_text(re.compile(r"entscheidet|automatischer Schritt|zu Ende"))
    page.keyboard.press("Enter")  # the try box still has the focus and the typed action
    expect(live).to_contain_text("Nicht erlaubt: nonsense 99.")
    assert page_errors == [], page_errors


def tab_into(page: Page, selector: str) -> None:
    for _ in range(MAX_TABS):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


#: a stable key for the focused element
WHERE = """() => { const a = document.activeElement;
  if (!a || a === document.body) return "body";
  const all = [...document.querySelectorAll("*")];
  return `${a.tagName}#${all.indexOf(a)}`; }"""


@pytest.mark.parametrize("game", GAMES[:1])
def test_tab_is_never_trapped(page: Page, voila_url, page_errors, game):
    table = wait_loaded(page, voila_url, game)
    table.locator(".rk-lang button.rk-lang-en").first.click()
    start = page.evaluate(WHERE)
    seen = [start]
    for n in range(2 * MAX_TABS):
        page.keyboard.press("Tab")
        here = page.evaluate(WHERE)
        if here == start and n > 2:
            break
        seen.append(here)
    else:
        raise AssertionError(f"Tab did not come back to where it began after {2 * MAX_TABS} presses")
    assert len(set(seen)) > 20, f"Tab visited only {len(set(seen))} places"
    assert page_errors == [], page_errors
