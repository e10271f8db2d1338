"""A table that outlives its kernel (issue 24, item 8).

When a dashboard's kernel dies (stopped, out of memory, restarted) the page
stays drawn but nothing answers. The board's module (``static/lifeline.js``)
keeps the table's *trail* in the tab's ``sessionStorage`` (never on the
network): what ``Session`` needs to replay the game (game, players, seed,
seats, options, every timeline step's label) and where the table stood
(cursor, language, view, autoplay). When the kernel is gone the page shows a
notice with a Reconnect button; Reconnect loads the page again (a new
kernel), and the fresh table replays the trail here and stands where the old
one stood.

A trail comes from the browser, so it is checked like any input: the same
game and player count as the fresh table, at most ``MAX_STEPS`` steps, every
label legal when replayed (``Timeline.play`` refuses otherwise). A refused
trail leaves the fresh table as it is and says why.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..engine import RulekitError
from ..session import MAX_STEPS, Session
from .i18n import LANGS, strings

__all__ = ["VERSION", "trail", "replay", "words", "next_slot"]

#: the trail's layout; a trail of another version is refused (an old page after an upgrade)
VERSION = 1
#: the keys of texts/ui.toml the notice shows, sent once to the browser in both languages
WORDS = ("kernel_lost", "kernel_lost_reconnect_help", "kernel_lost_lab", "reconnect")
_slots = itertools.count()


def next_slot() -> int:
    """The next table's place on its page: a notebook run again makes its tables in the same order,
    so the n-th table of a fresh kernel finds the trail of the n-th table of the dead one."""
    return next(_slots)


def words() -> dict[str, dict[str, str]]:
    """The notice's words in every language (the browser picks the page's language when it shows it)."""
    table = strings()
    return {lang: {key: table[key][lang] for key in WORDS} for lang in LANGS}


def trail(session: Session, slot: int, lang: str, view: int | None, autoplay: bool) -> dict[str, Any]:
    """What the browser keeps to put this table back: plain JSON data."""
    return {
        "version": VERSION,
        "slot": slot,
        "game": session.game.id,
        "players": session.players,
        "seed": session.seed,
        "seats": list(session.seats),
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in session.options.items()},
        "labels": session.timeline.labels[1:],  # step 0 is the setup
        "cursor": session.cursor,
        "lang": lang,
        "view": -1 if view is None else view,
        "autoplay": bool(autoplay),
    }


def _need(doc: dict, key: str, kind: type | tuple[type, ...]) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise RulekitError(f"the saved table's {key!r} is missing or of the wrong type")
    return value


def replay(doc: Any, game_id: str, players: int) -> tuple[Session, dict[str, Any]]:
    """The session a trail describes, replayed step by step, and the table's settings
    (``lang``, ``view``, ``autoplay``); raises ``RulekitError`` saying what does not fit."""
    if not isinstance(doc, dict) or doc.get("version") != VERSION:
        raise RulekitError("the saved table is not a rulekit table trail of this version")
    if doc.get("game") != game_id or _need(doc, "players", int) != players:
        raise RulekitError(f"the saved table is another game ({doc.get('game')!r}, {doc.get('players')!r} players)")
    labels, cursor = _need(doc, "labels", list), _need(doc, "cursor", int)
    if len(labels) > MAX_STEPS or not all(isinstance(x, str) for x in labels):
        raise RulekitError(f"the saved table's steps must be at most {MAX_STEPS:,} action labels")
    if not 0 <= cursor <= len(labels):
        raise RulekitError(f"the saved table's step {cursor} is outside 0..{len(labels)}")
    view, lang = _need(doc, "view", int), doc.get("lang")
    if not -1 <= view < players or lang not in LANGS:
        raise RulekitError("the saved table's view or language is not one this table has")
    try:
        session = Session(
            game_id, players, _need(doc, "seed", int), _need(doc, "seats", list), _need(doc, "options", dict)
        )
        timeline = session.timeline
        for label in labels:
            timeline.advance() if label == "auto" else timeline.play(label)
    except (RulekitError, ValueError, TypeError) as err:
        raise RulekitError(f"the saved table does not replay: {err}") from None
    timeline.jump(cursor)
    return session, {"lang": lang, "view": None if view == -1 else view, "autoplay": bool(doc.get("autoplay"))}
