"""Keep the static site from ever reaching another host: clean Voici's output, then check it.

Voici's page template and the bundles it copies carry a few links to
content delivery networks: Font Awesome as a render-blocking ``<link>``, a
lazy ``import()`` of mermaid from cdnjs when a notebook holds a mermaid
diagram, a MathJax 2 address in the page config, and defaults of the
Pyodide loader and kernel that point at jsdelivr when no local runtime is
configured. On a school network that blackholes those hosts, any of them
can hang a page; a site handed to a class must work from its own folder.

``make_offline`` removes or neutralises them (a neutralised address points
into the site itself, where a request fails at once instead of leaving the
machine); ``reaches_out`` scans every text file of a built site and lists
what could still fetch from another host. ``rulekit publish`` refuses to
finish a site for which that list is not empty.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["CDN_HOSTS", "make_offline", "reaches_out"]

#: hosts that serve code, styles, fonts or packages to browsers: never named in the site
CDN_HOSTS = (
    "cdn.jsdelivr.net",
    "cdnjs.cloudflare.com",
    "unpkg.com",
    "esm.sh",
    "cdn.skypack.dev",
    "fonts.googleapis.com",
    "fonts.gstatic.com",
    "pypi.org",
    "files.pythonhosted.org",
    "raw.githubusercontent.com",
    "cdn.plot.ly",
    "mathjax.org",
)
#: text files a browser may read (binary fonts, images and wasm are not scanned)
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".cjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".map"}
#: where a neutralised CDN address points: inside the site, where nothing is (fails at once)
NOWHERE = "./offline-no-cdn"

_CDN = re.compile(r"(?:https?:)?//(?:" + "|".join(re.escape(h) for h in CDN_HOSTS) + r")(?=[/\"'`\s)?#]|$)")
#: Voici's lazy mermaid loader: a module script that imports mermaid from cdnjs when a page has a diagram
_MERMAID = re.compile(
    r"<script type=\"module\">\s*document\.addEventListener\(\"DOMContentLoaded\", async \(\) => \{\s*"
    r"const diagrams = document\.querySelectorAll\(\"\.jp-Mermaid.*?</script>",
    re.DOTALL,
)
#: an address the browser fetches by itself (not a link a person may click)
_FETCHED = re.compile(
    r"(?:\b(?:src|srcset|data|poster)\s*=\s*[\"']?|<link\b[^>]*\bhref\s*=\s*[\"']?|"
    r"\bimport\s*\(\s*[\"'`]|\bimport\s+[\"'`]|\bfrom\s+[\"'`]|\bimportScripts\s*\(\s*[\"'`]|"
    r"\bfetch\s*\(\s*[\"'`]|\burl\(\s*[\"']?|@import\s+[\"'])"
    r"(https?:)?//(?!127\.0\.0\.1|localhost)[a-z0-9.-]+\.[a-z]{2,}",
    re.IGNORECASE,
)


def make_offline(site: Path) -> int:
    """Remove the mermaid loader and neutralise every CDN address in ``site``; returns the changes."""
    changed = 0
    for path in _text_files(site):
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        new, n_mermaid = _MERMAID.subn("<!-- rulekit: mermaid diagrams are not loaded from a CDN -->", text)
        new = re.sub(r"\s*<link[^>]*https?://cdn\.jsdelivr\.net[^>]*>", "", new)  # Font Awesome: the bundle has it
        new, n_cdn = _CDN.subn(NOWHERE, new)
        if new != text:
            path.write_text(new, encoding="utf-8", errors="surrogateescape")
            changed += n_mermaid + n_cdn + 1
    return changed


def reaches_out(site: Path) -> list[str]:
    """Every place in ``site`` that names a CDN or makes the browser fetch from another host."""
    found = []
    for path in _text_files(site):
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in _CDN.finditer(text):
            found.append(f"{path.relative_to(site)}: {_around(text, match.start())}")
        for match in _FETCHED.finditer(text):
            if not _in_comment(text, match.start()):
                found.append(f"{path.relative_to(site)}: {_around(text, match.start())}")
    return found


def _text_files(site: Path):
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.suffix.lower() in TEXT_SUFFIXES:
            yield path


def _in_comment(text: str, at: int) -> bool:
    """The match sits on a line comment or a block-comment line (licence texts, usage notes)."""
    line = text[text.rfind("\n", 0, at) + 1 : at].lstrip()
    return line.startswith(("//", "*", "/*", "#"))


def _around(text: str, at: int, width: int = 60) -> str:
    return " ".join(text[max(0, at - width) : at + width].split())
