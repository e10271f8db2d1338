"""``rulekit publish``: the static site runs in the browser alone, served by a plain static web server.

Builds the site (build tools, Pyodide runtime and wheels come from the
package indexes; cached under ``$RULEKIT_CACHE`` or ``~/.cache/rulekit``),
serves it over loopback with Python's http.server, opens the Rune Stones
notebook and clicks Step. Any request outside loopback fails the test.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from rulekit.serve.offline_site import reaches_out
from rulekit.serve.publish import MARKER, publish

from .conftest import PageErrors

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: cold start: download the runtime and wheels, start Python in WebAssembly, run the notebook
LOAD_MS = 300_000


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """A plain static file server (what a teacher's web host does), with the WebAssembly type."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }

    def log_message(self, *args) -> None:
        pass


def serve_static(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticHandler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if shutil.which("npm") is None:
        message = "rulekit publish needs npm for the Pyodide runtime (apt-get install -y npm)"
        if os.environ.get("RULEKIT_REQUIRE_BROWSER") == "1":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    out = tmp_path_factory.mktemp("site") / "site"
    result = publish(out, cache=os.environ.get("RULEKIT_CACHE"), log=lambda *_: None)
    server, url = serve_static(out)
    yield result, url
    server.shutdown()


def test_site_holds_the_browser_notebooks_and_no_cdn_link(site):
    result, _ = site
    out = Path(result["out"])
    assert {"rune_stones.ipynb", "spellbound.ipynb"} <= set(result["notebooks"])
    assert (out / "voici/render/rune_stones.html").is_file()
    assert (out / "index.html").read_text().count('class="rk-card"') == len(result["notebooks"])
    assert (out / MARKER).is_file()
    assert len(result["notebooks"]) == 8 and result["left_out"] == []
    assert result["bytes"] < 35e6, f"the site grew to {result['bytes'] / 1e6:.1f} MB (#28: under 35 MB)"
    # every built file, not only the pages: no CDN named, no fetch from another host (Voici's lazy mermaid loader)
    assert reaches_out(out) == []
    _check_fast_start(out)
    for path in out.rglob("*"):
        if path.is_file() and path.suffix in (".html", ".js", ".mjs", ".json", ".css"):
            text = path.read_text(encoding="utf-8", errors="replace")
            assert "cdn.jsdelivr.net" not in text and "cdnjs.cloudflare.com" not in text, path


def _check_fast_start(out: Path) -> None:
    """What makes the first visit fast is in the built site (#28): compiled Python, no test suites,
    one shared copy of the pages' styles, pages that show while their cells run."""
    import zipfile

    pyodide = out / "static" / "pyodide"
    with zipfile.ZipFile(next(pyodide.glob("rulekit_games-*.whl"))) as whl:
        names = set(whl.namelist())
    assert "rulekit/engine/game.py" in names  # rulekit keeps its source beside the bytecode
    assert "rulekit/engine/__pycache__/game.cpython-313.pyc" in names
    with zipfile.ZipFile(next(pyodide.glob("networkx-*.whl"))) as whl:
        names = set(whl.namelist())
    assert "networkx/__init__.pyc" in names and not any("/tests/" in n for n in names)
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stdlib:
        assert "json/__init__.pyc" in stdlib.namelist()
    for page in (out / "voici" / "render").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "rk-running" in text and '<link rel="stylesheet" type="text/css" href="../styles/lab-' in text, page
        assert len(text) < 100_000, f"{page.name}: the shared styles are inline again"


def notebook_ran(page: Page) -> None:
    """Wait until the page's last cell has run: the board shows while later cells still play
    (``voici_output.progressive``); Voici removes the running-cell note at the end."""
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_MS)
    expect(page.locator("body.rk-running")).to_have_count(0)


#: in the page, in one go (the action bar is redrawn after the status line): the first legal
#: action's presence, else a click on Step when it is open, else nothing yet
CHOOSE_JS = """() => { const t = document.querySelector('.rk-table');
    if (t.querySelector('button.rk-action:not(.rk-illegal)')) return 'action';
    const step = t.querySelector('button.rk-step');
    if (!step.disabled) { step.click(); return 'step'; }
    return ''; }"""


def step_or_act(page: Page, table) -> None:
    """Step when it is enabled (a bot or an automatic step is next), else the first legal action
    (a person decides: Step is disabled then); wait until the status line changes or a hint shows."""
    before = table.locator(".rk-status").first.inner_text()
    step = table.locator("button.rk-step").first
    if step.is_enabled():
        step.click()
    else:
        table.locator("button.rk-action:not(.rk-illegal)").first.click()
    page.wait_for_function(
        """([before]) => {
            const t = document.querySelector('.rk-table');
            return t.querySelector('.rk-status').textContent !== before || t.querySelector('.rk-why .rk-hint');
        }""",
        arg=[before],
        timeout=60_000,
    )


def test_rune_stones_runs_in_the_browser_and_steps(site, page: Page):
    _, url = site
    errors = PageErrors().attach(page)
    page.goto(url + "/", timeout=LOAD_MS)
    expect(page.locator(".rk-note")).to_have_count(0)  # nothing left out
    page.locator('a.rk-card[data-notebook="rune_stones.ipynb"]').click()
    table = page.locator(".rk-table").first
    table.locator(".rk-board svg").first.wait_for(timeout=LOAD_MS)
    notebook_ran(page)  # the notebook's later cells play on; then back to the start
    expect(page.get_by_text("Traceback")).to_have_count(0)
    status = table.locator(".rk-status").first
    jump = table.locator("input.rk-jump").first
    jump.fill("0")
    jump.press("Enter")
    expect(status).to_contain_text("step 0 ", timeout=60_000)
    step_or_act(page, table)
    actions = table.locator("button.rk-action:not(.rk-illegal)")
    # a legal action goes through the kernel in the browser and back (automatic steps first)
    for _ in range(10):
        before = status.inner_text()
        chosen = page.wait_for_function(CHOOSE_JS, timeout=60_000).json_value()
        if chosen == "action":
            break
        expect(status).not_to_have_text(before, timeout=60_000)
    before = status.inner_text()
    actions.first.click()
    expect(status).not_to_have_text(before, timeout=60_000)
    assert [e for e in errors if e.startswith(("pageerror", "request outside"))] == [], errors


def _other_origin(page: Page, origin: str) -> list[str]:
    """Every request of the page that leaves the site's own origin (recorded, not blocked)."""
    seen: list[str] = []

    def check(request) -> None:
        if not request.url.startswith(("data:", "blob:", "about:")) and not request.url.startswith(origin + "/"):
            seen.append(f"{request.method} {request.url}")

    page.on("request", check)
    return seen


@pytest.mark.parametrize(
    "notebook", ["rune_stones", "vale_of_eternity", "spellbound", "scepter_of_zavandor", "mines_of_zavandor"]
)
def test_every_game_opens_and_steps_in_the_browser(site, page: Page, notebook):
    result, url = site
    assert f"{notebook}.ipynb" in result["notebooks"]
    outside = _other_origin(page, url)
    errors = PageErrors().attach(page)
    page.goto(f"{url}/voici/render/{notebook}.html", timeout=LOAD_MS)
    table = page.locator(".rk-table").first
    table.locator(".rk-board svg").first.wait_for(timeout=LOAD_MS)
    notebook_ran(page)  # the notebook's later cells play on
    expect(page.get_by_text("Traceback")).to_have_count(0)
    step_or_act(page, table)
    assert outside == [], outside
    assert [e for e in errors if e.startswith("pageerror")] == [], errors


def test_the_explorer_runs_twenty_games_in_the_browser(site, page: Page):
    result, url = site
    assert "explore_rules.ipynb" in result["notebooks"]
    outside = _other_origin(page, url)
    errors = PageErrors().attach(page)
    page.goto(f"{url}/voici/render/explore_rules.html", timeout=LOAD_MS)
    run = page.locator(".rk-explore-run").first
    run.wait_for(timeout=LOAD_MS)
    notebook_ran(page)
    expect(page.get_by_text("Traceback")).to_have_count(0)
    expect(page.locator(".rk-explore-table").first).to_contain_text("First seat wins")  # the notebook's study
    games = page.locator(".rk-explore-games input").first
    games.fill("20")
    games.press("Enter")
    run.click()
    expect(run).to_be_disabled(timeout=30_000)  # busy: Run waits, the bar moves, Cancel is offered
    expect(page.locator(".rk-explore-cancel").first).to_be_enabled()
    status = page.locator(".rk-explore-status").first
    expect(status).to_contain_text("20 games played", timeout=LOAD_MS)
    expect(run).to_be_enabled()
    out = page.locator(".rk-explore-out").first
    expect(out.locator("table")).to_contain_text("First seat wins")
    expect(out.locator("svg.rk-chart").first).to_be_visible()
    assert outside == [], outside
    assert [e for e in errors if e.startswith("pageerror")] == [], errors


def test_static_site_passes_axe(site, page: Page):
    """Issue 27: axe-core on the site's index and on the Rune Stones page once its table is drawn."""
    from . import axe

    _, url = site
    page.goto(url + "/", timeout=LOAD_MS)
    axe.check(page, "static site index")
    page.locator('a.rk-card[data-notebook="rune_stones.ipynb"]').click()
    page.locator(".rk-table .rk-board svg").first.wait_for(timeout=LOAD_MS)
    notebook_ran(page)  # the notebook's later cells play on
    axe.check(page, "static site, Rune Stones")
