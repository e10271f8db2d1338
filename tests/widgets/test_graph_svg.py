"""The SVG graph drawing that lets the Spellbound notebook run without matplotlib (#28)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

import rulekit
from rulekit.widgets.graph_svg import MIN_FONT, draw_graph

SVG = "{http://www.w3.org/2000/svg}"


def test_the_spellbound_map_is_drawn_node_for_node_and_edge_for_edge():
    graph = rulekit.load("spellbound").map_graph()
    labels = {n: d["name"] for n, d in graph.nodes(data=True) if d["kind"] == "city"}
    drawing = draw_graph(
        graph, labels=labels, title="map", node_color=lambda n, d: "#fff" if d["kind"] == "city" else "#000"
    )
    root = ET.fromstring(drawing._repr_svg_())
    assert len(root.findall(f"{SVG}circle")) == graph.number_of_nodes()
    assert len(root.findall(f"{SVG}line")) == graph.number_of_edges()
    texts = [t.text for t in root.findall(f"{SVG}text")]
    assert texts[0] == "map" and sorted(texts[1:]) == sorted(labels.values())
    sizes = [float(t.get("font-size")) for t in root.findall(f"{SVG}text")]
    assert min(sizes) >= MIN_FONT
    fills = [c.get("fill") for c in root.findall(f"{SVG}circle")]
    assert fills.count("#fff") == len(labels)


def test_positions_fit_the_view_box_and_bad_input_is_named():
    graph = nx.path_graph(3)
    drawing = draw_graph(graph, pos={0: (0, 0), 1: (5, 10), 2: (10, 0)}, labels={0: "a<b"})
    assert "a&lt;b" in drawing.svg
    width, height = map(float, re.search(r'viewBox="0 0 (\S+) (\S+)"', drawing.svg).groups())
    for x, y in re.findall(r'cx="(\S+)" cy="(\S+)"', drawing.svg):
        assert 0 <= float(x) <= width and 0 <= float(y) <= height
    with pytest.raises(ValueError, match="no position"):
        draw_graph(graph, pos={0: (0, 0)})
    with pytest.raises(ValueError, match="no nodes"):
        draw_graph(nx.Graph())
