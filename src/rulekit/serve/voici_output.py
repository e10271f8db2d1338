"""Voici's built output, trimmed for a faster first visit and a smaller site.

``voici build`` writes a full JupyterLite deployment: its own lab app at the
site's root (which Voici's pages never load), a service worker plugin that
makes every import in the kernel ask the browser's drive first, every page
with the same 256 KB of JupyterLab styles pasted inline, and pages that stay
blank behind a spinner until the last cell has run. Each step here changes
one of these and says why it is safe; ``rulekit publish`` runs them after
the build.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from ..engine import RulekitError

__all__ = ["SERVICE_WORKER", "UNUSED", "progressive", "prune", "shared_styles", "without_service_worker"]

#: JupyterLite's service worker makes the kernel mount the browser's drive as its working folder:
#: then every import asks the drive first (one synchronous request per module, about 130 at start).
#: The dashboards read and write no files, so the site runs without it. Voici's bundle adds the
#: plugin by hand (``disabledExtensions`` does not reach it), so the build drops it from there.
SERVICE_WORKER = '"@jupyterlite/application-extension:service-worker-manager"===e.id'

#: JupyterLite's own lab app at the site's root: Voici's pages never load it (they have their own
#: bundle and icon font under voici/build), so the site leaves it out (5.5 MB)
UNUSED = ("build/jlab_core.*.js", "build/fa-*")

#: an inline style block at least this long, repeated on several pages, moves into a shared file
SHARED_MIN = 4096
#: where the shared style files go (under the site's ``voici`` folder)
STYLES = "styles"
_STYLE = re.compile(r'<style type="text/css">(.*?)</style>', re.DOTALL)
#: a relative address inside CSS would resolve against the new file's folder instead of the page's
_RELATIVE_URL = re.compile(r"url\(\s*['\"]?(?!data:|https?:|/|#)", re.IGNORECASE)


def without_service_worker(site: Path) -> None:
    """Leave JupyterLite's service worker out of Voici's plugin list (see ``SERVICE_WORKER``)."""
    found = 0
    for bundle in (site / "voici" / "build").glob("*.js"):
        text = bundle.read_text(encoding="utf-8")
        if SERVICE_WORKER in text:
            bundle.write_text(text.replace(SERVICE_WORKER, "!1"), encoding="utf-8")
            found += 1
    if not found:
        raise RulekitError(
            "Voici's bundle no longer names the service worker plugin as expected: update SERVICE_WORKER"
        )


def prune(site: Path) -> int:
    """Remove ``UNUSED`` from a built site; returns the bytes saved."""
    saved = 0
    for pattern in UNUSED:
        for path in site.glob(pattern):
            saved += path.stat().st_size
            path.unlink()
    return saved


def shared_styles(site: Path) -> int:
    """Move the style blocks that Voici pastes into every page into one file each; returns the bytes saved.

    Every rendered notebook and the tree page carry the same JupyterLab
    styles inline (about 256 KB a page). As a shared file they are fetched
    once for all pages a visitor opens, and the site is about 2 MB smaller.
    A block stays inline when it is short, appears on one page only, or
    holds a relative ``url(...)`` (it would point elsewhere from the file).
    """
    pages = sorted((site / "voici").glob("*/*.html"))
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    seen: dict[str, int] = {}
    for text in texts.values():
        for block in {m.group(1) for m in _STYLE.finditer(text)}:
            seen[block] = seen.get(block, 0) + 1
    shared = {b for b, n in seen.items() if n > 1 and len(b) >= SHARED_MIN and not _RELATIVE_URL.search(b)}
    if not shared:
        return 0
    folder = site / "voici" / STYLES
    folder.mkdir(exist_ok=True)
    files = {}
    for block in shared:
        name = f"lab-{hashlib.sha256(block.encode()).hexdigest()[:12]}.css"
        (folder / name).write_text(block, encoding="utf-8")
        files[block] = folder / name
    saved = 0
    for page, text in texts.items():

        def link(match: re.Match, page: Path = page) -> str:
            target = files.get(match.group(1))
            if target is None:
                return match.group(0)
            href = Path(os.path.relpath(target, page.parent)).as_posix()
            return f'<link rel="stylesheet" type="text/css" href="{href}">'

        new = _STYLE.sub(link, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            saved += len(text.encode()) - len(new.encode())
    return saved - sum(len(b.encode()) for b in shared)


#: Voici's page script that every running cell calls (the hook ``progressive`` wraps)
LOADING_HOOK = "window.update_loading_text = function(cell_index, cell_count, text) {"
#: where the wrapper goes: just before the notebook's cells
CELLS = '<div id="rendered_cells" style="display: none">'
#: shows the cells as soon as the page's theme is in place, and turns the full-page spinner into a
#: small status note in a corner until the last cell has run. Meanwhile the cells live in the page's
#: body and JupyterLite's (still empty) shell is hidden; at the end Voici moves them into the shell,
#: where the reader's scroll position is restored.
PROGRESSIVE = """<!-- rulekit: the notebook shows while its cells run -->
<style>
  body.rk-running { overflow: auto; margin: 0; }
  body.rk-running > #main { display: none; }
  #loading.rk-running { position: fixed; right: 1rem; bottom: 1rem; height: auto; flex-direction: row;
    gap: 0.5rem; padding: 0.25rem 0.75rem; border: 1px solid #767676; border-radius: 1rem;
    background: #ffffff; color: #1a1a1a; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25); z-index: 1000; }
  #loading.rk-running .spinner-container { width: 1.25rem; height: 1.25rem; }
  #loading.rk-running .spinner-container svg { width: 1.25rem; height: 1.25rem; }
  #loading.rk-running #loading_text { margin: 0; font-size: 0.9rem; font-weight: normal; }
</style>
<script>
  (() => {
    const update = window.update_loading_text;
    window.update_loading_text = function (...args) {
      update.apply(this, args);
      if (!window.themeLoaded) return;  // Voici shows the cells itself once its theme is there
      const cells = document.getElementById("rendered_cells");
      const loading = document.getElementById("loading");
      if (!cells || !loading || loading.classList.contains("rk-running")) return;
      cells.style.display = "";
      document.body.classList.add("rk-running");
      loading.classList.add("rk-running");
      loading.setAttribute("role", "status");
    };
    const display = window.display_cells;
    window.display_cells = function (...args) {
      const running = document.body.classList.contains("rk-running");
      const y = window.scrollY;
      display.apply(this, args);
      if (!running) return;
      document.body.classList.remove("rk-running");
      // Voici moves the cells into its shell right after this: scroll that to where the reader was
      requestAnimationFrame(() => {
        for (let el = document.getElementById("rendered_cells"); el; el = el.parentElement) {
          if (el.scrollHeight > el.clientHeight && /auto|scroll/.test(getComputedStyle(el).overflowY)) {
            el.scrollTop = y;
            break;
          }
        }
      });
    };
  })();
</script>
"""
#: Voici's page script that shows the cells when the last one has run (wrapped too)
DISPLAY_HOOK = "window.display_cells = function() {"


def progressive(site: Path) -> int:
    """Let every notebook page show its cells while they run; returns the pages changed.

    Voici keeps a page blank until the notebook's last cell has run, so a
    game's board appeared only after the whole walk-through had played
    (a full game in Rune Stones). With this, the text shows as soon as the
    page's theme is in place, each output as soon as its cell ran, and a
    small status note says which cell runs (what Voila calls progressive
    rendering). Clicks made meanwhile wait in the kernel's queue.
    """
    changed = 0
    for page in sorted((site / "voici" / "render").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        if LOADING_HOOK not in text or DISPLAY_HOOK not in text or text.count(CELLS) != 1:
            raise RulekitError(f"Voici's page {page.name} no longer has the loading hook expected: update progressive")
        page.write_text(text.replace(CELLS, PROGRESSIVE + CELLS), encoding="utf-8")
        changed += 1
    return changed
