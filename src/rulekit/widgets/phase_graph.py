"""The phase-flow graph: ``game.phase_graph()`` drawn as SVG.

The layout is computed here (layers by distance from the first phase,
wrapped into rows), so the drawing is deterministic and testable without
a browser. The current phase is lit, transitions already taken in this
game are marked, and clicking a phase asks for its rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import networkx as nx
import traitlets as t

from .base import RulekitWidget, esm

__all__ = ["PhaseGraph", "VisitedCache", "layout", "visited_edges"]

#: layers per row before wrapping (keeps long flows readable at small widths)
COLUMNS = 5
NODE_W, NODE_H, GAP_X, GAP_Y = 150, 40, 50, 46


def layout(graph: nx.DiGraph) -> dict[str, tuple[float, float]]:
    """Top-left corner of each phase box: the declared order, read row by row.

    Games declare phases in the order a round flows, so reading the boxes like
    text follows the game; most edges join neighbours and stay short.
    """
    return {
        node: (10.0 + (i % COLUMNS) * (NODE_W + GAP_X), 10.0 + (i // COLUMNS) * (NODE_H + GAP_Y))
        for i, node in enumerate(graph.nodes)
    }


def visited_edges(phases: Iterable[str]) -> list[list[str]]:
    """Distinct transitions (a, b) with a != b in a sequence of phases, in order."""
    seen, out, prev = set(), [], None
    for phase in phases:
        if prev is not None and phase != prev and (prev, phase) not in seen:
            seen.add((prev, phase))
            out.append([prev, phase])
        prev = phase
    return out


class VisitedCache:
    """Visited transitions up to each step of a timeline, extended incrementally.

    A timeline only changes after its cursor, so the cached prefix stays valid
    as long as the state objects match; a step costs O(1) instead of O(steps).
    """

    def __init__(self):
        self._states: list = []
        self._edges: list[tuple] = []

    def upto(self, timeline) -> list[list[str]]:
        cursor = timeline.cursor
        j = min(cursor, len(self._states) - 1)
        while j >= 0 and self._states[j] is not timeline[j]:
            j -= 1
        del self._states[j + 1 :], self._edges[j + 1 :]
        for i in range(j + 1, cursor + 1):
            state = timeline[i]
            edges = self._edges[i - 1] if i else ()
            if i and state.phase != timeline[i - 1].phase:
                edge = (timeline[i - 1].phase, state.phase)
                if edge not in edges:
                    edges = (*edges, edge)
            self._states.append(state)
            self._edges.append(edges)
        return [list(e) for e in self._edges[cursor]]


class PhaseGraph(RulekitWidget):
    """The flow of a game; ``current`` is lit and ``visited`` edges are marked."""

    _esm = esm("phase_graph.js")
    nodes = t.List().tag(sync=True)
    edges = t.List().tag(sync=True)
    current = t.Unicode("").tag(sync=True)
    visited = t.List().tag(sync=True)
    selected = t.Unicode("").tag(sync=True)
    #: events per phase (rules fired); shown as badges when not empty
    heat = t.Dict().tag(sync=True)
    size = t.List(t.Float(), [400.0, 100.0]).tag(sync=True)

    def __init__(self, graph: nx.DiGraph | None = None, lang: str = "en", **kwargs):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], None]] = []
        self.add_class("rk-phase-graph")
        self._graph = nx.DiGraph()
        if graph is not None:
            self.set_graph(graph, lang)

    def set_graph(self, graph: nx.DiGraph, lang: str = "en") -> None:
        """Lay out ``graph`` (nodes carry name, name_de, automatic, rules)."""
        self._graph = graph
        pos = layout(graph)
        width = max((x for x, _ in pos.values()), default=0) + NODE_W + 20
        height = max((y for _, y in pos.values()), default=0) + NODE_H + 20
        with self.hold_sync():
            self.size = [float(width), float(height)]
            self.edges = [[a, b] for a, b in graph.edges]
            self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        pos = layout(self._graph)
        self.nodes = [
            {
                "id": node,
                "name": (attrs.get("name_de") if lang == "de" else attrs.get("name")) or node,
                "automatic": bool(attrs.get("automatic")),
                "x": pos[node][0],
                "y": pos[node][1],
                "w": NODE_W,
                "h": NODE_H,
            }
            for node, attrs in self._graph.nodes(data=True)
        ]

    def on_select(self, handler: Callable[[str], None]) -> None:
        self._handlers.append(handler)

    def select(self, phase: str) -> None:
        """Click ``phase`` (as the browser would): handlers show its rules."""
        if phase not in self._graph:
            raise ValueError(f"unknown phase {phase!r}; phases: {', '.join(self._graph)}")
        self.selected = phase
        for handler in self._handlers:
            handler(phase)

    def _on_phase(self, content: dict) -> None:
        phase = str(content.get("id", ""))
        if phase in self._graph:
            self.select(phase)

    def _repr_summary(self) -> str:
        return f"{len(self.nodes)} phases, current={self.current or '-'}"
