"""``rulekit dashboard`` as a teacher runs it: idle kernels, many pages at once, limits, hosts, tokens, the log.

Each test starts its own server (the session one in conftest stays untouched)
with short cull timeouts where the test is about culling.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from rulekit.serve.dashboard import free_port, launch

from .conftest import ALL_NOTEBOOKS, PageErrors

pytestmark = pytest.mark.browser

LOAD_MS = 300_000
#: what shows that each notebook's widgets are drawn
READY = {"explore_rules.ipynb": ".rk-explore-run", "classroom.ipynb": ".rk-lesson"}
#: the log lines of the failure this file guards against, and the noise a teacher does not need
BAD_LOG = (
    "never reached an 'alive' state",
    "Kernel does not exist",
    "Traceback",
    "is not trusted",
    "without encryption",
    "_xsrf",
)


def children(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (the kernels of a dashboard server)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()


def get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=120) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


def test_idle_past_the_cull_timeout_then_open_every_notebook_at_once(browser: Browser, tmp_path):
    """Issue 15: preheated kernels were culled as they were handed out; pages stayed at "Loading widget"."""
    log = tmp_path / "dashboard.log"
    proc, url = launch(log=log, args=["--cull-idle", "3", "--cull-interval", "1"], timeout=180)
    try:
        # wait until every notebook has its preheated kernel, then stay idle well past the cull timeout
        deadline = time.monotonic() + 240
        while len(children(proc.pid)) < len(ALL_NOTEBOOKS) and time.monotonic() < deadline:
            time.sleep(1)
        assert len(children(proc.pid)) >= len(ALL_NOTEBOOKS), "the pool never filled"
        time.sleep(20)
        assert len(children(proc.pid)) >= len(ALL_NOTEBOOKS), "a kernel waiting in the pool was culled"
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        pages = []
        for notebook in ALL_NOTEBOOKS:
            page = context.new_page()
            errors = PageErrors().attach(page)
            page.goto(f"{url}/voila/render/{notebook}", wait_until="commit", timeout=LOAD_MS)
            pages.append((notebook, page, errors))
        for notebook, page, errors in pages:
            ready = READY.get(notebook, ".rk-table .rk-board svg")
            page.locator(ready).first.wait_for(state="visible", timeout=LOAD_MS)
            expect(page.get_by_text("Loading widget")).to_have_count(0, timeout=LOAD_MS)
            expect(page.get_by_text("There was an error when executing cell")).to_have_count(0)
            # (a page whose kernel died draws no widget at all: "Loading widget..." or the widget's text form)
            assert [e for e in errors if e.startswith(("pageerror", "request outside"))] == [], (notebook, errors)
        # the pages stay usable past another cull period: a Step still answers
        time.sleep(6)
        notebook, page, _ = next(p for p in pages if p[0] == "rune_stones.ipynb")
        table = page.locator(".rk-table").first
        status = table.locator(".rk-status").first
        before = status.inner_text()
        table.locator("button.rk-step").first.click()
        expect(status).not_to_have_text(before, timeout=60_000)
        context.close()
    finally:
        stop(proc)
    text = log.read_text(errors="replace")
    assert [line for line in text.splitlines() if any(bad in line for bad in BAD_LOG)] == []


def test_limits_hosts_tokens_and_a_quiet_log(tmp_path):
    log = tmp_path / "dashboard.log"
    token = "class-7b-secret"
    proc, url = launch(
        log=log,
        preheat=False,
        args=["--max-kernels", "1", "--token", token, "--allow-host", "classroom.example"],
        timeout=120,
    )
    try:
        # a token guards every page: without it, the login page; with it, the gallery
        status, body = get(url + "/")
        assert "rk-gallery" not in body
        status, body = get(f"{url}/?token={token}")
        assert status == 200 and body.count('class="rk-card"') == len(ALL_NOTEBOOKS) and 'lang="de"' in body
        # Host header check (DNS rebinding): only the server's names, plus --allow-host
        status, body = get(f"{url}/?token={token}", host="attacker.example")
        assert status == 400 and "attacker.example" in body and "Dieser Server" in body
        assert get(f"{url}/?token={token}", host="classroom.example")[0] == 200
        # the kernel cap: the first page gets the only kernel, the second a page saying why not
        first = get(f"{url}/voila/render/00_welcome.ipynb?token={token}")
        assert first[0] == 200 and "rk-" in first[1]
        status, body = get(f"{url}/voila/render/rune_stones.ipynb?token={token}")
        assert status == 503 and "--max-kernels" in body and "Grenze" in body
        # a busy port is an error, one line, exit 2 (never a silent move to another port)
        port = url.rsplit(":", 1)[1]
        busy = subprocess.run(
            [sys.executable, "-m", "rulekit", "dashboard", "--port", port],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
        )
        assert busy.returncode == 2 and busy.stderr.count("\n") == 1 and "already in use" in busy.stderr
    finally:
        stop(proc)
    text = log.read_text(errors="replace")
    assert [line for line in text.splitlines() if any(bad in line for bad in BAD_LOG)] == []
    assert "kernel limit reached" in text


def test_a_closed_tab_shuts_its_kernel_and_the_websocket_has_nodelay(browser: Browser, tmp_path):
    log = tmp_path / "dashboard.log"
    os.environ["RULEKIT_NODELAY_CHECK"] = "1"
    try:
        proc, url = launch(log=log, preheat=False, port=free_port(), timeout=120)
    finally:
        del os.environ["RULEKIT_NODELAY_CHECK"]
    try:
        page = browser.new_page()
        page.goto(f"{url}/voila/render/rune_stones.ipynb", timeout=LOAD_MS)
        page.locator(".rk-table .rk-board svg").first.wait_for(timeout=LOAD_MS)
        assert len(children(proc.pid)) == 1
        page.close(run_before_unload=True)
        deadline = time.monotonic() + 30
        while children(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert children(proc.pid) == [], "the closed page's kernel is still running"
    finally:
        stop(proc)
    text = log.read_text(errors="replace")
    assert "rulekit: kernel websocket TCP_NODELAY=1" in text
    assert [line for line in text.splitlines() if any(bad in line for bad in BAD_LOG)] == []
