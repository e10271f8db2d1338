"""Each widget's ES module on its own in Chromium, with a stand-in model.

Loads exactly the string anywidget gets (``esm(name)``: common.js in front)
and checks that it imports, renders, redraws once per message however many
traits the message changes, and stops listening when its view is removed.
"""

from __future__ import annotations

import pytest

from rulekit.widgets.base import STATIC, esm

MODULES = sorted(p.name for p in STATIC.glob("*.js") if p.name != "common.js")

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
