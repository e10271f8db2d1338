"""Save files: (game, options, seed, actions) as JSON that replays exactly.

Never pickle: a save file is readable text and every field is checked on
the way in, so a truncated or tampered file gives a clear ``SaveFileError``.
"""

from __future__ import annotations

import hashlib
import json
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import SaveFileError

__all__ = ["Record", "FORMAT", "VERSION", "MAX_BYTES", "checksum"]

FORMAT = "rulekit.record"
VERSION = 1
#: the largest save file read (a game of 100,000 decisions is about 3 MB); more is refused unread
MAX_BYTES = 64 * 2**20


def checksum(doc: dict[str, Any]) -> str:
    """SHA-256 of a save file's fields (all but ``checksum``) in one canonical JSON form.

    A file cut short or edited by hand no longer matches its checksum.

    Parameters
    ----------
    doc : dict
        The save file's JSON object.

    Returns
    -------
    str
        ``"sha256:"`` and the hex digest.

    Examples
    --------
    >>> checksum({"game": "x", "seed": 1}) == checksum({"seed": 1, "game": "x", "checksum": "old"})
    True
    >>> checksum({"game": "x"})[:7]
    'sha256:'
    """
    body = {k: v for k, v in doc.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Record:
    """A whole game as the decisions that made it: what a save file holds.

    Parameters
    ----------
    game : str
        The game's id.
    players : int
        The player count.
    options : dict
        The rule options.
    seed : int
        The seed.
    actions : list of Action
        Every decision, oldest first.
    auto_steps : int, optional
        Automatic steps after the last decision, when the game stopped mid-way.
    extra : dict, optional
        Other fields of the file (the snapshot), not compared.
    sealed : bool, optional
        Whether the file's checksum matched (None: it had none).

    Examples
    --------
    >>> record = Record("rune_stones", 2, {}, 1, [Action("action", ("summon",))])
    >>> Record.from_json(record.to_json()) == record
    True
    """

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[Action]
    #: automatic steps after the last decision, when the game stopped mid-way
    auto_steps: int | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    #: whether the file's checksum matched its content (None: the file has none); ``Game.from_record`` refuses False
    sealed: bool | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The save file's JSON object (without snapshot and checksum, which ``State.to_json`` adds).

        Returns
        -------
        dict
            ``format``, ``version``, ``game``, ``players``, ``seed``, ``options``, ``actions``
            (as labels) and ``auto_steps`` when set.

        Examples
        --------
        >>> doc = Record("rune_stones", 2, {"forge_costs": (2, 3)}, 1, [Action("bid", (5,))]).to_dict()
        >>> doc["actions"], doc["options"]
        (['bid 5'], {'forge_costs': [2, 3]})
        """
        doc = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "actions": [str(a) for a in self.actions],
        }
        if self.auto_steps is not None:
            doc["auto_steps"] = self.auto_steps
        return doc

    def to_json(self, indent: int | None = 1) -> str:
        """The save file as JSON text.

        Parameters
        ----------
        indent : int or None, optional
            JSON indentation (None: one line).

        Returns
        -------
        str
            The JSON.

        Examples
        --------
        >>> Record("rune_stones", 2, {}, 1, []).to_json(indent=None)[:50]
        '{"format": "rulekit.record", "version": 1, "game":'
        """
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the save file to ``path`` (UTF-8 JSON).

        Parameters
        ----------
        path : str or Path
            Where to write.

        Examples
        --------
        >>> import tempfile
        >>> record = Record("rune_stones", 2, {}, 1, [Action("bid", (5,))])
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     record.save(f"{folder}/game.json")
        ...     Record.load(f"{folder}/game.json") == record
        True
        """
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a save file from disk.

        Only a regular file of at most ``MAX_BYTES`` is read (never a pipe or a
        device, which could block or never end).

        Parameters
        ----------
        path : str or Path
            The file.

        Returns
        -------
        Record
            The file's record (``Game.from_record`` replays it).

        Raises
        ------
        SaveFileError
            When the file is missing, no regular file, too large, or no valid save file.

        Examples
        --------
        >>> Record.load("/no/such/save.json")
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.SaveFileError: cannot read save file /no/such/save.json: No such file or directory
        """
        try:
            info = Path(path).stat()
        except OSError as err:
            raise SaveFileError(f"cannot read save file {path}: {err.strerror or err}") from None
        if not stat.S_ISREG(info.st_mode):
            raise SaveFileError(f"{path} is not a regular file (a folder, a pipe or a device); name a save file")
        if info.st_size > MAX_BYTES:
            raise SaveFileError(f"{path} has {info.st_size:,} bytes, more than a save file can have ({MAX_BYTES:,})")
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
            text = data.decode("utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise SaveFileError(f"cannot read save file {path}: {err}") from None
        if len(data) > MAX_BYTES:
            raise SaveFileError(f"{path} grew past {MAX_BYTES:,} bytes while it was read")
        return cls.from_json(text)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Parse and check a save file; every problem is a ``SaveFileError``.

        Parameters
        ----------
        text : str or bytes
            The file's content.

        Returns
        -------
        Record
            The record, ``sealed`` telling whether its checksum matched.

        Raises
        ------
        SaveFileError
            Naming the field or the action that is wrong.

        Examples
        --------
        >>> text = '{"format": "rulekit.record", "version": 1, "game": "g", "players": 2, "seed": 0,'
        >>> Record.from_json(text + ' "options": {}, "actions": ["bid 5"]}').actions
        [Action(kind='bid', args=(5,))]
        >>> Record.from_json(text + ' "options": {}, "actions": [[]]}')
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.SaveFileError: action 1 of the save file is malformed: an action must be a non-empty list starting with its kind, got []
        """
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as err:
            raise SaveFileError(f"the save file is not valid JSON ({err})") from None
        except RecursionError:
            raise SaveFileError("the save file is nested too deeply to be a rulekit save file") from None
        except ValueError as err:  # e.g. an integer with thousands of digits
            raise SaveFileError(f"the save file holds a value rulekit cannot read ({err})") from None
        if not isinstance(doc, dict):
            raise SaveFileError("the save file must hold a JSON object")
        if doc.get("format") != FORMAT:
            raise SaveFileError(f"not a rulekit save file (format is {doc.get('format')!r}, expected {FORMAT!r})")
        if doc.get("version") != VERSION:
            raise SaveFileError(
                f"save file version {doc.get('version')!r} is not supported (this rulekit reads {VERSION})"
            )
        _need(doc, "game", str)
        _need(doc, "players", int)
        _need(doc, "seed", int)
        _need(doc, "options", dict)
        _need(doc, "actions", list)
        auto = doc.get("auto_steps")
        if auto is not None and (isinstance(auto, bool) or not isinstance(auto, int) or auto < 0):
            raise SaveFileError(f"'auto_steps' must be a non-negative integer, got {auto!r}")
        actions = []
        for i, raw in enumerate(doc["actions"]):
            try:
                actions.append(Action.coerce(raw))
            except ValueError as err:
                raise SaveFileError(f"action {i + 1} of the save file is malformed: {err}") from None
        known = {"format", "version", "game", "players", "seed", "options", "actions", "auto_steps", "checksum"}
        extra = {k: v for k, v in doc.items() if k not in known}
        sealed = doc["checksum"] == checksum(doc) if "checksum" in doc else None
        return cls(doc["game"], doc["players"], doc["options"], doc["seed"], actions, auto, extra, sealed)


def _need(doc: dict, key: str, kind: type) -> None:
    value = doc.get(key)
    if value is None:
        raise SaveFileError(f"the save file has no {key!r}")
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SaveFileError(f"{key!r} in the save file must be {kind.__name__}, got {type(value).__name__}")
