"""A regular install works: build the wheel, install it into a fresh venv (not editable), serve from there.

This is what a teacher does with ``pip install "rulekit-games[dashboard]"``:
the notebooks, the gallery's words and thumbnails, the Voila template and
the nodelay server extension's config must all come from the wheel.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import venv
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from rulekit.serve.dashboard import free_port, launch

from .conftest import ALL_NOTEBOOKS, PageErrors

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LOAD_MS = 240_000


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, **kwargs)
    assert proc.returncode == 0, f"{cmd} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv holding the wheel of this checkout with the dashboard extra."""
    work = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"), str(ROOT)], env=env)
    (wheel,) = (work / "dist").glob("rulekit_games-*.whl")
    target = work / "venv"
    venv.create(target, with_pip=True)
    py = target / "bin" / "python"
    run([str(py), "-m", "pip", "install", "-q", f"{wheel}[dashboard]"], env=env, cwd=work)
    return target


def test_the_wheel_carries_notebooks_template_and_server_extension(installed):
    py = installed / "bin" / "python"
    code = (
        "import rulekit, rulekit.serve.dashboard as d, rulekit.serve.app as a; "
        "print(rulekit.__file__); print(sorted(p.name for p in d.PACKAGE_NOTEBOOKS.glob('*.ipynb'))); "
        "print((a.TEMPLATES / 'voila/templates/rulekit/index.html.j2').is_file())"
    )
    out = run([str(py), "-c", code], cwd=installed, env={"PATH": os.environ["PATH"]}).stdout.splitlines()
    assert str(installed) in out[0] and "site-packages" in out[0]  # not this checkout
    assert out[1] == str(ALL_NOTEBOOKS) and out[2] == "True"
    config = installed / "etc/jupyter/jupyter_server_config.d/rulekit.json"
    assert config.is_file() and "rulekit.serve.nodelay" in config.read_text()


def test_installed_rulekit_dashboard_serves_the_gallery_and_a_game(installed, page: Page, tmp_path):
    log = tmp_path / "dashboard.log"
    env_backup = os.environ.get("PYTHONPATH")
    os.environ.pop("PYTHONPATH", None)
    cwd = os.getcwd()
    os.chdir(tmp_path)  # nothing from this checkout: not its notebooks/ nor its src/
    try:
        proc, url = launch(command=[str(installed / "bin" / "rulekit"), "dashboard"], log=log, timeout=180)
    finally:
        os.chdir(cwd)
        if env_backup is not None:
            os.environ["PYTHONPATH"] = env_backup
    try:
        errors = PageErrors().attach(page)
        page.goto(url + "/", timeout=LOAD_MS)
        expect(page.locator("a.rk-card")).to_have_count(len(ALL_NOTEBOOKS))
        _step_in_rune_stones(page)
        assert [e for e in errors if e.startswith(("pageerror", "request outside"))] == [], errors
    finally:
        proc.terminate()
        proc.wait(30)
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text[-4000:]


def test_installed_jupyter_server_with_voila_gets_nodelay_from_the_wheel_config(installed, page: Page, tmp_path):
    """Voila as a server extension (JupyterLab with Voila, Binder): the shipped config enables nodelay."""
    port = free_port()
    log = tmp_path / "server.log"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["RULEKIT_NODELAY_CHECK"] = "1"
    notebooks = run(
        [str(installed / "bin" / "python"), "-c", "import rulekit.serve.dashboard as d; print(d.PACKAGE_NOTEBOOKS)"],
        env=env,
    ).stdout.strip()
    cmd = [
        str(installed / "bin" / "jupyter"),
        "server",
        "--no-browser",
        "--allow-root",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        f"--ServerApp.root_dir={notebooks}",
    ]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=tmp_path)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while "is running at" not in log.read_text(errors="replace") and time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text(errors="replace")
            time.sleep(0.5)
        page.goto(f"{url}/voila/render/rune_stones.ipynb", timeout=LOAD_MS)
        page.locator(".rk-table .rk-board svg").first.wait_for(timeout=LOAD_MS)
    finally:
        proc.terminate()
        proc.wait(30)
    text = log.read_text(errors="replace")
    assert "rulekit: kernel websocket TCP_NODELAY=1" in text, text[-3000:]


def test_binder_path_serves_the_gallery_through_jupyter_server_proxy(installed, page: Page, tmp_path):
    """What the Binder badge opens: ``/rulekit/`` of a Jupyter server starts ``rulekit dashboard`` behind the proxy."""
    py = installed / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    run([str(py), "-m", "pip", "install", "-q", "jupyter-server-proxy>=4.1"], env=env)
    env["RULEKIT_NODELAY_CHECK"] = "1"
    port = free_port()
    log = tmp_path / "server.log"
    cmd = [str(installed / "bin" / "jupyter"), "server", "--no-browser", "--allow-root", f"--port={port}"]
    cmd += ["--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", f"--ServerApp.root_dir={tmp_path}"]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        while "is running at" not in log.read_text(errors="replace") and time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text(errors="replace")
            time.sleep(0.5)
        errors = PageErrors().attach(page)
        page.goto(f"http://127.0.0.1:{port}/rulekit/", timeout=LOAD_MS)
        expect(page.locator("a.rk-card")).to_have_count(len(ALL_NOTEBOOKS), timeout=LOAD_MS)
        _step_in_rune_stones(page)
        assert [e for e in errors if e.startswith(("pageerror", "request outside"))] == [], errors
    finally:
        proc.terminate()
        proc.wait(30)
    text = log.read_text(errors="replace")
    # both hops send without delay: the dashboard's kernel socket and the proxy's socket to the browser
    assert "rulekit: kernel websocket TCP_NODELAY=1" in text, text[-4000:]
    assert "rulekit: proxy websocket TCP_NODELAY=1" in text, text[-4000:]


def _step_in_rune_stones(page) -> None:
    """From the gallery: open Rune Stones, press Step and see the status line change."""
    page.locator('a.rk-card[data-notebook="rune_stones.ipynb"]').click()
    table = page.locator(".rk-table").first
    table.locator(".rk-board svg").first.wait_for(timeout=LOAD_MS)
    status = table.locator(".rk-status").first
    before = status.inner_text()
    table.locator("button.rk-step").first.click()
    expect(status).not_to_have_text(before, timeout=60_000)
