"""What each page of a room receives: a seat its own view, the projector the public one.

Everything here is built from what that seat may see: the board is
``game.scene(state, seat)``, the choices are the legal actions only for
the seat to move, the log holds the events ``visible_to`` the seat (and
another seat's private decisions, such as a card added to a sealed bid,
are left out), and the step is ``view(seat)["step"]``. The public view
(projector, visitors) is drawn for ``PUBLIC``, a seat that is nobody's:
every game's scene hides a hand or a bid from any seat but its owner's,
so nobody's is shown. ``tests/rooms/test_wire.py`` checks both against
``game.determinize`` for every game.

The teacher's view (``TEACHER``) shows everything, as a teacher's
projector-less screen does in the notebooks.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game
from ..engine.scene_names import name_items, outline
from .room import Room
from .texts import t

__all__ = ["seat_message", "PUBLIC", "TEACHER", "LOG_ROWS", "log_rows", "group_name"]

#: the seat index of the public view: no player's (scenes then hide every hand and sealed bid)
PUBLIC = -1
#: the teacher's view: everything (``state.view(None)``)
TEACHER = None
#: log rows a page receives (the newest); a long game's whole log would grow every message
LOG_ROWS = 40


def group_name(game: Game, kind: str, lang: str) -> str:
    """The heading of the action buttons of ``kind`` (the game's ``action_group.<kind>`` text, else none)."""
    key = f"action_group.{kind}"
    en, de = game.messages.format(key)
    return "" if en == key else (de if lang == "de" else en)


def _sees(seat: int | None, event) -> bool:
    if seat == PUBLIC:
        return event.seats is None
    return event.visible_to(seat)


def log_rows(room: Room, seat: int | None, lang: str, limit: int = LOG_ROWS) -> list[dict]:
    """The newest ``limit`` rows of the table's log that ``seat`` may read, oldest first.

    A row is ``{"rule", "text"}`` for an event and ``{"seat", "text"}`` for a
    decision; another seat's private decision is not a row at all (its count
    would tell the size of a sealed bid).
    """
    game, rows = room.game, []
    for i in range(len(room.states) - 1, -1, -1):
        state = room.states[i]
        for event in reversed(state.events):
            if _sees(seat, event):
                rows.append({"rule": event.rule, "text": event.text_in(lang)})
        if i > 0:
            d = room.decisions[i - 1]
            before = room.states[i - 1]
            action = Action.coerce(d.label)
            if seat is TEACHER or seat == d.seat or not game.private_decision(before, action):
                rows.append({"seat": d.seat, "text": f"{room.who(d.seat, lang)}: {game.phrase(action, lang)}"})
        if len(rows) >= limit:
            break
    return rows[:limit][::-1]


def seat_message(room: Room, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """The whole page of ``seat`` (``PUBLIC``, ``TEACHER`` or a seat index) as one JSON-ready message."""
    with room.lock:
        s, game = room.state, room.game
        view_seat = None if seat == PUBLIC else seat
        view = s.view(view_seat) if seat != PUBLIC else None
        phase = game.phases.get(s.phase)
        mine = seat is not None and seat >= 0 and s.to_move == seat and room.status == "playing"
        mine = mine and not room.seats[seat].bot
        legal = [(str(a), game.phrase(a, lang)) for a in s.legal_actions()] if mine else []
        return {
            "type": "state",
            "room": room.code,
            "game": game.id,
            "title": game.title_de if lang == "de" and game.title_de else game.title,
            "seat": seat,
            "lang": lang,
            "status": room.status,
            "status_text": t(f"status_{room.status}", lang),
            "version": f"{room.undos}.{view['step']}" if view is not None else None,  # = room.version(seat)
            "step": view["step"] if view is not None else None,
            "undos": room.undos,
            "phase": s.phase,
            "phase_name": phase.name_in(lang) if phase else s.phase,
            "to_move": s.to_move,
            "to_move_text": room.who(s.to_move, lang) if s.to_move is not None else "",
            "is_over": s.is_over,
            "scores": list(s.scores) if s.is_over else None,
            "winners": list(s.winners) if s.is_over else None,
            "scene": (scene := name_items(game.scene(s, seat, lang), lambda a: game.phrase(Action.coerce(a), lang))),
            "outline": outline(scene),  # issue 27: the board as a list for screen readers
            "legal": [list(p) for p in legal],
            "groups": {k: group_name(game, k, lang) for k in {label.split()[0] for label, _ in legal}},
            "log": log_rows(room, seat, lang),
            "seats": [
                {"seat": x.seat, "kind": x.kind, "bot": x.bot, "name": room.who(x.seat, lang)} for x in room.seats
            ],
        }
