// rulekit generic board: draws a scene (docs/scene.md) as scalable SVG.
// Items whose action is not legal are greyed; clicks are sent to Python.

function label(text, x, y, size, extra) {
  const node = svgEl("text", { x, y, "font-size": size || 12, "text-anchor": "middle",
    "dominant-baseline": "central", ...extra });
  node.textContent = text;
  return node;
}

function paint(node, item) {
  for (const key of ["fill", "stroke", "opacity"]) {
    if (item[key] !== undefined) node.setAttribute(key, item[key]);
  }
}

function drawItem(item, legal, send) {
  const g = svgEl("g", { class: ["rk-item", `rk-${item.type}`, item.class || ""].join(" ").trim() });
  if (item.id !== undefined) g.setAttribute("data-id", item.id);
  let shape = null;
  switch (item.type) {
    case "rect":
      shape = svgEl("rect", { x: item.x, y: item.y, width: item.w, height: item.h, rx: item.rx || 0 });
      g.appendChild(shape);
      if (item.label !== undefined) {
        g.appendChild(label(item.label, item.x + item.w / 2, item.y + item.h / 2, item.size));
      }
      break;
    case "circle":
      shape = svgEl("circle", { cx: item.x, cy: item.y, r: item.r });
      g.appendChild(shape);
      if (item.label !== undefined) g.appendChild(label(item.label, item.x, item.y, item.size));
      break;
    case "text": {
      const anchor = item.anchor || "start";
      shape = svgEl("text", { x: item.x, y: item.y, "font-size": item.size || 12, "text-anchor": anchor,
        "font-weight": item.bold ? "bold" : null });
      shape.textContent = item.text;
      g.appendChild(shape);
      break;
    }
    case "line":
      shape = svgEl("line", { x1: item.x1, y1: item.y1, x2: item.x2, y2: item.y2,
        "stroke-width": item.width || 1, "stroke-dasharray": item.dash ? "4 3" : null,
        stroke: item.stroke || "#555" });
      g.appendChild(shape);
      break;
    case "group":
      if (item.label !== undefined) {
        g.appendChild(svgEl("text", { x: item.x || 0, y: item.y || 0, class: "rk-group-label",
          "font-size": item.size || 14, "font-weight": "bold" })).textContent = item.label;
      }
      for (const child of item.items || []) g.appendChild(drawItem(child, legal, send));
      break;
    default:
      return g;
  }
  if (shape && item.type !== "group") paint(shape, item);
  if (item.title) g.appendChild(svgEl("title", {})).textContent = item.title;
  if (item.action) {
    const enabled = legal.has(item.action);
    g.classList.add("rk-clickable", enabled ? "rk-enabled" : "rk-disabled");
    g.setAttribute("data-action", item.action);
    g.addEventListener("click", (ev) => {
      ev.stopPropagation();
      send(item.action);
    });
  }
  return g;
}

// "1"/"0" for each action in the item (and its children): legal or not
function legalMarks(item, legal) {
  let marks = item.action ? (legal.has(item.action) ? "1" : "0") : "";
  for (const child of item.items || []) marks += legalMarks(child, legal);
  return marks;
}

function render({ model, el }) {
  el.classList.add("rk-board");
  const stopHeading = heading(model, el);
  const svg = svgEl("svg", { class: "rk-board-svg", preserveAspectRatio: "xMidYMid meet" });
  el.appendChild(svg);
  const send = (action) => model.send({ event: "click", label: action });
  // an item is redrawn only when its data or the legality of its actions changed
  const drawn = reuse();
  function draw() {
    const scene = JSON.parse(model.get("scene_json") || "{}");
    const legal = new Set(model.get("legal") || []);
    svg.setAttribute("viewBox", `0 0 ${scene.width || 100} ${scene.height || 40}`);
    const items = (scene.items || []).map((item) =>
      drawn.node(`${legalMarks(item, legal)}|${JSON.stringify(item)}`, () => drawItem(item, legal, send)));
    drawn.done();
    patchChildren(svg, items);
  }
  const stop = watch(model, ["scene_json", "legal"], draw);
  draw();
  return () => { stop(); stopHeading(); };
}

export default { render };
