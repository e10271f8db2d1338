"""Handlers that hold the token and never answer a bad path with a traceback (issue 24, item 4).

- ``TokenQueryHandler``: Voila's ``/voila/query/<kernel_id>`` websocket (it
  hands a preheated kernel its page's request, the query string with the
  token in it) opened for anyone; here it needs the same login as a page.
- ``SafeTemplateStatic``: ``/voila/templates/<template>/static/<file>``
  answered a path it could not split (``..``, ``%2f``) with a 500 and a
  traceback; here anything but a file inside a template's static folder is
  a plain 404.
- ``redact``: a log line never shows a token (``?token=...``, ``token: ...``).
"""

from __future__ import annotations

import logging
import posixpath
import re

from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.base.handlers import JupyterHandler
from tornado import web
from tornado.websocket import WebSocketHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.static_file_handler import TemplateStaticFileHandler

__all__ = ["TokenQueryHandler", "SafeTemplateStatic", "redact", "Redact"]

_TOKEN = re.compile(r"(token[=:]\s*['\"]?)[^&\s'\"]+", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with every token value replaced by ``[redacted]``."""
    return _TOKEN.sub(r"\1[redacted]", text)


class Redact(logging.Filter):
    """A logging filter that rewrites a record whose message holds a token."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a broken record is not ours to judge
            return True
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, ()
        return True


class TokenQueryHandler(RequestInfoSocketHandler, WebSocketHandler, JupyterHandler):
    """Voila's request-info websocket, behind the server's login (token)."""

    def set_default_headers(self) -> None:  # JupyterHandler's page headers make no sense on a websocket
        pass

    @ws_authenticated
    async def get(self, *args, **kwargs):
        return await super().get(*args, **kwargs)


class SafeTemplateStatic(TemplateStaticFileHandler):
    """Template static files; a malformed or escaping path is a 404, never a 500."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/")
        clean = posixpath.normpath(path)
        if (
            len(parts) < 3
            or parts[1] != "static"
            or "\\" in path
            or ".." in parts
            or clean.startswith(("/", ".."))
            or clean.split("/")[:2] != parts[:2]
        ):
            raise web.HTTPError(404)
        return super().parse_url_path(path)

    @classmethod
    def get_absolute_path(cls, root: str, path: str) -> str:
        try:
            return super().get_absolute_path(root, path)
        except (AssertionError, ValueError):
            raise web.HTTPError(404) from None

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        try:
            return super().validate_absolute_path(root, absolute_path)
        except AssertionError:
            raise web.HTTPError(404) from None
