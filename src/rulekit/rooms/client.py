"""Create a room on a running ``rulekit dashboard`` from a notebook, a script or the command line.

The dashboard hosts the rooms (its process is the authoritative server);
this is the documented ``POST /rooms`` call (docs/rooms.md) with the
standard library only, to the dashboard on loopback unless told otherwise.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..engine import RulekitError

__all__ = ["create_room", "server_url", "DEFAULT_SERVER"]

#: where ``rulekit dashboard`` listens by default
DEFAULT_SERVER = "http://127.0.0.1:8866"


def server_url(server: str | None = None) -> str:
    """The dashboard to talk to: ``server``, else ``RULEKIT_SERVER``, else the default port on loopback."""
    url = server or os.environ.get("RULEKIT_SERVER") or DEFAULT_SERVER
    if not url.startswith(("http://", "https://")):
        url = "http://" + url
    return url.rstrip("/")


def create_room(
    game: str,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    bots: dict[int, str] | None = None,
    seed: int | None = None,
    watch: bool = True,
    start: bool = False,
    server: str | None = None,
    token: str | None = None,
    timeout: float = 30.0,
) -> dict:
    """Create a room and return ``{code, url, join_url, seats: [{seat, token, url}], teacher_token, teacher_url}``.

    ``bots`` maps seats (counted from 1) to bot specs (``{3: "greedy"}``);
    ``token`` is the dashboard's token when it serves a network (or set
    ``RULEKIT_TOKEN``). Raises ``RulekitError`` with the server's reason.
    """
    body = {"game": game, "players": players, "options": options or {}, "seed": seed, "watch": watch, "start": start}
    body["bots"] = {str(k): v for k, v in (bots or {}).items()}
    base = server_url(server)
    token = token or os.environ.get("RULEKIT_TOKEN")
    request = urllib.request.Request(
        base + "/rooms",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **({"Authorization": f"token {token}"} if token else {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as resp:
            return json.loads(resp.read())
    except urllib.error.HTTPError as err:
        try:
            reason = json.loads(err.read()).get("error", err.reason)
        except ValueError:
            reason = err.reason
        raise RulekitError(f"the dashboard at {base} refused the room: {reason}") from None
    except OSError as err:
        raise RulekitError(
            f"no rulekit dashboard answers at {base} ({getattr(err, 'reason', err)}): start one with `rulekit dashboard`"
            " or name it with server=... (or RULEKIT_SERVER)"
        ) from None
