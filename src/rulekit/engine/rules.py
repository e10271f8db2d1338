"""Rule texts keyed by ledger ids, and the events that cite them.

Each game package ships ``texts/rules.toml`` (one table per ledger id,
written in rulekit's own words in English and German) and
``texts/messages.toml`` (templates for events and refusals).
"""

from __future__ import annotations

import contextlib
import tomllib
from dataclasses import dataclass
from importlib import resources

from .plurals import fill

__all__ = ["Rule", "Event", "Messages", "load_rules", "read_toml"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a game, as a learner reads it."""

    id: str
    phase: str
    kind: str
    text: str
    text_de: str
    seed_lines: str = ""

    def text_in(self, lang: str = "en") -> str:
        return self.text_de if lang == "de" else self.text

    def __str__(self) -> str:
        return f"{self.id} ({self.phase}): {self.text}"


class Event:
    """What one step did, in words, with the rule that made it happen.

    Bots and simulations make thousands of events nobody reads, so a
    message-based event formats its text only when it is first read.
    """

    __slots__ = ("rule", "key", "seats", "_text", "_text_de", "_source")

    def __init__(
        self,
        rule: str,
        text: str = "",
        text_de: str = "",
        key: str = "",
        source: tuple | None = None,
        seats: tuple[int, ...] | None = None,
    ):
        self.rule = rule
        self.key = key
        #: the seats that may see this event (a drawn card, a sealed bid); None: everyone
        self.seats = None if seats is None else tuple(seats)
        self._text, self._text_de = (None, None) if source else (text, text_de)
        self._source = source  # (Messages, key, args) to format on first read

    def _format(self) -> None:
        messages, key, args = self._source
        self._text, self._text_de = messages.format(key, **args)
        self._source = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._format()
        return self._text

    @property
    def text_de(self) -> str:
        if self._text is None:
            self._format()
        return self._text_de

    def text_in(self, lang: str = "en") -> str:
        return (self.text_de or self.text) if lang == "de" else self.text

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may read this event; ``None`` is the teacher, who sees all."""
        return seat is None or self.seats is None or seat in self.seats

    def _key(self) -> tuple:
        return (self.rule, self.text, self.text_de, self.key, self.seats)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Event(rule={self.rule!r}, text={self.text!r}, key={self.key!r})"

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


def read_toml(package: str, name: str) -> dict:
    """Read a TOML file shipped inside ``package`` (never from the network)."""
    with resources.files(package).joinpath(name).open("rb") as f:
        return tomllib.load(f)


def load_rules(package: str) -> dict[str, Rule]:
    """Load ``texts/rules.toml`` of a game package into ``{id: Rule}``."""
    table = read_toml(package, "texts/rules.toml")
    return {
        rid: Rule(
            id=rid,
            phase=entry.get("phase", "any"),
            kind=entry.get("kind", "rule"),
            text=entry["en"],
            text_de=entry.get("de", entry["en"]),
            seed_lines=str(entry.get("seed_lines", "")),
        )
        for rid, entry in table.items()
    }


class Messages:
    """Event and refusal templates of one game, in English and German.

    ``texts/messages.toml`` holds tables such as::

        [summon]
        en = "{player} summons {card}."
        de = "{player} beschwört {card}."
    """

    def __init__(self, table: dict[str, dict[str, str]]):
        self._table = table

    @classmethod
    def load(cls, package: str) -> Messages:
        """The game's messages over the engine's own (``unknown_action``, ``wrong_phase``: every game's refusals use them)."""
        table = read_toml(__package__, "texts/messages.toml")
        with contextlib.suppress(FileNotFoundError):
            table |= read_toml(package, "texts/messages.toml")
        return cls(table)

    def format(self, key: str, **args: object) -> tuple[str, str]:
        """The (English, German) text for ``key``; a missing key shows itself plainly."""
        entry = self._table.get(key)
        if entry is None:
            plain = key + (" " + ", ".join(f"{k}={v}" for k, v in args.items()) if args else "")
            return plain, plain
        return fill(entry["en"], "en", **args), fill(entry.get("de", entry["en"]), "de", **args)
