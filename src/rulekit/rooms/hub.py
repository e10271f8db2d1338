"""All rooms of one server: create them (within a cap), find them by code, restore them.

``Hub`` is what the web handlers and the notebook API talk to; it knows no
HTTP. ``create`` checks everything a teacher typed (game, player count,
options, bots) before a room exists, with the engine's own error messages.
"""

from __future__ import annotations

import secrets
import threading
from typing import Any

from ..agents import make_agent
from ..engine import RulekitError
from ..games import load
from .room import HUMAN, Room, Seat, new_code, new_token, refusal
from .store import Store

__all__ = ["Hub", "MAX_ROOMS", "MAX_CONNECTIONS", "parse_bots"]

#: rooms one server hosts at most (a class of 30 in small groups needs 8-10)
MAX_ROOMS = 50
#: open pages per room at most (seats, projector, teacher, a few visitors)
MAX_CONNECTIONS = 40


def parse_bots(bots: dict | list | str | None, players: int) -> dict[int, str]:
    """``{seat index: bot spec}`` from ``{"2": "greedy"}``, ``["3=random"]`` or ``"3=random,4=greedy"``.

    Seats are numbered from 1 as people count them; specs are checked
    (``rulekit.agents.make_agent``), and a bad one is refused with its reason.
    """
    if bots is None:
        return {}
    if isinstance(bots, str):
        bots = [b for b in bots.split(",") if b.strip()]
    if isinstance(bots, list):
        pairs = []
        for item in bots:
            seat, sep, spec = str(item).partition("=")
            if not sep:
                raise RulekitError(f"a bot is SEAT=SPEC such as 2=greedy, got {item!r}")
            pairs.append((seat, spec))
    elif isinstance(bots, dict):
        pairs = list(bots.items())
    else:
        raise RulekitError(f"bots must be a mapping of seat to bot spec, got {type(bots).__name__}")
    out = {}
    for seat, spec in pairs:
        try:
            n = int(str(seat).strip())
        except ValueError:
            raise RulekitError(f"a bot's seat must be a number from 1 to {players}, got {seat!r}") from None
        if not 1 <= n <= players:
            raise RulekitError(f"a bot's seat must be from 1 to {players}, got {n}")
        try:
            make_agent(str(spec).strip())
        except ValueError as err:
            raise RulekitError(f"bot for seat {n}: {err}") from None
        out[n - 1] = str(spec).strip()
    return out


class Hub:
    """The rooms of a server, kept in ``store`` (SQLite; ``None``: in memory only)."""

    def __init__(self, store: Store | None = None, max_rooms: int = MAX_ROOMS, max_connections: int = MAX_CONNECTIONS):
        self.store = store
        self.max_rooms = max_rooms
        self.max_connections = max_connections
        self.rooms: dict[str, Room] = {}
        self.problems: list[str] = []
        self._lock = threading.Lock()
        if store is not None:
            rooms, self.problems = store.load()
            self.rooms = {r.code: r for r in rooms}

    def create(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        bots: dict | list | str | None = None,
        seed: int | None = None,
        watch: bool = True,
        start: bool = False,
    ) -> Room:
        """A new room; its seats are students except those given to ``bots`` (``{seat (1-based): spec}``).

        Raises ``RulekitError`` with a clear message for an unknown game, a bad
        player count, option or bot, or when the server has ``max_rooms`` rooms.
        """
        g = load(game)
        players = g.players.start if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) or players not in g.players:
            raise RulekitError(
                f"{g.title} is played by {g.players.start}-{g.players.stop - 1} players, not {players!r}"
            )
        chosen = parse_bots(bots, players)
        seed = secrets.randbelow(2**31) if seed is None else seed
        g.new(players, seed, **dict(options or {}))  # options and seed checked by the engine (SetupError)
        with self._lock:
            if self.max_rooms and len(self.rooms) >= self.max_rooms:
                raise refusal("ROOM-cap", "too_many_rooms", n=self.max_rooms)
            code = new_code(set(self.rooms))
            seats = [Seat(i, chosen.get(i, HUMAN)) for i in range(players)]
            room = Room(code, g.id, players, seed, dict(options or {}), seats, new_token(), watch=watch)
            if start:
                room.status = "playing"
            self.rooms[code] = room
        if self.store is not None:
            self.store.add(room)
        return room

    def get(self, code: str) -> Room:
        """The room with join code ``code`` (any case); ``RoomError`` naming it when there is none."""
        room = self.rooms.get(str(code).upper())
        if room is None:
            raise refusal("ROOM-code", "no_room", code=str(code)[:12])
        return room

    def remove(self, code: str) -> None:
        """Forget a room for good (its stored decisions too)."""
        with self._lock:
            room = self.get(code)
            del self.rooms[room.code]
        if self.store is not None:
            self.store.remove(room.code)

    def __len__(self) -> int:
        return len(self.rooms)

    def __iter__(self):
        return iter(list(self.rooms.values()))
