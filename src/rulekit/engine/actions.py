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

    Small and hashable, so legal lists, transcripts and search trees can hold
    and compare actions cheaply; its text label is the same everywhere.

    Parameters
    ----------
    kind : str
        What is decided (``"take"``, ``"bid"``, ``"pass"``).
    args : tuple of int or str, optional
        The choice's arguments, in label order.

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
        """The text label (``str(action)``) that the CLI, widgets and transcripts show.

        Examples
        --------
        >>> Action("bid", (5,)).label
        'bid 5'
        """
        return str(self)

    def to_json(self) -> list:
        """The JSON form: the kind, then the arguments with their types kept.

        Returns
        -------
        list
            ``[kind, *args]``; ``from_json`` reads it back.

        Examples
        --------
        >>> Action("take", ("red", 3)).to_json()
        ['take', 'red', 3]
        """
        return [self.kind, *self.args]

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Read the list form written by ``to_json`` (or a label), checking every part.

        Parameters
        ----------
        data : object
            ``[kind, *args]`` with int or str arguments, or a label string.

        Returns
        -------
        Action
            The action it describes.

        Raises
        ------
        ValueError
            When ``data`` is neither a label nor such a list.

        Examples
        --------
        >>> Action.from_json(["take", "red", 3])
        Action(kind='take', args=('red', 3))
        >>> Action.from_json(["take", True])
        Traceback (most recent call last):
        ...
        ValueError: action arguments must be ints or strings, got True
        """
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
        """Parse a label such as ``"bid 5"`` typed by a person or read from a transcript.

        Parameters
        ----------
        text : str
            The label: the kind, then the arguments, separated by spaces.
            Plain ASCII digits become ints; anything else stays text.

        Returns
        -------
        Action
            The action the label names.

        Raises
        ------
        ValueError
            When ``text`` is empty, not a string or longer than ``MAX_LABEL``.

        Examples
        --------
        >>> Action.parse("bid 5")
        Action(kind='bid', args=(5,))
        >>> Action.parse("  pick   x2 -1 ")
        Action(kind='pick', args=('x2', -1))
        """
        if not isinstance(text, str) or not text.split():
            raise ValueError(f"an action label must be a non-empty string, got {text!r}")
        if len(text) > MAX_LABEL:
            raise ValueError(f"an action label has at most {MAX_LABEL} characters, got {len(text)}")
        kind, *rest = text.split()
        return cls(kind, tuple(_arg(x) for x in rest))

    @classmethod
    def coerce(cls, value: object) -> Action:
        """Accept whatever form an action comes in (API, CLI, save file) and return an Action.

        Parameters
        ----------
        value : object
            An ``Action``, a label (``"bid 5"``) or the JSON list form (``["bid", 5]``).

        Returns
        -------
        Action
            ``value`` itself when it is an Action, else the action it describes.

        Raises
        ------
        ValueError
            When ``value`` describes no action.

        Examples
        --------
        >>> Action.coerce("bid 5") == Action.coerce(["bid", 5]) == Action("bid", (5,))
        True
        """
        if isinstance(value, Action):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        return cls.from_json(value)
