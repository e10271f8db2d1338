"""The static site of ``rulekit publish``: its size, a cold load and Step click times (a script, not a test).

Builds the site (or measures ``--site DIR``), serves it over loopback with a
plain static server, and in headless Chromium:

* cold load: a fresh browser context (empty cache) opens the Rune Stones
  notebook until its board is drawn (Pyodide start, wheels, notebook run);
* click-to-update: clicks on the table (a legal action of the human seat,
  or Step when a bot moves) until the status line changed, in the page.

Run: ``PYTHONPATH=src python benchmarks/static_site.py [--site DIR] [--clicks 30] [--loads 2]``
"""

from __future__ import annotations

import argparse
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

#: a click (a legal action, or Step for a bot) until the status line changed, timed in the page (the site's first click also loads code: warm up)
STATUS_JS = """async (n) => {
  const table = document.querySelector('.rk-table');
  const status = table.querySelector('.rk-status');
  const out = [];
  for (let i = 0; i < n; i++) {
    const before = status.textContent;
    const t0 = performance.now();
    const changed = new Promise((resolve) => {
      const mo = new MutationObserver(() => {
        if (status.textContent !== before) { mo.disconnect(); resolve(performance.now() - t0); }
      });
      mo.observe(status, {subtree: true, childList: true, characterData: true});
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=None, help="an already built site (default: build one now)")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--loads", type=int, default=2, help="cold loads to time")
    args = parser.parse_args()
    if args.site:
        site = Path(args.site)
    else:
        site = Path(tempfile.mkdtemp(prefix="rulekit-site-")) / "site"
        t0 = time.perf_counter()
        publish(site)
        print(f"build: {time.perf_counter() - t0:.0f} s")
    files = [p for p in site.rglob("*") if p.is_file()]
    print(f"site: {sum(p.stat().st_size for p in files) / 1e6:.1f} MB in {len(files)} files ({site})")
    server, url = serve_static(site)
    loads, transferred = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.loads):
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                page = context.new_page()
                sizes = []
                page.on("requestfinished", lambda r, sizes=sizes: sizes.append(r.sizes()["responseBodySize"]))
                t0 = time.perf_counter()
                page.goto(f"{url}/voici/render/rune_stones.html", timeout=600_000)
                page.locator(".rk-table .rk-board svg").first.wait_for(timeout=600_000)
                loads.append(time.perf_counter() - t0)
                transferred.append(sum(sizes))
                context.close()
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{url}/voici/render/rune_stones.html", timeout=600_000)
            page.locator(".rk-table button.rk-step").first.wait_for(timeout=600_000)
            page.wait_for_timeout(2000)
            page.wait_for_timeout(5000)  # the notebook's later cells play on: let them finish, then go back
            jump = page.locator(".rk-table input.rk-jump").first
            jump.fill("0")
            jump.press("Enter")
            page.locator(".rk-table .rk-status").first.filter(has_text="step 0 ").wait_for(timeout=60_000)
            page.evaluate(STATUS_JS, 3)
            raw = page.evaluate(STATUS_JS, args.clicks)
            samples = sorted(s for s in raw if s is not None)
            if not samples:
                raise SystemExit(f"no Step click changed the status line within 5 s ({len(raw)} tries)")
            browser.close()
    finally:
        server.shutdown()
    print(
        f"cold load (Rune Stones board drawn): {', '.join(f'{t:.1f}' for t in loads)} s; "
        f"downloaded {statistics.median(transferred) / 1e6:.1f} MB (response bodies Chromium reports)"
    )
    c = summary(samples)
    print(
        f"click-to-update (action or Step): median {c['median']} ms, p95 {c['p95']} ms, max {c['max']} ms, n={c['n']}"
    )


if __name__ == "__main__":
    main()
