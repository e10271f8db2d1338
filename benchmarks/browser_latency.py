"""Dashboard load time and click-to-update latency in Chromium (a script, not a test).

Serves copies of notebooks/ plus two small notebooks under one Voila (the
way ``rulekit dashboard`` does: preheated kernels, no Nagle delay), then:

* load ratio: time until each dashboard's board is drawn, divided by the time
  until a one-button notebook's button is drawn (target <= 1.3);
* click-to-update: a click on Step until the status line changes, measured
  in the page (target: median <= 20 ms, p95 <= 100 ms);
* a full-page screenshot of each dashboard (paths are printed).

Run: ``PYTHONPATH=src python benchmarks/browser_latency.py [--runs 3] [--clicks 60] [--out DIR]``
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook
from playwright.sync_api import sync_playwright

from rulekit.dashboard import CHROMIUM, CHROMIUM_ARGS, find_notebooks, launch

BUTTON_NB = "zz_one_button.ipynb"
#: what shows that a dashboard is ready (a visible board, unless named here)
SELECTORS = {BUTTON_NB: ".rk-one", "explore_rules.ipynb": ".rk-explore-run >> visible=true"}
LATENCY_NB = "zz_latency.ipynb"

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
    btn.click();
    out.push(await changed);
    await new Promise((r) => setTimeout(r, 30));
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
    page.route("https://cdn.jsdelivr.net/**", lambda r: r.abort())
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
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.route("https://cdn.jsdelivr.net/**", lambda r: r.abort())
            page.goto(f"{url}/voila/render/{LATENCY_NB}", timeout=120_000)
            page.locator(".rk-table button.rk-step").first.wait_for(timeout=120_000)
            page.wait_for_timeout(1000)
            page.evaluate(MEASURE_JS, 5)  # warm up
            samples = [s for s in page.evaluate(MEASURE_JS, args.clicks) if s is not None]
            page.screenshot(path=str(out / "latency_table.png"), full_page=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(30)
    samples.sort()
    results["click_ms"] = {
        "n": len(samples),
        "median": round(statistics.median(samples), 1),
        "p95": round(samples[min(len(samples) - 1, int(0.95 * len(samples)))], 1),
        "max": round(samples[-1], 1),
    }
    (out / "results.json").write_text(json.dumps(results, indent=1))
    if not args.latency_only:
        print(f"one-button notebook load: median {base:.2f} s ({results['loads'][BUTTON_NB]})")
    for name, ratio in results["ratios"].items():
        verdict = "ok" if ratio <= 1.3 else "ABOVE TARGET"
        print(f"{name}: load {statistics.median(loads[name]):.2f} s, ratio {ratio} (target <= 1.3: {verdict})")
    c = results["click_ms"]
    print(
        f"click-to-update (Step): median {c['median']} ms, p95 {c['p95']} ms, max {c['max']} ms, n={c['n']}"
        " (targets 20 / 100 ms)"
    )
    for name, path in results["screenshots"].items():
        print(f"screenshot {name}: {path}")
    print(f"results: {out / 'results.json'}")


if __name__ == "__main__":
    main()
