"""HTTP and websocket handlers of the rooms (docs/rooms.md has the interface and who may call what).

Who may do what:

- the dashboard's user (anyone on a loopback server; the dashboard token on
  a network) creates rooms (``POST /rooms``) and sees the overview (``/rooms``);
- a room's teacher token opens its teacher page and projector and calls
  ``POST /rooms/CODE/control``;
- a seat token opens that seat's page, socket and ``/state``: nobody acts
  for another seat or reads its view;
- the join key (in the join URL and QR code) lets a student claim a free seat;
- the code alone shows the public view, only while the teacher allows watching.

The dashboard's Host check covers every path here (the handlers are bound
to the allowed host names like the gallery's), and JSON ``POST`` bodies
need ``Content-Type: application/json``, which another site's page cannot
send without a CORS preflight that the server never grants.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json

import tornado.web
import tornado.websocket
from jupyter_server.base.handlers import JupyterHandler

from ..agents import stand_in_spec
from ..engine import IllegalAction, RulekitError
from ..rooms import PUBLIC, TEACHER, Room, RoomError, seat_message
from ..rooms.texts import check_lang, t
from . import room_pages
from .room_server import RoomServer

__all__ = ["room_handlers", "join_key"]

#: largest JSON body the rooms accept (a room's setup or one action)
MAX_BODY = 16_384


def join_key(room: Room) -> str:
    """The secret of a room's join URL: derived from its teacher token, so nothing more is stored."""
    return hmac.new(room.teacher_token.encode(), b"join", hashlib.sha256).hexdigest()[:12]


def room_links(room: Room, base: str) -> dict:
    """The documented answer of ``POST /rooms``: code, URLs and tokens."""
    prefix = f"{base}rooms/{room.code}"
    return {
        "code": room.code,
        "game": room.game.id,
        "players": room.players,
        "url": prefix,
        "join_url": f"{prefix}/join?key={join_key(room)}",
        "seats": [
            {
                "seat": s.seat + 1,
                "token": s.token,
                "kind": s.kind,
                "url": f"{prefix}/seats/{s.seat + 1}?token={s.token}",
            }
            for s in room.seats
        ],
        "teacher_token": room.teacher_token,
        "teacher_url": f"{prefix}/teacher?token={room.teacher_token}",
        "projector_url": f"{prefix}/projector?token={room.teacher_token}",
    }


class RoomsBase(JupyterHandler):
    """Shared parts: the room server, the language, JSON answers and refusals."""

    def initialize(self, server: RoomServer) -> None:
        self.server = server

    def check_xsrf_cookie(self) -> None:
        """JSON bodies are safe from other sites (they need a CORS preflight); forms keep Jupyter's check."""
        if self.request.headers.get("Content-Type", "").split(";")[0].strip() == "application/json":
            return None
        return super().check_xsrf_cookie()

    @property
    def lang(self) -> str:
        wanted = self.get_argument("lang", "") or self.get_cookie("rulekit_lang", "")
        if not wanted:
            accept = self.request.headers.get("Accept-Language", "")
            wanted = "de" if accept.lower().startswith("de") else "en"
        return check_lang(wanted)

    def room(self, code: str) -> Room:
        try:
            return self.server.hub.get(code)
        except RoomError as err:
            raise tornado.web.HTTPError(404, reason="no room") from err

    def refuse(self, status: int, refusal: IllegalAction | str) -> None:
        """A JSON refusal with the rule id and the reason in the page's language."""
        self.set_status(status)
        if isinstance(refusal, IllegalAction):
            body = {"error": refusal.reason_de if self.lang == "de" else refusal.reason, "rule": refusal.rule}
        else:
            body = {"error": refusal}
        self.finish(body)

    def body(self) -> dict:
        if len(self.request.body) > MAX_BODY:
            raise tornado.web.HTTPError(413)
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            raise tornado.web.HTTPError(400, reason="the body must be JSON") from None
        if not isinstance(data, dict):
            raise tornado.web.HTTPError(400, reason="the body must be a JSON object")
        return data

    def dashboard_user(self) -> bool:
        """True for the dashboard's user (always on loopback without a token)."""
        return bool(self.current_user)

    def teacher(self, room: Room) -> bool:
        return room.is_teacher(self.get_argument("token", ""))

    def page(self, html: str, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # a seat token in the URL never leaves in a Referer
        self.finish(html)

    def write_error(self, status_code: int, **kwargs) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: {self._reason}\n")


class RoomsHandler(RoomsBase):
    """``GET /rooms``: the teacher's overview (HTML, or JSON with ``?format=json``); ``POST /rooms``: a new room."""

    def get(self) -> None:
        if not self.dashboard_user():
            raise tornado.web.HTTPError(403, reason="the dashboard token is needed")
        base = self.base_url
        rooms = [{**room_links(r, base), "status": r.status, "step": r.step} for r in self.server.hub]
        if self.get_argument("format", "") == "json":
            self.finish({"rooms": rooms})
            return
        self.page(room_pages.overview(list(self.server.hub), rooms, self.server, base, self.lang))

    async def post(self) -> None:
        if not self.dashboard_user():
            self.refuse(403, "the dashboard token is needed to create a room")
            return
        data = self.body()
        try:
            room = await self.server.run(
                lambda: self.server.hub.create(
                    str(data.get("game", "")),
                    data.get("players"),
                    data.get("options") or {},
                    data.get("bots"),
                    data.get("seed"),
                    bool(data.get("watch", True)),
                    bool(data.get("start", False)),
                )
            )
        except RoomError as err:
            self.refuse(429, err)
            return
        except (RulekitError, ValueError, TypeError) as err:
            self.refuse(400, str(err))
            return
        self.set_status(201)
        self.finish(room_links(room, self.base_url))
        await self.server.changed(room)  # started with a bot to move first: it plays


class RoomPageHandler(RoomsBase):
    """``/rooms/CODE`` (public), ``/seats/N`` (a seat), ``/teacher``, ``/projector``, ``/join``."""

    def get(self, code: str, kind: str = "", number: str = "") -> None:
        room, base, lang, token = self.room(code), self.base_url, self.lang, self.get_argument("token", "")
        if kind == "seats":
            seat = int(number) - 1
            if not 0 <= seat < room.players:
                self.page(
                    room_pages.notice(t("bad_seat", lang, code=room.code, n=room.players, seat=number), lang), 404
                )
                return
            if room.seat_of(token) != seat:
                self.page(room_pages.notice(t("bad_token", lang), lang), 403)
                return
            self.page(room_pages.play_page(room, base, lang, seat, token))
        elif kind in ("teacher", "projector"):
            if not self.teacher(room):
                self.page(room_pages.notice(t("teacher_only", lang), lang), 403)
                return
            if kind == "teacher":
                self.page(room_pages.teacher_page(room, room_links(room, base), base, lang, self.request))
            else:
                self.page(room_pages.play_page(room, base, lang, PUBLIC, token, projector=self.join_qr(room)))
        elif kind == "join":
            if not hmac.compare_digest(self.get_argument("key", ""), join_key(room)):
                self.page(room_pages.notice(t("bad_token", lang), lang), 403)
                return
            self.page(room_pages.join_page(room, base, lang, join_key(room)))
        else:
            if not (room.watch or self.teacher(room)):
                self.page(room_pages.notice(t("no_watch", lang, code=room.code), lang), 403)
                return
            self.page(room_pages.play_page(room, base, lang, PUBLIC, token))

    def join_qr(self, room: Room) -> str:
        return room_pages.qr_svg(
            self.request.protocol + "://" + self.request.host + room_links(room, self.base_url)["join_url"]
        )

    async def post(self, code: str, kind: str = "", number: str = "") -> None:
        room = self.room(code)
        data = self.body()
        if kind == "join":
            if not hmac.compare_digest(str(data.get("key", "")), join_key(room)):
                self.refuse(403, t("bad_token", self.lang))
                return
            seat = data.get("seat")
            try:
                got = room.claim(None if seat is None else int(seat) - 1)
            except (RoomError, ValueError) as err:
                self.refuse(409, err if isinstance(err, RoomError) else str(err))
                return
            url = f"{self.base_url}rooms/{room.code}/seats/{got.seat + 1}?token={got.token}"
            self.finish({"seat": got.seat + 1, "token": got.token, "url": url})
            await self.server.changed(room)
        elif kind == "control":
            await self.control(room, data)
        else:
            raise tornado.web.HTTPError(405)

    async def control(self, room: Room, data: dict) -> None:
        """The teacher's buttons: start, pause, undo, end, bot / human (a seat), watch (allowed)."""
        if not room.is_teacher(str(data.get("token", "")) or self.get_argument("token", "")):
            self.refuse(403, t("teacher_only", self.lang))
            return
        what = data.get("do")
        seat = int(data.get("seat", 0)) - 1 if str(data.get("seat", "")).strip().isdigit() else -1
        actions = {
            "start": room.start,
            "pause": room.pause,
            "end": room.end,
            "undo": room.undo,
            "bot": lambda: room.set_stand_in(seat, str(data.get("spec") or stand_in_spec(room.game.id))),
            "human": lambda: room.set_stand_in(seat, None),
            "watch": lambda: room.set_watch(bool(data.get("allowed"))),
        }
        if what not in actions:
            self.refuse(400, f"'do' must be one of {', '.join(actions)}, got {what!r}")
            return
        try:
            await self.server.run(actions[what])
        except IllegalAction as err:
            self.refuse(409, err)
            return
        except ValueError as err:
            self.refuse(400, str(err))
            return
        self.finish({"ok": True, "status": room.status, "step": room.step})
        await self.server.changed(room)


class StateHandler(RoomsBase):
    """``GET /rooms/CODE/state?token=...``: that token's view as JSON (seat, teacher, or public when allowed)."""

    async def get(self, code: str) -> None:
        room, token = self.room(code), self.get_argument("token", "")
        view = _view_of(room, token)
        if view == "refused":
            self.refuse(403, t("bad_token" if token else "no_watch", self.lang, code=room.code))
            return
        message = await self.server.run(seat_message, room, view, self.lang)
        message["online"] = self.server.online(room)
        self.set_header("Cache-Control", "no-store")
        self.finish(message)


def _view_of(room: Room, token: str, public: bool = False) -> int | None | str:
    """The view a token opens: its seat, the teacher's (None), the public one, or ``"refused"``."""
    if token:
        seat = room.seat_of(token)
        if seat is not None:
            return seat
        if room.is_teacher(token):
            return PUBLIC if public else TEACHER
        return "refused"
    return PUBLIC if room.watch else "refused"


class SocketHandler(tornado.websocket.WebSocketHandler):
    """``/rooms/CODE/socket?token=...&lang=..[&view=public]``: one page's live feed, and a seat's decisions.

    From the page: ``{"type": "act", "label", "version"}`` (a seat's decision)
    and ``{"type": "lang", "lang"}``. To the page: ``{"type": "state", ...}``
    (``rulekit.rooms.seat_message``) and ``{"type": "refused", "rule", "text"}``.
    """

    def initialize(self, server: RoomServer) -> None:
        self.server = server
        self.room: Room | None = None
        self.view: int | None = PUBLIC
        self.lang = "en"
        self.last = ""

    async def open(self, code: str) -> None:
        self.set_nodelay(True)  # a click's update must not wait for the browser's delayed ACK
        try:
            room = self.server.hub.get(code)
        except RoomError as err:
            self.close(4404, err.reason[:120])
            return
        view = _view_of(room, self.get_argument("token", ""), self.get_argument("view", "") == "public")
        self.lang = check_lang(self.get_argument("lang", "en"))
        if view == "refused":
            self.close(4403, "not allowed")
            return
        self.view = view
        try:
            self.server.join(room, self)
        except RoomError as err:
            await self.write_message(json.dumps({"type": "refused", "rule": err.rule, "text": err.text(self.lang)}))
            self.close(4429, "too many pages")
            return
        self.room = room
        await self.server.send_to(room, self)
        await self.server.changed(room)  # the others see this seat online (and a waiting bot goes on)

    async def on_message(self, message: str | bytes) -> None:
        if self.room is None or len(message) > MAX_BODY:
            return
        try:
            data = json.loads(message)
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        if data.get("type") == "lang":
            self.lang = check_lang(data.get("lang"))
            await self.server.send_to(self.room, self)
        elif data.get("type") == "act":
            if not isinstance(self.view, int) or self.view < 0:
                return  # the public and teacher views only watch
            version = data.get("version")
            refusal = await self.server.act(self.room, self.view, str(data.get("label", ""))[:200],
                                            None if version is None else str(version))  # fmt: skip
            if refusal is not None:
                text = refusal.reason_de if self.lang == "de" else refusal.reason
                self.write_message(json.dumps({"type": "refused", "rule": refusal.rule, "text": text,
                                               "label": str(data.get("label", ""))[:200]}, ensure_ascii=False))  # fmt: skip
                await self.server.send_to(self.room, self)  # a stale page catches up at once

    def on_close(self) -> None:
        if self.room is not None:
            self.server.leave(self.room, self)
            room = self.room
            self.room = None
            asyncio.ensure_future(self.server.broadcast(room))  # the others see this seat away


class StaticHandler(tornado.web.RequestHandler):
    """``/rooms/static/NAME``: the board and button modules of the widgets (the same files), and the room's own."""

    def get(self, name: str) -> None:
        text, kind = room_pages.static_file(name)
        if text is None:
            raise tornado.web.HTTPError(404)
        version = room_pages.static_version()
        if name == "room.js":  # its imports carry the version too
            text = text.replace("?v=VERSION", f"?v={version}")
        self.set_header("Content-Type", kind)
        cached = self.get_argument("v", "") == version
        self.set_header("Cache-Control", "public, max-age=86400, immutable" if cached else "no-cache")
        self.finish(text)


def room_handlers(server: RoomServer, base_url: str) -> list[tuple]:
    """The rooms' routes under ``base_url`` (for the dashboard's application)."""
    prefix = base_url.rstrip("/") + "/rooms"
    code = r"([A-Za-z0-9]{3,12})"
    args = {"server": server}
    return [
        (prefix, RoomsHandler, args),
        (prefix + r"/static/([\w.-]+)", StaticHandler),
        (prefix + f"/{code}/state", StateHandler, args),
        (prefix + f"/{code}/socket", SocketHandler, args),
        (prefix + f"/{code}/(seats)/([0-9]{{1,2}})", RoomPageHandler, args),
        (prefix + f"/{code}/(teacher|projector|join|control)", RoomPageHandler, args),
        (prefix + f"/{code}", RoomPageHandler, args),
    ]
