"""The Voila application of ``rulekit dashboard``: Voila plus what a class needs.

- ``/`` is the gallery (``gallery.py``); ``/voila/render/<notebook>`` the dashboards;
  ``/rooms`` the shared tables (``room_handlers.py``, docs/rooms.md), which need no kernel.
- Pages use the ``rulekit`` template (``share/jupyter/voila/templates/rulekit``):
  Voila's lab template without the Font Awesome links to cdn.jsdelivr.net.
- The kernel manager is made pool-safe and capped (``kernels.py``).
- Requests must name an allowed host (a DNS-rebinding page cannot reach the
  server through another name); anything else gets a 400 page naming the
  allowed names.
- A tab that closes shuts its kernel down: the page template sends a beacon; it carries no
  ``_xsrf`` field and was refused with a 403 traceback (voila #1458). It is
  accepted here for the kernel of a page only (a kernel id is a random
  uuid only that page knows), never for a kernel waiting in the pool.
- One port: a busy port is an error, not a silent move to another one.
- Log lines a teacher does not need are dropped (``QUIET``); no line shows a token.
- The request-info websocket needs the token like a page does, and a
  malformed template path is a 404, not a 500 (``guards.py``).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from traitlets import Float, Integer, List, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import gallery
from .guards import Redact, SafeTemplateStatic, TokenQueryHandler
from .kernels import pool_safe, pooled_kernels
from .texts import t

__all__ = ["RulekitVoila", "QUIET", "TEMPLATES", "host_pattern"]

#: the folder holding Voila's ``voila/templates/rulekit`` (goes first on JUPYTER_PATH)
TEMPLATES = Path(__file__).resolve().parent / "share" / "jupyter"
#: log messages that say nothing a teacher can act on
QUIET = re.compile(
    r"is not trusted|_xsrf|wrote error|Culling '|Kernel started:|Kernel shutdown:|Using pre-heated kernel|"
    r"Kernel pool of|Storing connection files|Serving static files|Using .* to store connection files|"
    r"notebook-signing key|Connecting to kernel|Adapting from protocol version|Starting buffering|Discarding \d+ buffered|Restoring connection"
)


class _Quiet(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        try:
            return not QUIET.search(record.getMessage())
        except Exception:
            return True


def host_pattern(hosts: list[str]) -> str:
    """A tornado host pattern matching exactly these host names (no port); ``*`` allows any (behind a proxy)."""
    if "*" in hosts:
        return r".*$"
    names = sorted({h.lower().strip("[]") for h in hosts if h})
    alternatives = [re.escape(n) for n in names] + [r"\[" + re.escape(n) + r"\]" for n in names if ":" in n]
    return "(" + "|".join(alternatives) + ")$"


class GalleryHandler(JupyterHandler):
    """``/``: the gallery; ``/rulekit/thumbs/<stem>.png``: its thumbnails."""

    def initialize(self, root: Path) -> None:
        self.root = root

    @tornado.web.authenticated
    def get(self, thumb: str | None = None) -> None:
        if thumb is not None:
            path = self.root / "thumbs" / f"{thumb}.png"
            if not re.fullmatch(r"[\w.-]+", thumb) or not path.is_file():
                raise tornado.web.HTTPError(404)
            self.set_header("Content-Type", "image/png")
            self.set_header("Cache-Control", "max-age=3600")
            self.finish(path.read_bytes())
            return
        base = self.base_url
        html = gallery.page(
            gallery.entries(self.root),
            link=lambda e: f"{base}voila/render/{e.file}",
            thumb_url=lambda e: f"{base}rulekit/thumbs/{Path(e.file).stem}.png",
            rooms_link=f"{base}rooms",
        )
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(html)


class BadHostHandler(tornado.web.RequestHandler):
    """Any request whose Host header is not one of the server's names."""

    def initialize(self, allowed: list[str]) -> None:
        self.allowed = allowed

    def prepare(self) -> None:
        self.set_status(400)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        host = self.request.host_name
        text = "\n".join(t("host_rejected", lang, host=host, allowed=", ".join(self.allowed)) for lang in ("en", "de"))
        self.finish(text + "\n")


class PageKernelShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's unload beacon: shut the closed page's kernel at once (never a pooled one)."""

    def check_xsrf_cookie(self) -> None:
        return None

    @tornado.web.authenticated
    async def post(self, kernel_id: str) -> None:
        manager = self.kernel_manager
        if kernel_id in manager and kernel_id not in pooled_kernels(manager):
            await manager.shutdown_kernel(kernel_id, now=True)  # the page is gone: no goodbye needed
        self.set_status(204)
        self.finish()


class RulekitVoila(Voila):
    """Voila with the gallery, the offline template, pool-safe kernels, a host check and one port."""

    name = "rulekit-dashboard"
    max_kernels = Integer(0, config=True, help="most kernels alive at once, the pool included (0: no limit)")
    allowed_hosts = List(Unicode(), config=True, help="host names the server answers to")
    rooms_db = Unicode("", config=True, help="the rooms' SQLite file ('': the user's data folder; ':memory:': none)")
    max_rooms = Integer(50, config=True, help="most rooms at once (0: no limit)")
    max_room_pages = Integer(40, config=True, help="most open pages per room (0: no limit)")
    bot_delay = Float(0.6, config=True, help="seconds between two bot decisions in a room")

    def rooms(self):
        """The shared tables of this server (``rulekit.serve.room_server``), opened on first use."""
        if getattr(self, "_rooms", None) is None:
            from .room_server import RoomServer

            self._rooms = RoomServer.open(self.rooms_db or None, self.max_rooms, self.max_room_pages, self.bot_delay)
        return self._rooms

    def init_settings(self) -> dict:
        settings = super().init_settings()
        manager = self.kernel_manager
        manager.__class__ = pool_safe(type(manager), self.max_kernels)
        manager.trim_pools()  # the pools it queued in __init__, before it was capped
        return settings

    def init_handlers(self) -> list:
        handlers = []
        for handler in super().init_handlers():
            if handler[1] is TornadoVoilaTreeHandler and handler[0] == self.server_url:
                continue  # "/" becomes the gallery; /voila/tree stays
            if handler[1] is VoilaShutdownKernelHandler:
                handler = (handler[0], PageKernelShutdownHandler, *handler[2:])
            elif handler[1] is RequestInfoSocketHandler:
                handler = (handler[0], TokenQueryHandler, *handler[2:])
            elif handler[1] is TemplateStaticFileHandler:
                handler = (handler[0], SafeTemplateStatic, *handler[2:])
            handlers.append(handler)
        root = Path(self.root_dir)
        from .room_handlers import room_handlers

        return [
            *room_handlers(self.rooms(), self.server_url),
            (self.server_url, GalleryHandler, {"root": root}),
            (self.server_url + r"rulekit/thumbs/([\w.-]+)\.png", GalleryHandler, {"root": root}),
            *handlers,
        ]

    def start(self) -> None:
        """Voila's start with the handlers bound to the allowed host names only."""
        import tempfile

        quiet, redact = _Quiet(), Redact()
        loggers = [self.log, *(logging.getLogger(f"tornado.{n}") for n in ("access", "general", "application"))]
        for logger in loggers:
            logger.addFilter(quiet)
            logger.addFilter(redact)
        for handler in [*self.log.handlers, *logging.getLogger().handlers]:
            handler.addFilter(quiet)
            handler.addFilter(redact)
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        self.app = tornado.web.Application(**settings)
        self.app.settings.update(self.tornado_settings)
        allowed = self.allowed_hosts or ["localhost", "127.0.0.1", "::1"]
        # a path nobody serves is a 404 on an allowed host: without the catch-all tornado would pass it on to
        # the next host rule and answer "this server does not answer to the host name" (400) instead
        not_found = (r".*", tornado.web.ErrorHandler, {"status_code": 404})
        self.app.add_handlers(host_pattern(allowed), [*self.init_handlers(), not_found])
        self.app.add_handlers(r".*$", [(r".*", BadHostHandler, {"allowed": allowed})])
        from tornado.ioloop import IOLoop

        IOLoop.current().add_callback(self.rooms().resume_all)  # bots of restored rooms go on
        self.listen()

    def stop(self) -> None:
        """Stop the kernels at once: a kernel still running its notebook in the pool would print a traceback."""
        import shutil

        from jupyter_core.utils import run_sync

        shutil.rmtree(self.connection_dir, ignore_errors=True)
        if getattr(self, "_rooms", None) is not None:
            self._rooms.close()
        run_sync(self.kernel_manager.shutdown_all)(now=True)

    def listen(self) -> None:
        self.port_retries = 0
        super().listen()


def launch_instance(argv: list[str], **traits: Any) -> None:
    """Start the application with these command-line arguments (blocks until stopped)."""
    RulekitVoila.launch_instance(argv=argv, **traits)
