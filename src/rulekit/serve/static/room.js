// rulekit rooms: a seat, public, projector, join, teacher or overview page.
// The board and the buttons are the widgets' own modules (board.js,
// actions.js), fed by a small stand-in for the anywidget model; the data
// comes from the room's websocket (rulekit.rooms.seat_message), so no
// kernel runs for a page. Reconnects at once when the socket drops.

import board from "./board.js?v=VERSION";
import actions from "./actions.js?v=VERSION";

const config = JSON.parse(document.getElementById("rk-room-config").textContent);
const $ = (sel) => document.querySelector(sel);
let texts = config.texts;
const tr = (key, args) => (texts[key] || key).replace(/\{(\w+)\}/g, (_, k) => (args && k in args ? args[k] : ""));

// The part of an anywidget model that the widgets' modules use.
function standIn(initial, onSend) {
  const data = { ...initial };
  const handlers = {};
  return {
    get: (key) => data[key],
    set(values) {
      const changed = Object.keys(values).filter((k) => JSON.stringify(data[k]) !== JSON.stringify(values[k]));
      Object.assign(data, values);
      for (const k of changed) for (const f of handlers[`change:${k}`] || []) f();
    },
    on: (event, f) => { (handlers[event] = handlers[event] || []).push(f); },
    off: (event, f) => { handlers[event] = (handlers[event] || []).filter((g) => g !== f); },
    send: onSend,
    save_changes() {},
  };
}

function showRefusal(text, rule) {
  const box = $(".rk-room-refusal");
  if (!box) return;
  box.hidden = !text;
  box.textContent = text ? (rule ? `${text} [${rule}]` : text) : "";
}

async function postJSON(url, body) {
  const resp = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body), credentials: "same-origin" });
  let data = {};
  try { data = await resp.json(); } catch (e) { data = { error: resp.statusText }; }
  return { ok: resp.ok, data };
}

function langSwitch(onChange) {
  for (const btn of document.querySelectorAll(".rk-room-lang")) {
    btn.addEventListener("click", () => {
      document.cookie = `rulekit_lang=${btn.dataset.lang}; path=/; SameSite=Strict`;
      if (onChange) onChange(btn.dataset.lang);
      else { const url = new URL(location.href); url.searchParams.set("lang", btn.dataset.lang); location.href = url; }
    });
  }
}

// -- the live pages: seat, public, projector, teacher -------------------------

function livePage() {
  let version = null;
  let lang = config.lang;
  let socket = null;
  let retry = 0;
  let last = null;
  const act = (label) => {
    if (!socket || socket.readyState !== 1) return;
    showRefusal("");
    socket.send(JSON.stringify({ type: "act", label, version }));
  };
  const boardModel = standIn({ scene_json: '{"width":100,"height":40,"items":[]}', legal: [], active: false,
    link: "room", heading: "" }, (msg) => { if (msg.event === "click") act(msg.label); });
  board.render({ model: boardModel, el: $(".rk-room-board") });
  const actionsBox = $(".rk-room-actions");
  const actionModel = standIn({ groups: [], empty_text: tr("no_actions"), illegal_title: "", try_placeholder: "",
    try_label: "", link: "room", heading: "" }, (msg) => { if (msg.label) act(msg.label); });
  if (actionsBox) actions.render({ model: actionModel, el: actionsBox });

  function draw(msg) {
    if (!last) document.body.dataset.firstState = String(Math.round(performance.now()));  // ms since the page opened
    last = msg;
    version = msg.version;
    document.body.dataset.step = msg.step === null ? "" : String(msg.step);
    document.body.dataset.status = msg.status;
    document.body.dataset.version = msg.version || "";
    document.body.dataset.toMove = msg.to_move === null ? "" : String(msg.to_move);
    for (const el of document.querySelectorAll(".rk-room-title")) el.textContent = msg.title;
    const mine = msg.legal.length > 0;
    boardModel.set({ scene_json: JSON.stringify(msg.scene), legal: msg.legal.map((p) => p[0]), active: mine,
      outline_json: JSON.stringify(msg.outline || []),  // issue 27: names, the board as a list, the live region
      announce: `${msg.status_text} · ${msg.phase_name}${msg.to_move_text ? ` · ${msg.to_move_text}` : ""}` });
    const groups = {};
    for (const [label, text] of msg.legal) {
      const kind = label.split(" ")[0];
      (groups[kind] = groups[kind] || { kind, name: msg.groups[kind] || "", actions: [] }).actions.push(
        { label, text, legal: true });
    }
    actionModel.set({ groups: Object.values(groups), empty_text: tr("no_actions") });
    let status = `${msg.status_text} · ${msg.phase_name}`;
    if (msg.is_over && msg.scores) {
      status += ` · ${tr("result", { scores: msg.scores.join(" : ") })}`;
      if (msg.winners && msg.winners.length) {
        status += ` · ${tr("winners", { who: msg.winners.map((w) => tr("seat_title", { n: w + 1 })).join(", ") })}`;
      }
    } else if (msg.status === "playing" && msg.to_move !== null) {
      status += ` · ${mine ? tr("your_turn") : tr("waiting_for", { who: msg.to_move_text })}`;
    }
    $(".rk-room-status").textContent = status;
    $(".rk-room-status").classList.toggle("rk-room-mine", mine);
    const log = $(".rk-room-log");
    if (log) {
      log.replaceChildren(...msg.log.map((row) => {
        const li = document.createElement("li");
        li.className = row.rule ? "rk-room-event" : "rk-room-decision";
        li.textContent = row.text;
        if (row.rule) {
          const tag = document.createElement("span");
          tag.className = "rk-room-rule";
          tag.textContent = row.rule;
          li.prepend(tag, " ");
        }
        return li;
      }));
      log.scrollTop = log.scrollHeight;
    }
    const seats = $(".rk-room-seats");
    if (seats) {
      seats.replaceChildren(...msg.seats.map((s) => {
        const span = document.createElement("span");
        const online = msg.online.includes(s.seat) || s.bot;
        span.className = `rk-room-seat${online ? " rk-online" : ""}${s.seat === msg.to_move ? " rk-to-move" : ""}`;
        span.textContent = `${s.name}${s.bot ? "" : ` · ${tr(online ? "present" : "absent")}`}`;
        return span;
      }));
    }
    if (config.mode === "teacher") drawTeacher(msg);
  }

  function drawTeacher(msg) {
    for (const row of document.querySelectorAll(".rk-room-seat-table tr")) {
      const seat = Number(row.dataset.seat) - 1;
      const info = msg.seats[seat];
      row.querySelector(".rk-room-online").textContent = info.bot && info.kind === "human" ? tr("away_bot")
        : (info.bot ? "" : tr(msg.online.includes(seat) ? "present" : "absent"));
      const btn = row.querySelector(".rk-room-standin");
      btn.hidden = info.kind !== "human";
      btn.textContent = info.bot ? tr("to_human") : tr("to_bot");
      btn.dataset.do = info.bot ? "human" : "bot";
    }
    for (const li of document.querySelectorAll(".rk-room-flow li")) {
      li.classList.toggle("rk-room-current", li.dataset.phase === msg.phase);
    }
    const pause = document.querySelector(".rk-room-pause");
    if (pause) pause.textContent = tr(msg.status === "paused" ? "resume" : "pause");
    if (pause) pause.dataset.do = msg.status === "paused" ? "start" : "pause";
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = new URLSearchParams({ token: config.token || "", lang });
    if (config.mode === "projector") q.set("view", "public");
    socket = new WebSocket(`${proto}://${location.host}${config.base}rooms/${config.code}/socket?${q}`);
    socket.onopen = () => { retry = 0; document.body.dataset.connected = "true"; };
    window.rulekitRoomSocket = socket;  // for tests: drop the connection to see the page come back
    socket.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        draw(msg);
        document.body.dataset.updated = String(Math.round(performance.now()));
      }
      else if (msg.type === "refused") showRefusal(msg.text, msg.rule);
    };
    socket.onclose = (ev) => {
      document.body.dataset.connected = "false";
      if (ev.code >= 4400 && ev.code < 4500) { $(".rk-room-status").textContent = ev.reason; return; }
      $(".rk-room-status").textContent = tr("reconnecting");
      retry += 1;
      setTimeout(connect, Math.min(1000, 150 * retry));  // back within a second or two
    };
  }
  langSwitch((next) => {
    lang = next;
    texts = config.texts_all[next];
    if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: "lang", lang }));
    for (const b of document.querySelectorAll(".rk-room-lang")) b.classList.toggle("rk-on", b.dataset.lang === next);
  });
  if (config.mode === "seat") {  // the join page sends a returning browser back to its seat
    try { localStorage.setItem(`rulekit-room-${config.code}`, location.pathname + location.search); } catch (e) { /* private mode */ }
  }
  if (config.mode === "teacher") teacherControls(() => last);
  connect();
}

function teacherControls(current) {
  const control = async (body) => {
    const { ok, data } = await postJSON(`${config.base}rooms/${config.code}/control`, { token: config.token, ...body });
    showRefusal(ok ? "" : data.error, data.rule);
  };
  for (const btn of document.querySelectorAll(".rk-room-control")) {
    btn.addEventListener("click", () => control({ do: btn.dataset.do }));
  }
  for (const btn of document.querySelectorAll(".rk-room-standin")) {
    btn.addEventListener("click", () => control({ do: btn.dataset.do, seat: Number(btn.dataset.seat) }));
  }
  const watch = $(".rk-room-allow-watch");
  if (watch) watch.addEventListener("change", () => control({ do: "watch", allowed: watch.checked }));
  return current;
}

// -- join and overview ------------------------------------------------------------

function joinPage() {
  langSwitch();
  try {
    const back = localStorage.getItem(`rulekit-room-${config.code}`);
    if (back) { location.replace(back); return; }
  } catch (e) { /* private mode: pick again */ }
  for (const btn of document.querySelectorAll(".rk-room-pick")) {
    btn.addEventListener("click", async () => {
      const { ok, data } = await postJSON(`${config.base}rooms/${config.code}/join`, { key: config.key, seat: Number(btn.dataset.seat) });
      if (ok) location.href = `${data.url}&lang=${config.lang}`;
      else showRefusal(data.error, data.rule);
    });
  }
}

function overviewPage() {
  langSwitch();
  const form = $(".rk-room-new");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    const bots = {};
    for (const part of String(f.get("bots") || "").split(",")) {
      const [seat, spec] = part.split("=").map((s) => s.trim());
      if (seat && spec) bots[seat] = spec;
    }
    const { ok, data } = await postJSON(`${config.base}rooms`, { game: f.get("game"), players: Number(f.get("players")), bots });
    if (ok) location.href = data.teacher_url;
    else showRefusal(data.error, data.rule);
  });
}

if (config.mode === "join") joinPage();
else if (config.mode === "overview") overviewPage();
else livePage();
