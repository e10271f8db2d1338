"""Voici's built output, trimmed for a faster first visit and a smaller site.

``voici build`` writes a full JupyterLite deployment: its own lab app at the
site's root (which Voici's pages never load), a service worker plugin that
makes every import in the kernel ask the browser's drive first, and every
page with the same 256 KB of JupyterLab styles pasted inline. Each step
here removes one of these and says why it is safe; ``rulekit publish``
runs them after the build.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from ..engine import RulekitError

__all__ = ["SERVICE_WORKER", "UNUSED", "prune", "shared_styles", "without_service_worker"]

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
