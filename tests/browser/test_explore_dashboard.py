"""The exploration notebook as a Voila dashboard: the Explorer panel runs a sweep."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import ALL_NOTEBOOKS

pytestmark = pytest.mark.browser

#: the dashboard plays its (smaller) simulations before the page appears
LOAD_MS = 180_000


def run_explorer(page: Page, games: int) -> None:
    """Run the page's Explorer for ``games`` games and wait for its status and chart."""
    box = page.locator(".rk-explore-games input").first
    box.fill(str(games))
    box.press("Enter")
    page.locator(".rk-explore-run").first.click()
    expect(page.locator(".rk-explore-status").first).to_contain_text(f"{games} games played", timeout=LOAD_MS)
    expect(page.locator(".rk-explore-out svg.rk-chart").first).to_be_visible()


@pytest.mark.skipif("explore_rules.ipynb" not in ALL_NOTEBOOKS, reason="no exploration notebook")
def test_explorer_panel_runs_and_plots(page: Page, voila_url, page_errors):
    page.set_default_timeout(15_000)
    page.goto(f"{voila_url}/voila/render/explore_rules.ipynb", timeout=LOAD_MS)
    run = page.locator(".rk-explore-run").first
    run.wait_for(timeout=LOAD_MS)
    run_explorer(page, 4)
    expect(page.locator(".rk-explore-out table").first).to_contain_text("First seat wins")
    expect(run).to_be_enabled()
    assert page_errors == [], page_errors
