"""A page that knows its kernel died (issue 24, item 8), on a real dashboard server.

Seen on main before: a killed kernel left the page silently dead (board
drawn, Step did nothing, only the console knew; a reload gave a new game).
Now the page shows a notice (role="alert", in the page's language) with a
Reconnect button, and Reconnect brings the table back at its step, with its
status and language, from the trail the browser kept (nothing leaves loopback).
"""

from __future__ import annotations

import os
import re
import signal
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from rulekit.serve.dashboard import launch

from .conftest import NOTEBOOKS, PageErrors
from .test_dashboards import LOAD_MS, STEP_MS
from .test_serving import children, stop

pytestmark = pytest.mark.browser
TOKEN = "class-7b-lifeline"


def _kernels(server_pid: int) -> list[int]:
    """The server's kernel processes (ipykernel), found by their command line."""
    found = []
    for pid in children(server_pid):
        try:
            if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


def _decide(page: Page, table, times: int) -> None:
    """Make ``times`` decisions with the first legal action (Step when only automatic steps are due)."""
    status, step = table.locator(".rk-status").first, table.locator("button.rk-step").first
    legal = table.locator("button.rk-action:not(.rk-illegal)")
    for _ in range(times):
        before = status.get_attribute("data-step")
        deadline = time.monotonic() + STEP_MS / 1000
        while not (legal.count() or step.is_enabled()) and time.monotonic() < deadline:
            page.wait_for_timeout(100)  # the action buttons arrive just after the status line
        if legal.count():
            legal.first.click()
        else:
            table.locator("button.rk-step").first.click()
        expect(status).not_to_have_attribute("data-step", before or "")  # every decision or step moves on


def _kernel_id(pid: int) -> str:
    """A kernel's id, from the connection file on its command line (``kernel-<id>.json``)."""
    found = re.search(rb"kernel-([0-9a-f-]{36})\.json", Path(f"/proc/{pid}/cmdline").read_bytes())
    assert found, "no connection file on the kernel's command line"
    return found.group(1).decode()


def _shut_down(url: str, kernel_id: str) -> int:
    """What a teacher's script (or an idle culler) does: DELETE /api/kernels/<id> with the token."""
    request = urllib.request.Request(
        f"{url}/api/kernels/{kernel_id}", method="DELETE", headers={"Authorization": f"token {TOKEN}"}
    )
    with urllib.request.urlopen(request, timeout=60) as resp:
        return resp.status


@pytest.mark.parametrize("how", ["sigkill", "delete"])
def test_a_killed_kernel_shows_a_notice_and_reconnect_restores_the_table(page: Page, tmp_path, how):
    errors = PageErrors().attach(page)
    log = tmp_path / "dashboard.log"
    proc, url = launch(notebooks=NOTEBOOKS, preheat=False, log=log, args=["--token", TOKEN], timeout=180)
    try:
        page.set_default_timeout(STEP_MS)
        page.goto(f"{url}/voila/render/rune_stones.ipynb?token={TOKEN}", timeout=LOAD_MS)
        table = page.locator(".rk-table").first
        table.wait_for(timeout=LOAD_MS)
        status = table.locator(".rk-status").first
        expect(page.locator("#rk-kernel-lost")).to_have_count(0)
        table.locator(".rk-lang button.rk-lang-de").first.click()  # the page's language: German
        expect(status).to_contain_text("Schritt")
        _decide(page, table, 3)
        step, text = status.get_attribute("data-step"), status.inner_text()
        assert step not in (None, "0")

        kernels = _kernels(proc.pid)
        assert len(kernels) == 1, kernels  # no preheating: the page's own kernel
        if how == "sigkill":
            os.kill(kernels[0], signal.SIGKILL)  # as the out-of-memory killer would (the server restarts it)
        else:
            assert _shut_down(url, _kernel_id(kernels[0])) == 204  # gone for good

        notice = page.locator("#rk-kernel-lost")
        expect(notice).to_be_visible(timeout=STEP_MS)
        assert notice.get_attribute("role") == "alert" and notice.get_attribute("lang") == "de"
        expect(notice).to_contain_text("Kernel verloren")
        button = notice.get_by_role("button", name="Neu verbinden")
        expect(button).to_be_focused()  # keyboard users land on it

        button.click()
        table = page.locator(".rk-table").first
        table.wait_for(timeout=LOAD_MS)
        status = table.locator(".rk-status").first
        expect(table.locator(".rk-why .rk-hint").first).to_contain_text(f"Schritt {step}", timeout=LOAD_MS)
        expect(status).to_have_attribute("data-step", step)
        assert status.inner_text() == text
        expect(page.locator("#rk-kernel-lost")).to_have_count(0)
        _decide(page, table, 1)  # the new kernel answers
    finally:
        stop(proc)
    assert [e for e in errors if "outside loopback" in e] == []
    assert "Traceback" not in log.read_text(errors="replace")
