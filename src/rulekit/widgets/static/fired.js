// rulekit "rules fired": rule ids grouped by phase; met rules lit with counts.
function render({ model, el }) {
  el.classList.add("rk-fired");
  const head = document.createElement("div");
  head.className = "rk-fired-summary";
  const body = document.createElement("div");
  el.append(head, body);
  function draw() {
    head.textContent = model.get("summary");
    const rows = (model.get("groups") || []).map((g) => {
      const row = document.createElement("div");
      row.className = "rk-fired-phase";
      row.setAttribute("data-phase", g.phase);
      const name = document.createElement("span");
      name.className = "rk-fired-name";
      const met = g.rules.filter(([, n]) => n > 0).length;
      name.textContent = `${g.name} (${met}/${g.rules.length})`;
      row.appendChild(name);
      for (const [id, n] of g.rules) {
        const b = document.createElement("button");
        b.className = n > 0 ? "rk-fired-rule rk-met" : "rk-fired-rule rk-not-yet";
        b.setAttribute("data-rule", id);
        b.textContent = n > 0 ? `${id} ×${n}` : id;
        b.addEventListener("click", () => model.send({ event: "rule", id }));
        row.appendChild(b);
      }
      return row;
    });
    body.replaceChildren(...rows);
  }
  const stop = watch(model, ["groups", "summary"], draw);
  draw();
  return stop;
}

export default { render };
