// rulekit phase-flow graph: boxes and arrows laid out by Python.
const NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  return node;
}

function edgePath(a, b) {
  const ax = a.x + a.w, ay = a.y + a.h / 2, bx = b.x, by = b.y + b.h / 2;
  if (b.x > a.x + 1) {  // forward: a gentle S curve
    const mx = (ax + bx) / 2;
    return `M ${ax} ${ay} C ${mx} ${ay}, ${mx} ${by}, ${bx} ${by}`;
  }
  if (a === b) {  // self loop over the top
    const x = a.x + a.w / 2, y = a.y;
    return `M ${x - 12} ${y} C ${x - 30} ${y - 34}, ${x + 30} ${y - 34}, ${x + 12} ${y}`;
  }
  // backward or same column: arc below the boxes
  const sx = a.x + a.w / 2, sy = a.y + a.h, tx = b.x + b.w / 2, ty = b.y + b.h;
  const dip = Math.max(sy, ty) + 22 + Math.abs(sx - tx) * 0.08;
  return `M ${sx} ${sy} C ${sx} ${dip}, ${tx} ${dip}, ${tx} ${ty}`;
}

function render({ model, el }) {
  el.classList.add("rk-phase-graph");
  const svg = svgEl("svg", { class: "rk-graph-svg", preserveAspectRatio: "xMidYMin meet" });
  el.appendChild(svg);
  function draw() {
    const [w, h] = model.get("size");
    svg.setAttribute("viewBox", `0 0 ${w} ${h + 30}`);
    const nodes = new Map((model.get("nodes") || []).map((n) => [n.id, n]));
    const visited = new Set((model.get("visited") || []).map(([a, b]) => `${a}>${b}`));
    const current = model.get("current");
    const selected = model.get("selected");
    const defs = svgEl("defs", {});
    for (const [id, cls] of [["rk-arrow", "rk-arrowhead"], ["rk-arrow-v", "rk-arrowhead rk-visited"]]) {
      const marker = svgEl("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5,
        markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
      marker.appendChild(svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", class: cls }));
      defs.appendChild(marker);
    }
    const parts = [defs];
    for (const [a, b] of model.get("edges") || []) {
      if (!nodes.has(a) || !nodes.has(b)) continue;
      const on = visited.has(`${a}>${b}`);
      parts.push(svgEl("path", { d: edgePath(nodes.get(a), nodes.get(b)),
        class: on ? "rk-edge rk-visited" : "rk-edge", "data-edge": `${a}>${b}`,
        "marker-end": on ? "url(#rk-arrow-v)" : "url(#rk-arrow)" }));
    }
    for (const n of nodes.values()) {
      const cls = ["rk-phase"];
      if (n.id === current) cls.push("rk-current");
      if (n.id === selected) cls.push("rk-selected");
      if (n.automatic) cls.push("rk-automatic");
      const g = svgEl("g", { class: cls.join(" "), "data-phase": n.id });
      g.appendChild(svgEl("rect", { x: n.x, y: n.y, width: n.w, height: n.h, rx: 8 }));
      const text = svgEl("text", { x: n.x + n.w / 2, y: n.y + n.h / 2, "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": 12 });
      text.textContent = n.name.length > 22 ? `${n.name.slice(0, 21)}…` : n.name;
      g.appendChild(text);
      g.appendChild(svgEl("title", {})).textContent = `${n.name} (${n.id})`;
      g.addEventListener("click", () => model.send({ event: "phase", id: n.id }));
      parts.push(g);
    }
    svg.replaceChildren(...parts);
  }
  const keys = ["nodes", "edges", "current", "visited", "selected", "size"];
  for (const k of keys) model.on(`change:${k}`, draw);
  draw();
  return () => keys.forEach((k) => model.off(`change:${k}`, draw));
}

export default { render };
