// rulekit state inspector: nested <details> that keep their open/closed
// state across updates; branches holding a change open and light up.
function isBranch(v) {
  return v !== null && typeof v === "object";
}

function show(v) {
  if (v === null) return "–";
  if (typeof v === "string") return JSON.stringify(v);
  return String(v);
}

function render({ model, el }) {
  el.classList.add("rk-inspector");
  const stopHeading = heading(model, el);
  const pick = document.createElement("label");
  pick.className = "rk-view-pick";
  const pickText = document.createElement("span");
  const select = document.createElement("select");
  select.className = "rk-view";
  pick.append(pickText, select);
  const body = document.createElement("div");
  body.className = "rk-tree";
  el.append(pick, body);
  select.addEventListener("change", () => model.send({ event: "view", seat: parseInt(select.value, 10) }));
  function drawPick() {
    pickText.textContent = `${model.get("view_label")} `;
    select.replaceChildren(...(model.get("views") || []).map(([value, label]) => {
      const opt = document.createElement("option");
      opt.value = String(value);
      opt.textContent = label;
      return opt;
    }));
    select.value = String(model.get("view"));
  }
  const stopPick = watch(model, ["views", "view", "view_label"], drawPick);
  drawPick();
  const open = new Set([""]);
  const closed = new Set();
  // A branch keeps its <details> element for as long as its path exists and
  // is updated in place; a leaf is rebuilt only when its value or highlight
  // changes. So a step touches the few nodes that changed, not the whole tree.
  const branches = reuse();
  const leaves = reuse();
  function leaf(key, value, path, lit) {
    const div = document.createElement("div");
    div.className = lit ? "rk-leaf rk-changed" : "rk-leaf";
    div.setAttribute("data-path", path);
    const k = document.createElement("span");
    k.className = "rk-key";
    k.textContent = `${key}: `;
    const v = document.createElement("span");
    v.className = "rk-val";
    v.textContent = show(value);
    div.append(k, v);
    return div;
  }
  function branch(path) {
    const det = document.createElement("details");
    det.setAttribute("data-path", path);
    det.appendChild(document.createElement("summary"));
    det.addEventListener("toggle", (ev) => {
      ev.stopPropagation();
      if (det.open) { open.add(path); closed.delete(path); } else { closed.add(path); open.delete(path); }
      if (det.open && det.stale) det.fill();  // children are built when first shown, so big states stay fast
    });
    return det;
  }
  function node(key, value, path, tree) {
    if (!isBranch(value)) {
      const lit = tree.changed.has(path);
      return leaves.node(`${path}|${lit}|${key}|${JSON.stringify(value)}`, () => leaf(key, value, path, lit));
    }
    const det = branches.node(path, () => branch(path));
    const lit = tree.inside.has(path) || tree.changed.has(path);
    const cls = `rk-branch${lit ? " rk-changed-inside" : ""}${path === "" ? " rk-root" : ""}`;
    if (det.className !== cls) det.className = cls;
    const size = Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
    const summary = `${key} ${size}`;
    if (det.firstChild.textContent !== summary) det.firstChild.textContent = summary;
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    det.fill = () => {
      det.stale = false;
      const kids = entries.map(([k, v]) => node(k, v, path === "" ? String(k) : `${path}/${k}`, tree));
      patchChildren(det, [det.firstChild, ...kids]);
    };
    det.stale = true;
    const shouldOpen = !closed.has(path) && (open.has(path) || lit);
    if (det.open !== shouldOpen) det.open = shouldOpen;
    if (det.open) det.fill();
    return det;
  }
  function draw() {
    const changed = new Set(model.get("changed") || []);
    const inside = new Set();
    for (const p of changed) {
      const parts = p.split("/");
      for (let i = 0; i < parts.length; i++) inside.add(parts.slice(0, i).join("/"));
    }
    const tree = { changed, inside };
    const root = node(model.get("title") || "state", JSON.parse(model.get("tree_json") || "{}"), "", tree);
    branches.done();
    leaves.done();
    patchChildren(body, [root]);
  }
  const stop = watch(model, ["tree_json", "changed", "title"], draw);
  draw();
  return () => { stop(); stopPick(); stopHeading(); };
}

export default { render };
