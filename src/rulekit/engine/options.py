"""Rule options: the parameters a teacher or designer may change.

The same options drive ``Game.new``, the widgets' variant editor, save
files and rule-variant sweeps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Option"]


@dataclass(frozen=True)
class Option:
    """One rule parameter with its default and allowed values."""

    name: str
    default: Any
    help: str
    help_de: str = ""
    rule: str = ""
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    #: a short human name for forms ("Round limit"); falls back to ``name``
    title: str = ""
    title_de: str = ""

    def check(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise ``ValueError`` naming the option."""
        if self.choices and value not in self.choices:
            raise ValueError(f"option {self.name}={value!r} is not one of {list(self.choices)}")
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name} must be true or false, got {value!r}")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name} must be an integer, got {value!r}")
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise ValueError(f"option {self.name}={value} is outside {self.low}..{self.high}")
            return value
        if isinstance(self.default, tuple | list):
            if not isinstance(value, tuple | list) or len(value) != len(self.default):
                raise ValueError(f"option {self.name} must be a list of {len(self.default)} values, got {value!r}")
            for item, like in zip(value, self.default, strict=True):
                if type(item) is not type(like) and not (type(like) is float and type(item) is int):
                    kind = type(like).__name__
                    raise ValueError(f"option {self.name}: every value must be {kind}, got {item!r} in {list(value)!r}")
            return tuple(value)
        if not isinstance(value, type(self.default)):
            raise ValueError(f"option {self.name} must be {type(self.default).__name__}, got {value!r}")
        return value

    def title_in(self, lang: str = "en") -> str:
        """The option's name for people, in ``lang``."""
        if lang == "de" and self.title_de:
            return self.title_de
        return self.title or self.name.replace("_", " ").capitalize()

    def help_in(self, lang: str = "en") -> str:
        return self.help_de if lang == "de" and self.help_de else self.help
