"""``Table(...).share()``: put the table's game in a room of a running dashboard (docs/rooms.md).

The room starts from the same game (id, players, seed, options), and the
table's bot seats stay bots; students then play it from their own devices.
The answer is shown as the join code, the links and the join QR code
(inline SVG, made here: nothing is fetched).
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..rooms import create_room, server_url
from ..rooms.texts import t
from .session import HUMAN, Session

__all__ = ["share_session", "RoomCard"]


class RoomCard(w.HTML):
    """The join code, the join QR code and the links of a room, for a notebook cell or a projector."""

    def __init__(self, room: dict, server: str, lang: str = "en"):
        self.room = room
        join = server + room["join_url"]
        try:
            import segno

            qr = segno.make(join, error="m").svg_inline(scale=4)
        except ImportError:  # the dashboard extra brings segno; without it the links still work
            qr = ""
        links = "".join(
            f'<li><a href="{escape(server + s["url"])}" target="_blank">{escape(t("seat_title", lang, n=s["seat"]))}</a></li>'
            for s in room["seats"]
            if s["kind"] == HUMAN
        )
        super().__init__(
            f'<div class="rk-room-card">{qr}<div style="font:bold 2em monospace">{escape(room["code"])}</div>'
            f'<div><a href="{escape(join)}" target="_blank">{escape(join)}</a></div>'
            f'<div><a href="{escape(server + room["teacher_url"])}" target="_blank">{escape(t("teacher_title", lang, code=room["code"]))}</a> · '
            f'<a href="{escape(server + room["projector_url"])}" target="_blank">{escape(t("projector", lang))}</a></div>'
            f"<ul>{links}</ul></div>"
        )

    def __repr__(self) -> str:
        return f"<RoomCard {self.room['code']}>"


def share_session(session: Session, server: str | None = None, token: str | None = None, lang: str = "en",
                  start: bool = True) -> RoomCard:  # fmt: skip
    """Create a room on the dashboard at ``server`` for ``session``'s game; its bot seats stay bots."""
    bots = {i + 1: kind for i, kind in enumerate(session.seats) if kind != HUMAN}
    room = create_room(session.game.id, session.players, session.options, bots, session.seed,
                       start=start, server=server, token=token)  # fmt: skip
    return RoomCard(room, server_url(server), lang)
