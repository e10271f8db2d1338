// rulekit action bar: legal actions as buttons grouped by kind; greyed
// buttons stay clickable and ask Python "why not?".

function render({ model, el }) {
  el.classList.add("rk-actions");
  const stopHeading = heading(model, el);
  const list = document.createElement("div");
  list.className = "rk-action-list";
  const tryRow = document.createElement("div");
  tryRow.className = "rk-try-row";
  const input = document.createElement("input");
  input.className = "rk-try-input";
  input.type = "text";
  const tryBtn = document.createElement("button");
  tryBtn.className = "rk-try";
  const sendTry = () => { if (input.value.trim()) model.send({ event: "try", label: input.value.trim() }); };
  tryBtn.addEventListener("click", sendTry);
  input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") sendTry(); });
  tryRow.append(input, tryBtn);
  el.append(list, tryRow);
  function drawTry() {
    input.placeholder = model.get("try_placeholder");
    tryBtn.textContent = `? ${model.get("try_label")}`;
    // issue 27: the box has a name even where no placeholder is shown
    input.setAttribute("aria-label", model.get("try_placeholder") || model.get("try_label") || "try an action");
  }
  const stopTry = watch(model, ["try_placeholder", "try_label"], drawTry);
  drawTry();
  // issue 27: a keyboard user who chose an action keeps the focus in the bar after the redraw
  // (on the same action if it is still offered, else the first legal one), never back at the page's top
  list.tabIndex = -1;
  let lastLabel = "";
  list.addEventListener("focusin", (ev) => { lastLabel = ev.target.getAttribute("data-label") || lastLabel; });
  function refocus(had) {
    if (!had || list.contains(document.activeElement)) return;
    const legal = [...list.querySelectorAll("button.rk-action:not(.rk-illegal)")];
    const again = legal.find((b) => b.getAttribute("data-label") === lastLabel);
    (again || legal[0] || list).focus();
  }
  function draw() {
    const had = list.contains(document.activeElement);
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
      row.className = group.kind === "earlier" ? "rk-kind rk-earlier" : "rk-kind";
      row.setAttribute("data-kind", group.kind);
      if (group.name) {  // no heading rather than a code name
        const head = document.createElement("span");
        head.className = "rk-kind-name";
        head.textContent = group.name;
        row.appendChild(head);
      }
      for (const act of group.actions) {
        const btn = document.createElement("button");
        btn.className = act.legal ? "rk-action" : "rk-action rk-illegal";
        btn.setAttribute("data-label", act.label);
        btn.textContent = act.text;
        btn.title = act.legal ? act.label : `${act.label}: ${model.get("illegal_title")}`;
        btn.addEventListener("click", () => model.send({ event: "act", label: act.label }));
        // the board of the same table lights what this action touches
        const hover = (label) => () => document.dispatchEvent(new CustomEvent("rk-action-hover",
          { detail: { link: model.get("link"), label } }));
        btn.addEventListener("mouseenter", hover(act.label));
        btn.addEventListener("mouseleave", hover(""));
        btn.addEventListener("focus", hover(act.label));
        btn.addEventListener("blur", hover(""));
        row.appendChild(btn);
      }
      nodes.push(row);
    }
    list.replaceChildren(...nodes);
    refocus(had);
  }
  const stop = watch(model, ["groups", "empty_text"], draw);
  draw();
  return () => { stop(); stopTry(); stopHeading(); };
}

export default { render };
