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
