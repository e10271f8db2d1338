// rulekit phase-flow graph: a layered drawing, top to bottom in turn order.
// Python sends the phases (names already wrapped into lines, box sizes) and
// the transitions (loops marked `back`); dagre (vendored in front of this
// module, see static/vendor/) places them. Loops are laid out as forward
// edges from their target and drawn reversed, so they run back up the side.

const FONT = 13, LINE = 16, PAD = 8;

// The layout of `nodes` and `edges` with the dagre library `lib`: boxes
// (top-left x, y) and each edge's polyline from source to target. Pure, so
// benchmarks/phase_layout.py runs the very same function in node.
function flowLayout(lib, nodes, edges, rankdir) {
  const g = new lib.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: rankdir || "TB", nodesep: 20, ranksep: 30, edgesep: 12, marginx: 12, marginy: 12 });
  for (const n of nodes) g.setNode(n.id, { width: n.w, height: n.h });
  edges.forEach((e, i) => {
    if (e.a === e.b || !g.hasNode(e.a) || !g.hasNode(e.b)) return;
    // a loop is laid out from its target down to its source, so it never pulls
    // an earlier phase below a later one; `weight` keeps forward edges short
    if (e.back) g.setEdge(e.b, e.a, { weight: 1, minlen: 1 }, `e${i}`);
    else g.setEdge(e.a, e.b, { weight: 2, minlen: 1 }, `e${i}`);
  });
  lib.layout(g);
  const boxes = new Map();
  for (const n of nodes) {
    const p = g.node(n.id);
    boxes.set(n.id, { ...n, x: p.x - n.w / 2, y: p.y - n.h / 2 });
  }
  const routes = [];
  edges.forEach((e, i) => {
    const found = g.edge(e.back ? e.b : e.a, e.back ? e.a : e.b, `e${i}`);
    if (!found) return;
    const points = found.points.map((p) => [p.x, p.y]);
    routes.push({ ...e, points: e.back ? points.reverse() : points });
  });
  const size = g.graph();
  return { width: size.width || 100, height: size.height || 40, boxes, routes };
}

// A smooth path through the points: straight ends, rounded corners between.
function routePath(points) {
  if (points.length < 3) return `M ${points.map((p) => p.join(" ")).join(" L ")}`;
  let d = `M ${points[0][0]} ${points[0][1]}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [x, y] = points[i], [nx, ny] = points[i + 1];
    const mx = (x + nx) / 2, my = (y + ny) / 2;
    d += i === points.length - 2 ? ` Q ${x} ${y} ${nx} ${ny}` : ` Q ${x} ${y} ${mx} ${my}`;
  }
  return d;
}

function render({ model, el }) {
  el.classList.add("rk-phase-graph");
  const stopHeading = heading(model, el);
  // Two views (issue 22). "focus": drawn at a readable size (names at 14 px, 18 px on a
  // projector, times the zoom), scrolled so the current phase, the phase it came from and
  // the phases it can go to are in view. "fit": the whole flow fitted to the box (an overview).
  const bar = document.createElement("div");
  bar.className = "rk-graph-bar";
  const focusBtn = document.createElement("button");
  focusBtn.className = "rk-graph-focus";
  const fitBtn = document.createElement("button");
  fitBtn.className = "rk-graph-fit-btn";
  const zoomOut = document.createElement("button");
  zoomOut.className = "rk-graph-zoom-out";
  zoomOut.textContent = "−";
  const zoomIn = document.createElement("button");
  zoomIn.className = "rk-graph-zoom-in";
  zoomIn.textContent = "+";
  bar.append(focusBtn, fitBtn, zoomOut, zoomIn);
  el.appendChild(bar);
  let zoom = 1;
  const setMode = (mode) => { model.set("mode", mode); model.save_changes(); };
  focusBtn.addEventListener("click", () => { zoom = 1; shownCurrent = ""; setMode("focus"); });
  fitBtn.addEventListener("click", () => { zoom = 1; shownCurrent = ""; setMode("fit"); });
  const rezoom = (by) => () => {
    zoom = Math.max(model.get("mode") === "fit" ? 1 : 0.8, Math.min(4, zoom * by));
    shownCurrent = ""; draw();
  };
  zoomOut.addEventListener("click", rezoom(1 / 1.25));
  zoomIn.addEventListener("click", rezoom(1.25));
  const box = document.createElement("div");
  box.className = "rk-graph-scroll";
  box.setAttribute("role", "group");  // issue 27: a scrolling box a keyboard can reach and scroll
  box.tabIndex = 0;
  const nameBox = () => box.setAttribute("aria-label", model.get("heading") || "phases");
  nameBox();
  model.on("change:heading", nameBox);
  const svg = svgEl("svg", { class: "rk-graph-svg" });
  box.appendChild(svg);
  el.appendChild(box);
  let shownCurrent = "";
  let laid = null, laidKey = "", laidN = 0;
  // The focus view lays out only the neighbourhood: the phase the game came from, the
  // current phase and the phases it can go to, left to right, so all of it is in view.
  function layoutNow() {
    let nodes = model.get("nodes") || [], edges = model.get("edges") || [];
    const current = model.get("current"), before = model.get("before");
    const focus = model.get("mode") !== "fit" && nodes.some((n) => n.id === current);
    if (focus) {
      const near = new Set([current]);
      if (before && before !== current) near.add(before);
      for (const e of edges) if (e.a === current) near.add(e.b);
      nodes = nodes.filter((n) => near.has(n.id));
      edges = edges.filter((e) => near.has(e.a) && near.has(e.b) && (e.a === current || (e.a === before && e.b === current)))
        .map((e) => ({ ...e, back: false }));
    }
    const key = JSON.stringify([nodes, edges, focus]);
    if (key !== laidKey) { laid = flowLayout(dagre, nodes, edges, focus ? "LR" : "TB"); laidKey = key; laidN += 1; }
    return laid;
  }
  const defs = svgEl("defs", {});
  for (const [id, cls] of [["rk-arrow", "rk-arrowhead"], ["rk-arrow-v", "rk-arrowhead rk-visited"],
    ["rk-arrow-l", "rk-arrowhead rk-last"]]) {
    const marker = svgEl("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerUnits: "userSpaceOnUse",
      markerWidth: 10, markerHeight: 10, orient: "auto-start-reverse" });
    marker.appendChild(svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", class: cls }));
    defs.appendChild(marker);
  }
  // a step changes the classes of a few boxes and arrows: only those are made again
  const drawn = reuse();
  function phaseBox(n, cls, heat) {
    const g = svgEl("g", { class: cls, "data-phase": n.id });
    g.appendChild(svgEl("rect", { x: n.x, y: n.y, width: n.w, height: n.h, rx: 8 }));
    const text = svgEl("text", { x: n.x + n.w / 2, y: n.y + PAD + LINE / 2, "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": FONT, class: "rk-phase-name" });
    n.lines.forEach((line, i) => {
      const span = svgEl("tspan", { x: n.x + n.w / 2, dy: i ? LINE : 0 });
      span.textContent = line;
      text.appendChild(span);
    });
    g.appendChild(text);
    if (heat) {
      g.appendChild(svgEl("circle", { cx: n.x + n.w - 4, cy: n.y + 4, r: 12, class: "rk-heat" }));
      const t = svgEl("text", { x: n.x + n.w - 4, y: n.y + 4, "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": 12, class: "rk-heat-text" });
      t.textContent = heat > 999 ? "999+" : String(heat);
      g.appendChild(t);
    }
    g.appendChild(svgEl("title", {})).textContent = `${n.name} (${n.id})`;
    g.addEventListener("click", () => model.send({ event: "phase", id: n.id }));
    // issue 27: each phase is a button a keyboard reaches (Enter or Space shows its rules)
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    if (String(cls).includes("rk-current")) g.setAttribute("aria-current", "step");
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); model.send({ event: "phase", id: n.id }); }
    });
    return g;
  }
  function draw() {
    const { width, height, boxes, routes } = layoutNow();
    const L = model.get("labels") || {};
    focusBtn.textContent = L.phase_focus || "focus";
    fitBtn.textContent = L.phase_fit || "fit";
    zoomIn.title = L.zoom_in || ""; zoomIn.setAttribute("aria-label", L.zoom_in || "+");
    zoomOut.title = L.zoom_out || ""; zoomOut.setAttribute("aria-label", L.zoom_out || "-");
    const fit = model.get("mode") === "fit";
    el.classList.toggle("rk-graph-fit", fit);
    focusBtn.classList.toggle("rk-active", !fit);
    fitBtn.classList.toggle("rk-active", fit);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    if (fit && zoom <= 1) {  // the whole flow in the box: as wide as the box allows, never taller than it
      svg.setAttribute("width", "100%");
      svg.setAttribute("height", "100%");
      svg.setAttribute("preserveAspectRatio", "xMidYMin meet");
    } else if (fit) {  // zoomed in: larger than the box, panned by scrolling
      const w = Math.round((box.clientWidth || 600) * zoom);
      svg.setAttribute("width", w);
      svg.setAttribute("height", Math.round(w * height / width));
      svg.removeAttribute("preserveAspectRatio");
    } else {
      const scale = zoom * (model.get("large") ? 18 : 14) / FONT;
      svg.setAttribute("width", Math.ceil(width * scale));
      svg.setAttribute("height", Math.ceil(height * scale));
      svg.removeAttribute("preserveAspectRatio");
    }
    const visited = new Set((model.get("visited") || []).map(([a, b]) => `${a}>${b}`));
    const [la, lb] = model.get("last") || [];
    const current = model.get("current");
    const selected = model.get("selected");
    const heats = model.get("heat") || {};
    const under = [], over = [];
    routes.forEach((r, i) => {
      const on = visited.has(`${r.a}>${r.b}`), last = r.a === la && r.b === lb;
      const cls = ["rk-edge", r.back ? "rk-back" : "", on ? "rk-visited" : "", last ? "rk-last" : ""]
        .join(" ").replace(/ +/g, " ").trim();
      const marker = `url(#${last ? "rk-arrow-l" : on ? "rk-arrow-v" : "rk-arrow"})`;
      const path = drawn.node(`e${laidN}|${i}|${cls}`, () => svgEl("path", { d: routePath(r.points), class: cls,
        "data-edge": `${r.a}>${r.b}`, "marker-end": marker }));
      (last ? over : under).push(path);
    });
    const parts = [defs, ...under, ...over];
    for (const n of boxes.values()) {
      const cls = ["rk-phase"];
      if (n.id === current) cls.push("rk-current");
      if (n.id === selected) cls.push("rk-selected");
      if (n.automatic) cls.push("rk-automatic");
      const heat = heats[n.id] || 0;
      parts.push(drawn.node(`p${laidN}|${n.id}|${cls.join(" ")}|${heat}`, () => phaseBox(n, cls.join(" "), heat)));
    }
    drawn.done();
    patchChildren(svg, parts);
    if (model.get("current") !== shownCurrent || fit !== shownFit) inNextFrame();
  }
  let shownFit = false;
  // Reading the box's size forces the page's layout: never in the task that got a
  // message, but in the next frame, where the page is laid out anyway (once per frame).
  let frameQueued = false;
  function inNextFrame() {
    if (frameQueued) return;
    frameQueued = true;
    requestAnimationFrame(() => { frameQueued = false; keepInSight(); });
  }
  // keep the current phase, where it came from and where it can go in sight: once per new
  // current phase, as soon as the box has a size (a table drawn in a closed tab has none yet).
  // When they do not all fit, the current phase is centred.
  function keepInSight() {
    const current = model.get("current");
    const fit = model.get("mode") === "fit";
    const lit = laid && laid.boxes.get(current);
    if (!lit || (current === shownCurrent && fit === shownFit) || !box.clientHeight) return;
    shownFit = fit;
    shownCurrent = current;
    if (!fit || zoom <= 1) { box.scrollTop = 0; box.scrollLeft = 0; return; }
    const k = svg.getBoundingClientRect().width / (laid.width || 1);
    const [la, lb] = model.get("last") || [];
    const near = [lit];
    for (const r of laid.routes) {
      if (r.a === current && laid.boxes.get(r.b)) near.push(laid.boxes.get(r.b));
      if (r.b === current && r.a === la && lb === current && laid.boxes.get(r.a)) near.push(laid.boxes.get(r.a));
    }
    const span = (lo, hi, view, size) => {
      if (hi - lo <= size) return lo < view || hi > view + size ? Math.max(0, (lo + hi) / 2 - size / 2) : view;
      return null;
    };
    const pad = 12;
    const top = Math.min(...near.map((b) => b.y)) * k - pad, bottom = Math.max(...near.map((b) => b.y + b.h)) * k + pad;
    const left = Math.min(...near.map((b) => b.x)) * k - pad, right = Math.max(...near.map((b) => b.x + b.w)) * k + pad;
    const y = span(top, bottom, box.scrollTop, box.clientHeight);
    box.scrollTop = y !== null ? y : Math.max(0, (lit.y + lit.h / 2) * k - box.clientHeight / 2);
    const x = span(left, right, box.scrollLeft, box.clientWidth);
    box.scrollLeft = x !== null ? x : Math.max(0, (lit.x + lit.w / 2) * k - box.clientWidth / 2);
  }
  const sized = typeof ResizeObserver === "undefined" ? null
    : new ResizeObserver(() => { shownCurrent = ""; keepInSight(); });
  if (sized) sized.observe(box);
  const keys = ["nodes", "edges", "current", "before", "visited", "last", "selected", "heat", "large", "mode", "labels"];
  const stop = watch(model, keys, draw);
  draw();
  return () => { stop(); stopHeading(); model.off("change:heading", nameBox); if (sized) sized.disconnect(); };
}

export { flowLayout };
export default { render };
