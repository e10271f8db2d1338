"""The rooms' side of the dashboard process: open pages, engine work off the event loop, bots, broadcasts.

``RoomServer`` owns the ``Hub`` (every room, kept in SQLite) and the open
websockets of each room. Engine work (a decision, a bot's choice, building
the pages' messages) runs in one worker thread, never on the event loop,
in the order it was asked for; the loop only moves bytes. After a change
every page of the room gets its new message, and only when it differs from
the last one it got: a page learns nothing from the number of messages
(another seat adding a card to a sealed bid changes nothing on its screen,
so it gets nothing).

What it costs (issue 26, ``benchmarks/rooms_load.py``): a decision and the
messages it causes are one job of the worker (one trip off the loop and
back, not two); each distinct message (a view in a language) is built and
serialized once per change of the room (``Room.revision``) and its bytes go
to every page that shows it, and the seats online are spliced into the
cached text, so a page opening or closing rebuilds no board.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from ..engine import IllegalAction
from ..rooms import Hub, Room, Store, seat_message
from ..rooms.room import refusal

__all__ = ["RoomServer", "Page", "BOT_DELAY"]

log = logging.getLogger("rulekit.rooms")

#: seconds between two bot decisions, so a table can follow what the bots do
BOT_DELAY = 0.6


class Page(Protocol):
    """An open page of a room (a websocket): whose view it shows and in which language."""

    view: int | None
    lang: str
    last: str

    def write_message(self, message: str) -> Any: ...


class RoomServer:
    """Rooms, their open pages and their bots, for one dashboard process."""

    def __init__(self, hub: Hub, bot_delay: float = BOT_DELAY):
        self.hub = hub
        self.bot_delay = bot_delay
        self.pages: dict[str, set[Page]] = {}
        self._engine = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rulekit-rooms")
        self._bots: dict[str, asyncio.Task] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        #: room code -> (its revision, {(view, lang): message as JSON text without "online"})
        self._frames: dict[str, tuple[int, dict[tuple[int | None, str], str]]] = {}

    @classmethod
    def open(cls, path: str | None, max_rooms: int, max_connections: int, bot_delay: float = BOT_DELAY) -> RoomServer:
        """A server over the rooms file ``path`` (None: the user's data folder; ``":memory:"``: none)."""
        hub = Hub(Store(path), max_rooms=max_rooms, max_connections=max_connections)
        for problem in hub.problems:
            log.warning(problem)
        return cls(hub, bot_delay)

    async def run(self, work: Callable, *args: Any) -> Any:
        """Run engine work in the worker thread (never on the event loop)."""
        return await asyncio.get_running_loop().run_in_executor(self._engine, work, *args)

    # -- pages -------------------------------------------------------------

    def join(self, room: Room, page: Page) -> None:
        """Count a new page of ``room``; ``RoomError`` when the room has its most pages."""
        pages = self.pages.setdefault(room.code, set())
        if self.hub.max_connections and len(pages) >= self.hub.max_connections:
            raise refusal("ROOM-cap", "too_many_connections", n=self.hub.max_connections)
        pages.add(page)

    def leave(self, room: Room, page: Page) -> None:
        pages = self.pages.get(room.code, set())
        pages.discard(page)
        if not pages:
            self._frames.pop(room.code, None)  # nobody watches: its messages go

    def online(self, room: Room) -> list[int]:
        """Seats with at least one open page."""
        return sorted({p.view for p in self.pages.get(room.code, ()) if isinstance(p.view, int) and p.view >= 0})

    def frame(self, room: Room, view: int | None, lang: str, online: list[int]) -> str:
        """The message of one view as JSON text (in the worker thread): built once per room change.

        ``seat_message`` depends only on the room (its ``revision`` moves with
        every change) and on the view and language, so the text is kept until
        the room changes; the seats online are added to it here.
        """
        with room.lock:
            revision, texts = self._frames.get(room.code, (None, {}))
            if revision != room.revision:
                revision, texts = room.revision, {}
                self._frames[room.code] = (revision, texts)
            text = texts.get((view, lang))
            if text is None:
                text = json.dumps(seat_message(room, view, lang), ensure_ascii=False, separators=(",", ":"))
                texts[(view, lang)] = text
        return f'{text[:-1]},"online":{json.dumps(online, separators=(",", ":"))}}}'

    async def send_to(self, room: Room, page: Page) -> None:
        """Send one page its current message (a page that just opened or changed language)."""
        text = await self.run(self.frame, room, page.view, page.lang, self.online(room))
        page.last = text
        page.write_message(text)

    async def broadcast(self, room: Room, work: Callable[[], Any] | None = None) -> Any:
        """Do ``work`` (a decision) in the worker, then send every page of ``room`` its new message if it changed.

        The decision and the messages are one job of the worker: the pages get
        the new table after a single trip off the event loop. Returns what
        ``work`` returned; when it raises (a refusal), nothing is sent.
        """
        lock = self._locks.setdefault(room.code, asyncio.Lock())
        async with lock:
            pages = list(self.pages.get(room.code, ()))
            online = self.online(room)
            keys = sorted({(p.view, p.lang) for p in pages}, key=repr)

            def job() -> tuple[Any, dict]:
                done = work() if work is not None else None
                return done, {k: self.frame(room, k[0], k[1], online) for k in keys}

            if work is None and not pages:
                return None
            done, frames = await self.run(job)
            for page in pages:
                text = frames[(page.view, page.lang)]
                if text != page.last:
                    page.last = text
                    try:
                        page.write_message(text)
                    except Exception:  # a page closing at this moment: it is dropped on close
                        log.debug("a page of room %s closed during a broadcast", room.code)
            return done

    # -- changes -------------------------------------------------------------

    async def act(self, room: Room, seat: int, label: str, version: str | None) -> IllegalAction | None:
        """A student's decision: None when made (and sent to every page), else the refusal."""
        try:
            await self.broadcast(room, lambda: room.act(seat, label, version))
        except IllegalAction as refusal:
            return refusal
        self._wake_bots(room)
        return None

    async def changed(self, room: Room) -> None:
        """Tell every page of ``room``, then let its bots decide if one is to move."""
        await self.broadcast(room)
        self._wake_bots(room)

    def _wake_bots(self, room: Room) -> None:
        if room.bot_to_move() is not None and room.code not in self._bots:
            self._bots[room.code] = asyncio.ensure_future(self._play_bots(room))

    async def _play_bots(self, room: Room) -> None:
        try:
            while room.bot_to_move() is not None:
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                if await self.broadcast(room, room.bot_step) is None:
                    break
        except Exception:
            log.exception("a bot of room %s failed", room.code)
        finally:
            self._bots.pop(room.code, None)

    async def resume_all(self) -> None:
        """After a restart: let the bots of every running room go on."""
        for room in self.hub:
            if room.bot_to_move() is not None:
                await self.changed(room)

    def close(self) -> None:
        for task in self._bots.values():
            task.cancel()
        self._engine.shutdown(wait=False, cancel_futures=True)
        if self.hub.store is not None:
            self.hub.store.close()
