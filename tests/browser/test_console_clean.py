"""A quiet browser console on every dashboard page (issue 28).

Voila's page bundle provides JupyterLab 4.2.5; widget front ends built for a
newer JupyterLab (voila 0.5.9+'s own widget manager, jupyterlab_widgets
3.0.14+) made every page log about 13 "Unsatisfied version ... of shared
singleton module" warnings. pyproject.toml pins versions whose front ends ask
for what the bundle has; this test fails on any console warning or error, so a
version bump that brings the warnings back is caught here.

Voila's own file list (/voila/tree) is left out: rulekit's gallery (/) replaces
it, and Voila starts its widget plugins there without a kernel (they log
"failed to activate").
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import ALL_NOTEBOOKS

pytestmark = pytest.mark.browser

LOAD_MS = 240_000
#: what counts: anything the browser prints as a warning or an error, and uncaught exceptions
NOISY = ("warning", "error", "assert")


class ConsoleLog(list):
    """Every console warning or error and uncaught exception of a page, with where it came from."""

    def attach(self, page: Page) -> ConsoleLog:
        page.on("console", self._console)
        page.on("pageerror", lambda err: self.append(f"pageerror: {err}"))
        return self

    def _console(self, msg) -> None:
        if msg.type in NOISY:
            where = (msg.location or {}).get("url", "")
            self.append(f"{msg.type}: {msg.text[:300]} ({where})")


@pytest.fixture
def console(page: Page) -> ConsoleLog:
    return ConsoleLog().attach(page)


def test_the_console_check_catches_a_warning_and_an_error(page: Page, console):
    """The check itself can fail: a page that warns, errs and throws is caught three times."""
    page.set_content(
        "<script>console.warn('old module'); console.error('broken'); setTimeout(() => { throw new Error('boom') })"
        "</script><p>x</p>",
        timeout=60_000,
    )
    page.wait_for_timeout(200)
    assert [e.split(":")[0] for e in console] == ["warning", "error", "pageerror"], console


@pytest.mark.parametrize("path", ["/", "/rooms"])
def test_gallery_pages_log_nothing(page: Page, voila_url, console, path):
    page.goto(voila_url + path, timeout=LOAD_MS)
    page.wait_for_load_state("networkidle", timeout=LOAD_MS)
    page.wait_for_timeout(500)
    assert console == []


@pytest.mark.parametrize("notebook", ALL_NOTEBOOKS)
def test_dashboard_logs_no_warning_or_error(page: Page, voila_url, console, notebook):
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=LOAD_MS)
    expect(page.locator("#rendered_cells")).to_be_visible(timeout=LOAD_MS)
    page.wait_for_load_state("networkidle", timeout=LOAD_MS)
    expect(page.get_by_text("Loading widget")).to_have_count(0, timeout=LOAD_MS)
    page.wait_for_timeout(1000)  # late messages (a widget's front end loads after the page)
    assert console == [], "\n".join(console)
