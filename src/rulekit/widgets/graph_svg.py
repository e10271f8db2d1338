"""A networkx graph drawn as plain SVG, for notebooks that must also run in the browser.

matplotlib has no Pyodide build on the package indexes, so a notebook that
draws its graph with ``nx.draw_networkx`` cannot be part of the static site
(``rulekit publish``). ``GraphDrawing`` needs nothing but the standard
library: nodes at given positions, edges as lines, labels as text. It shows
itself as SVG in JupyterLab, Voila and Voici alike.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from html import escape
from typing import Any

import networkx as nx

__all__ = ["GraphDrawing", "draw_graph"]

#: the smallest label the drawing writes, in CSS pixels at its natural width (readable on a projector)
MIN_FONT = 12


class GraphDrawing:
    """An SVG drawing of a graph (``_repr_svg_`` for Jupyter; ``svg`` for files and tests)."""

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        # inline, so its role="img" and aria-label reach screen readers (an SVG output becomes an <img> without alt)
        return f'<div class="rk-graph-drawing">{self.svg}</div>'

    def __repr__(self) -> str:
        return f"<GraphDrawing: {len(self.svg):,} characters of SVG>"


def _attr(value: Any, node: Hashable, data: Mapping[str, Any], default: Any) -> Any:
    if value is None:
        return default
    if callable(value):
        return value(node, data)
    if isinstance(value, Mapping):
        return value.get(node, default)
    return value


def draw_graph(
    graph: nx.Graph,
    pos: Mapping[Hashable, tuple[float, float]] | None = None,
    *,
    node_color: Mapping | Callable | str | None = None,
    node_size: Mapping | Callable | float | None = None,
    edge_color: Callable[[Hashable, Hashable, Mapping[str, Any]], str] | str | None = None,
    labels: Mapping[Hashable, str] | None = None,
    title: str = "",
    width: int = 900,
    font_size: int = 13,
) -> GraphDrawing:
    """Draw ``graph`` with nodes at ``pos`` (default: the nodes' ``x``/``y`` attributes, y down).

    ``node_color`` and ``node_size`` (a radius in pixels) are one value, a
    mapping by node or a function ``(node, data) -> value``; ``edge_color``
    one colour or a function ``(u, v, data) -> colour``. ``labels`` names
    the nodes to write beside (others stay unlabelled).
    """
    if graph.number_of_nodes() == 0:
        raise ValueError("the graph has no nodes to draw")
    if pos is None:
        pos = {n: (float(d["x"]), float(d["y"])) for n, d in graph.nodes(data=True)}
    missing = [n for n in graph.nodes if n not in pos]
    if missing:
        raise ValueError(f"no position for node(s) {missing[:5]}")
    font_size = max(MIN_FONT, font_size)
    xs = [pos[n][0] for n in graph.nodes]
    ys = [pos[n][1] for n in graph.nodes]
    pad = 3 * font_size
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    scale = (width - 2 * pad) / span_x
    height = int(span_y * scale + 2 * pad + (2 * font_size if title else 0))
    top = pad + (2 * font_size if title else 0)

    def at(node: Hashable) -> tuple[float, float]:
        x, y = pos[node]
        return pad + (x - min(xs)) * scale, top + (y - min(ys)) * scale

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
        f'style="max-width:{width}px;font-family:sans-serif" role="img" aria-label="{escape(title or "graph")}">'
    ]
    if title:
        parts.append(f'<text x="{width / 2:.0f}" y="{pad:.0f}" text-anchor="middle" font-size="{font_size + 3}">')
        parts.append(f"{escape(title)}</text>")
    for u, v, data in graph.edges(data=True):
        colour = edge_color(u, v, data) if callable(edge_color) else (edge_color or "#999999")
        (x1, y1), (x2, y2) = at(u), at(v)
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" stroke-width="2"/>'
        )
    for node, data in graph.nodes(data=True):
        x, y = at(node)
        radius = float(_attr(node_size, node, data, 6))
        fill = _attr(node_color, node, data, "#cccccc")
        name = escape(str(data.get("name", node)))
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{fill}" stroke="#555555">'
            f"<title>{name}</title></circle>"
        )
    for node, text in (labels or {}).items():
        if node not in graph:
            continue
        x, y = at(node)
        radius = float(_attr(node_size, node, graph.nodes[node], 6))
        parts.append(
            f'<text x="{x:.1f}" y="{y + radius + font_size:.1f}" text-anchor="middle" '
            f'font-size="{font_size}" paint-order="stroke" stroke="white" stroke-width="3">'
            f"{escape(str(text))}</text>"
        )
    parts.append("</svg>")
    return GraphDrawing("".join(parts))
