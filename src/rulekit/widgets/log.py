"""The event log: each event in words with the id of the rule that made it happen.

Clicking an id asks for the rule (the table shows it in the rule panel).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import traitlets as t

from .base import RulekitWidget, esm

__all__ = ["EventLog"]


class EventLog(RulekitWidget):
    """Rows ``{"step", "label", "rule", "text"}``; ``note`` heads the list."""

    _esm = esm("log.js")
    rows_json = t.Unicode("[]").tag(sync=True)
    note = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._rows: list[dict] = []
        self._handlers: list[Callable[[str], None]] = []
        self.add_class("rk-log")

    @property
    def rows(self) -> list[dict]:
        return self._rows

    @rows.setter
    def rows(self, rows: list[dict]) -> None:
        self._rows = rows
        self.rows_json = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))

    def on_rule(self, handler: Callable[[str], None]) -> None:
        self._handlers.append(handler)

    def open_rule(self, rule: str) -> None:
        """Click the rule id ``rule`` (as the browser would)."""
        for handler in self._handlers:
            handler(rule)

    def _on_rule(self, content: dict) -> None:
        self.open_rule(str(content.get("id", "")))

    def rule_ids(self) -> list[str]:
        return [row["rule"] for row in self.rows if row.get("rule")]

    def _repr_summary(self) -> str:
        return f"{len(self.rows)} events"
