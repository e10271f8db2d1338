// rulekit event log: one row per event; the rule id is a button that asks
// Python to show the rule in the rule panel.

function heading(model, root) {
  const h = document.createElement("h4");
  h.className = "rk-panel-title";
  const set = () => { h.textContent = model.get("heading") || ""; h.hidden = !model.get("heading"); };
  model.on("change:heading", set);
  set();
  root.appendChild(h);
  return h;
}

function render({ model, el }) {
  el.classList.add("rk-log");
  heading(model, el);
  const box = document.createElement("div");
  box.className = "rk-log-rows";
  el.appendChild(box);
  function draw() {
    const rows = [];
    const note = model.get("note");
    if (note) {
      const n = document.createElement("div");
      n.className = "rk-log-note";
      n.textContent = note;
      rows.push(n);
    }
    for (const r of JSON.parse(model.get("rows_json") || "[]")) {
      const row = document.createElement("div");
      row.className = r.current ? "rk-event rk-last" : "rk-event";
      const step = document.createElement("span");
      step.className = "rk-log-step";
      step.textContent = `${r.step}. ${r.label}`;
      row.appendChild(step);
      if (r.rule) {
        const btn = document.createElement("button");
        btn.className = "rk-rule-id";
        btn.setAttribute("data-rule", r.rule);
        btn.textContent = r.rule;
        btn.addEventListener("click", () => model.send({ event: "rule", id: r.rule }));
        row.appendChild(btn);
      }
      const text = document.createElement("span");
      text.className = "rk-log-text";
      text.textContent = r.text;
      row.appendChild(text);
      rows.push(row);
    }
    box.replaceChildren(...rows);
    box.scrollTop = box.scrollHeight;
    requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
  }
  model.on("change:rows_json", draw);
  model.on("change:note", draw);
  draw();
  return () => ["rows_json", "note"].forEach((k) => model.off(`change:${k}`, draw));
}

export default { render };
