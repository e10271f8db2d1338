"""The static site of ``rulekit publish``: size, files, cold load per notebook, click latency (a script, not a test).

Builds the site (or measures ``--site DIR``; ``--before DIR`` measures an
earlier build too and prints both side by side), serves each over loopback
with a plain static server, and in headless Chromium:

* cold load per notebook: a fresh browser context (empty cache) opens the
  notebook until its first widget is drawn (a game's board, the Explorer's
  Run button): Pyodide start, wheels, imports, the notebook's cells. The
  phases of the Rune Stones load are printed from the page's requests and
  console (runtime fetched, wheels fetched, first cell's imports, board);
* click-to-update: clicks on the Rune Stones table (a legal action of the
  human seat, or Step when a bot moves) until the status line changed,
  timed in the page.

Run: ``PYTHONPATH=src python benchmarks/static_site.py [--site DIR] [--before DIR] [--clicks 30] [--loads 3]
[--notebooks rune_stones,spellbound]``
Say the machine's load (``uptime``) with the figures: on 2 shared cores they move a lot.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from browser_latency import summary  # noqa: E402
from tests.browser.test_static_site import serve_static  # noqa: E402

from rulekit.serve.dashboard import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from rulekit.serve.publish import publish  # noqa: E402

#: what "drawn" means per notebook: its first widget on screen
READY = {"explore_rules": ".rk-explore-run", "classroom": ".rk-board svg"}
BOARD = ".rk-table .rk-board svg"

#: a click (a legal action, or Step for a bot) until the status line changed, timed in the page (the site's first click also loads code: warm up)
STATUS_JS = """async (n) => {
  const table = document.querySelector('.rk-table');
  const status = () => table.querySelector('.rk-status');  // a redraw may replace the node: read it fresh
  const out = [];
  for (let i = 0; i < n; i++) {
    const before = status().textContent;
    const t0 = performance.now();
    const changed = new Promise((resolve) => {
      const mo = new MutationObserver(() => {
        if (status().textContent !== before) { mo.disconnect(); resolve(performance.now() - t0); }
      });
      mo.observe(table, {subtree: true, childList: true, characterData: true});
      setTimeout(() => { mo.disconnect(); resolve(null); }, 5000);
    });
    // the notebook's table has a human seat: click its first legal action (Step when the seat to move is a bot)
    const btn = table.querySelector('button.rk-action:not(.rk-illegal)') || table.querySelector('button.rk-step');
    btn.click();
    out.push(await changed);
    await new Promise((r) => setTimeout(r, 50));
  }
  return out;
}"""


def notebooks(site: Path) -> list[str]:
    return sorted(p.stem for p in (site / "voici" / "render").glob("*.html"))


#: where a cold load's time goes, in the order the phases end (seconds from navigation)
PHASES = (
    ("page code", "Voici's scripts ran and started the kernel's worker"),
    ("runtime fetched", "pyodide.asm.wasm (the interpreter) downloaded and compiled"),
    ("wheels fetched", "the last wheel downloaded (all are requested at once)"),
    ("kernel ready", "Python started, wheels unpacked, IPython and the kernel imported: the first cell runs"),
    ("widget code", "the first cell's imports and Table built: the board's ES modules load"),
    ("drawn", "the board's SVG is on the page"),
    ("notebook done", "the last cell has run (before #28's progressive pages: the page showed only then)"),
)


def _kind(url: str) -> str:
    if url.endswith(".whl"):
        return "wheels"
    if "/static/pyodide/" in url:
        return "runtime"
    return "page"


def cold_load(browser, url: str, name: str) -> dict:
    """One cold load: seconds until the notebook's first widget is drawn, its phases, and what it downloaded."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    fetched: dict[str, list[int]] = {}
    wheel_starts: list[float] = []
    phases: dict[str, float] = {}
    t0 = time.perf_counter()

    def now() -> float:
        return time.perf_counter() - t0

    def started(request) -> None:
        if request.url.endswith(".whl"):
            wheel_starts.append(now())
        elif request.url.startswith("blob:"):
            phases.setdefault("widget code", now())

    def finished(request) -> None:
        if request.url.startswith("blob:"):
            return
        kind = _kind(request.url)
        fetched.setdefault(kind, []).append(max(0, request.sizes()["responseBodySize"]))
        if request.url.endswith("pyodide.asm.wasm"):
            phases["runtime fetched"] = now()
        elif kind == "wheels":
            phases["wheels fetched"] = now()

    def console(msg) -> None:
        # the kernel checks the first cell's imports against its packages before running it
        if "already loaded from default channel" in msg.text:
            phases.setdefault("kernel ready", now())
        elif msg.text == "rulekit-bench: cells done":
            phases.setdefault("notebook done", now())

    page.on("request", started)
    page.on("requestfinished", finished)
    page.on("console", console)
    page.on("worker", lambda _: phases.setdefault("page code", now()))
    # Voici removes its running-cell note once the last cell has run
    page.add_init_script(
        "let seen = false; new MutationObserver((_, obs) => { if (document.getElementById('loading')) seen = true;"
        " else if (seen) { console.log('rulekit-bench: cells done'); obs.disconnect(); } })"
        ".observe(document, {childList: true, subtree: true});"
    )
    load_avg = os.getloadavg()[0]
    page.goto(f"{url}/voici/render/{name}.html", timeout=600_000)
    page.locator(READY.get(name, BOARD)).first.wait_for(timeout=600_000)
    phases["drawn"] = now()
    page.locator("#loading").wait_for(state="detached", timeout=600_000)
    phases.setdefault("notebook done", now())
    context.close()
    spread = max(wheel_starts) - min(wheel_starts) if wheel_starts else 0.0
    return {
        "seconds": phases["drawn"],
        "load": load_avg,
        "phases": {k: phases[k] for k, _ in PHASES if k in phases},
        "fetched": {k: (len(v), sum(v)) for k, v in fetched.items()},
        "wheels": (len(wheel_starts), spread),
    }


def clicks(browser, url: str, n: int) -> list[float]:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{url}/voici/render/rune_stones.html", timeout=600_000)
    page.locator(".rk-table button.rk-step").first.wait_for(timeout=600_000)
    page.wait_for_timeout(7000)  # the notebook's later cells play on: let them finish, then go back
    jump = page.locator(".rk-table input.rk-jump").first
    jump.fill("0")
    jump.press("Enter")
    page.locator(".rk-table .rk-status").first.filter(has_text="step 0 ").wait_for(timeout=60_000)
    page.evaluate(STATUS_JS, 3)
    raw = page.evaluate(STATUS_JS, n)
    page.close()
    return sorted(s for s in raw if s is not None)


def measure(sites: dict[str, Path], loads: int, n_clicks: int, only: list[str] | None = None) -> dict[str, dict]:
    """Every site's figures; cold loads alternate between the sites, so a change in the machine's load hits both."""
    out = {}
    servers = {}
    for label, site in sites.items():
        files = [p for p in site.rglob("*") if p.is_file()]
        out[label] = {"MB": sum(p.stat().st_size for p in files) / 1e6, "files": len(files), "loads": {}, "runs": []}
        servers[label] = serve_static(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            names = sorted(set().union(*(notebooks(site) for site in sites.values())))
            names = [n for n in names if not only or n in only]
            names.sort(key=lambda n: n != "rune_stones")  # the yardstick first
            for name in names:
                for _ in range(loads):
                    for label, site in sites.items():
                        if name not in notebooks(site):
                            continue
                        run = cold_load(browser, servers[label][1], name)
                        out[label]["loads"].setdefault(name, []).append((run["seconds"], run["load"]))
                        if name == "rune_stones":
                            out[label]["runs"].append(run)
            for label in sites if n_clicks else ():
                times = clicks(browser, servers[label][1], n_clicks)
                out[label]["clicks"] = summary(times) if times else {}
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
    return out


def _median_run(runs: list[dict]) -> dict:
    """The Rune Stones load whose time is the median (its phases and downloads belong together)."""
    return sorted(runs, key=lambda r: r["seconds"])[(len(runs) - 1) // 2]


def report(label: str, m: dict) -> None:
    print(f"\n== {label}: {m['MB']:.1f} MB in {m['files']} files")
    print("  cold load to first widget, s (1-minute load average at the start of each load in brackets):")
    for name, runs in m["loads"].items():
        each = ", ".join(f"{t:4.1f} ({la:.1f})" for t, la in runs)
        print(f"    {name:22} median {statistics.median(t for t, _ in runs):4.1f}   [{each}]")
    if m["runs"]:
        run = _median_run(m["runs"])
        print(f"  Rune Stones, the median load ({run['seconds']:.1f} s), phase by phase:")
        last = 0.0
        meanings = dict(PHASES)
        for key, at in sorted(run["phases"].items(), key=lambda kv: kv[1]):
            print(f"    {key:16} at {at:5.1f} s  (+{at - last:4.1f})  {meanings[key]}")
            last = at
        for kind, (n, size) in sorted(run["fetched"].items()):
            print(f"    downloaded {kind:8} {n:4d} files {size / 1e6:5.1f} MB")
        n, spread = run["wheels"]
        print(f"    the {n} wheels were requested within {spread:.2f} s of each other (in parallel)")
    c = m.get("clicks")
    if c is None:  # --clicks 0
        return
    if not c:
        print("  click-to-update: no click changed the status line within 5 s")
        return
    print(
        f"  click-to-update (action or Step): median {c['median']} ms, p95 {c['p95']} ms, max {c['max']} ms, n={c['n']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=None, help="an already built site (default: build one now)")
    parser.add_argument("--before", default=None, help="an earlier build to measure too (printed first)")
    parser.add_argument("--clicks", type=int, default=30, help="clicks to time (0: none)")
    parser.add_argument("--notebooks", default=None, help="only these notebooks (comma-separated names)")
    parser.add_argument("--loads", type=int, default=3, help="cold loads to time per notebook (median printed)")
    args = parser.parse_args()
    if args.site:
        site = Path(args.site)
    else:
        site = Path(tempfile.mkdtemp(prefix="rulekit-site-")) / "site"
        t0 = time.perf_counter()
        publish(site)
        print(f"build: {time.perf_counter() - t0:.0f} s")
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    sites = {"before": Path(args.before), "after": site} if args.before else {"site": site}
    for label, m in measure(sites, args.loads, args.clicks, args.notebooks and args.notebooks.split(",")).items():
        report(label, m)
        if args.before and label == "before":
            left_out = sorted(set(notebooks(site)) - set(notebooks(Path(args.before))))
            if left_out:
                print(f"  (not in the earlier site: {', '.join(left_out)})")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
