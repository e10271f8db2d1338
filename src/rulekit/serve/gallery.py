"""The gallery page at ``/``: every notebook with a thumbnail and one sentence, in English and German.

Titles and sentences come from ``gallery.toml`` next to the notebooks (the
package's own folder has one); a notebook it does not describe gets its
first heading and first sentence. Thumbnails are ``thumbs/<stem>.png``,
made by the browser tests. The page is one self-contained HTML document
(inline style and script), so it needs nothing from outside the server.
"""

from __future__ import annotations

import html
import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .texts import t

__all__ = ["Entry", "entries", "page", "LANGS"]

LANGS = ("en", "de")


@dataclass(frozen=True)
class Entry:
    """One notebook of the gallery."""

    file: str
    title: dict[str, str]
    sentence: dict[str, str]
    thumb: Path | None


#: a notebook's prose in one language (issue 22): ``<div class="rk-prose" lang="de">`` ... ``</div>``
_PROSE = re.compile(r'<div class="rk-prose" lang="(\w+)">(.*?)</div>', re.S)


def _head_and_sentence(text: str, stem: str) -> tuple[str, str] | None:
    """The first heading of one cell's markdown and the first sentence after it (None: no text)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    title = lines[0].lstrip("#").strip() if lines[0].startswith("#") else stem
    rest = " ".join(line for line in lines[1:] if not line.startswith("#"))
    rest = re.sub(r"[*_`]", "", rest)
    sentence = re.split(r"(?<=[.!?])\s", rest, maxsplit=1)[0] if rest else ""
    return title, sentence


def _from_notebook(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Per language, the first heading and the first sentence after it (for notebooks ``gallery.toml``
    does not name); a cell written in ``rk-prose`` blocks gives each language its own block."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        cells = []
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        text = "".join(cell.get("source", []))
        blocks = dict(_PROSE.findall(text)) or {"en": text}
        base = blocks.get("en", next(iter(blocks.values())))
        found = {lang: _head_and_sentence(blocks.get(lang, base), path.stem) for lang in LANGS}
        if found["en"] is None:
            continue
        found = {lang: found[lang] or found["en"] for lang in LANGS}
        return {lang: found[lang][0] for lang in LANGS}, {lang: found[lang][1] for lang in LANGS}
    return dict.fromkeys(LANGS, path.stem), dict.fromkeys(LANGS, "")


def entries(folder: Path) -> list[Entry]:
    """The gallery's notebooks: those ``gallery.toml`` names first, in its order, then the others."""
    described: dict[str, dict[str, str]] = {}
    meta = folder / "gallery.toml"
    if meta.is_file():
        described = tomllib.loads(meta.read_text(encoding="utf-8"))
    files = {p.stem: p for p in folder.glob("*.ipynb")}
    order = [s for s in described if s in files] + sorted(s for s in files if s not in described)
    out = []
    for stem in order:
        info = described.get(stem)
        if info:
            title = {lang: info.get(f"title_{lang}", info.get("title_en", stem)) for lang in LANGS}
            sentence = {lang: info.get(lang, info.get("en", "")) for lang in LANGS}
        else:
            title, sentence = _from_notebook(files[stem])
        thumb = folder / "thumbs" / f"{stem}.png"
        out.append(Entry(files[stem].name, title, sentence, thumb if thumb.is_file() else None))
    return out


_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f5f5f2;color:#222}
header{padding:1.5rem 2rem .5rem;display:flex;align-items:baseline;gap:1rem;flex-wrap:wrap}
h1{margin:0;font-size:1.6rem}.rk-lang-switch{margin-left:auto}
.rk-lang-switch button{border:1px solid #888;background:#fff;padding:.2rem .6rem;cursor:pointer}
.rk-lang-switch button[aria-pressed=true]{background:#333;color:#fff}
p.rk-intro,p.rk-note{margin:.3rem 2rem 1rem;max-width:60rem}
main .rk-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:1.2rem;padding:1rem 2rem 2rem}
a.rk-card{display:block;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0003;color:inherit;text-decoration:none;overflow:hidden}
a.rk-card:hover,a.rk-card:focus{box-shadow:0 3px 10px #0005}
.rk-thumb{width:100%;aspect-ratio:16/10;object-fit:cover;object-position:top;background:#ddd;display:block}
div.rk-thumb{display:flex;align-items:center;justify-content:center;color:#777}
.rk-card h2{font-size:1.1rem;margin:.7rem .9rem .3rem}.rk-card p{margin:0 .9rem .9rem;font-size:.95rem;line-height:1.35}
[data-lang=en] [lang=de],[data-lang=de] [lang=en]{display:none}
"""

_SCRIPT = """
(function(){var b=document.body,k='rulekit-lang';
function set(l){b.dataset.lang=l;document.documentElement.lang=l;try{localStorage.setItem(k,l)}catch(e){}
document.querySelectorAll('.rk-lang-switch button').forEach(function(x){x.setAttribute('aria-pressed',x.value===l)})}
var saved=null;try{saved=localStorage.getItem(k)}catch(e){}
set(saved||((navigator.language||'en').slice(0,2)==='de'?'de':'en'));
document.querySelectorAll('.rk-lang-switch button').forEach(function(x){x.onclick=function(){set(x.value)}});})();
"""


def _both(key: str, **args: object) -> str:
    return "".join(f'<span lang="{lang}">{html.escape(t(key, lang, **args))}</span>' for lang in LANGS)


def page(
    items: list[Entry],
    link: Callable[[Entry], str],
    thumb_url: Callable[[Entry], str],
    left_out: list[str] | None = None,
    intro: str = "gallery_intro",
    rooms_link: str | None = None,
) -> str:
    """The gallery as one HTML document; ``link`` and ``thumb_url`` give each entry's addresses;
    ``rooms_link`` leads to the shared tables (a dashboard server has them, a static site not)."""
    cards = []
    for item in items:
        if item.thumb is not None:
            img = f'<img class="rk-thumb" src="{html.escape(thumb_url(item))}" alt="" loading="lazy">'
        else:
            img = f'<div class="rk-thumb">{_both("gallery_no_thumb")}</div>'
        words = "".join(
            f'<div lang="{lang}"><h2>{html.escape(item.title[lang])}</h2><p>{html.escape(item.sentence[lang])}</p></div>'
            for lang in LANGS
        )
        cards.append(
            f'<a class="rk-card" href="{html.escape(link(item))}" data-notebook="{html.escape(item.file)}">{img}{words}</a>'
        )
    note = f'<p class="rk-note">{_both("gallery_left_out", names=", ".join(left_out))}</p>' if left_out else ""
    if rooms_link:
        note += f'<p class="rk-intro"><a class="rk-rooms-link" href="{html.escape(rooms_link)}">{_both("gallery_rooms")}</a></p>'
    buttons = "".join(f'<button type="button" value="{lang}">{lang.upper()}</button>' for lang in LANGS)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="icon" href="data:;base64,="><title>{html.escape(t("gallery_title"))}</title>'
        f"<style>{_STYLE}</style></head>"
        f'<body data-lang="en"><header><h1>{_both("gallery_title")}</h1>'
        f'<span class="rk-lang-switch">{buttons}</span></header>'
        f'<main class="rk-gallery"><p class="rk-intro">{_both(intro)}</p>{note}'  # all of it in a landmark (#27)
        f'<div class="rk-cards">{"".join(cards)}</div></main>'
        f"<script>{_SCRIPT}</script></body></html>"
    )
