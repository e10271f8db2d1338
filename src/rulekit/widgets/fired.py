"""Rules fired: which ledger rules have applied so far, by phase, with counts.

A teacher sees at a glance which rules the class has met and which not yet.
Counts come from ``rulekit.teaching.rules_fired`` (the events' rule ids); the
phase graph shows the same counts as badges.
"""

from __future__ import annotations

from collections.abc import Callable

import traitlets as t

from ..engine import Game
from ..teaching import RulesFired
from .base import RulekitWidget, esm
from .i18n import t as text

__all__ = ["RulesFiredView", "fired_groups"]


def fired_groups(fired: RulesFired, lang: str) -> list[dict]:
    """``[{"phase", "name", "rules": [[id, count], ...]}]`` in the game's phase order."""
    game: Game = fired.game
    by_phase = fired.by_phase()
    order = [p for p in game.phases if p in by_phase] + [p for p in by_phase if p not in game.phases]
    out = []
    for phase in order:
        p = game.phases.get(phase)
        out.append(
            {
                "phase": phase,
                "name": p.name_in(lang) if p else phase,
                "rules": [[rid, n] for rid, n in by_phase[phase].items()],
            }
        )
    return out


class RulesFiredView(RulekitWidget):
    """Rule ids per phase; met ones lit with their count, the rest greyed; click = read it."""

    _esm = esm("fired.js")
    groups = t.List().tag(sync=True)
    summary = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], None]] = []
        self.add_class("rk-fired")

    def show(self, fired: RulesFired, lang: str = "en") -> None:
        groups = fired_groups(fired, lang)
        met = sum(1 for g in groups for _, n in g["rules"] if n)
        total = sum(len(g["rules"]) for g in groups)
        with self.hold_sync():
            self.groups = groups
            self.summary = text("fired_summary", lang, met=met, total=total)

    def counts(self) -> dict[str, int]:
        return {rid: n for g in self.groups for rid, n in g["rules"]}

    def on_rule(self, handler: Callable[[str], None]) -> None:
        self._handlers.append(handler)

    def open_rule(self, rule: str) -> None:
        for handler in self._handlers:
            handler(rule)

    def _on_rule(self, content: dict) -> None:
        self.open_rule(str(content.get("id", "")))

    def _repr_summary(self) -> str:
        return self.summary or "empty"
