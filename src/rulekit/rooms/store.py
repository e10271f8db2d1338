"""Rooms kept in SQLite, so a restarted server or a crashed tab loses nothing.

A room is its setup (game, players, options, seed, seats and tokens, status)
plus its decisions; the store writes both as they change (one small
transaction per decision) and ``load`` replays every room to the step it
had. The file lives in the user's data folder unless ``--rooms-db`` (or
``RULEKIT_ROOMS_DB``) names another; ``":memory:"`` keeps nothing.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from pathlib import Path

from ..engine import RulekitError
from .room import Decision, Room, Seat

__all__ = ["Store", "default_path"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    teacher_token TEXT NOT NULL,
    status TEXT NOT NULL,
    watch INTEGER NOT NULL,
    created REAL NOT NULL,
    undos INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS decisions (
    code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    label TEXT NOT NULL,
    seat INTEGER NOT NULL,
    by TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
"""


def default_path() -> Path:
    """``rooms.sqlite3`` in the user's data folder (``RULEKIT_ROOMS_DB`` overrides it)."""
    named = os.environ.get("RULEKIT_ROOMS_DB")
    if named:
        return Path(named)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "rulekit" / "rooms.sqlite3"


class Store:
    """The rooms' SQLite file; listens to each room it saves and writes its changes at once."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = str(default_path() if path is None else path)
        if self.path != ":memory:":
            folder = Path(self.path).parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise RulekitError(f"cannot create the rooms folder {folder}: {err.strerror}") from None
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as err:
            raise RulekitError(f"the rooms file {self.path} cannot be used: {err}") from None
        self._lock = threading.Lock()

    # -- writing ---------------------------------------------------------

    def add(self, room: Room) -> None:
        """Save a new room (and every decision it has) and follow its changes."""
        with self._lock, self.db:
            self.db.execute("BEGIN")
            self._write_room(room)
            self.db.execute("DELETE FROM decisions WHERE code = ?", (room.code,))
            self.db.executemany(
                "INSERT INTO decisions (code, n, label, seat, by) VALUES (?, ?, ?, ?, ?)",
                [(room.code, n, d.label, d.seat, d.by) for n, d in enumerate(room.decisions)],
            )
        room.listeners.append(self._changed)

    def remove(self, code: str) -> None:
        with self._lock, self.db:
            self.db.execute("DELETE FROM decisions WHERE code = ?", (code,))
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def _changed(self, room: Room, what: str) -> None:
        with self._lock, self.db:
            self.db.execute("BEGIN")
            if what == "decision":
                n = len(room.decisions) - 1
                d = room.decisions[n]
                self.db.execute(
                    "INSERT OR REPLACE INTO decisions (code, n, label, seat, by) VALUES (?, ?, ?, ?, ?)",
                    (room.code, n, d.label, d.seat, d.by),
                )
            elif what == "undo":
                self.db.execute("DELETE FROM decisions WHERE code = ? AND n >= ?", (room.code, len(room.decisions)))
            self._write_room(room)

    def _write_room(self, room: Room) -> None:
        self.db.execute(
            # an upsert, not REPLACE: replacing the row would delete it first, and its decisions with it (CASCADE)
            "INSERT INTO rooms (code, game, players, seed, options, seats, teacher_token, status, watch, created, undos)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(code) DO UPDATE SET seats = excluded.seats,"
            " status = excluded.status, watch = excluded.watch, undos = excluded.undos",
            (
                room.code,
                room.game.id,
                room.players,
                room.seed,
                json.dumps(room.options, sort_keys=True),
                json.dumps([s.to_dict() for s in room.seats]),
                room.teacher_token,
                room.status,
                int(room.watch),
                room.created,
                room.undos,
            ),
        )

    # -- reading ---------------------------------------------------------

    def load(self) -> tuple[list[Room], list[str]]:
        """Every stored room replayed to its last decision, and a line per room that could not be."""
        with self._lock:
            rows = self.db.execute(
                "SELECT code, game, players, seed, options, seats, teacher_token, status, watch, created, undos"
                " FROM rooms ORDER BY created"
            ).fetchall()
            moves = self.db.execute("SELECT code, label, seat, by FROM decisions ORDER BY code, n").fetchall()
        by_room: dict[str, list[Decision]] = {}
        for code, label, seat, by in moves:
            by_room.setdefault(code, []).append(Decision(label, seat, by))
        rooms, problems = [], []
        for code, game, players, seed, options, seats, teacher, status, watch, created, undos in rows:
            try:
                room = Room(
                    code, game, players, seed, json.loads(options),
                    [Seat(**s) for s in json.loads(seats)], teacher, status, bool(watch), created,
                    by_room.get(code, []), undos,
                )  # fmt: skip
            except (RulekitError, ValueError, TypeError, KeyError) as err:
                problems.append(f"room {code} ({game}) was not restored: {err}")
                continue
            room.listeners.append(self._changed)
            rooms.append(room)
        return rooms, problems

    def close(self) -> None:
        with self._lock:
            self.db.close()
