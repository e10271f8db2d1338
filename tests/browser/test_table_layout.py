"""Watch mode in Chromium (issue 14); the layout checks of issue 22 are in test_one_screen.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_dashboards import LOAD_MS, STEP_MS, open_dashboard

pytestmark = pytest.mark.browser


def test_watch_mode_plays_at_its_pace_and_pauses(page: Page, voila_url, page_errors):
    """Watch mode in a real kernel: steps come one by one while the page stays usable, pause stops them."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_dashboard(page, voila_url, "vale_of_eternity.ipynb")
    table = page.locator(".rk-table").first
    table.wait_for(timeout=LOAD_MS)
    table.locator("details.rk-more > summary").first.click()  # seats, autoplay and pace sit under "more"
    auto = table.locator(".rk-autoplay input").first
    if auto.is_checked():
        auto.click()  # no autoplay: bots wait for Watch
    table.locator("select.rk-seat-0").first.select_option("random")
    jump = table.locator("input.rk-jump").first
    expect(jump).to_be_visible()
    start = int(jump.input_value())
    table.locator("input.rk-pace").first.fill("4")
    table.locator("button.rk-watch").first.click()
    expect(table.locator("button.rk-watch.rk-active").first).to_be_visible(timeout=STEP_MS)
    page.wait_for_timeout(2500)
    during = int(jump.input_value())
    assert start + 3 <= during <= start + 16, (start, during)  # about 4 steps a second, one at a time
    table.locator("button.rk-watch").first.click()  # pause
    expect(table.locator("button.rk-watch.rk-active")).to_have_count(0, timeout=STEP_MS)
    paused = int(jump.input_value())
    page.wait_for_timeout(1500)
    assert int(jump.input_value()) == paused
    assert page_errors == [], page_errors
