// rulekit step-through controls: one module draws every button, the timeline
// and the seats, and sends presses to Python as {event, ...}. In a Table this
// model is also the hub (rulekit/widgets/frames.py): one kernel message
// carries every part's changes in the `frame` trait.

// Hand each part's slice of a new frame to that part's model the way the
// widget manager applies an update message (deserialize, then set_state,
// queued behind the part's own updates), so each part redraws exactly as if
// its own message had come, but all of them in this one browser task, and so
// in the same frame. Returns the function that stops listening.
function applyFrames(model) {
  const manager = model.widget_manager;
  const apply = (part, state) => {
    const cls = part.constructor;
    const ready = cls && cls._deserialize_state ? cls._deserialize_state(state, manager) : state;
    return Promise.resolve(ready).then((value) => (part.set_state ? part.set_state(value) : part.set(value)));
  };
  const onFrame = () => {
    const parts = (model.get("frame") || {}).parts || {};
    for (const [id, state] of Object.entries(parts)) {
      new Promise((resolve) => resolve(manager.get_model(id)))
        .then((part) => { if (!part) throw new Error("unknown model"); return part; })
        .then((part) => {
          part.state_change = Promise.resolve(part.state_change).then(() => apply(part, state))
            .catch((err) => console.error(`rulekit: could not apply the frame to widget ${id}`, err));
        }, (err) => console.warn(`rulekit: no widget ${id} for this frame`, err));
    }
  };
  model.on("change:frame", onFrame);
  return () => model.off("change:frame", onFrame);
}

// once per model, with or without a view: a table's parts are updated even while it is not shown
function initialize({ model }) {
  return model.widget_manager ? applyFrames(model) : undefined;
}
function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el: root }) {
  root.classList.add("rk-controls");
  const send = (event, args) => model.send({ event, ...(args || {}) });
  const head = el("div", "rk-head");
  const title = el("h3", "rk-title-text");
  const lang = el("div", "rk-lang");
  const en = el("button", "rk-lang-en", "EN");
  const de = el("button", "rk-lang-de", "DE");
  lang.append(en, de);
  en.addEventListener("click", () => send("lang", { lang: "en" }));
  de.addEventListener("click", () => send("lang", { lang: "de" }));
  head.append(title, lang);

  // the buttons a class uses all the time; seats, seed, Play N and pace sit in "more" below
  const row = el("div", "rk-row rk-main-row");
  const step = el("button", "rk-btn rk-step");
  const stepWhy = el("span", "rk-step-why");
  stepWhy.id = `rk-step-why-${Math.random().toString(36).slice(2)}`;
  step.setAttribute("aria-describedby", stepWhy.id);
  const undo = el("button", "rk-btn rk-undo");
  const redo = el("button", "rk-btn rk-redo");
  const playN = el("input", "rk-play-n");
  playN.type = "number"; playN.min = "1"; playN.max = "10000";
  const play = el("button", "rk-btn rk-play");
  const end = el("button", "rk-btn rk-end");
  const seedLabel = el("label", "rk-seed-label");
  const seed = el("input", "rk-seed");
  seed.type = "number";
  const reset = el("button", "rk-btn rk-reset");
  const watchBtn = el("button", "rk-btn rk-watch");
  const pace = el("input", "rk-pace");
  pace.type = "number"; pace.min = "0.2"; pace.max = "20"; pace.step = "0.5";
  const paceLabel = el("label", "rk-pace-label");
  const projector = el("button", "rk-btn rk-projector");
  row.append(step, undo, redo, end, watchBtn, reset, projector);
  const paceValue = () => Math.max(0.2, Math.min(20, parseFloat(pace.value) || 2));
  watchBtn.addEventListener("click", () => send("watch", { on: !model.get("watching"), pace: paceValue() }));
  pace.addEventListener("change", () => send("watch", { on: model.get("watching"), pace: paceValue() }));
  projector.addEventListener("click", () => send("projector", { on: !model.get("projector") }));
  step.addEventListener("click", () => send("step"));
  undo.addEventListener("click", () => send("undo"));
  redo.addEventListener("click", () => send("redo"));
  play.addEventListener("click", () => send("play", { n: parseInt(playN.value, 10) || 1 }));
  end.addEventListener("click", () => send("end"));
  // the box shows this game's seed: unchanged, "new game" takes the next seed; edited, the seed typed
  reset.addEventListener("click", () => {
    const typed = parseInt(seed.value, 10);
    send("reset", Number.isNaN(typed) || typed === model.get("seed") ? {} : { seed: typed });
  });

  const timeRow = el("div", "rk-row rk-time");
  const timeLabel = el("span", "rk-time-label");
  const slider = el("input", "rk-slider");
  slider.type = "range"; slider.min = "0";
  const jump = el("input", "rk-jump");
  jump.type = "number"; jump.min = "0";
  const of = el("span", "rk-of");
  timeRow.append(timeLabel, slider, jump, of);
  slider.addEventListener("change", () => send("jump", { index: parseInt(slider.value, 10) }));
  slider.addEventListener("input", () => { jump.value = slider.value; });
  jump.addEventListener("change", () => {
    const i = parseInt(jump.value, 10);
    if (!Number.isNaN(i)) send("jump", { index: Math.max(0, Math.min(i, model.get("last"))) });
  });

  const seatRow = el("div", "rk-row rk-seats");
  const auto = el("label", "rk-autoplay");
  const autoBox = el("input");
  autoBox.type = "checkbox";
  const autoText = el("span");
  auto.append(autoBox, autoText);
  autoBox.addEventListener("change", () => send("autoplay", { on: autoBox.checked }));
  const more = el("details", "rk-more");
  const moreSummary = el("summary", "rk-more-summary");
  const moreRow = el("div", "rk-row rk-more-row");
  moreRow.append(playN, play, paceLabel, pace, seedLabel, seed);
  more.append(moreSummary, seatRow, moreRow);
  root.append(head, row, stepWhy, timeRow, more);
  // issue 27: Alt+S step, Alt+Z undo, Alt+Y redo, Alt+P play, Alt+W watch, Alt+L language (keys.js)
  const shortcutKeys = shortcuts(root, model, { step, undo, redo, play, watch: watchBtn, en, de,
    lang: () => (model.get("lang") === "de" ? en : de) });

  function drawSeats() {
    const kinds = model.get("kinds") || [];
    const names = model.get("seat_names") || [];
    const nodes = (model.get("seats") || []).map((kind, i) => {
      const sel = el("select", `rk-seat rk-seat-${i}`);
      sel.setAttribute("aria-label", names[i] || `seat ${i}`);
      for (const [value, label] of kinds) {
        const opt = el("option", "", `${names[i] || i}: ${label}`);
        opt.value = value;
        sel.appendChild(opt);
      }
      sel.value = kind;
      sel.addEventListener("change", () => send("seat", { seat: i, kind: sel.value }));
      return sel;
    });
    seatRow.replaceChildren(...nodes, auto);
  }

  function draw() {
    const L = model.get("labels") || {};
    title.textContent = model.get("title");
    step.textContent = `▶ ${L.step || ""}`;
    // Step is disabled while a person must decide (or the game is over), and says why
    const why = model.get("step_why") || "";
    step.disabled = Boolean(why);
    step.title = why || L.step_help || "";
    stepWhy.textContent = why;
    stepWhy.hidden = !why;
    moreSummary.textContent = L.more_settings || "";
    undo.textContent = `↶ ${L.undo || ""}`; undo.disabled = !model.get("can_undo");
    redo.textContent = `↷ ${L.redo || ""}`; redo.disabled = !model.get("can_redo");
    play.textContent = `» ${L.play_n || ""}`; play.title = L.play_n_help || "";
    end.textContent = `⇥ ${L.play_end || ""}`;
    seedLabel.textContent = L.seed || "";
    reset.textContent = `⟳ ${L.reset || ""}`;
    const watching = model.get("watching");
    watchBtn.textContent = watching ? `❚❚ ${L.pause || ""}` : `◉ ${L.watch || ""}`;
    watchBtn.title = L.watch_help || "";
    watchBtn.classList.toggle("rk-active", watching);
    paceLabel.textContent = L.pace || "";
    if (document.activeElement !== pace) pace.value = String(model.get("pace"));
    projector.textContent = `▣ ${L.projector || ""}`;
    projector.title = L.projector_help || "";
    projector.classList.toggle("rk-active", model.get("projector"));
    timeLabel.textContent = L.timeline || "";
    autoText.textContent = L.autoplay || "";
    autoBox.checked = model.get("autoplay");
    if (document.activeElement !== playN) playN.value = model.get("play_n");
    if (document.activeElement !== seed) seed.value = model.get("seed");
    const last = model.get("last"), cursor = model.get("cursor");
    slider.max = String(last); slider.value = String(cursor);
    jump.max = String(last); jump.value = String(cursor);
    of.textContent = `/ ${last}`;
    const current = model.get("lang");
    // issue 22: the page follows the table's language (the notebook's prose shows that language, rulekit.css)
    document.documentElement.dataset.rkLang = current;
    document.documentElement.lang = current;  // issue 27: a screen reader speaks the controls in their language
    lang.hidden = !model.get("lang_switch");
    en.classList.toggle("rk-active", current === "en");
    de.classList.toggle("rk-active", current === "de");
    shortcutKeys.mark();  // issue 27: the shortcut in every tooltip
    // issue 27: every box has a name a screen reader says
    playN.setAttribute("aria-label", L.play_n_help || L.play_n || "");
    pace.setAttribute("aria-label", L.pace || "");
    seed.setAttribute("aria-label", L.seed || "");
    slider.setAttribute("aria-label", L.timeline || "");
    jump.setAttribute("aria-label", L.timeline || "");
  }
  const keys = ["title", "status", "step_why", "labels", "cursor", "last", "can_undo", "can_redo", "play_n", "seed",
    "autoplay", "lang", "lang_switch", "watching", "pace", "projector"];
  const stop = watch(model, keys, draw);
  const stopSeats = watch(model, ["seats", "seat_names", "kinds"], drawSeats);
  drawSeats();
  draw();
  return () => { stop(); stopSeats(); shortcutKeys.stop(); };
}

export default { initialize, render };
