// rulekit action bar: legal actions as buttons grouped by kind; greyed
// buttons stay clickable and ask Python "why not?".
function render({ model, el }) {
  el.classList.add("rk-actions");
  function draw() {
    const groups = model.get("groups") || [];
    const nodes = [];
    if (!groups.some((g) => g.actions.some((a) => a.legal))) {
      const none = document.createElement("div");
      none.className = "rk-actions-empty";
      none.textContent = model.get("empty_text");
      nodes.push(none);
    }
    for (const group of groups) {
      const row = document.createElement("div");
      row.className = "rk-kind";
      row.setAttribute("data-kind", group.kind);
      const head = document.createElement("span");
      head.className = "rk-kind-name";
      head.textContent = group.kind;
      row.appendChild(head);
      for (const act of group.actions) {
        const btn = document.createElement("button");
        btn.className = act.legal ? "rk-action" : "rk-action rk-illegal";
        btn.setAttribute("data-label", act.label);
        btn.textContent = act.text;
        btn.title = act.legal ? act.label : `${act.label}: ${model.get("illegal_title")}`;
        btn.addEventListener("click", () => model.send({ event: "act", label: act.label }));
        row.appendChild(btn);
      }
      nodes.push(row);
    }
    el.replaceChildren(...nodes);
  }
  model.on("change:groups", draw);
  model.on("change:empty_text", draw);
  draw();
  return () => {
    model.off("change:groups", draw);
    model.off("change:empty_text", draw);
  };
}

export default { render };
