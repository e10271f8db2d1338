"""Browser tests: Voila (and JupyterLab) driven by Playwright with Debian's Chromium.

Without Chromium they skip with a reason; with ``RULEKIT_REQUIRE_BROWSER=1``
(CI) a missing browser is a failure. Never ``playwright install``: it
downloads a browser (see /work/shared/RECIPES.md).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulekit.dashboard import CHROMIUM, CHROMIUM_ARGS, find_notebooks, launch

#: Voila's default template asks this CDN for a font; with no network it fails harmlessly
CDN = "https://cdn.jsdelivr.net/**"
NOTEBOOKS = find_notebooks()
ALL_NOTEBOOKS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def have_browser() -> bool:
    return Path(CHROMIUM).exists()


def pytest_collection_modifyitems(config, items):
    if have_browser():
        return
    if os.environ.get("RULEKIT_REQUIRE_BROWSER") == "1":
        pytest.fail(
            f"RULEKIT_REQUIRE_BROWSER=1 but no Chromium at {CHROMIUM} (apt-get install -y chromium)", pytrace=False
        )
    skip = pytest.mark.skip(
        reason=f"no Chromium at {CHROMIUM}: apt-get install -y chromium "
        "(set RULEKIT_REQUIRE_BROWSER=1 to make this a failure)"
    )
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    """The dashboard gallery on a free loopback port, for the whole session."""
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    proc, url = launch(notebooks=NOTEBOOKS, log=log)
    yield url
    proc.terminate()
    try:
        proc.wait(15)
    except Exception:
        proc.kill()


class PageErrors(list):
    """JavaScript errors of a page, except the blocked CDN request."""

    def attach(self, page):
        page.route(CDN, lambda route: route.abort())
        page.on("pageerror", lambda err: self.append(f"pageerror: {err}"))
        page.on("console", self._console)
        return self

    def _console(self, msg):
        if msg.type != "error":
            return
        where = (msg.location or {}).get("url", "")
        if "cdn.jsdelivr.net" in where or "cdn.jsdelivr.net" in msg.text:
            return
        if "ERR_FAILED" in msg.text and not where.startswith("http://127.0.0.1"):
            return
        self.append(f"console: {msg.text} ({where})")


@pytest.fixture
def page_errors(page):
    return PageErrors().attach(page)
