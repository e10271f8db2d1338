// rulekit phase-flow graph: boxes and arrows laid out by Python.

function edgePath(a, b) {
  if (a === b) {  // self loop over the top
    const x = a.x + a.w / 2, y = a.y;
    return `M ${x - 12} ${y} C ${x - 30} ${y - 30}, ${x + 30} ${y - 30}, ${x + 12} ${y}`;
  }
  const sameRow = Math.abs(a.y - b.y) < 1;
  const gap = b.x - (a.x + a.w);
  if (sameRow && gap > 0 && gap < a.w) {  // neighbours: a straight arrow
    return `M ${a.x + a.w} ${a.y + a.h / 2} L ${b.x} ${b.y + b.h / 2}`;
  }
  if (sameRow) {  // further along the row: arc above; backwards: arc below
    const fwd = b.x > a.x;
    const ay = fwd ? a.y : a.y + a.h, by = fwd ? b.y : b.y + b.h;
    const lift = (fwd ? -1 : 1) * (16 + Math.abs(b.x - a.x) * 0.12);
    const ax = a.x + a.w / 2 + (fwd ? 20 : -20), bx = b.x + b.w / 2 + (fwd ? -20 : 20);
    return `M ${ax} ${ay} C ${ax} ${ay + lift}, ${bx} ${by + lift}, ${bx} ${by}`;
  }
  const down = b.y > a.y;
  const ax = a.x + a.w / 2, ay = down ? a.y + a.h : a.y;
  const bx = b.x + b.w / 2, by = down ? b.y : b.y + b.h;
  const bend = (down ? 1 : -1) * Math.max(18, Math.abs(by - ay) * 0.4);
  return `M ${ax} ${ay} C ${ax} ${ay + bend}, ${bx} ${by - bend}, ${bx} ${by}`;
}

function render({ model, el }) {
  el.classList.add("rk-phase-graph");
  const stopHeading = heading(model, el);
  const svg = svgEl("svg", { class: "rk-graph-svg", preserveAspectRatio: "xMidYMin meet" });
  el.appendChild(svg);
  function draw() {
    const [w, h] = model.get("size");
    svg.setAttribute("viewBox", `0 -20 ${w} ${h + 40}`);
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
      const heat = (model.get("heat") || {})[n.id];
      if (heat) {
        g.appendChild(svgEl("circle", { cx: n.x + n.w - 4, cy: n.y + 4, r: 11, class: "rk-heat" }));
        const t = svgEl("text", { x: n.x + n.w - 4, y: n.y + 4, "text-anchor": "middle",
          "dominant-baseline": "central", "font-size": 10, class: "rk-heat-text" });
        t.textContent = heat > 999 ? "999+" : String(heat);
        g.appendChild(t);
      }
      g.appendChild(svgEl("title", {})).textContent = `${n.name} (${n.id})`;
      g.addEventListener("click", () => model.send({ event: "phase", id: n.id }));
      parts.push(g);
    }
    svg.replaceChildren(...parts);
  }
  const keys = ["nodes", "edges", "current", "visited", "selected", "size", "heat"];
  const stop = watch(model, keys, draw);
  draw();
  return () => { stop(); stopHeading(); };
}

export default { render };
