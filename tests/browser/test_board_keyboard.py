"""Issue 27 in Chromium, on the board's own module (no kernel): keyboard, names, live region, list.

The board is one tab stop; arrow keys (Home, End) move between the pieces a
player may choose, Enter or Space chooses one, and after the redraw the focus
stays on the board. Pieces are buttons named in words; the live region and
the board-as-a-list show what Python gave them.
"""

from __future__ import annotations

import json

import pytest

from rulekit.widgets.base import esm

from .test_widget_modules import BOARD, HARNESS

pytestmark = pytest.mark.browser

SCENE = {
    "width": 300,
    "height": 60,
    "items": [
        {"type": "text", "x": 5, "y": 15, "text": "Display", "bold": True},
        {"type": "rect", "x": 10, "y": 20, "w": 50, "h": 30, "id": "a", "action": "take a", "aria": "Kobold 43, blue"},
        {"type": "rect", "x": 70, "y": 20, "w": 50, "h": 30, "id": "b", "action": "take b", "label": "B"},
        {"type": "rect", "x": 130, "y": 20, "w": 50, "h": 30, "id": "c", "action": "take c", "label": "C"},
        {"type": "rect", "x": 190, "y": 20, "w": 50, "h": 30, "id": "d", "action": "take d", "label": "D"},
    ],
}
VALUES = {
    **BOARD,
    "scene_json": json.dumps(SCENE),
    "legal": ["take a", "take b", "take d"],
    "active": True,
    "announce": "Phase: Summon. Player 1 (blue), human, decides.",
    "outline_json": json.dumps(["Display", ["Row", ["Kobold 43, blue", "B"]]]),
    "a11y_words": {"board_label": "Game board", "board_list": "The board as a list", "board_keys": "keys"},
}

KEYS = f"""async ([src, values]) => {{
  const h = await ({HARNESS})([src, values]);
  const sent = [];
  h.model.send = (msg) => sent.push(msg.label);
  const before = document.createElement("button");
  before.textContent = "before";
  document.body.insertBefore(before, document.body.firstChild);
  before.focus();
  return {{ h, sent }};
}}"""


def test_board_is_one_tab_stop_arrows_move_enter_and_space_choose(page):
    page.set_content("<body></body>")
    page.evaluate(f"async (args) => {{ window.t = await ({KEYS})(args); }}", [esm("board.js"), VALUES])
    focused = "() => document.activeElement.getAttribute('data-id') || document.activeElement.tagName"
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == "a", "Tab reaches the first piece that may be chosen"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "b"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "d", "an item that is not legal now is skipped"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "a", "the arrows wrap around"
    page.keyboard.press("End")
    assert page.evaluate(focused) == "d"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    assert page.evaluate("() => window.t.sent") == ["take b", "take a"]
    # one tab stop: Tab leaves the board after one piece
    tabbable = page.evaluate("() => [...document.querySelectorAll('[tabindex=\"0\"]')].map((n) => n.dataset.id)")
    assert tabbable == ["a"]
    # a redraw (the next state: b is no longer legal) keeps the focus on the board
    page.evaluate("async () => { window.t.h.model.set({ legal: ['take a', 'take d'] }); await window.t.h.tick(); }")
    assert page.evaluate(focused) == "a"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.textContent") == "before", "Tab is never trapped"


def test_pieces_are_named_buttons_and_the_board_has_a_list_and_a_live_region(page):
    page.set_content("<body></body>")
    page.evaluate(f"async (args) => {{ window.t = await ({KEYS})(args); }}", [esm("board.js"), VALUES])
    names = page.evaluate(
        "() => [...document.querySelectorAll('[role=button]')].map((n) => n.getAttribute('aria-label'))"
    )
    assert names == ["Kobold 43, blue", "B", "D"]
    live = page.locator("[role=status][aria-live=polite]")
    assert live.inner_text() == "Phase: Summon. Player 1 (blue), human, decides."
    page.evaluate(
        "async () => { window.t.h.model.set({ announce: 'Not allowed: take c.' }); await window.t.h.tick(); }"
    )
    assert live.inner_text() == "Not allowed: take c."
    assert page.locator("svg").get_attribute("aria-label") == "Game board"
    page.locator("details.rk-board-text > summary").click()
    assert page.locator("details.rk-board-text li").all_inner_texts()[0] == "Display"
    assert page.locator("details.rk-board-text ul ul li").all_inner_texts() == ["Kobold 43, blue", "B"]
    page.evaluate("async () => { window.t.h.model.set({ active: false }); await window.t.h.tick(); }")
    assert page.locator("[role=button]").count() == 0, "on a bot's turn nothing on the board is a button"
