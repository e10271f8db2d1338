"""The phase-flow graph: ``game.phase_graph()`` drawn top to bottom like a rulebook.

Python decides what the drawing says: each phase's full name wrapped into
lines (never cut), the box sizes, which transitions are loops (back edges:
they go to a phase declared earlier, as "next turn" or "next round" do), the
current phase and the transition just taken. The layered layout itself is
made in the browser by dagre (``static/vendor/dagre.min.js``, vendored from
npm, MIT), the same code ``benchmarks/phase_layout.py`` runs in node to
count edge crossings. docs/widgets.md says why dagre.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import networkx as nx
import traitlets as t

from .base import RulekitWidget, esm

__all__ = ["PhaseGraph", "VisitedCache", "wrap", "flow_edges", "visited_edges", "last_edge"]

#: characters per line of a phase box (about 150 px of 13 px text)
WRAP = 21
#: box width and the height of one text line, in SVG units (px at scale 1)
NODE_W, LINE_H, PAD_Y = 164, 16, 8


def wrap(text: str, width: int = WRAP) -> list[str]:
    """``text`` as lines of at most ``width`` characters, broken between words.

    A word longer than ``width`` gets a line of its own (it is never cut), so
    ``" ".join(wrap(text)) == " ".join(text.split())``.
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def flow_edges(graph: nx.DiGraph) -> list[dict]:
    """The transitions to draw: ``{"a", "b", "back"}``, self-loops left out.

    ``back`` marks a loop: the target phase is declared before (or is) the
    source, as games declare phases in the order a round flows. The layout
    keeps those edges out of its layering, so turn order reads top to bottom.
    """
    order = {node: i for i, node in enumerate(graph.nodes)}
    return [{"a": a, "b": b, "back": order[b] < order[a]} for a, b in graph.edges if a != b]


def visited_edges(phases: Iterable[str]) -> list[list[str]]:
    """Distinct transitions (a, b) with a != b in a sequence of phases, in order."""
    seen, out, prev = set(), [], None
    for phase in phases:
        if prev is not None and phase != prev and (prev, phase) not in seen:
            seen.add((prev, phase))
            out.append([prev, phase])
        prev = phase
    return out


def last_edge(timeline) -> list[str]:
    """``[from, to]`` if the step that led to the cursor changed the phase, else ``[]``."""
    cursor = timeline.cursor
    if cursor == 0:
        return []
    a, b = timeline[cursor - 1].phase, timeline[cursor].phase
    return [a, b] if a != b else []


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
    """The flow of a game: ``current`` lit, ``last`` (the transition just taken) lit, ``visited`` marked."""

    _esm = esm("phase_graph.js")
    #: ``{"id", "name", "lines", "automatic", "w", "h"}`` in declared order
    nodes = t.List().tag(sync=True)
    #: ``{"a", "b", "back"}`` (see ``flow_edges``)
    edges = t.List().tag(sync=True)
    current = t.Unicode("").tag(sync=True)
    #: the phase the game was in before the current one (the focus view shows it)
    before = t.Unicode("").tag(sync=True)
    visited = t.List().tag(sync=True)
    last = t.List().tag(sync=True)
    selected = t.Unicode("").tag(sync=True)
    #: events per phase (rules fired); shown as badges when not empty
    heat = t.Dict().tag(sync=True)
    #: projector layout: the focus view draws phase names at 18 px instead of 14 px
    large = t.Bool(False).tag(sync=True)
    #: "focus" (readable size, the current phase with where it came from and where it can
    #: go kept in view) or "fit" (the whole flow fitted to the box, an overview)
    mode = t.Unicode("focus").tag(sync=True)
    #: captions of the view buttons (``phase_focus``, ``phase_fit``, ``zoom_in``, ``zoom_out``)
    labels = t.Dict().tag(sync=True)

    def __init__(self, graph: nx.DiGraph | None = None, lang: str = "en", **kwargs):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], None]] = []
        self.add_class("rk-phase-graph")
        self._graph = nx.DiGraph()
        if graph is not None:
            self.set_graph(graph, lang)

    def set_graph(self, graph: nx.DiGraph, lang: str = "en") -> None:
        """Show ``graph`` (nodes carry name, name_de, automatic)."""
        self._graph = graph
        with self.hold_sync():
            self.edges = flow_edges(graph)
            self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        """Phase names in ``lang``, wrapped; box heights follow the number of lines."""
        from .i18n import t as text

        self.labels = {k: text(k, lang) for k in ("phase_focus", "phase_fit", "zoom_in", "zoom_out")}
        nodes = []
        for node, attrs in self._graph.nodes(data=True):
            name = (attrs.get("name_de") if lang == "de" else attrs.get("name")) or node
            lines = wrap(name)
            nodes.append(
                {
                    "id": node,
                    "name": name,
                    "lines": lines,
                    "automatic": bool(attrs.get("automatic")),
                    "w": NODE_W,
                    "h": PAD_Y * 2 + LINE_H * len(lines),
                }
            )
        self.nodes = nodes

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
