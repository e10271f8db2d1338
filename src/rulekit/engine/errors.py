"""One exception family for rulekit.

Every refusal names the rule that forbids it, so any screen can show the
rule text beside the refusal (DESIGN.md, "The engine contract").
"""

from __future__ import annotations

__all__ = [
    "RulekitError",
    "IllegalAction",
    "UnknownGame",
    "SetupError",
    "SaveFileError",
]


class RulekitError(Exception):
    """Base class of every error rulekit raises on purpose."""


class IllegalAction(RulekitError):
    """An action that the rules do not allow in this state.

    Parameters
    ----------
    rule : str
        The ledger id of the rule that forbids the action (``"RS-071"``).
    reason : str
        Why not, in words a learner understands (English).
    action : object, optional
        What was tried.
    reason_de : str, optional
        The same reason in German, for the language switch.
    """

    def __init__(self, rule: str, reason: str, action: object = None, reason_de: str = ""):
        self.rule = rule
        self.reason = reason
        self.reason_de = reason_de or reason
        self.action = action
        tried = f"{action}: " if action is not None else ""
        super().__init__(f"{tried}{reason} [{rule}]")

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` ("en" or "de"), with the rule id."""
        return f"{self.reason_de if lang == 'de' else self.reason} [{self.rule}]"


class UnknownGame(RulekitError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class SetupError(RulekitError, ValueError):
    """Bad arguments to ``Game.new``: player count, seed or rule options."""


class SaveFileError(RulekitError, ValueError):
    """A save file or state JSON that cannot be read or does not replay."""
