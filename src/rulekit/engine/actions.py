"""Actions: one atomic choice a person makes.

An action is a small hashable value with a readable label. The same label
is used by the CLI, the widgets, transcripts and tests, and
``Action.parse(label)`` turns it back into the action.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Action"]

Arg = int | str
#: no real action label is longer; longer input is refused before parsing
MAX_LABEL = 200


def _arg(text: str) -> Arg:
    """Plain ASCII digits become an int; anything else (e.g. '²', Arabic-Indic digits) stays text."""
    digits = text[1:] if text.startswith("-") else text
    return int(text) if digits.isascii() and digits.isdigit() and len(digits) <= 18 else text


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a kind ("summon", "bid", "pass") and its arguments.

    Examples
    --------
    >>> a = Action("take", ("red", 3))
    >>> str(a)
    'take red 3'
    >>> Action.parse("take red 3") == a
    True
    """

    kind: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])

    @property
    def label(self) -> str:
        return str(self)

    def to_json(self) -> list:
        return [self.kind, *self.args]

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Read the list form written by ``to_json``; raise ``ValueError`` otherwise."""
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, list | tuple) or not data or not isinstance(data[0], str):
            raise ValueError(f"an action must be a non-empty list starting with its kind, got {data!r}")
        for arg in data[1:]:
            if isinstance(arg, bool) or not isinstance(arg, int | str):
                raise ValueError(f"action arguments must be ints or strings, got {arg!r}")
        return cls(data[0], tuple(data[1:]))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse a label such as ``"bid 5"``; digits become ints."""
        if not isinstance(text, str) or not text.split():
            raise ValueError(f"an action label must be a non-empty string, got {text!r}")
        if len(text) > MAX_LABEL:
            raise ValueError(f"an action label has at most {MAX_LABEL} characters, got {len(text)}")
        kind, *rest = text.split()
        return cls(kind, tuple(_arg(x) for x in rest))

    @classmethod
    def coerce(cls, value: object) -> Action:
        """Accept an Action, a label or the JSON list form."""
        if isinstance(value, Action):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        return cls.from_json(value)
