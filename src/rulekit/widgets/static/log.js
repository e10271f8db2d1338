// rulekit event log: one row per event; the rule id is a button that asks
// Python to show the rule in the rule panel.

function render({ model, el }) {
  el.classList.add("rk-log");
  const stopHeading = heading(model, el);
  const box = document.createElement("div");
  box.className = "rk-log-rows";
  el.appendChild(box);
  function drawRow(r) {
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
    return row;
  }
  // Follow new rows only while the reader is at the bottom. The flag is kept by
  // scroll events (the reader's and ours) and by the last frame's scroll, so a
  // message never reads the layout: the scroll waits for the next frame, where
  // the page is laid out anyway, and happens once however many messages came.
  let atBottom = true, scrollQueued = false;
  const bottomNow = () => box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  const onScroll = () => { atBottom = bottomNow(); };
  box.addEventListener("scroll", onScroll, { passive: true });
  const follow = () => {
    if (scrollQueued) return;
    scrollQueued = true;
    requestAnimationFrame(() => {
      scrollQueued = false;
      if (atBottom) box.scrollTop = box.scrollHeight;
      atBottom = bottomNow();  // e.g. rows that fit the box again after a new game: follow from now on
    });
  };
  // a step adds rows at the end; the rows already shown stay as they are
  const drawn = reuse();
  function draw() {
    const rows = [];
    const note = model.get("note");
    if (note) {
      const n = document.createElement("div");
      n.className = "rk-log-note";
      n.textContent = note;
      rows.push(n);
    }
    for (const r of JSON.parse(model.get("rows_json") || "[]")) rows.push(drawn.node(JSON.stringify(r), () => drawRow(r)));
    drawn.done();
    patchChildren(box, rows);
    follow();
  }
  const stop = watch(model, ["rows_json", "note"], draw);
  draw();
  return () => { stop(); stopHeading(); box.removeEventListener("scroll", onScroll); };
}

export default { render };
