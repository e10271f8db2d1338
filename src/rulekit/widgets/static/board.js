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

// black or white, whichever has the higher WCAG contrast on `fill` (scene_kit.ink in Python)
function inkFor(fill) {
  let hex = String(fill || "");
  if (/^#[0-9a-f]{3}$/i.test(hex)) hex = "#" + [...hex.slice(1)].map((c) => c + c).join("");
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return null;
  const lum = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const l = 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2];
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000" : "#fff";
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
        g.appendChild(label(item.label, item.x + item.w / 2, item.y + item.h / 2, item.size,
          { fill: item.ink || inkFor(item.fill) }));
      }
      break;
    case "circle":
      shape = svgEl("circle", { cx: item.x, cy: item.y, r: item.r });
      g.appendChild(shape);
      if (item.label !== undefined) {
        g.appendChild(label(item.label, item.x, item.y, item.size, { fill: item.ink || inkFor(item.fill) }));
      }
      break;
    case "text": {
      const anchor = item.anchor || "start";
      shape = svgEl("text", { x: item.x, y: item.y, "font-size": item.size || 12, "text-anchor": anchor,
        "font-weight": item.bold ? "bold" : null, "aria-hidden": item.aria_hidden ? "true" : null });
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
      // issue 27: a button for keyboards and screen readers (one tab stop: see roving() below)
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "-1");
      g.setAttribute("aria-label", item.aria || item.label || item.text || item.title || item.action);
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

// -- issue 27: keyboard, screen readers ------------------------------------------------
// The enabled items are buttons in one roving tab stop: Tab reaches the board
// once, arrow keys (Home, End) move between the items, Enter or Space chooses.
// After a redraw the focus stays on the same action (or the first one) when
// the board had it. A polite live region says what the table announces
// (`announce`), and a <details> list is the board as text (`outline_json`).
let boardCount = 0;

function outlineList(entries) {
  const ul = document.createElement("ul");
  for (const entry of entries) {
    const li = document.createElement("li");
    if (Array.isArray(entry)) {
      li.appendChild(document.createElement("span")).textContent = entry[0];
      if (entry[1].length) li.appendChild(outlineList(entry[1]));
    } else {
      li.textContent = entry;
    }
    ul.appendChild(li);
  }
  return ul;
}

function access(model, el, svg) {
  const n = ++boardCount;
  const help = document.createElement("p");
  help.className = "rk-sr-only";
  help.id = `rk-board-help-${n}`;
  svg.setAttribute("aria-describedby", help.id);
  const live = document.createElement("div");
  live.className = "rk-live rk-sr-only";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const list = document.createElement("details");
  list.className = "rk-board-text";
  const summary = document.createElement("summary");
  const body = document.createElement("div");
  list.append(summary, body);
  el.append(help, live, list);
  let current = "", refocus = false;
  const items = () => [...svg.querySelectorAll("g.rk-enabled[role=button]")];
  const focusOn = (node) => {
    for (const other of items()) other.setAttribute("tabindex", other === node ? "0" : "-1");
    if (node) { current = node.getAttribute("data-action") || ""; node.focus(); }
  };
  const onKey = (ev) => {
    const all = items();
    const at = all.indexOf(document.activeElement);
    if (at < 0 || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const move = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if (move) focusOn(all[(at + move + all.length) % all.length]);
    else if (ev.key === "Home") focusOn(all[0]);
    else if (ev.key === "End") focusOn(all[all.length - 1]);
    else if (ev.key === "Enter" || ev.key === " ") {
      refocus = true;
      all[at].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    } else return;
    ev.preventDefault();
  };
  svg.addEventListener("keydown", onKey);
  const onFocus = (ev) => {
    const node = ev.target.closest && ev.target.closest("g.rk-enabled[role=button]");
    if (node) current = node.getAttribute("data-action") || "";
  };
  svg.addEventListener("focusin", onFocus);
  // a choice that did not redraw the board (nothing on it changed) must not pull the focus back later:
  // once the user moves the focus elsewhere (Tab to the try box), the next redraw leaves it there.
  // A redraw removing the focused piece also fires focusout, with no relatedTarget: that one keeps it.
  const onLeave = (ev) => { if (ev.relatedTarget && !svg.contains(ev.relatedTarget)) refocus = false; };
  svg.addEventListener("focusout", onLeave);
  // the focus ring: a black and a yellow frame around the focused piece, drawn on top of everything
  const ring = svgEl("g", { class: "rk-focus-ring", "aria-hidden": "true" });
  const outer = ring.appendChild(svgEl("rect", { rx: 8, class: "rk-ring-outer" }));
  const inner = ring.appendChild(svgEl("rect", { rx: 6, class: "rk-ring-inner" }));
  const showRing = () => {
    const node = document.activeElement;
    if (!node || !svg.contains(node) || !node.matches("g.rk-enabled") || !node.matches(":focus-visible")) {
      ring.remove();
      return;
    }
    const b = node.getBBox();
    for (const [r, pad] of [[outer, 7], [inner, 3]]) {
      r.setAttribute("x", b.x - pad); r.setAttribute("y", b.y - pad);
      r.setAttribute("width", b.width + 2 * pad); r.setAttribute("height", b.height + 2 * pad);
    }
    svg.appendChild(ring);
  };
  svg.addEventListener("focusin", showRing);
  const hideRing = () => queueMicrotask(showRing);
  svg.addEventListener("focusout", hideRing);
  function words() {
    const W = model.get("a11y_words") || {};
    svg.setAttribute("aria-label", W.board_label || "board");
    help.textContent = W.board_keys || "";
    summary.textContent = W.board_list || "";
  }
  function drawList() {
    let entries = [];
    try { entries = JSON.parse(model.get("outline_json") || "[]"); } catch (err) { entries = []; }
    body.replaceChildren(outlineList(entries));
  }
  const sayIt = () => { live.textContent = model.get("announce") || ""; };
  const stopWords = watch(model, ["a11y_words"], words);
  const stopList = watch(model, ["outline_json"], drawList);
  const stopSay = watch(model, ["announce"], sayIt);
  words(); drawList(); sayIt();
  return {
    chosen(action) { current = action; },
    before() { return refocus || svg.contains(document.activeElement); },
    after(hadFocus) {
      const all = items();
      const keep = all.find((node) => node.getAttribute("data-action") === current) || all[0];
      for (const node of all) node.setAttribute("tabindex", node === keep ? "0" : "-1");
      svg.setAttribute("tabindex", all.length ? "-1" : "-1");
      if (hadFocus && !svg.contains(document.activeElement)) (keep || svg).focus();
      else if (hadFocus && keep && document.activeElement === svg) keep.focus();
      refocus = false;
      showRing();
    },
    stop() {
      stopWords(); stopList(); stopSay();
      svg.removeEventListener("keydown", onKey);
      svg.removeEventListener("focusin", onFocus);
      svg.removeEventListener("focusout", onLeave);
      svg.removeEventListener("focusin", showRing);
      svg.removeEventListener("focusout", hideRing);
    },
  };
}

function render({ model, el }) {
  el.classList.add("rk-board");
  const shownChoices = { key: null };
  const stopHeading = heading(model, el);
  const onHover = (ev) => {
    if (ev.detail && ev.detail.link && ev.detail.link === model.get("link")) lightTouched(svg, ev.detail.label);
  };
  document.addEventListener("rk-action-hover", onHover);
  const svg = svgEl("svg", { class: "rk-board-svg", preserveAspectRatio: "xMidYMid meet", role: "group" });
  el.appendChild(svg);
  const a11y = access(model, el, svg);
  const send = (action) => { a11y.chosen(action); model.send({ event: "click", label: action }); };
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
    const hadFocus = a11y.before();
    patchChildren(svg, items);
    if (active) keepChoicesInView(el, [...legal].join("\n"), shownChoices);
    else shownChoices.key = null;
    a11y.after(hadFocus);
  }
  const stop = watch(model, ["scene_json", "legal", "active"], draw);
  draw();
  const stopLifeline = rkLifeline(model); // lifeline.js: a notice when the kernel dies, and Reconnect
  return () => {
    stop(); stopHeading(); a11y.stop(); stopLifeline();
    document.removeEventListener("rk-action-hover", onHover);
  };
}

export default { render };
