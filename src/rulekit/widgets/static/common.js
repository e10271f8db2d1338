// Helpers shared by every rulekit widget. rulekit.widgets.base.esm() puts this
// file in front of each widget's module, since anywidget loads one module per
// widget and they cannot import each other.

const NS = "http://www.w3.org/2000/svg";

// Redraw once after a message, however many of `keys` it changed: the kernel
// sends several traits at a time, and one redraw per trait made a Step click
// redraw the controls five times. Returns the function that stops watching.
function watch(model, keys, draw) {
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };
  for (const k of keys) model.on(`change:${k}`, schedule);
  return () => keys.forEach((k) => model.off(`change:${k}`, schedule));
}

function svgEl(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  return node;
}

// The panel title above a widget; hidden while the `heading` trait is empty.
// Returns the function that stops watching.
function heading(model, root) {
  const h = document.createElement("h4");
  h.className = "rk-panel-title";
  const set = () => { h.textContent = model.get("heading") || ""; h.hidden = !model.get("heading"); };
  set();
  root.appendChild(h);
  return watch(model, ["heading"], set);
}

// Make `parent`'s children the nodes of `next`, in order, moving or removing
// only what differs: a node that stays in place keeps its computed style and
// layout, which is most of what a redraw costs on a page as large as Voila's.
function patchChildren(parent, next) {
  const keep = new Set(next);
  for (const node of [...parent.childNodes]) if (!keep.has(node)) node.remove();
  next.forEach((node, i) => {
    const here = parent.childNodes[i];
    if (here !== node) parent.insertBefore(node, here || null);
  });
}

// Nodes of the last draw, found again by a key that says all they show:
// `node(key, make)` gives the old node for an unchanged key (once per draw)
// or makes a new one; `done()` ends a draw and forgets what was not reused.
function reuse() {
  let last = new Map(), next = new Map();
  const node = (key, make) => {
    const found = !next.has(key) && last.get(key);
    const result = found || make();
    next.set(key, result);
    return result;
  };
  const done = () => { last = next; next = new Map(); };
  return { node, done };
}

// Issue 27: the page's outline and landmarks, once per page whatever widgets it holds.
// - rulekit's headings (a table's title h3, its panels' h4) sit under whatever
//   heading the notebook's own markdown has above them, so a fixed level skips
//   one (an h2 section, then a panel's h4: axe `heading-order`, and a screen
//   reader's list of headings shows a gap). Each run of rulekit headings gets
//   `aria-level`s one below the notebook's last heading, keeping their own steps.
// - a dashboard page (Voila, Voici) has no `main` landmark around its cells
//   (axe `region`): the cells' box becomes the page's main region.
const RK_HEADINGS = ".rk-panel-title, .rk-title-text";

function levelHeadings(doc) {
  let outer = 1, prev = 1, base = null;
  for (const h of doc.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const own = Number(h.tagName[1]);
    if (!h.matches(RK_HEADINGS)) {
      const aria = Number(h.getAttribute("aria-level")) || own;
      outer = prev = aria;
      base = null;
      continue;
    }
    if (base === null) base = own;
    const level = Math.max(1, Math.min(6, outer + 1 + (own - base), prev + 1));
    if (level === own) h.removeAttribute("aria-level");
    else if (h.getAttribute("aria-level") !== String(level)) h.setAttribute("aria-level", String(level));
    prev = level;
  }
}

function markMain(doc) {
  if (doc.querySelector("main, [role=main]")) return;
  const cells = doc.getElementById("rendered_cells");
  if (cells) cells.setAttribute("role", "main");
}

function outlinePage() {
  if (typeof window === "undefined" || typeof document === "undefined" || window.__rulekitOutline) return;
  if (typeof MutationObserver === "undefined" || !document.body) return;
  window.__rulekitOutline = true;
  let queued = false;
  const run = () => { queued = false; levelHeadings(document); markMain(document); };
  const schedule = () => {
    if (queued) return;
    queued = true;
    (window.requestAnimationFrame || setTimeout)(run);
  };
  new MutationObserver(schedule).observe(document.body, { childList: true, subtree: true });
  schedule();
}

outlinePage();
