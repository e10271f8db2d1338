"""Phases of a game and the phase-flow graph built from them.

A game declares its phases as data (``data/phases.toml``, refined from the
ledger's ``[[phase]]`` entries); ``phase_graph`` turns them into a
``networkx.DiGraph`` so the graph is never drawn by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

__all__ = ["Phase", "load_phases", "phase_graph"]


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase: where it may lead and which rules govern it."""

    id: str
    name: str
    name_de: str
    next: tuple[str, ...]
    rules: tuple[str, ...]
    automatic: bool = False

    def name_in(self, lang: str = "en") -> str:
        return self.name_de if lang == "de" else self.name


def load_phases(table: dict) -> dict[str, Phase]:
    """Read ``[[phase]]`` entries and check that every ``next`` is declared."""
    phases = {
        p["id"]: Phase(
            id=p["id"],
            name=p["name"],
            name_de=p.get("name_de", p["name"]),
            next=tuple(p.get("next", ())),
            rules=tuple(p.get("rules", ())),
            automatic=bool(p.get("automatic", False)),
        )
        for p in table["phase"]
    }
    for phase in phases.values():
        unknown = [n for n in phase.next if n not in phases]
        if unknown:
            raise ValueError(f"phase {phase.id!r} leads to undeclared phases {unknown}")
    return phases


def phase_graph(phases: dict[str, Phase]) -> nx.DiGraph:
    """The flow of a game as a DiGraph; nodes carry name, name_de, rules, automatic."""
    graph = nx.DiGraph()
    for p in phases.values():
        graph.add_node(p.id, name=p.name, name_de=p.name_de, rules=p.rules, automatic=p.automatic)
    graph.add_edges_from((p.id, n) for p in phases.values() for n in p.next)
    return graph
