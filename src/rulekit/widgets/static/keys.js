// rulekit keyboard shortcuts for the step-through controls (issue 27,
// docs/accessibility.md). base.esm() puts this file in front of controls.js.
// Alt+letter, so no single key typed into a box or read by a screen reader's
// browse mode ever fires one (WCAG 2.1.4). The shortcut is said in each
// button's tooltip and in aria-keyshortcuts. A page with several tables:
// the keys go to the table that holds the focus, else to the first one.

const SHORTCUTS = [["step", "S"], ["undo", "Z"], ["redo", "Y"], ["play", "P"], ["watch", "W"], ["lang", "L"]];

function ownsKeys(root) {
  const active = document.activeElement;
  const table = root.closest(".rk-table") || root.parentElement || root;
  if (active && active !== document.body) {
    if (table.contains(active)) return true;
    if (active.closest && active.closest(".rk-table")) return false;  // another table has the focus
  }
  return document.querySelector("[data-rk-keys]") === root;
}

// `buttons`: {name: button or () => button}; returns {mark, stop}: mark() after each redraw
// puts the shortcut into the tooltips, stop() stops listening.
function shortcuts(root, model, buttons) {
  root.setAttribute("data-rk-keys", "");
  const get = (name) => (typeof buttons[name] === "function" ? buttons[name]() : buttons[name]);
  const onKey = (ev) => {
    if (!ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    const letter = ev.code && ev.code.startsWith("Key") ? ev.code.slice(3) : String(ev.key || "").toUpperCase();
    const hit = SHORTCUTS.find(([, key]) => key === letter);
    if (!hit || !ownsKeys(root)) return;
    const button = get(hit[0]);
    if (!button || button.disabled) return;
    ev.preventDefault();
    button.click();
  };
  document.addEventListener("keydown", onKey);
  // issue 27: Watch mode and animations follow prefers-reduced-motion (the kernel slows Watch down)
  const motion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const tellMotion = () => {
    if (!motion || !model || typeof model.save_changes !== "function") return;  // a stand-in model (rooms, tests)
    if (Boolean(model.get("reduced_motion")) === motion.matches) return;
    model.set("reduced_motion", motion.matches);
    model.save_changes();
  };
  if (motion && motion.addEventListener) motion.addEventListener("change", tellMotion);
  tellMotion();
  const mark = () => {
    for (const [name, key] of SHORTCUTS) {
      const list = name === "lang" ? [buttons.en, buttons.de] : [get(name)];
      for (const button of list) {
        if (!button) continue;
        const base = (button.title || button.textContent || "").replace(/ \(Alt\+[A-Z]\)$/, "");
        button.title = `${base} (Alt+${key})`;
        button.setAttribute("aria-keyshortcuts", `Alt+${key}`);
      }
    }
  };
  const stop = () => {
    document.removeEventListener("keydown", onKey);
    if (motion && motion.removeEventListener) motion.removeEventListener("change", tellMotion);
  };
  return { mark, stop };
}
