// rulekit generic board: draws a scene (docs/scene.md) as scalable SVG.
// Only while the table waits for a human seat (`active`) are items
// interactive: legal ones are clickable, the others greyed and inert; on a
// bot's turn nothing is clickable. Hovering an action button of the same
// table (same `link`) lights the items that action touches.

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

function drawItem(item, legal, send, active) {
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
      for (const child of item.items || []) g.appendChild(drawItem(child, legal, send, active));
      break;
    default:
      return g;
  }
  if (shape && item.type !== "group") paint(shape, item);
  if (item.title) g.appendChild(svgEl("title", {})).textContent = item.title;
  if (item.action) g.setAttribute("data-action", item.action);
  if (Array.isArray(item.touches) && item.touches.length) g.setAttribute("data-touches", item.touches.join("\n"));
  if (item.action && active) {
    const enabled = legal.has(item.action);
    g.classList.add(enabled ? "rk-enabled" : "rk-disabled");
    if (enabled) {  // greyed items are inert: "why not?" is asked from the greyed buttons
      g.classList.add("rk-clickable");
      g.addEventListener("click", (ev) => {
        ev.stopPropagation();
        send(item.action);
      });
    }
  }
  return g;
}

// "1"/"0" for each action in the item (and its children): legal or not
function legalMarks(item, legal) {
  let marks = item.action ? (legal.has(item.action) ? "1" : "0") : "";
  for (const child of item.items || []) marks += legalMarks(child, legal);
  return marks;
}

// Light the items that action `label` touches (its own item, or `touches` naming it).
function lightTouched(svg, label) {
  for (const node of svg.querySelectorAll(".rk-touched")) node.classList.remove("rk-touched");
  if (!label) return;
  for (const node of svg.querySelectorAll("[data-action], [data-touches]")) {
    const touches = (node.getAttribute("data-touches") || "").split("\n");
    if (node.getAttribute("data-action") === label || touches.includes(label)) node.classList.add("rk-touched");
  }
}

// Issue 22: a Table draws the board in a box no taller than the window, scrolling inside
// it. When the seat to move gets new choices and none of its clickable items is in view,
// scroll the box (never the page) to the first one, so the board shows where to act.
function keepChoicesInView(box, key, last) {
  if (key === last.key) return;
  last.key = key;
  requestAnimationFrame(() => {
    if (box.scrollHeight <= box.clientHeight + 1) return;
    const items = [...box.querySelectorAll(".rk-enabled")];
    if (!items.length) return;
    const view = box.getBoundingClientRect();
    const seen = (r) => r.bottom > view.top + 8 && r.top < view.bottom - 8;
    if (items.some((item) => seen(item.getBoundingClientRect()))) return;
    const first = items[0].getBoundingClientRect();
    box.scrollTop = Math.max(0, box.scrollTop + first.top - view.top - 48);
  });
}

function render({ model, el }) {
  el.classList.add("rk-board");
  const shownChoices = { key: null };
  const stopHeading = heading(model, el);
  const onHover = (ev) => {
    if (ev.detail && ev.detail.link && ev.detail.link === model.get("link")) lightTouched(svg, ev.detail.label);
  };
  document.addEventListener("rk-action-hover", onHover);
  const svg = svgEl("svg", { class: "rk-board-svg", preserveAspectRatio: "xMidYMid meet" });
  el.appendChild(svg);
  const send = (action) => model.send({ event: "click", label: action });
  // an item is redrawn only when its data or the legality of its actions changed
  const drawn = reuse();
  function draw() {
    const scene = JSON.parse(model.get("scene_json") || "{}");
    const legal = new Set(model.get("legal") || []);
    const active = model.get("active") !== false;
    el.setAttribute("data-active", active ? "true" : "false");
    svg.setAttribute("viewBox", `0 0 ${scene.width || 100} ${scene.height || 40}`);
    const mark = active ? "a" : "i";
    const items = (scene.items || []).map((item) =>
      drawn.node(`${mark}${legalMarks(item, legal)}|${JSON.stringify(item)}`,
        () => drawItem(item, legal, send, active)));
    drawn.done();
    patchChildren(svg, items);
    if (active) keepChoicesInView(el, [...legal].join("\n"), shownChoices);
    else shownChoices.key = null;
  }
  const stop = watch(model, ["scene_json", "legal", "active"], draw);
  draw();
  return () => { stop(); stopHeading(); document.removeEventListener("rk-action-hover", onHover); };
}

export default { render };
