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
from typing import Any

from .plurals import fill

__all__ = ["Rule", "Event", "Messages", "load_rules", "read_toml", "later_event"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a game, as a learner reads it: what refusals and events cite by ``id``.

    Parameters
    ----------
    id : str
        The ledger id (``"RS-061"``).
    phase : str
        The phase it governs (``"any"`` for general rules).
    kind : str
        What sort of rule it is (``"rule"``, ``"setup"``, ``"scoring"``, ...).
    text : str
        The rule in rulekit's own English words.
    text_de : str
        The same in German.
    seed_lines : str, optional
        Where in the rulebook it comes from.

    Examples
    --------
    >>> rule = Rule("X-1", "bid", "rule", "Bid more than the last bid.", "Biete mehr als zuletzt geboten.")
    >>> str(rule)
    'X-1 (bid): Bid more than the last bid.'
    """

    id: str
    phase: str
    kind: str
    text: str
    text_de: str
    seed_lines: str = ""

    def text_in(self, lang: str = "en") -> str:
        """The rule's text in ``lang``.

        Parameters
        ----------
        lang : str, optional
            ``"de"`` for German; anything else gives English.

        Returns
        -------
        str
            The text.

        Examples
        --------
        >>> Rule("X-1", "bid", "rule", "Bid more.", "Biete mehr.").text_in("de")
        'Biete mehr.'
        """
        return self.text_de if lang == "de" else self.text

    def __str__(self) -> str:
        return f"{self.id} ({self.phase}): {self.text}"


class Event:
    """What one step did, in words, with the rule that made it happen.

    Bots and simulations make thousands of events nobody reads, so a
    message-based event formats its text only when it is first read.

    Parameters
    ----------
    rule : str
        The ledger id of the rule that made it happen.
    text : str, optional
        What happened, in English (when no ``source`` is given).
    text_de : str, optional
        The same in German.
    key : str, optional
        The message key it was made from (``Game.say``).
    source : tuple, optional
        ``(Messages, key, args)`` to format on first read; its key is the event's ``key``.
    seats : tuple of int, optional
        The seats that may see it (None: everyone).

    Examples
    --------
    >>> event = Event("X-7", "P1 draws a card.", "P1 zieht eine Karte.", seats=(0,))
    >>> str(event), event.visible_to(1)
    ('[X-7] P1 draws a card.', False)
    """

    __slots__ = ("rule", "key", "seats", "_text", "_text_de", "_messages", "_args")

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
        #: the seats that may see this event (a drawn card, a sealed bid); None: everyone
        self.seats = None if seats is None else tuple(seats)
        # the messages and arguments to format on first read (``source``: the key is the event's);
        # the text slots stay unset until then (``Game.say``, a hot call, fills in only rule, key,
        # seats, messages and arguments)
        if source:
            self._messages, key, self._args = source
        else:
            self._messages = None
            self._text, self._text_de = text, text_de
        self.key = key

    def _format(self) -> None:
        self._text, self._text_de = self._messages.format(self.key, **self._args)
        self._messages = self._args = None

    @property
    def text(self) -> str:
        """What happened, in English (formatted from the messages on first read).

        Examples
        --------
        >>> messages = Messages({"draw": {"en": "{p} draws.", "de": "{p} zieht."}})
        >>> Event("X-7", source=(messages, "draw", {"p": "P1"})).text
        'P1 draws.'
        """
        if self._messages is not None:
            self._format()
        return self._text

    @property
    def text_de(self) -> str:
        """What happened, in German (formatted from the messages on first read).

        Examples
        --------
        >>> messages = Messages({"draw": {"en": "{p} draws.", "de": "{p} zieht."}})
        >>> Event("X-7", source=(messages, "draw", {"p": "P1"})).text_de
        'P1 zieht.'
        """
        if self._messages is not None:
            self._format()
        return self._text_de

    def text_in(self, lang: str = "en") -> str:
        """What happened, in ``lang`` (English when the event has no German text).

        Parameters
        ----------
        lang : str, optional
            ``"de"`` for German; anything else gives English.

        Returns
        -------
        str
            The text.

        Examples
        --------
        >>> Event("X-7", "P1 draws.").text_in("de")
        'P1 draws.'
        """
        return (self.text_de or self.text) if lang == "de" else self.text

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may read this event; ``None`` is the teacher, who sees all.

        Parameters
        ----------
        seat : int or None
            The seat reading.

        Returns
        -------
        bool
            True for the teacher, for a public event and for the seats it names.

        Examples
        --------
        >>> event = Event("X-7", "P1 draws the dragon.", seats=(0,))
        >>> event.visible_to(0), event.visible_to(1), event.visible_to(None)
        (True, False, True)
        """
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


_new_event = object.__new__


def later_event(rule: str, key: str, messages: Any, args: dict, seats: tuple[int, ...] | None = None) -> Event:
    """An event whose text ``messages`` formats from ``key`` and ``args`` when it is first read.

    The same event as ``Event(rule, key=key, source=(messages, key, args), seats=seats)``, filled
    in without ``__init__`` (as ``Game.say`` fills its own): rules that note several events per
    step, most never read, make them at a third of the cost.

    Parameters
    ----------
    rule : str
        The ledger id of the rule that made it happen.
    key : str
        The message key.
    messages : Messages
        What formats the texts (``format(key, **args)`` gives English and German).
    args : dict
        The message's placeholders.
    seats : tuple of int, optional
        The seats that may see it (None: everyone); a tuple, as it is kept.

    Returns
    -------
    Event
        The event; its text is formatted when first read.

    Examples
    --------
    >>> messages = Messages({"draw": {"en": "{p} draws.", "de": "{p} zieht."}})
    >>> event = later_event("X-7", "draw", messages, {"p": "P1"})
    >>> event == Event("X-7", key="draw", source=(messages, "draw", {"p": "P1"})), event.text_de
    (True, 'P1 zieht.')
    """
    event = _new_event(Event)
    event.rule, event.key, event.seats = rule, key, seats
    event._messages, event._args = messages, args
    return event


def read_toml(package: str, name: str) -> dict:
    """Read a TOML file shipped inside ``package`` (never from the network).

    Parameters
    ----------
    package : str
        The package that ships the file.
    name : str
        The file's path inside the package.

    Returns
    -------
    dict
        The parsed table.

    Examples
    --------
    >>> sorted(read_toml("rulekit.engine", "texts/messages.toml"))
    ['unknown_action', 'wrong_phase']
    """
    with resources.files(package).joinpath(name).open("rb") as f:
        return tomllib.load(f)


def load_rules(package: str) -> dict[str, Rule]:
    """Load ``texts/rules.toml`` of a game package into ``{id: Rule}``.

    Parameters
    ----------
    package : str
        The game package.

    Returns
    -------
    dict of str to Rule
        The rules in file order.

    Examples
    --------
    >>> rules = load_rules("rulekit.games.rune_stones")
    >>> rules["RS-061"].id, rules["RS-061"].phase
    ('RS-061', 'choose_action')
    """
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

    Parameters
    ----------
    table : dict
        Key -> ``{"en": template, "de": template}``.

    Examples
    --------
    >>> messages = Messages({"summon": {"en": "{player} summons {card}.", "de": "{player} beschwört {card}."}})
    >>> messages.format("summon", player="P1", card="Gust")
    ('P1 summons Gust.', 'P1 beschwört Gust.')
    """

    def __init__(self, table: dict[str, dict[str, str]]):
        self._table = table

    @classmethod
    def load(cls, package: str) -> Messages:
        """The game's messages over the engine's own (``unknown_action``, ``wrong_phase``: every game's refusals use them).

        Parameters
        ----------
        package : str
            The game package (a package without ``texts/messages.toml`` gets the engine's alone).

        Returns
        -------
        Messages
            The merged texts.

        Examples
        --------
        >>> messages = Messages.load("rulekit.games.rune_stones")
        >>> messages.format("start_turn", player="P2")
        ("P2's turn.", 'P2 ist am Zug.')
        >>> messages.format("unknown_action", what="x", what_de="x", phase="Bid", phase_de="Bieten", legal="pass", legal_de="passen")[0]
        "'x' is not possible in this step (Bid); possible now: pass."

        (Rune Stones words the engine's ``unknown_action`` for its own table.)
        """
        table = read_toml(__package__, "texts/messages.toml")
        with contextlib.suppress(FileNotFoundError):
            table |= read_toml(package, "texts/messages.toml")
        return cls(table)

    def format(self, key: str, **args: object) -> tuple[str, str]:
        """The (English, German) text for ``key``; a missing key shows itself plainly.

        Parameters
        ----------
        key : str
            The message key.
        **args
            The template's placeholders (counts pick plural branches).

        Returns
        -------
        tuple of str
            ``(english, german)``.

        Examples
        --------
        >>> messages = Messages({"draw": {"en": "{n, plural, one {# card} other {# cards}}",
        ...                               "de": "{n, plural, one {# Karte} other {# Karten}}"}})
        >>> messages.format("draw", n=2)
        ('2 cards', '2 Karten')
        >>> messages.format("nope", n=2)
        ('nope n=2', 'nope n=2')
        """
        entry = self._table.get(key)
        if entry is None:
            plain = key + (" " + ", ".join(f"{k}={v}" for k, v in args.items()) if args else "")
            return plain, plain
        return fill(entry["en"], "en", **args), fill(entry.get("de", entry["en"]), "de", **args)
