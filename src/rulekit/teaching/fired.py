"""Which rules of the ledger have applied so far, grouped by phase.

A teacher sees at a glance which rules a class has met and which not yet;
the counts come only from the rule ids that events cite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..engine import Event, Game, State

__all__ = ["RulesFired", "rules_fired"]


@dataclass(frozen=True)
class RulesFired:
    """Counts of cited rules, per phase of the game's rule texts."""

    game: Game
    counts: Counter

    def by_phase(self) -> dict[str, dict[str, int]]:
        """``{phase: {rule id: count}}`` for every rule of the game (0 = not met yet)."""
        out: dict[str, dict[str, int]] = {}
        for rid, rule in self.game.rules.items():
            if rule.kind != "gap":
                out.setdefault(rule.phase, {})[rid] = self.counts.get(rid, 0)
        return out

    @property
    def met(self) -> list[str]:
        return [rid for rid in self.game.rules if self.counts.get(rid)]

    @property
    def not_yet(self) -> list[str]:
        return [rid for rid, r in self.game.rules.items() if r.kind != "gap" and not self.counts.get(rid)]

    def phase_heat(self) -> dict[str, int]:
        """Events per phase of the phase graph: a phase is "hot" when its rules fired."""
        heat = dict.fromkeys(self.game.phases, 0)
        for phase in self.game.phases.values():
            heat[phase.id] = sum(self.counts.get(rid, 0) for rid in phase.rules)
        return heat


def rules_fired(game: Game, history: Iterable[State | Event]) -> RulesFired:
    """Count the rule ids cited by the events of ``history`` (states or events)."""
    counts: Counter = Counter()
    for item in history:
        events = item.events if isinstance(item, State) else (item,)
        counts.update(e.rule for e in events if e.rule in game.rules)
    return RulesFired(game, counts)
