"""A gallery of the installed games, linking each to its notebook/dashboard."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..games import games, load
from .i18n import check_lang, t

__all__ = ["gallery", "gallery_html"]


def gallery_html(lang: str = "en") -> str:
    """One card per installed game: title, players, rules, phases, link."""
    check_lang(lang)
    cards = []
    for gid in games():
        game = load(gid)
        title = game.title_de if lang == "de" and game.title_de else game.title
        facts = t(
            "gallery_facts",
            lang,
            lo=game.players.start,
            hi=game.players.stop - 1,
            rules=len(game.rules),
            phases=len(game.phases),
        )
        cards.append(
            f'<a class="rk-game-card" data-game="{gid}" href="{gid}.ipynb" target="_blank">'
            f"<b>{escape(title)}</b><span>{escape(facts)}</span><code>{gid}</code></a>"
        )
    body = "".join(cards) or f"<p>{escape(t('gallery_empty', lang))}</p>"
    return f'<div class="rk-gallery">{body}</div>'


def gallery(lang: str = "en") -> w.HTML:
    """The gallery as a widget (class ``rk-gallery``)."""
    widget = w.HTML(gallery_html(lang))
    widget.add_class("rk-gallery-widget")
    return widget
