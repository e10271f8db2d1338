"""JupyterLab smoke test: the Rune Stones Table renders and steps in Lab."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook
from playwright.sync_api import Page, expect

import rulekit
from rulekit.serve.dashboard import free_port

pytestmark = pytest.mark.browser
TOKEN = "rulekit-smoke"


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    nbformat.write(
        new_notebook(
            cells=[new_code_cell("from rulekit.widgets import Table\nTable('rune_stones', players=2, seed=1)")],
            metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        ),
        root / "smoke.ipynb",
    )
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
        "JUPYTER_CONFIG_DIR": str(root / "config"),
        "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
    }
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.workspaces_dir={root / 'ws'}",
        f"--LabApp.user_settings_dir={root / 'settings'}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    with open(root / "lab.log", "wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"JupyterLab did not start; see {root / 'lab.log'}")
            time.sleep(0.5)
    yield url
    proc.terminate()
    proc.wait(20)


@pytest.mark.skipif("rune_stones" not in rulekit.games(), reason="Rune Stones is not installed yet")
def test_rune_stones_table_renders_in_lab(page: Page, lab_url, page_errors):
    page.set_default_timeout(30_000)
    page.goto(f"{lab_url}/lab/tree/smoke.ipynb?token={TOKEN}", timeout=120_000)
    page.wait_for_function("window.jupyterapp && document.querySelector('.jp-NotebookPanel')", timeout=120_000)
    page.wait_for_function(
        "(() => { const w = window.jupyterapp.shell.currentWidget;"
        " return w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel"
        " && w.sessionContext.session.kernel.status === 'idle'; })()",
        timeout=120_000,
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    table = page.locator(".rk-table").first
    table.wait_for(timeout=120_000)
    expect(table.locator(".rk-board svg").first).to_be_visible()
    table.locator(".rk-side-tabs .lm-TabBar-tab").nth(2).click()  # the phase flow's tab (issue 22)
    expect(table.locator(".rk-phase-graph .rk-phase.rk-current").first).to_be_visible()
    status = table.locator(".rk-status").first
    before = status.inner_text()
    table.locator("button.rk-step").first.click()
    expect(status).not_to_have_text(before)
    errors = [e for e in page_errors if "cdn.jsdelivr" not in e]
    assert [e for e in errors if e.startswith("pageerror")] == [], errors
