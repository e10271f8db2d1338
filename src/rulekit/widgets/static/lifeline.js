// rulekit lifeline (issue 24, item 8): a page that knows its kernel died.
// The board keeps its table's trail (game, seats, options, every step and where the table stood,
// see widgets/lifeline.py) in this tab's sessionStorage, never on the network, and watches the
// kernel the page's widget manager talks to. When that kernel dies or restarts (the new one has no
// tables), its connection stays lost, or it stops answering while idle, one notice (role="alert", in the page's language) says so,
// with a Reconnect button: it marks this page's trails for restoring and loads the page again, and
// each fresh table of the new kernel hands its trail back to Python (Table.restore).

const RK_TRAIL = "rulekit:trail:";
const RK_RESTORE = "rulekit:restore:";
//: a socket that has not come back within this long is taken as gone (a short blip is not)
const RK_LOST_AFTER_MS = 4000;
const RK_DEAD = new Set(["dead", "restarting", "autorestarting"]);
//: a kernel shut down on the server (DELETE /api/kernels/<id>, a culler) can leave the socket open and
//: silent: while someone uses the page (a click or key in the last RK_RECENT_MS) and the kernel is idle,
//: it is asked for its info every RK_PING_MS (and at once on a click after a pause); an idle kernel that
//: does not answer within RK_ANSWER_MS is taken as gone. An abandoned tab asks nothing, so the idle
//: culler still frees its kernel.
const RK_PING_MS = 10000;
const RK_ANSWER_MS = 8000;
const RK_RECENT_MS = 120000;

function rkStore() {
  try {
    return window.sessionStorage;
  } catch (err) {
    return null; // storage disabled: the notice still shows, Reconnect gives a fresh table
  }
}

function rkPageKeys(prefix) {
  const store = rkStore();
  const start = `${prefix}${location.pathname}#`;
  const keys = [];
  for (let i = 0; store && i < store.length; i++) {
    const key = store.key(i);
    if (key && key.startsWith(start)) keys.push(key.slice(start.length));
  }
  return keys;
}

// keep the trail in sessionStorage; a table loaded by Reconnect first hands back the dead one's trail
function rkKeepTrail(model) {
  const store = rkStore();
  const slot = (model.get("trail") || {}).slot;
  if (!store || slot === undefined) return () => {};
  const key = `${RK_TRAIL}${location.pathname}#${slot}`;
  const flag = `${RK_RESTORE}${location.pathname}#${slot}`;
  const save = () => {
    try {
      store.setItem(key, JSON.stringify(model.get("trail") || {}));
    } catch (err) {
      // storage full: the notice still shows, Reconnect gives a fresh table
    }
  };
  const waiting = store.getItem(flag) ? store.getItem(key) : null;
  store.removeItem(flag);
  if (waiting) model.send({ event: "restore", trail: JSON.parse(waiting) }); // saved again once Python answers
  else save();
  model.on("change:trail", save);
  return () => model.off("change:trail", save);
}

function rkLang(model) {
  const lang = document.documentElement.dataset.rkLang || (model.get("trail") || {}).lang;
  return lang === "de" ? "de" : "en";
}

// JupyterLab or Notebook: reloading does not run the cells again, so the notice says to run them
function rkInLab() {
  return !location.pathname.includes("/voila/") && /\/(lab|notebooks|doc)(\/|$)/.test(location.pathname);
}

function rkReconnect() {
  const store = rkStore();
  for (const slot of rkPageKeys(RK_TRAIL)) store.setItem(`${RK_RESTORE}${location.pathname}#${slot}`, "1");
  location.reload();
}

function rkShowLost(model, why) {
  if (document.getElementById("rk-kernel-lost")) return;
  const words = model.get("lifeline_words") || {};
  const lang = rkLang(model);
  const w = words[lang] || words.en || {};
  const box = document.createElement("div");
  box.id = "rk-kernel-lost";
  box.className = "rk-kernel-lost";
  box.setAttribute("role", "alert");
  box.setAttribute("lang", lang);
  box.dataset.why = why;
  const text = document.createElement("p");
  text.className = "rk-kernel-lost-text";
  text.textContent = w.kernel_lost || "";
  box.appendChild(text);
  const help = document.createElement("p");
  help.id = "rk-kernel-lost-help";
  help.className = "rk-kernel-lost-help";
  box.appendChild(help);
  if (rkInLab()) {
    help.textContent = w.kernel_lost_lab || "";
  } else {
    help.textContent = w.kernel_lost_reconnect_help || "";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "rk-reconnect";
    button.textContent = w.reconnect || "Reconnect";
    button.setAttribute("aria-describedby", "rk-kernel-lost-help");
    button.addEventListener("click", rkReconnect);
    box.appendChild(button);
  }
  document.body.prepend(box);
  document.documentElement.classList.add("rk-kernel-lost-page");
  const button = box.querySelector("button");
  if (button) button.focus({ preventScroll: true });
}

function rkHideLost(why) {
  const box = document.getElementById("rk-kernel-lost");
  if (!box || box.dataset.why !== why) return;
  box.remove();
  document.documentElement.classList.remove("rk-kernel-lost-page");
}

// the kernel of the page's widget manager (Voila, JupyterLab): its status and its socket
function rkWatchKernel(model) {
  const manager = model.widget_manager;
  const kernel = manager && manager.kernel;
  if (!kernel || !kernel.statusChanged || !kernel.connectionStatusChanged) return () => {};
  let timer = null;
  const onStatus = (_kernel, status) => {
    if (RK_DEAD.has(status)) rkShowLost(model, status === "dead" ? "dead" : "restarted");
  };
  const onConnection = (_kernel, status) => {
    clearTimeout(timer);
    if (status === "disconnected") rkShowLost(model, "dead");
    else if (status === "connecting") timer = setTimeout(() => rkShowLost(model, "connection"), RK_LOST_AFTER_MS);
    else if (status === "connected") rkHideLost("connection"); // a blip: the same kernel answers again
  };
  kernel.statusChanged.connect(onStatus);
  kernel.connectionStatusChanged.connect(onConnection);
  if (kernel.status === "dead") rkShowLost(model, "dead");
  let touched = Date.now(); // loading the page counts as using it
  const onTouch = () => {
    const pause = Date.now() - touched;
    touched = Date.now();
    if (pause > RK_PING_MS) rkPing(model, kernel);
  };
  document.addEventListener("pointerdown", onTouch, true);
  document.addEventListener("keydown", onTouch, true);
  const ping = setInterval(() => {
    if (Date.now() - touched < RK_RECENT_MS) rkPing(model, kernel);
  }, RK_PING_MS);
  return () => {
    clearTimeout(timer);
    clearInterval(ping);
    document.removeEventListener("pointerdown", onTouch, true);
    document.removeEventListener("keydown", onTouch, true);
    kernel.statusChanged.disconnect(onStatus);
    kernel.connectionStatusChanged.disconnect(onConnection);
  };
}

// one question at a time per kernel, only while someone looks and the kernel has nothing else to do
function rkPing(model, kernel) {
  if (kernel._rkAsking || document.visibilityState === "hidden" || document.getElementById("rk-kernel-lost")) return;
  if (kernel.status !== "idle" || kernel.connectionStatus !== "connected" || !kernel.requestKernelInfo) return;
  kernel._rkAsking = true;
  const silent = setTimeout(() => {
    if (kernel.status === "idle") rkShowLost(model, "silent");
  }, RK_ANSWER_MS);
  Promise.resolve(kernel.requestKernelInfo())
    .then(() => rkHideLost("silent"), () => {})
    .finally(() => {
      clearTimeout(silent);
      kernel._rkAsking = false;
    });
}

function rkLifeline(model) {
  const stopTrail = rkKeepTrail(model);
  const stopWatch = rkWatchKernel(model);
  return () => {
    stopTrail();
    stopWatch();
  };
}
