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
  function node(key, value, path, changed, inside) {
    if (!isBranch(value)) {
      const leaf = document.createElement("div");
      leaf.className = changed.has(path) ? "rk-leaf rk-changed" : "rk-leaf";
      leaf.setAttribute("data-path", path);
      const k = document.createElement("span");
      k.className = "rk-key";
      k.textContent = `${key}: `;
      const v = document.createElement("span");
      v.className = "rk-val";
      v.textContent = show(value);
      leaf.append(k, v);
      return leaf;
    }
    const det = document.createElement("details");
    det.setAttribute("data-path", path);
    const lit = inside.has(path) || changed.has(path);
    det.className = lit ? "rk-branch rk-changed-inside" : "rk-branch";
    det.open = !closed.has(path) && (open.has(path) || lit);
    const sum = document.createElement("summary");
    const size = Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
    sum.textContent = `${key} ${size}`;
    det.appendChild(sum);
    det.addEventListener("toggle", (ev) => {
      ev.stopPropagation();
      if (det.open) { open.add(path); closed.delete(path); } else { closed.add(path); open.delete(path); }
    });
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    // children are built lazily when first opened, so big states stay fast
    const fill = () => {
      if (det.dataset.filled) return;
      det.dataset.filled = "1";
      for (const [k, v] of entries) {
        det.appendChild(node(k, v, path === "" ? String(k) : `${path}/${k}`, changed, inside));
      }
    };
    if (det.open) fill();
    det.addEventListener("toggle", fill);
    return det;
  }
  function draw() {
    const changed = new Set(model.get("changed") || []);
    const inside = new Set();
    for (const p of changed) {
      const parts = p.split("/");
      for (let i = 0; i < parts.length; i++) inside.add(parts.slice(0, i).join("/"));
    }
    const root = node(model.get("title") || "state", JSON.parse(model.get("tree_json") || "{}"), "", changed, inside);
    root.classList.add("rk-root");
    body.replaceChildren(root);
  }
  const stop = watch(model, ["tree_json", "changed", "title"], draw);
  draw();
  return () => { stop(); stopPick(); stopHeading(); };
}

export default { render };
