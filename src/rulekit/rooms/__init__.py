"""Shared tables: one game, many browsers, each student a seat (issue 26).

The model of a room lives here, below the web server: ``Room`` (a game,
its seats and tokens, its decisions, the teacher's controls), ``Store``
(SQLite, so nothing is lost on a restart), ``Hub`` (every room of a
server, with caps) and ``seat_message`` (what one seat's page may see).
``rulekit.serve.rooms`` serves them over HTTP and websockets; ``client``
creates rooms on a running dashboard from a notebook or a script.
See docs/rooms.md.
"""

from .client import create_room, server_url
from .hub import MAX_CONNECTIONS, MAX_ROOMS, Hub, parse_bots
from .messages import PUBLIC, TEACHER, seat_message
from .room import HUMAN, Decision, Room, RoomError, Seat
from .store import Store, default_path

__all__ = [
    "Hub",
    "Room",
    "RoomError",
    "Seat",
    "Decision",
    "Store",
    "HUMAN",
    "PUBLIC",
    "TEACHER",
    "MAX_ROOMS",
    "MAX_CONNECTIONS",
    "create_room",
    "server_url",
    "default_path",
    "parse_bots",
    "seat_message",
]
