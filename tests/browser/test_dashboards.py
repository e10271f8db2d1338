"""Every notebook as a Voila dashboard in Chromium: play, step, undo, jump, DE, rules."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import ALL_NOTEBOOKS, NOTEBOOKS

pytestmark = pytest.mark.browser

#: a dashboard runs its notebook first: kernel start plus all cells
LOAD_MS = 240_000
STEP_MS = 45_000  # a loaded CI machine can take this long for one round trip


#: developer output on a dashboard page (issue 22): a repr like <Table ...>, a Python list or dict
DEV_OUTPUT = re.compile(r"<[A-Z]\w* [^>]*>|\[\s*'[^']*'\s*[,\]]|\{\s*'[^']*'\s*:")


def developer_output(page: Page) -> list[str]:
    """Reprs and Python lists or dicts in the page's visible text."""
    return [m.group(0)[:60] for m in DEV_OUTPUT.finditer(page.locator("body").inner_text())]


def open_dashboard(page: Page, url: str, notebook: str) -> None:
    page.set_default_timeout(STEP_MS)
    page.goto(f"{url}/voila/render/{notebook}", timeout=LOAD_MS)


#: the side panels' tabs (issue 22), in order
TABS = {"rules": 0, "log": 1, "phases": 2, "inspector": 3, "extras": 4}


def open_tab(table, name: str) -> None:
    """Open a side panel's tab (rules, log, phase flow, inspector, teacher tools)."""
    table.locator(".rk-side-tabs .lm-TabBar-tab").nth(TABS[name]).click()


def step_if_enabled(table) -> bool:
    """Press Step unless it is disabled (a person must decide, or the game is over)."""
    step = table.locator("button.rk-step").first
    if not step.is_enabled():
        return False
    step.click()
    return True


def status_changes(page: Page, table, before: str) -> str:
    status = table.locator(".rk-status").first
    expect(status).not_to_have_text(before, timeout=STEP_MS)
    return status.inner_text()


def test_gallery_lists_every_notebook(page: Page, voila_url, page_errors):
    page.goto(f"{voila_url}/voila/tree", timeout=LOAD_MS)
    for name in ALL_NOTEBOOKS:
        expect(page.get_by_text(name, exact=True).first).to_be_visible()
    # Voila's tree page itself logs console errors (no kernel for the widget plugins,
    # /api/kernels is 404): only uncaught exceptions count here
    assert [e for e in page_errors if e.startswith("pageerror")] == []


#: the classroom keeps its table in a tab; tests/browser/test_classroom.py drives it
TABLE_NOTEBOOKS = [n for n in ALL_NOTEBOOKS if n != "classroom.ipynb"]


@pytest.mark.parametrize("notebook", TABLE_NOTEBOOKS)
def test_dashboard_plays_steps_undoes_jumps_and_explains(page: Page, voila_url, page_errors, notebook):
    open_dashboard(page, voila_url, notebook)
    tables = page.locator(".rk-table")
    if "Table(" not in (NOTEBOOKS / notebook).read_text(encoding="utf-8"):
        # a notebook without a Table (e.g. exploration plots): it must render without errors
        page.wait_for_load_state("networkidle", timeout=LOAD_MS)
        expect(page.locator(".jp-RenderedHTMLCommon").first).to_be_visible()
        # Voila (show_tracebacks off) replaces a failing cell's output with this notice
        expect(page.get_by_text("There was an error when executing cell")).to_have_count(0)
        assert page_errors == []
        assert developer_output(page) == []
        pytest.skip(f"{notebook} shows no Table: rendered without errors")
    tables.first.wait_for(timeout=LOAD_MS)
    expect(page.get_by_text("There was an error when executing cell")).to_have_count(0)
    assert developer_output(page) == [], "a dashboard shows what a class should see (issue 22)"
    # issue 14: every table opens cleanly, with no refusal or error shown in its play area
    page.wait_for_timeout(500)
    assert page.locator(".rk-table .rk-why .rk-why-box, .rk-table .rk-why .rk-error").count() == 0
    table = tables.first
    expect(table.locator(".rk-board svg").first).to_be_visible()
    status = table.locator(".rk-status").first

    # jump: type step 0 into the timeline's readout (notebooks may have played on)
    jump_to_start(page, table)
    start = status.inner_text()

    # a decision (or an automatic step) changes the status line and the log
    log_before = table.locator(".rk-log").first.inner_text()
    legal = table.locator("button.rk-action:not(.rk-illegal)")
    if legal.count():
        legal.first.click()
    else:
        table.locator("button.rk-step").first.click()
    status_changes(page, table, start)
    expect(status).not_to_have_attribute("data-step", "0", timeout=STEP_MS)
    after_action = status.get_attribute("data-step")
    expect(table.locator(".rk-log").first).not_to_have_text(log_before)

    # step: one automatic step or bot decision (disabled, with its reason shown, while a person decides)
    if not step_if_enabled(table):
        expect(table.locator(".rk-step-why").first).to_be_visible()
    expect(table.locator(".rk-status").first).to_be_visible()

    # undo goes back (to the last decision of a human seat)
    before_undo = status.inner_text()
    table.locator("button.rk-undo").first.click()
    status_changes(page, table, before_undo)
    jump_to_start(page, table)
    assert after_action != "0" and status.get_attribute("data-step") == "0"

    # "why not?": a typed nonsense action is refused with a rule, nothing changes
    at_zero = status.inner_text()
    table.locator("input.rk-try-input").first.fill("nonsense 99")
    table.locator("button.rk-try").first.click()
    expect(table.locator(".rk-why .rk-why-box").first).to_be_visible()
    assert status.inner_text() == at_zero

    # open a rule: a phase of the phase graph shows its rules in the rule panel (its tab opens)
    open_tab(table, "phases")
    table.locator(".rk-phase").first.click()
    expect(table.locator(".rk-rule .rk-phase-rules").first).to_be_visible()
    open_tab(table, "log")
    ids = table.locator("button.rk-rule-id")
    if ids.count():
        ids.first.click()
        expect(table.locator(".rk-rule .rk-rule-box").first).to_be_visible()

    # the inspector's seat selector switches to what one player may see
    open_tab(table, "inspector")
    view = table.locator("select.rk-view").first
    view.select_option("0")
    expect(table.locator(".rk-inspector summary").first).to_contain_text("view(0)")
    view.select_option("-1")

    # language switch: captions and status follow EN / DE
    table.locator(".rk-lang button.rk-lang-en").first.click()
    expect(table.locator("button.rk-step").first).to_contain_text("Step")
    table.locator(".rk-lang button.rk-lang-de").first.click()
    expect(table.locator("button.rk-step").first).to_contain_text("Schritt")
    expect(status).to_contain_text("Schritt")
    assert page_errors == [], page_errors


def jump_to_start(page: Page, table) -> None:
    """Type 0 into the jump box; retried, as a busy page may miss the first try."""
    box = table.locator("input.rk-jump").first
    status = table.locator(".rk-status").first
    at_zero = re.compile(r"(step|schritt) 0 ", re.IGNORECASE)
    for attempt in range(3):
        box.fill("0")
        box.press("Enter")
        try:
            expect(status).to_contain_text(at_zero, timeout=STEP_MS)
            return
        except AssertionError:
            if attempt == 2:
                raise


@pytest.mark.parametrize("notebook", [n for n in ALL_NOTEBOOKS if n == "rune_stones.ipynb"])
def test_board_item_click_greyed_items_inert_greyed_buttons_why_not(page: Page, voila_url, page_errors, notebook):
    open_dashboard(page, voila_url, notebook)
    table = page.locator(".rk-table").first
    table.wait_for(timeout=LOAD_MS)
    board = table.locator(".rk-board").first
    enabled = board.locator(".rk-enabled")
    status = table.locator(".rk-status").first
    # go to the last step and walk until the board offers a clickable item
    for _ in range(40):
        if enabled.count() or not step_if_enabled(table):
            break
        page.wait_for_timeout(150)
    if enabled.count():
        before = status.inner_text()
        enabled.first.click(force=True)
        status_changes(page, table, before)
    disabled = board.locator(".rk-disabled")
    if disabled.count():  # greyed board items are inert: nothing happens, nothing is explained
        before = status.inner_text()
        disabled.first.click(force=True)
        page.wait_for_timeout(500)
        assert status.inner_text() == before
        assert table.locator(".rk-why .rk-why-box").count() == 0
    greyed = table.locator("button.rk-action.rk-illegal")
    if greyed.count():  # "why not?" is asked from the greyed buttons
        before = status.inner_text()
        greyed.first.click()
        expect(table.locator(".rk-why .rk-why-box").first).to_be_visible()
        assert status.inner_text() == before
    assert page_errors == [], page_errors


@pytest.mark.parametrize("notebook", [n for n in ALL_NOTEBOOKS if n == "rune_stones.ipynb"])
def test_rules_fired_and_rule_variants_panels(page: Page, voila_url, page_errors, notebook):
    open_dashboard(page, voila_url, notebook)
    table = page.locator(".rk-table").first
    table.wait_for(timeout=LOAD_MS)
    table.locator(".rk-lang button.rk-lang-en").first.click()
    assert step_if_enabled(table)  # the first turn starts (RS-060): a phase next to the current one fired
    open_tab(table, "extras")
    table.locator(".rk-extras").get_by_text("Rules fired").first.click()
    met = table.locator(".rk-fired button.rk-fired-rule.rk-met")
    expect(met.first).to_be_visible()
    expect(table.locator(".rk-phase-graph .rk-heat").first).to_be_attached()
    met.first.click()
    expect(table.locator(".rk-rule .rk-rule-box").first).to_be_visible()
    open_tab(table, "extras")
    table.locator(".rk-extras").get_by_text("Rule variants").first.click()
    number = table.locator(".rk-variants input[type=number]").first
    expect(number).to_be_visible()
    number.fill(str(int(number.input_value()) + 1))
    table.locator("button.rk-variant-apply").first.click()
    expect(table.locator(".rk-variant.rk-changed").first).to_be_visible()
    expect(table.locator(".rk-status").first).to_contain_text("step 0 ")
    assert page_errors == [], page_errors
