"""Browser tests: Voila (and JupyterLab) driven by Playwright with Debian's Chromium.

Without Chromium they skip with a reason; with ``RULEKIT_REQUIRE_BROWSER=1``
(CI) a missing browser is a failure. Never ``playwright install``: it
downloads a browser (see /work/shared/RECIPES.md).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulekit.serve.dashboard import CHROMIUM, CHROMIUM_ARGS, find_notebooks, launch

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


def outside(url: str) -> bool:
    """A request that leaves this machine (anything but loopback, data: and blob: URLs)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome", "chrome-extension"):
        return False
    return (parts.hostname or "") not in ("127.0.0.1", "localhost", "::1", "[::1]")


class PageErrors(list):
    """JavaScript errors of a page, and every request it makes outside loopback (a failure, not blocked)."""

    def attach(self, page):
        page.on("pageerror", lambda err: self.append(f"pageerror: {err}"))
        page.on("console", self._console)
        page.on("request", self._request)
        return self

    def _request(self, request):
        if outside(request.url):
            self.append(f"request outside loopback: {request.method} {request.url}")

    def _console(self, msg):
        if msg.type != "error":
            return
        where = (msg.location or {}).get("url", "")
        self.append(f"console: {msg.text} ({where})")


@pytest.fixture
def page_errors(page):
    return PageErrors().attach(page)
