"""Each widget's ES module on its own in Chromium, with a stand-in model.

Loads exactly the string anywidget gets (``esm(name)``: common.js in front)
and checks that it imports, renders, redraws once per message however many
traits the message changes, and stops listening when its view is removed;
and that one message of a table's hub (the controls' ``frame``) redraws
every panel once, all in the browser task that got the message.
"""

from __future__ import annotations

import json

import pytest

from rulekit.widgets.base import HELPERS, STATIC, esm

#: widget modules (common.js and the HELPERS files are put in front of them, not widgets themselves)
MODULES = sorted(
    p.name for p in STATIC.glob("*.js") if p.name != "common.js" and p.name not in sum(HELPERS.values(), ())
)

#: a model with the parts of the anywidget API the modules use; counts reads per trait
HARNESS = """async ([src, values]) => {
  const url = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
  const mod = await import(url);
  const handlers = {}, reads = {};
  const model = {
    get: (k) => { reads[k] = (reads[k] || 0) + 1; return values[k]; },
    on: (e, f) => (handlers[e] ||= new Set()).add(f),
    off: (e, f) => handlers[e]?.delete(f),
    send: () => {},
    set(changes) {  // like Backbone: every change:<key> fires synchronously, in order
      Object.assign(values, changes);
      for (const k of Object.keys(changes)) handlers[`change:${k}`]?.forEach((f) => f());
    },
  };
  const el = document.createElement("div");
  document.body.appendChild(el);
  mod.default.initialize?.({ model });
  const cleanup = mod.default.render({ model, el });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  await tick();
  return { model, el, cleanup, reads, tick, handlers };
}"""

BOARD = {
    "heading": "Board",
    "scene_json": '{"width": 100, "height": 40, "items": [{"type": "rect", "x": 1, "y": 1, "w": 5, "h": 5}]}',
    "legal": [],
}


@pytest.mark.parametrize("name", MODULES)
def test_module_imports_and_renders(page, name):
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    kind = page.evaluate(
        "async (src) => typeof (await import(URL.createObjectURL(new Blob([src], {type: 'text/javascript'})))).default.render",
        esm(name),
    )
    assert kind == "function"
    assert errors == []


def test_one_message_with_several_traits_redraws_once(page):
    result = page.evaluate(
        f"""async ([src, values]) => {{
          const h = await ({HARNESS})([src, values]);
          const before = h.reads.scene_json;
          h.model.set({{ scene_json: values.scene_json.replace('"w": 5', '"w": 9'), legal: ["x"] }});
          await h.tick();
          const once = h.reads.scene_json - before;
          const width = h.el.querySelector("rect").getAttribute("width");
          h.cleanup();
          const listening = Object.values(h.handlers).reduce((n, s) => n + s.size, 0);
          return {{ once, width, listening }};
        }}""",
        [esm("board.js"), BOARD],
    )
    assert result["once"] == 1, "a message that changes two traits must redraw the board once"
    assert result["width"] == "9"
    assert result["listening"] == 0, "a removed view must stop listening (heading included)"


def test_board_keeps_the_items_that_did_not_change(page):
    scene = {
        "width": 100,
        "height": 40,
        "items": [
            {"type": "rect", "x": 1, "y": 1, "w": 5, "h": 5, "id": "a"},
            {"type": "rect", "x": 9, "y": 1, "w": 5, "h": 5, "id": "b", "action": "take:b"},
        ],
    }
    result = page.evaluate(
        f"""async ([src, values]) => {{
          const h = await ({HARNESS})([src, values]);
          const [a, b] = h.el.querySelectorAll("[data-id]");
          const scene = JSON.parse(values.scene_json);
          scene.items[0].w = 7;
          h.model.set({{ scene_json: JSON.stringify(scene) }});
          await h.tick();
          const [a2, b2] = h.el.querySelectorAll("[data-id]");
          h.model.set({{ legal: ["take:b"] }});  // only the legality of b's action changes
          await h.tick();
          const [a3, b3] = h.el.querySelectorAll("[data-id]");
          return {{ aRedrawn: a !== a2, bKept: b === b2, aKept: a2 === a3, bRedrawn: b2 !== b3,
                    enabled: b3.classList.contains("rk-enabled"), count: h.el.querySelectorAll("[data-id]").length }};
        }}""",
        [esm("board.js"), {**BOARD, "scene_json": json.dumps(scene)}],
    )
    assert result == {"aRedrawn": True, "bKept": True, "aKept": True, "bRedrawn": True, "enabled": True, "count": 2}


def test_inspector_updates_in_place_and_keeps_what_the_user_closed(page):
    result = page.evaluate(
        f"""async ([src, values]) => {{
          const h = await ({HARNESS})([src, values]);
          const q = (p) => h.el.querySelector(`[data-path="${{p}}"]`);
          const first = {{ a: q("a"), ax: q("a/x"), b: q("b"), axLit: q("a/x").classList.contains("rk-changed"),
                          aOpen: q("a").open }};
          h.model.set({{ tree_json: JSON.stringify({{ a: {{ x: 1, y: 5 }}, b: 3 }}), changed: ["a/y"] }});
          await h.tick();
          const second = {{ sameA: q("a") === first.a, sameB: q("b") === first.b, axRebuilt: q("a/x") !== first.ax,
                           axLit: q("a/x").classList.contains("rk-changed"),
                           ay: q("a/y").textContent, ayLit: q("a/y").classList.contains("rk-changed") }};
          q("a").open = false;  // the user closes a branch
          await h.tick();
          h.model.set({{ tree_json: JSON.stringify({{ a: {{ x: 2, y: 5 }}, b: 3 }}), changed: ["a/x"] }});
          await h.tick();
          const stillClosed = !q("a").open;
          q("a").open = true;  // opened again: shows the newest values
          await h.tick();
          return {{ first: {{ axLit: first.axLit, aOpen: first.aOpen }}, second, stillClosed, ax: q("a/x").textContent }};
        }}""",
        [
            esm("inspector.js"),
            {
                "heading": "",
                "title": "view",
                "tree_json": json.dumps({"a": {"x": 1, "y": 2}, "b": 3}),
                "changed": ["a/x"],
                "views": [],
                "view": -1,
                "view_label": "view",
            },
        ],
    )
    assert result["first"] == {"axLit": True, "aOpen": True}
    assert result["second"] == {
        "sameA": True,
        "sameB": True,
        "axRebuilt": True,
        "axLit": False,
        "ay": "y: 5",
        "ayLit": True,
    }
    assert result["stillClosed"] is True
    assert result["ax"] == "x: 2"


def test_event_log_adds_rows_without_rebuilding_the_old_ones(page):
    rows = [{"step": 1, "label": "a", "rule": "RS-001", "text": "one", "current": False}]
    new_rows = [*rows, {"step": 2, "label": "b", "rule": "", "text": "two", "current": True}]
    result = page.evaluate(
        f"""async ([src, values, next]) => {{
          const h = await ({HARNESS})([src, values]);
          const before = h.el.querySelector(".rk-event");
          h.model.set({{ rows_json: next }});
          await h.tick();
          const rows = h.el.querySelectorAll(".rk-event");
          return {{ kept: rows[0] === before, count: rows.length, last: rows[1].textContent }};
        }}""",
        [esm("log.js"), {"heading": "", "note": "", "rows_json": json.dumps(rows)}, json.dumps(new_rows)],
    )
    assert result == {"kept": True, "count": 2, "last": "2. btwo"}


def test_board_is_inert_when_not_active_and_lights_touched_items(page):
    scene = {
        "width": 100,
        "height": 40,
        "items": [
            {"type": "rect", "x": 1, "y": 1, "w": 5, "h": 5, "id": "a", "action": "take a"},
            {"type": "rect", "x": 9, "y": 1, "w": 5, "h": 5, "id": "b", "action": "take b"},
            {"type": "rect", "x": 20, "y": 1, "w": 5, "h": 5, "id": "pile", "touches": ["take a"]},
        ],
    }
    result = page.evaluate(
        f"""async ([src, values]) => {{
          const h = await ({HARNESS})([src, values]);
          const q = (id) => h.el.querySelector(`[data-id="${{id}}"]`);
          const active = {{ a: q("a").classList.contains("rk-clickable"), b: q("b").classList.contains("rk-clickable"),
                           bGrey: q("b").classList.contains("rk-disabled") }};
          document.dispatchEvent(new CustomEvent("rk-action-hover", {{ detail: {{ link: "t1", label: "take a" }} }}));
          const lit = ["a", "b", "pile"].filter((id) => q(id).classList.contains("rk-touched"));
          document.dispatchEvent(new CustomEvent("rk-action-hover", {{ detail: {{ link: "other", label: "take b" }} }}));
          const otherTable = ["a", "b", "pile"].filter((id) => q(id).classList.contains("rk-touched"));
          h.model.set({{ active: false }});
          await h.tick();
          const inert = {{ clickable: h.el.querySelectorAll(".rk-clickable").length,
                          grey: h.el.querySelectorAll(".rk-disabled").length,
                          flag: h.el.getAttribute("data-active") }};
          return {{ active, lit, otherTable, inert }};
        }}""",
        [
            esm("board.js"),
            {**BOARD, "scene_json": json.dumps(scene), "legal": ["take a"], "active": True, "link": "t1"},
        ],
    )
    assert result["active"] == {"a": True, "b": False, "bGrey": True}
    assert result["lit"] == ["a", "pile"]
    assert result["otherTable"] == ["a", "pile"], "a button of another table lights nothing here"
    assert result["inert"] == {"clickable": 0, "grey": 0, "flag": "false"}


def test_phase_flow_is_layered_top_to_bottom_with_whole_labels(page):
    import rulekit
    from rulekit.widgets import PhaseGraph

    widget = PhaseGraph(rulekit.load("rune_stones").phase_graph())
    values = {
        "heading": "",
        "mode": "fit",  # the whole flow (the focus view draws only the neighbourhood)
        "nodes": widget.nodes,
        "edges": widget.edges,
        "current": "summon",
        "visited": [["choose_action", "summon"]],
        "last": ["choose_action", "summon"],
        "selected": "",
        "heat": {},
    }
    result = page.evaluate(
        f"""async ([src, values]) => {{
          const h = await ({HARNESS})([src, values]);
          const box = (id) => h.el.querySelector(`[data-phase="${{id}}"] rect`).getBBox();
          const names = [...h.el.querySelectorAll(".rk-phase")].map((g) =>
            [...g.querySelectorAll("tspan")].map((t) => t.textContent).join(" "));
          return {{ setupY: box("setup").y, turnY: box("start_turn").y, chooseY: box("choose_action").y,
                   summonY: box("summon").y, names,
                   current: h.el.querySelector(".rk-current").getAttribute("data-phase"),
                   last: [...h.el.querySelectorAll("path.rk-edge.rk-last")].map((p) => p.getAttribute("data-edge")),
                   back: h.el.querySelectorAll("path.rk-edge.rk-back").length }};
        }}""",
        [esm("phase_graph.js"), values],
    )
    assert result["setupY"] < result["turnY"] < result["chooseY"] < result["summonY"]
    assert result["names"] == [" ".join(n["lines"]) for n in widget.nodes]
    assert result["current"] == "summon" and result["last"] == ["choose_action>summon"]
    assert result["back"] == sum(e["back"] for e in widget.edges) > 0


#: stand-in models for several modules at once: like HARNESS's, plus what the hub uses
#: (``set_state``, ``state_change``, ``widget_manager.get_model``)
HUB_HARNESS = """async ([srcs, panels, hubValues]) => {
  const load = async (src) => (await import(URL.createObjectURL(new Blob([src], { type: "text/javascript" })))).default;
  const reads = {};
  function fake(id, values) {
    const handlers = {};
    return {
      get: (k) => { reads[`${id}.${k}`] = (reads[`${id}.${k}`] || 0) + 1; return values[k]; },
      on: (e, f) => (handlers[e] ||= new Set()).add(f),
      off: (e, f) => handlers[e]?.delete(f),
      send: () => {},
      state_change: Promise.resolve(),
      set(changes) {
        Object.assign(values, changes);
        for (const k of Object.keys(changes)) handlers[`change:${k}`]?.forEach((f) => f());
      },
      set_state(state) { this.set(state); },
      handlers,
    };
  }
  const models = {}, els = {};
  const mount = async (id, name, values, model) => {
    const mod = await load(srcs[name]);
    model ||= fake(id, values);
    const el = document.createElement("div");
    document.body.appendChild(el);
    mod.initialize?.({ model });
    const cleanup = mod.render({ model, el });
    models[id] = model; els[id] = el;
    return cleanup;
  };
  for (const [id, [name, values]] of Object.entries(panels)) await mount(id, name, values);
  const hub = fake("hub", hubValues);
  hub.widget_manager = { get_model: async (id) => models[id] };
  await mount("hub", "controls.js", hubValues, hub);
  // the page outline (common.js) levels the new headings in an animation frame: let it run first
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return { hub, models, els, reads };
}"""


def test_one_hub_message_redraws_every_panel_once_in_the_same_task(page):
    """Issue 15: a Step reaches the browser as one message of the table's hub; every panel redraws once, at once."""
    scene = {"width": 100, "height": 40, "items": [{"type": "rect", "x": 1, "y": 1, "w": 5, "h": 5, "id": "a"}]}
    rows = [{"step": 0, "label": "setup", "rule": "RS-001", "text": "one", "current": True}]
    panels = {
        "board": ["board.js", {**BOARD, "scene_json": json.dumps(scene)}],
        "actions": ["actions.js", {"heading": "", "groups": [], "empty_text": "none", "link": ""}],
        "log": ["log.js", {"heading": "", "note": "", "rows_json": json.dumps(rows)}],
        "inspector": [
            "inspector.js",
            {"heading": "", "title": "view", "tree_json": '{"a": 1}', "changed": [], "views": [], "view": -1},
        ],
    }
    hub = {"title": "Rune Stones", "status": "step 0", "labels": {}, "cursor": 0, "last": 0, "seats": ["random"]}
    hub |= {"seat_names": ["Seat 1"], "kinds": [["random", "random"]], "lang": "en", "frame": {}}
    frame = {
        "board": {"scene_json": json.dumps({**scene, "items": [{**scene["items"][0], "w": 9}]}), "legal": ["x"]},
        "actions": {
            "groups": [{"kind": "take", "name": "", "actions": [{"label": "take 1", "text": "Take 1", "legal": True}]}]
        },
        "log": {"rows_json": json.dumps([{**rows[0], "current": False}, {**rows[0], "step": 1, "text": "two"}])},
        "inspector": {"tree_json": '{"a": 2}', "changed": ["a"]},
    }
    srcs = {name: esm(name) for name in ("board.js", "actions.js", "log.js", "inspector.js", "controls.js")}
    result = page.evaluate(
        f"""async ([srcs, panels, hubValues, parts]) => {{
          const h = await ({HUB_HARNESS})([srcs, panels, hubValues]);
          const watched = {{ board: "scene_json", actions: "groups", log: "rows_json", inspector: "tree_json",
                             hub: "cursor" }};
          const before = Object.fromEntries(Object.entries(watched).map(([id, k]) => [id, h.reads[`${{id}}.${{k}}`]]));
          // a mutation seen after this timer ran came in a later browser task
          let sameTask = true;
          setTimeout(() => {{ sameTask = false; }}, 0);
          const mutated = {{}}, late = [];
          for (const [id, el] of Object.entries(h.els)) {{
            new MutationObserver(() => {{ mutated[id] = true; if (!sameTask) late.push(id); }})
              .observe(el, {{ subtree: true, childList: true, characterData: true, attributes: true }});
          }}
          h.hub.set({{ status: "step 1", cursor: 1, last: 1, frame: {{ n: 1, parts }} }});
          await new Promise((r) => setTimeout(r, 50));
          const draws = Object.fromEntries(Object.entries(watched).map(([id, k]) =>
            [id, h.reads[`${{id}}.${{k}}`] - before[id]]));
          const q = (id, sel) => h.els[id].querySelector(sel);
          return {{ draws, late, mutated: Object.keys(mutated).sort(),
                   status: q("hub", ".rk-of").textContent,
                   width: q("board", "rect").getAttribute("width"),
                   buttons: h.els.actions.querySelectorAll(".rk-action").length,
                   logRows: h.els.log.querySelectorAll(".rk-event").length,
                   lit: h.els.inspector.querySelectorAll(".rk-changed").length }};
        }}""",
        [srcs, panels, hub, frame],
    )
    assert result["draws"] == {"board": 1, "actions": 1, "log": 1, "inspector": 1, "hub": 1}, result["draws"]
    assert result["mutated"] == ["actions", "board", "hub", "inspector", "log"]
    assert result["late"] == [], "every panel must redraw in the task that got the hub's message"
    assert result["status"] == "/ 1" and result["width"] == "9"
    assert (result["buttons"], result["logRows"], result["lit"]) == (1, 2, 1)


def test_event_log_follows_new_rows_only_while_the_reader_is_at_the_bottom(page):
    many = [{"step": i, "label": "x", "rule": "", "text": f"row {i}", "current": False} for i in range(60)]
    result = page.evaluate(
        f"""async ([src, values, more]) => {{
          const h = await ({HARNESS})([src, values]);
          const box = h.el.querySelector(".rk-log-rows");
          box.style.maxHeight = "100px";  // as rulekit.css makes it (not loaded here)
          box.style.overflowY = "auto";
          const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          const bottom = () => box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
          h.model.set({{ note: "older steps" }});  // redrawn: scrolls to the end
          await frame(); await frame();
          const first = bottom() && box.scrollTop > 0;
          h.model.set({{ rows_json: JSON.stringify(more.slice(0, 61)) }});
          await frame(); await frame();
          const followed = bottom();
          box.scrollTop = 0;  // the reader scrolls up to read
          await frame(); await frame();
          h.model.set({{ rows_json: JSON.stringify(more) }});
          await frame(); await frame();
          return {{ first, followed, kept: box.scrollTop }};
        }}""",
        [
            esm("log.js"),
            {"heading": "", "note": "", "rows_json": json.dumps(many)},
            [*many, *({"step": 60 + i, "label": "y", "rule": "", "text": "new", "current": i == 1} for i in range(2))],
        ],
    )
    assert result == {"first": True, "followed": True, "kept": 0}


def test_phase_flow_redraws_only_the_boxes_and_arrows_that_changed(page):
    import rulekit
    from rulekit.widgets import PhaseGraph

    widget = PhaseGraph(rulekit.load("rune_stones").phase_graph())
    values = {"heading": "", "nodes": widget.nodes, "edges": widget.edges, "current": "setup", "visited": []}
    values["mode"] = "fit"  # the whole flow (the focus view draws only the current phase's neighbourhood)
    values |= {"last": [], "selected": "", "heat": {}}
    result = page.evaluate(
        f"""async ([src, values]) => {{
          const h = await ({HARNESS})([src, values]);
          const q = (id) => h.el.querySelector(`[data-phase="${{id}}"]`);
          const before = {{ setup: q("setup"), summon: q("summon"), turn: q("start_turn") }};
          h.model.set({{ current: "start_turn", visited: [["setup", "start_turn"]], last: ["setup", "start_turn"] }});
          await h.tick();
          return {{ summonKept: q("summon") === before.summon, setupRedrawn: q("setup") !== before.setup,
                   turnLit: q("start_turn").classList.contains("rk-current"),
                   setupLit: q("setup").classList.contains("rk-current"),
                   boxes: h.el.querySelectorAll(".rk-phase").length, markers: h.el.querySelectorAll("marker").length,
                   last: [...h.el.querySelectorAll("path.rk-edge.rk-last")].map((p) => p.getAttribute("data-edge")) }};
        }}""",
        [esm("phase_graph.js"), values],
    )
    assert result == {
        "summonKept": True,
        "setupRedrawn": True,
        "turnLit": True,
        "setupLit": False,
        "boxes": len(widget.nodes),
        "markers": 3,
        "last": ["setup>start_turn"],
    }


def test_event_log_follows_again_once_its_rows_fit_the_box(page):
    """A reader who scrolled up, then a new game: the short log fits the box, so the log follows again."""
    many = [{"step": i, "label": "x", "rule": "", "text": f"row {i}", "current": False} for i in range(60)]
    result = page.evaluate(
        f"""async ([src, values]) => {{
          const h = await ({HARNESS})([src, values]);
          const box = h.el.querySelector(".rk-log-rows");
          box.style.maxHeight = "100px";
          box.style.overflowY = "auto";
          const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          const rows = (n) => JSON.stringify(Array.from({{ length: n }}, (_, i) =>
            ({{ step: i, label: "y", rule: "", text: `new ${{i}}`, current: false }})));
          await frame(); await frame();
          box.scrollTop = 0;  // the reader scrolls up
          await frame(); await frame();
          h.model.set({{ rows_json: rows(1) }});  // a new game: one row
          await frame(); await frame();
          h.model.set({{ rows_json: rows(40) }});  // steps played on
          await frame(); await frame();
          return box.scrollTop > 0 && box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
        }}""",
        [esm("log.js"), {"heading": "", "note": "", "rows_json": json.dumps(many)}],
    )
    assert result is True


def test_a_frame_for_an_unknown_widget_changes_nothing_else(page):
    """A part closed in the meantime: its slice is dropped with a warning, the other parts still get theirs."""
    rows = [{"step": 0, "label": "setup", "rule": "", "text": "one", "current": True}]
    panels = {"log": ["log.js", {"heading": "", "note": "", "rows_json": json.dumps(rows)}]}
    hub = {"title": "t", "status": "s", "labels": {}, "cursor": 0, "last": 0, "seats": [], "seat_names": []}
    hub |= {"kinds": [], "lang": "en", "frame": {}}
    new_rows = json.dumps([*rows, {**rows[0], "step": 1, "text": "two"}])
    result = page.evaluate(
        f"""async ([srcs, panels, hubValues, newRows]) => {{
          const h = await ({HUB_HARNESS})([srcs, panels, hubValues]);
          const errors = [];
          window.addEventListener("unhandledrejection", (e) => errors.push(String(e.reason)));
          h.hub.set({{ frame: {{ n: 1, parts: {{ gone: {{ value: "x" }}, log: {{ rows_json: newRows }} }} }} }});
          await new Promise((r) => setTimeout(r, 50));
          return {{ rows: h.els.log.querySelectorAll(".rk-event").length, errors }};
        }}""",
        [{name: esm(name) for name in ("log.js", "controls.js")}, panels, hub, new_rows],
    )
    assert result == {"rows": 2, "errors": []}
