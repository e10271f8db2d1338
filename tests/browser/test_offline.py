"""Offline by construction: no page of the gallery asks anything of a host other than the server.

Requests are recorded (never blocked): a request outside loopback fails the
test, so a CDN link that slipped back into a template is found here, not on
a school network where it blanks the page for 25 s.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import ALL_NOTEBOOKS, PageErrors, outside

pytestmark = pytest.mark.browser

LOAD_MS = 240_000


def outside_requests(errors: list[str]) -> list[str]:
    return [e for e in errors if e.startswith("request outside loopback")]


def test_the_recorder_fails_on_an_outside_request(page: Page):
    """The check itself can fail: a page that links a CDN stylesheet is caught."""
    errors = PageErrors().attach(page)
    page.set_content('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/x/x.css"><p>x</p>', timeout=60_000)
    assert outside_requests(errors) == ["request outside loopback: GET https://cdn.jsdelivr.net/npm/x/x.css"]
    assert not outside("http://127.0.0.1:8866/voila/static/x.js") and not outside("data:image/png;base64,AA")


def test_gallery_and_tree_ask_nothing_outside(page: Page, voila_url, page_errors):
    for path in ("/", "/voila/tree"):
        page.goto(voila_url + path, timeout=LOAD_MS)
        page.wait_for_load_state("networkidle", timeout=LOAD_MS)
    assert outside_requests(page_errors) == []


@pytest.mark.parametrize("notebook", ALL_NOTEBOOKS)
def test_dashboard_asks_nothing_outside(page: Page, voila_url, page_errors, notebook):
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=LOAD_MS)
    # rendered: Voila's spinner is gone and the cells are shown, widgets included
    expect(page.locator("#rendered_cells")).to_be_visible(timeout=LOAD_MS)
    page.wait_for_load_state("networkidle", timeout=LOAD_MS)
    expect(page.get_by_text("Loading widget")).to_have_count(0, timeout=LOAD_MS)
    page.wait_for_timeout(500)  # late requests (fonts load when text first uses them)
    assert outside_requests(page_errors) == [], outside_requests(page_errors)
