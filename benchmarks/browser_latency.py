"""Dashboard load time and click-to-update latency in Chromium (a script, not a test).

Serves copies of notebooks/ plus two small notebooks under one Voila (the
way ``rulekit dashboard`` does: preheated kernels, no Nagle delay), then:

* load ratio: time until each dashboard's board is drawn, divided by the time
  until a one-button notebook's button is drawn (target <= 1.3);
* click-to-update: a click on Step until the status line changes, measured
  in the page, on both ways Voila is served (targets: median <= 10 ms,
  p95 <= 40 ms on each); also how many widget update messages each Step
  brought (issue 15: one, the table's whole update in its controls' frame):
  - ``rulekit dashboard`` (standalone Voila, rulekit.serve);
  - Voila as a Jupyter server extension (``jupyter server``: JupyterLab with
    Voila, Binder) with the nodelay extension enabled by the same config
    file the wheel installs (``jupyter-config/``, via JUPYTER_CONFIG_PATH);
  each path's log is checked for TCP_NODELAY=1 read on the live socket;
* a full-page screenshot of each dashboard (paths are printed).

Run: ``PYTHONPATH=src python benchmarks/browser_latency.py [--runs 3] [--clicks 60] [--out DIR]``
(``--latency-only`` skips load times and screenshots).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook
from playwright.sync_api import sync_playwright

from rulekit.serve.dashboard import CHROMIUM, CHROMIUM_ARGS, find_notebooks, free_port, launch

REPO = Path(__file__).resolve().parents[1]

BUTTON_NB = "zz_one_button.ipynb"
#: what shows that a dashboard is ready (a visible board, unless named here)
SELECTORS = {BUTTON_NB: ".rk-one", "explore_rules.ipynb": ".rk-explore-run >> visible=true"}
LATENCY_NB = "zz_latency.ipynb"

#: counts the widget update messages the page receives (text or binary websocket frames)
COUNT_UPDATES_JS = """
window.__rkUpdates = 0;
const RealSocket = window.WebSocket;
const decoder = new TextDecoder();
const isUpdate = /"msg_type":\\s*"comm_msg"[\\s\\S]*"method":\\s*"update"/;
window.WebSocket = class extends RealSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (ev) => {
      const text = typeof ev.data === "string" ? ev.data : decoder.decode(ev.data);
      if (isUpdate.test(text)) window.__rkUpdates += 1;
    });
  }
};
"""

MEASURE_JS = """async (n) => {
  const table = document.querySelector('.rk-table');
  const btn = table.querySelector('button.rk-step');
  const status = table.querySelector('.rk-status');
  const log = table.querySelector('.rk-log-rows');
  const out = [];
  for (let i = 0; i < n; i++) {
    const before = status.textContent;
    const t0 = performance.now();
    // done when the status line changed AND the event log (updated last) was redrawn
    const changed = new Promise((resolve) => {
      let statusDone = false, logDone = false;
      const finish = () => { if (statusDone && logDone) { mo.disconnect(); lo.disconnect(); resolve(performance.now() - t0); } };
      const mo = new MutationObserver(() => { if (status.textContent !== before) { statusDone = true; finish(); } });
      const lo = new MutationObserver(() => { logDone = true; finish(); });
      mo.observe(status, {subtree: true, childList: true, characterData: true});
      lo.observe(log, {subtree: true, childList: true, characterData: true});
      setTimeout(() => { mo.disconnect(); lo.disconnect(); resolve(null); }, 3000);
    });
    const updates = window.__rkUpdates;
    btn.click();
    const ms = await changed;
    await new Promise((r) => setTimeout(r, 30));
    out.push([ms, window.__rkUpdates - updates]);
  }
  return out;
}"""


def write_helpers(root: Path) -> None:
    nbformat.write(
        new_notebook(
            cells=[
                new_code_cell(
                    "import ipywidgets as w\nb = w.Button(description='one button')\nb.add_class('rk-one')\nb"
                )
            ]
        ),
        root / BUTTON_NB,
    )
    nbformat.write(
        new_notebook(
            cells=[
                new_code_cell(
                    "from rulekit.widgets import Table\n"
                    "Table('rune_stones', players=2, seed=1, seats=['random', 'random'], autoplay=False)"
                )
            ]
        ),
        root / LATENCY_NB,
    )


def load_time(browser, url: str, selector: str, shot: Path | None = None) -> float:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    t0 = time.perf_counter()
    page.goto(url, timeout=120_000)
    page.locator(selector).first.wait_for(timeout=120_000)
    elapsed = time.perf_counter() - t0
    if shot is not None:  # Voila scrolls inside the page: grow the window to the content first
        page.wait_for_timeout(1500)
        height = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
        page.set_viewport_size({"width": 1400, "height": min(int(height) + 40, 8000)})
        page.wait_for_timeout(500)
        page.screenshot(path=str(shot), full_page=True)
    page.close()
    return elapsed


def click_latency(browser, url: str, clicks: int, shot: Path | None) -> tuple[list[float], list[int]]:
    """Step clicks on the latency notebook under ``url``: ms (sorted) and update messages per click."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.add_init_script(COUNT_UPDATES_JS)
    page.goto(f"{url}/voila/render/{LATENCY_NB}", timeout=120_000)
    page.locator(".rk-table button.rk-step").first.wait_for(timeout=120_000)
    page.wait_for_timeout(1000)
    page.evaluate(MEASURE_JS, 5)  # warm up
    runs = page.evaluate(MEASURE_JS, clicks)
    samples = sorted(ms for ms, _ in runs if ms is not None)
    if shot is not None:
        page.screenshot(path=str(shot), full_page=True)
    page.close()
    return samples, [n for _, n in runs]


def summary(samples: list[float]) -> dict:
    return {
        "n": len(samples),
        "median": round(statistics.median(samples), 1),
        "p95": round(samples[min(len(samples) - 1, int(0.95 * len(samples)))], 1),
        "max": round(samples[-1], 1),
    }


class jupyter_server:
    """``jupyter server`` with the Voila extension on ``root``, the nodelay extension enabled by config."""

    def __init__(self, root: Path, log: Path) -> None:
        self.root, self.log, self.port = root, log, free_port()

    def __enter__(self) -> str:
        config = Path(tempfile.mkdtemp(prefix="rulekit-jcfg-"))
        shutil.copytree(REPO / "jupyter-config", config, dirs_exist_ok=True)
        env = {
            **os.environ,
            "JUPYTER_CONFIG_PATH": os.pathsep.join(
                p for p in (str(config), os.environ.get("JUPYTER_CONFIG_PATH")) if p
            ),
            "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
            "RULEKIT_NODELAY_CHECK": "1",
        }
        cmd = [sys.executable, "-m", "jupyter", "server", "--no-browser", "--allow-root", f"--port={self.port}"]
        cmd += ["--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", f"--ServerApp.root_dir={self.root}"]
        cmd += ["--ServerApp.port_retries=0"]
        self.proc = subprocess.Popen(cmd, stdout=open(self.log, "wb"), stderr=subprocess.STDOUT, env=env)  # noqa: SIM115
        url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + "/api/status", timeout=2):
                    return url
            except OSError:
                time.sleep(0.3)
        raise TimeoutError(f"jupyter server did not answer (log: {self.log})")

    def __exit__(self, *exc) -> None:
        self.proc.terminate()
        self.proc.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads per notebook")
    parser.add_argument("--clicks", type=int, default=60, help="Step clicks to time")
    parser.add_argument("--settle", type=float, default=6.0, help="seconds between loads (pool refill)")
    parser.add_argument("--out", default=None, help="folder for screenshots and results.json")
    parser.add_argument("--latency-only", action="store_true", help="skip the load times and screenshots")
    args = parser.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="rulekit-bench-"))
    out.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="rulekit-nb-"))
    dashboards = sorted(p.name for p in find_notebooks().glob("*.ipynb"))
    for name in dashboards:
        shutil.copy(find_notebooks() / name, root / name)
    write_helpers(root)
    os.environ["RULEKIT_NODELAY_CHECK"] = "1"  # each path logs TCP_NODELAY read on its live socket
    proc, url = launch(notebooks=root, log=out / "voila.log")
    results: dict = {"loads": {}, "ratios": {}, "screenshots": {}}
    try:
        time.sleep(args.settle * 2)  # let every preheated kernel finish its notebook
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            loads: dict[str, list[float]] = {BUTTON_NB: [], **{d: [] for d in dashboards}}
            for run in range(0 if args.latency_only else args.runs):
                for name in [BUTTON_NB, *dashboards]:
                    selector = SELECTORS.get(name, ".rk-board svg >> visible=true")
                    shot = out / f"{Path(name).stem}.png" if run == 0 and name != BUTTON_NB else None
                    loads[name].append(load_time(browser, f"{url}/voila/render/{name}", selector, shot))
                    if shot:
                        results["screenshots"][name] = str(shot)
                    time.sleep(args.settle)
            base = statistics.median(loads[BUTTON_NB]) if loads[BUTTON_NB] else float("nan")
            for name, times in loads.items() if not args.latency_only else ():
                results["loads"][name] = [round(t, 3) for t in times]
                if name != BUTTON_NB:
                    results["ratios"][name] = round(statistics.median(times) / base, 3)
            samples, messages = click_latency(browser, url, args.clicks, out / "latency_table.png")
            with jupyter_server(root, out / "server.log") as server_url:
                server_samples, server_messages = click_latency(browser, server_url, args.clicks, None)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(30)
    results["click_ms"] = summary(samples)
    results["server_click_ms"] = summary(server_samples)
    results["updates_per_step"] = {
        "rulekit dashboard": dict(sorted(Counter(messages).items())),
        "jupyter server + voila": dict(sorted(Counter(server_messages).items())),
    }
    results["nodelay_seen"] = {
        "rulekit dashboard": "TCP_NODELAY=1" in (out / "voila.log").read_text(errors="replace"),
        "jupyter server + voila": "TCP_NODELAY=1" in (out / "server.log").read_text(errors="replace"),
    }
    (out / "results.json").write_text(json.dumps(results, indent=1))
    if not args.latency_only:
        print(f"one-button notebook load: median {base:.2f} s ({results['loads'][BUTTON_NB]})")
    for name, ratio in results["ratios"].items():
        verdict = "ok" if ratio <= 1.3 else "ABOVE TARGET"
        print(f"{name}: load {statistics.median(loads[name]):.2f} s, ratio {ratio} (target <= 1.3: {verdict})")
    for label, key in (("rulekit dashboard", "click_ms"), ("jupyter server + voila", "server_click_ms")):
        c = results[key]
        verdict = "ok" if c["median"] <= 10 and c["p95"] <= 40 else "ABOVE TARGET"
        print(
            f"click-to-update (Step), {label}: median {c['median']} ms, p95 {c['p95']} ms, max {c['max']} ms, "
            f"n={c['n']} (targets 10 / 40 ms: {verdict}); TCP_NODELAY=1 on the live socket: "
            f"{results['nodelay_seen'][label]}"
        )
        counts = ", ".join(f"{n} message(s): {k}" for n, k in results["updates_per_step"][label].items())
        print(f"  widget update messages per Step, {label}: {counts} (of {args.clicks} Steps)")
    for name, path in results["screenshots"].items():
        print(f"screenshot {name}: {path}")
    print(f"results: {out / 'results.json'}")


if __name__ == "__main__":
    main()
