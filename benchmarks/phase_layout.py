"""Edge crossings of each game's phase-flow drawing: the old hand grid against dagre.

The old layout (rulekit before issue 14) put the phases in declared order,
five to a row, and drew each edge as one cubic curve (static/phase_graph.js of
that time); it is reproduced here. The new layout is the widget's own
``flowLayout`` (dagre, vendored) run in node on the very module string the
browser gets. Crossings are counted between edge paths that share no end
phase, on the curves sampled as polylines (the old) or dagre's polylines.

    PYTHONPATH=src python benchmarks/phase_layout.py
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from itertools import combinations
from pathlib import Path

import rulekit
from rulekit.widgets.base import esm
from rulekit.widgets.phase_graph import PhaseGraph

OLD_COLUMNS, OLD_W, OLD_H, OLD_GX, OLD_GY = 5, 150, 40, 50, 46

NODE_SCRIPT = """
const [modPath, dataPath] = process.argv.slice(2);
const fs = require("fs");
import("file://" + modPath).then((mod) => {
  const data = JSON.parse(fs.readFileSync(dataPath, "utf8"));
  const out = {};
  for (const [game, g] of Object.entries(data)) {
    const laid = mod.flowLayout(globalThis.__dagre, g.nodes, g.edges);
    out[game] = { width: laid.width, height: laid.height,
                  routes: laid.routes.map((r) => ({ a: r.a, b: r.b, points: r.points })) };
  }
  process.stdout.write(JSON.stringify(out));
});
"""


def _bezier(p0, p1, p2, p3, n=24):
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        pts.append(
            tuple(
                u**3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t**3 * d
                for a, b, c, d in zip(p0, p1, p2, p3, strict=True)
            )
        )
    return pts


def old_route(a, b):
    """The old edge curve between boxes ``a`` and ``b`` (x, y, w, h), as a polyline."""
    ax, ay, w, h = a
    bx, by, _, _ = b
    same_row = abs(ay - by) < 1
    gap = bx - (ax + w)
    if same_row and 0 < gap < w:
        return [(ax + w, ay + h / 2), (bx, by + h / 2)]
    if same_row:
        fwd = bx > ax
        y0, y1 = (ay, by) if fwd else (ay + h, by + h)
        lift = (-1 if fwd else 1) * (16 + abs(bx - ax) * 0.12)
        x0, x1 = ax + w / 2 + (20 if fwd else -20), bx + w / 2 + (-20 if fwd else 20)
        return _bezier((x0, y0), (x0, y0 + lift), (x1, y1 + lift), (x1, y1))
    down = by > ay
    x0, y0 = ax + w / 2, ay + h if down else ay
    x1, y1 = bx + w / 2, by if down else by + h
    bend = (1 if down else -1) * max(18, abs(y1 - y0) * 0.4)
    return _bezier((x0, y0), (x0, y0 + bend), (x1, y1 - bend), (x1, y1))


def _cross(p, q, r, s) -> bool:
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 1e-9) - (v < -1e-9)

    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


def crossings(routes: list[tuple[str, str, list]]) -> int:
    """Pairs of edge paths (with no shared end phase) that cross, counted once per crossing point."""
    total = 0
    for (a1, b1, p), (a2, b2, q) in combinations(routes, 2):
        if {a1, b1} & {a2, b2}:
            continue
        total += sum(_cross(p[i], p[i + 1], q[j], q[j + 1]) for i in range(len(p) - 1) for j in range(len(q) - 1))
    return total


def main() -> None:
    data, old = {}, {}
    for gid in rulekit.games():
        graph = rulekit.load(gid).phase_graph()
        widget = PhaseGraph(graph)
        data[gid] = {"nodes": widget.nodes, "edges": widget.edges}
        boxes = {
            n: (10.0 + (i % OLD_COLUMNS) * (OLD_W + OLD_GX), 10.0 + (i // OLD_COLUMNS) * (OLD_H + OLD_GY), OLD_W, OLD_H)
            for i, n in enumerate(graph.nodes)
        }
        old[gid] = crossings([(a, b, old_route(boxes[a], boxes[b])) for a, b in graph.edges if a != b])
    with tempfile.TemporaryDirectory() as tmp:
        module = Path(tmp) / "phase_graph.mjs"
        # the browser's module string; dagre's bundle defines `dagre` in module scope, exported here for node
        module.write_text(esm("phase_graph.js") + "\nglobalThis.__dagre = dagre;\n", encoding="utf-8")
        (Path(tmp) / "graphs.json").write_text(json.dumps(data), encoding="utf-8")
        (Path(tmp) / "run.cjs").write_text(NODE_SCRIPT, encoding="utf-8")
        out = subprocess.run(
            ["node", str(Path(tmp) / "run.cjs"), str(module), str(Path(tmp) / "graphs.json")],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
    laid = json.loads(out.stdout)
    print(f"{'game':22} {'phases':>6} {'edges':>5} {'grid crossings':>15} {'dagre crossings':>16} {'dagre size':>11}")
    for gid, g in laid.items():
        new = crossings([(r["a"], r["b"], [tuple(p) for p in r["points"]]) for r in g["routes"]])
        size = f"{g['width']:.0f}x{g['height']:.0f}"
        print(f"{gid:22} {len(data[gid]['nodes']):>6} {len(g['routes']):>5} {old[gid]:>15} {new:>16} {size:>11}")


if __name__ == "__main__":
    main()
