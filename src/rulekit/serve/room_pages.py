"""The rooms' HTML pages: a seat, the public view and projector, the join page, the teacher's pages.

Pages are small HTML shells; ``static/room.js`` fills them from the room's
websocket and draws the board with the widgets' own ``board.js`` and
``actions.js`` (the same files a notebook's table uses, fed by a stand-in
for the widget model), so a seat page needs no kernel. Every asset comes
from this server; the QR code is inline SVG made here (``segno``).
"""

from __future__ import annotations

import functools
import hashlib
import json
from html import escape
from pathlib import Path

from ..rooms import PUBLIC, Room
from ..rooms.texts import strings, t
from ..widgets.base import STATIC, esm

__all__ = ["play_page", "teacher_page", "overview", "join_page", "notice", "qr_svg", "static_file"]

OWN_STATIC = Path(__file__).resolve().parent / "static"
#: files under /rooms/static/: the widgets' modules (with common.js in front) and the room's own
STATIC_FILES = {
    "board.js": lambda: esm("board.js"),
    "actions.js": lambda: esm("actions.js"),
    "rulekit.css": lambda: (STATIC / "rulekit.css").read_text(encoding="utf-8"),
    "room.js": lambda: (OWN_STATIC / "room.js").read_text(encoding="utf-8"),
    "room.css": lambda: (OWN_STATIC / "room.css").read_text(encoding="utf-8"),
}
KINDS = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


def static_file(name: str) -> tuple[str | None, str]:
    """The text and content type of ``/rooms/static/<name>`` (None: no such file)."""
    make = STATIC_FILES.get(name)
    if make is None:
        return None, ""
    return make(), KINDS[Path(name).suffix]


@functools.cache
def static_version() -> str:
    """A hash of the rooms' static files: their URLs carry it, so a browser may keep them (a returning
    student's page then loads without fetching them again) and a new version is never mixed with an old one."""
    digest = hashlib.sha256()
    for name in sorted(STATIC_FILES):
        digest.update(static_file(name)[0].encode())
    return digest.hexdigest()[:12]


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG (no network, no image file)."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", omitsize=False)


def _texts(lang: str) -> dict[str, str]:
    return {k: v.get(lang, v["en"]) for k, v in strings().items()}


def _shell(title: str, lang: str, body: str, config: dict | None = None, base: str = "/") -> str:
    """A page: the stylesheets, ``body`` and, when there is a ``config``, the room script."""
    static = f"{base}rooms/static"
    script = ""
    if config is not None:
        data = json.dumps(config, ensure_ascii=False).replace("</", "<\\/")
        script = (
            f'<script type="application/json" id="rk-room-config">{data}</script>'
            f'<script type="module" src="{static}/room.js?v={static_version()}"></script>'
        )
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">'
        f'<meta name="referrer" content="no-referrer"><title>{escape(title)}</title>'
        f'<link rel="stylesheet" href="{static}/rulekit.css?v={static_version()}">'
        f'<link rel="stylesheet" href="{static}/room.css?v={static_version()}">'
        f'</head><body class="rk-room-page">{body}{script}</body></html>'
    )


def _lang_switch(lang: str) -> str:
    buttons = "".join(
        f'<button class="rk-room-lang{" rk-on" if code == lang else ""}" data-lang="{code}">{code.upper()}</button>'
        for code in ("en", "de")
    )
    return f'<span class="rk-room-langs">{buttons}</span>'


def play_page(room: Room, base: str, lang: str, view: int | None, token: str, projector: str | None = None) -> str:
    """A seat's page (``view`` its index), the public view (``PUBLIC``), or the projector (with the join QR)."""
    title = t("room", lang, code=room.code)
    who = t("watching", lang) if view == PUBLIC else t("you_are", lang, n=view + 1)
    aside = ""
    if projector is not None:
        aside = (
            f'<div class="rk-room-qr">{projector}<div class="rk-room-code">{escape(room.code)}</div>'
            f"<div>{escape(t('join_code', lang, code=room.code))}</div></div>"
        )
    mode = "projector" if projector is not None else ("public" if view == PUBLIC else "seat")
    body = f"""
<header class="rk-room-head">
  <h1><span class="rk-room-title"></span> <span class="rk-room-code-small">{escape(title)}</span></h1>
  <span class="rk-room-who">{escape(who)}</span>{_lang_switch(lang)}
</header>
<div class="rk-room-status" role="status" aria-live="polite">{escape(t("connecting", lang))}</div>
<div class="rk-room-refusal" role="alert" hidden></div>
<main class="rk-room-main rk-room-{mode}">
  <section class="rk-room-board-box"><div class="rk-room-board"></div></section>
  <aside class="rk-room-side">
    {aside}
    <div class="rk-room-actions-box"><h2>{escape(t("actions", lang))}</h2><div class="rk-room-actions"></div></div>
    <div class="rk-room-seats"></div>
    <div class="rk-room-log-box"><h2>{escape(t("log", lang))}</h2><ol class="rk-room-log"></ol></div>
  </aside>
</main>"""
    config = {"mode": mode, "code": room.code, "base": base, "token": token, "seat": view, "lang": lang,
              "texts": _texts(lang), "texts_all": {k: _texts(k) for k in ("en", "de")}}  # fmt: skip
    return _shell(title, lang, body, config, base)


def join_page(room: Room, base: str, lang: str, key: str) -> str:
    """Pick a free seat (the page remembers a seat this browser had and goes back to it)."""
    seats = "".join(
        f'<button class="rk-room-pick" data-seat="{s.seat + 1}"{"" if s.seat in room.free_seats() else " disabled"}>'
        f"{escape(t('seat_title', lang, n=s.seat + 1))}"
        f"{'' if s.seat in room.free_seats() else ' (' + escape(t('taken', lang) if not s.bot else s.bot) + ')'}"
        "</button>"
        for s in room.seats
    )
    body = (
        f'<header class="rk-room-head"><h1>{escape(t("join_title", lang))}: {escape(room.game.title)} '
        f'<span class="rk-room-code-small">{escape(t("room", lang, code=room.code))}</span></h1>{_lang_switch(lang)}</header>'
        f'<p>{escape(t("pick_seat", lang))}</p><div class="rk-room-picks">{seats}</div>'
        f'<div class="rk-room-refusal" role="alert" hidden></div>'
        f'<p><a class="rk-room-watch" href="{base}rooms/{room.code}">{escape(t("watch_link", lang))}</a></p>'
    )
    config = {"mode": "join", "code": room.code, "base": base, "key": key, "lang": lang, "texts": _texts(lang)}
    return _shell(t("join_title", lang), lang, body, config, base)


def teacher_page(room: Room, links: dict, base: str, lang: str, request) -> str:
    """One room for its teacher: controls, seats (with links and bot stand-ins), QR code, full board, flow, log."""
    origin = f"{request.protocol}://{request.host}"
    buttons = "".join(
        f'<button class="rk-room-control rk-room-{name}" data-do="{name}">{escape(t(name, lang))}</button>'
        for name in ("start", "pause", "undo", "end")
    )
    rows = "".join(
        f'<tr data-seat="{s["seat"]}"><td>{escape(t("seat_title", lang, n=s["seat"]))}</td>'
        f'<td class="rk-room-kind">{escape(s["kind"] if s["kind"] != "human" else t("human", lang))}</td>'
        f'<td class="rk-room-online"></td>'
        f'<td><a class="rk-room-seat-link" href="{escape(s["url"])}">{escape(t("seat_link", lang))}</a></td>'
        f'<td><button class="rk-room-standin" data-seat="{s["seat"]}"></button></td></tr>'
        for s in links["seats"]
    )
    phases = "".join(
        f'<li data-phase="{escape(pid)}">{escape(p.name_in(lang))}</li>' for pid, p in room.game.phases.items()
    )
    join = origin + links["join_url"]
    body = f"""
<header class="rk-room-head"><h1>{escape(t("teacher_title", lang, code=room.code))}: <span class="rk-room-title"></span></h1>
  <a href="{base}rooms">{escape(t("overview_title", lang))}</a>{_lang_switch(lang)}</header>
<div class="rk-room-status" role="status" aria-live="polite">{escape(t("connecting", lang))}</div>
<div class="rk-room-refusal" role="alert" hidden></div>
<div class="rk-room-controls">{buttons}
  <label><input type="checkbox" class="rk-room-allow-watch"{" checked" if room.watch else ""}> {escape(t("allow_watch", lang))}</label>
  <a class="rk-room-projector-link" href="{escape(links["projector_url"])}" target="_blank">{escape(t("projector", lang))}</a></div>
<main class="rk-room-main rk-room-teacher">
  <section class="rk-room-board-box"><div class="rk-room-board"></div></section>
  <aside class="rk-room-side">
    <div class="rk-room-qr">{qr_svg(join)}<div class="rk-room-code">{escape(room.code)}</div>
      <a class="rk-room-join-url" href="{escape(join)}">{escape(join)}</a></div>
    <table class="rk-room-seat-table">{rows}</table>
    <div><h2>{escape(t("flow", lang))}</h2><ol class="rk-room-flow">{phases}</ol></div>
    <div class="rk-room-log-box"><h2>{escape(t("log", lang))}</h2><ol class="rk-room-log"></ol></div>
  </aside>
</main>"""
    config = {"mode": "teacher", "code": room.code, "base": base, "token": room.teacher_token, "seat": None,
              "lang": lang, "texts": _texts(lang), "texts_all": {k: _texts(k) for k in ("en", "de")}}  # fmt: skip
    return _shell(t("teacher_title", lang, code=room.code), lang, body, config, base)


def overview(rooms: list[Room], links: list[dict], server, base: str, lang: str) -> str:
    """Every room of the server for the teacher, and a form for a new one."""
    from ..games import games, load

    if links:
        rows = "".join(
            f'<tr data-code="{escape(r["code"])}"><td class="rk-room-code-cell">{escape(r["code"])}</td>'
            f"<td>{escape(load(r['game']).title)}</td><td>{r['players']}</td>"
            f'<td class="rk-room-status-cell">{escape(t("status_" + r["status"], lang))}</td>'
            f"<td>{escape(t('step', lang, n=r['step']))}</td><td>{len(server.online(room))}/{room.players}</td>"
            f'<td><a href="{escape(r["teacher_url"])}">{escape(t("open", lang))}</a> · '
            f'<a href="{escape(r["projector_url"])}">{escape(t("projector", lang))}</a></td></tr>'
            for r, room in zip(links, rooms, strict=True)
        )
        table = f'<table class="rk-room-overview">{rows}</table>'
    else:
        table = f"<p>{escape(t('no_rooms', lang))}</p>"
    options = "".join(f'<option value="{g}">{escape(load(g).title)}</option>' for g in games())
    form = f"""
<form class="rk-room-new"><h2>{escape(t("new_room", lang))}</h2>
  <label>{escape(t("game", lang))} <select name="game">{options}</select></label>
  <label>{escape(t("players", lang))} <input name="players" type="number" min="1" max="6" value="2"></label>
  <label>{escape(t("bots", lang))} <input name="bots" placeholder="3=greedy"></label>
  <button type="submit" class="rk-room-create">{escape(t("create", lang))}</button></form>
<div class="rk-room-refusal" role="alert" hidden></div>"""
    body = (
        f'<header class="rk-room-head"><h1>{escape(t("overview_title", lang))}</h1>'
        f'<a href="{base}">rulekit</a>{_lang_switch(lang)}</header>{table}{form}'
    )
    config = {"mode": "overview", "base": base, "lang": lang, "texts": _texts(lang)}
    return _shell(t("overview_title", lang), lang, body, config, base)


def notice(text: str, lang: str) -> str:
    """A page that only says why not (a wrong token, no such seat, watching not allowed)."""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>rulekit</title></head>'
        f'<body><p class="rk-room-notice">{escape(text)}</p></body></html>'
    )
