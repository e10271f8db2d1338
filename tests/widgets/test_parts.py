"""The parts on their own: strings, scenes, layout, diff, static files, layering."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

import rulekit
from rulekit.widgets import Board, Inspector, PhaseGraph, Table, diff_paths
from rulekit.widgets.base import HELPERS
from rulekit.widgets.board import scene_problems
from rulekit.widgets.i18n import LANGS, strings, t
from rulekit.widgets.phase_graph import WRAP, flow_edges, visited_edges, wrap

from .helpers import GAME

SRC = Path(rulekit.__file__).parent
UI_MODULES = {"ipywidgets", "anywidget", "traitlets"}


def test_every_ui_string_has_english_and_german():
    table = strings()
    assert len(table) > 40
    for key, entry in table.items():
        assert all(entry.get(lang) for lang in LANGS), key
    assert t("seat", "de", n=2) == "P2"  # seats are P1..Pn in both languages


@pytest.mark.parametrize("folder", ["engine", "games"])
def test_engine_and_games_import_no_ui_code(folder):
    """DESIGN.md: arrows point down; a game imports only the engine."""
    offenders = []
    for path in sorted((SRC / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else ([node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            )
            offenders += [f"{path.relative_to(SRC)}: {n}" for n in names if n.split(".")[0] in UI_MODULES]
    assert offenders == []


#: files put in front of modules (base.esm): common.js for all, HELPERS for some; no widget of their own
HELPER_FILES = {"common.js", *(h for names in HELPERS.values() for h in names)}


def test_static_files_ship_in_package_and_reach_no_network():
    static = SRC / "widgets" / "static"
    names = sorted(p.name for p in static.iterdir() if p.is_file())
    assert {"common.js", "board.js", "controls.js", "rulekit.css"} <= set(names)
    vendor = sorted(p.name for p in (static / "vendor").iterdir())
    assert {"dagre.min.js", "dagre.LICENSE", "graphlib.LICENSE"} <= set(vendor)
    for path in (static / "vendor").glob("*.js"):  # vendored bundles: no network, no imports
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://", text) and "import(" not in text and "sourceMappingURL" not in text
    for name in names:
        text = (static / name).read_text(encoding="utf-8")
        urls = [u for u in re.findall(r"https?://[^\s\"')]+", text) if u != "http://www.w3.org/2000/svg"]
        assert urls == [], name
        if name.endswith(".js"):  # one self-contained module per widget (common.js is put in front)
            assert not re.search(r"^\s*import\b|\bimport\(", text, re.M), name
            assert ("export default" in text) == (name not in HELPER_FILES), name
    pyproject = (SRC.parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"static/vendor/*"' in pyproject  # the wheel carries the vendored bundle


def test_scene_problems_names_bad_items():
    good = GAME.scene(GAME.new(players=2, seed=0))
    assert scene_problems(good) == []
    bad = {
        "width": 0,
        "height": 10,
        "items": [
            {"type": "rect", "x": 1},
            {"type": "star"},
            {"type": "text", "x": 1, "y": 1, "text": "a", "action": 3},
        ],
    }
    problems = scene_problems(bad)
    assert any("width" in p for p in problems) and any("missing y, w, h" in p for p in problems)
    assert any("unknown type 'star'" in p for p in problems) and any("action must be" in p for p in problems)


def test_board_alone_shows_state_and_reports_clicks():
    board = Board()
    state = GAME.new(players=2, seed=0)
    board.show(state)
    clicks = []
    board.on_click(lambda label, ok: clicks.append((label, ok)))
    assert board.click("add 1") is True and board.click("add 3") is False
    assert clicks == [("add 1", True), ("add 3", False)]


def test_phase_names_are_wrapped_never_cut():
    name = "Use abilities: a choice inside an ability, with a word like Verfolgerbewegungsregeln"
    lines = wrap(name)
    assert " ".join(lines) == name and len(lines) > 2
    assert all(len(line) <= WRAP or " " not in line for line in lines)
    assert wrap("") == [""]


def test_flow_edges_mark_loops_back_and_drop_self_loops():
    chain = nx.DiGraph([("p0", "p1"), ("p1", "p1"), ("p1", "p2"), ("p2", "p0"), ("p2", "p1")])
    edges = {(e["a"], e["b"]): e["back"] for e in flow_edges(chain)}
    assert edges == {("p0", "p1"): False, ("p1", "p2"): False, ("p2", "p0"): True, ("p2", "p1"): True}


def test_every_game_phase_box_shows_its_full_name():
    for gid in rulekit.games():
        for lang in ("en", "de"):
            widget = PhaseGraph(rulekit.load(gid).phase_graph(), lang=lang)
            for node in widget.nodes:
                assert " ".join(node["lines"]) == " ".join(node["name"].split()), (gid, node["id"])
                assert node["h"] >= 16 * len(node["lines"])


def test_phase_graph_select_and_visited_edges():
    graph = GAME.phase_graph()
    widget = PhaseGraph(graph, lang="de")
    seen = []
    widget.on_select(seen.append)
    widget._on_phase({"id": "check"})
    widget._on_phase({"id": "not a phase"})
    assert seen == ["check"] and widget.selected == "check"
    assert visited_edges(["a", "a", "b", "a", "b", "c"]) == [["a", "b"], ["b", "a"], ["b", "c"]]


def test_diff_paths_finds_leaves():
    old = {"a": 1, "b": {"c": [1, 2], "d": "x"}, "e": [1]}
    new = {"a": 1, "b": {"c": [1, 3], "d": "x"}, "e": [1, 2], "f": 0}
    assert diff_paths(old, new) == ["b/c/1", "e", "f"]
    inspector = Inspector()
    inspector.show(new, old)
    assert inspector.changed == ["b/c/1", "e", "f"] and repr(inspector) == "<Inspector 4 keys, 3 changed>"


def test_table_refuses_bad_setup_clearly():
    with pytest.raises(rulekit.UnknownGame, match="unknown game"):
        Table("no_such_game")
    with pytest.raises(ValueError, match="one per seat"):
        Table(GAME, players=2, seats=["human"])
    with pytest.raises(ValueError, match="agents"):
        Table(GAME, players=2, seats=["human", "genius"])
    with pytest.raises(TypeError, match="game id"):
        Table(42)


def test_visited_cache_matches_a_full_scan_after_undo_and_new_branch():
    from rulekit.widgets.phase_graph import VisitedCache

    table = Table(GAME, players=2, seed=2, seats=["random", "random"], autoplay=False)
    cache = VisitedCache()
    table.play(6)
    tl = table.timeline
    full = visited_edges(tl[i].phase for i in range(tl.cursor + 1))
    assert cache.upto(tl) == full
    table.jump(1)
    assert cache.upto(tl) == visited_edges(tl[i].phase for i in range(2))
    table.step()  # a new branch replaces later states
    table.step()
    assert cache.upto(tl) == visited_edges(tl[i].phase for i in range(tl.cursor + 1))


#: the floors of the package, bottom first: a module may import only from its own floor or below
FLOORS = [
    {"engine"},
    {"games"},
    {"agents", "testing", "textboard", "teaching", "outputs"},
    {"session", "explore", "adapters", "rooms"},
    {"widgets"},
    {"serve", "cli"},
]


def _floor(part: str) -> int | None:
    return next((i for i, names in enumerate(FLOORS) if part in names), None)


def test_imports_point_down_the_floors():
    """Arrows only point down (DESIGN.md): engine < games < agents < session/explore < widgets < serve/cli."""
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).parts
        own = _floor(parts[0].removesuffix(".py"))
        if own is None:
            continue
        package = ["rulekit", *parts[:-1]]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                target = [*package[: len(package) - node.level + 1], *(node.module or "").split(".")]
            else:
                target = (node.module or "").split(".")
            if target[0] != "rulekit" or len(target) < 2 or not target[1]:
                continue
            floor = _floor(target[1])
            if floor is not None and floor > own:
                offenders.append(f"{path.relative_to(SRC)} imports {'.'.join(target)}")
    assert offenders == []
