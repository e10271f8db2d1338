"""Issue 14 in Chromium: each game's dashboard at a projector's 1024x768 and at 1920x1080.

For the first table of each game's notebook: a screenshot under
``tests/artifacts/`` (gitignored; ``RULEKIT_DOC_SHOTS=1`` also writes the small
copies docs/widgets.md shows, under docs/img/), then the checks a class needs:
no text under 12 px, no text box running out of its panel, every phase label
whole, and, after a click on an action, only the seat to move's items
clickable (each clickable board item is a legal action of the seat to move;
while a bot or an automatic step is next, nothing on the board is clickable).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import PageErrors
from .test_dashboards import LOAD_MS, STEP_MS, open_dashboard

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
DOC_IMG = ROOT / "docs" / "img"
GAMES = ["rune_stones", "vale_of_eternity", "spellbound", "scepter_of_zavandor", "mines_of_zavandor"]
SIZES = [(1024, 768), (1920, 1080)]
MIN_PX = 12

#: every visible text in the table with its rendered size (SVG text scaled by the drawing)
SMALL_TEXT = """(root) => {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || !el.getClientRects().length) continue;
    if (el.closest("[hidden], .widget-tab > .p-TabBar, option, select, title, style, script")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none" || parseFloat(style.opacity) === 0) continue;
    let px = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    const where = el.closest(".rk-board") ? "board" : el.closest(".rk-phase-graph") ? "phase flow" : "panel";
    if (px < %MIN% - 0.05) out.push(`${where}, ${px.toFixed(1)}px: ${text.slice(0, 60)}`);
  }
  return [...new Set(out)];
}""".replace("%MIN%", str(MIN_PX))

#: text boxes whose box runs past the panel that holds them (scrolling boxes excepted)
OVERFLOW = """(root) => {
  const out = [];
  for (const panel of root.querySelectorAll(".rk-panel, .rk-controls")) {
    if (!panel.getClientRects().length) continue;
    const box = panel.getBoundingClientRect();
    for (const el of panel.querySelectorAll("*")) {
      if (!el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      if (!el.getClientRects().length || el.closest("svg")) continue;
      let scroller = el.parentElement, inScroll = false;
      while (scroller && scroller !== panel) {
        const o = getComputedStyle(scroller);
        if (/(auto|scroll)/.test(o.overflowX + o.overflowY)) { inScroll = true; break; }
        scroller = scroller.parentElement;
      }
      if (inScroll) continue;
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      const clipped = el.scrollWidth > el.clientWidth + 1 && /(hidden|clip)/.test(s.overflowX) && el.clientWidth > 0;
      if (r.right > box.right + 1 || r.left < box.left - 1 || clipped) {
        out.push(`${el.className || el.tagName}: ${el.textContent.trim().slice(0, 50)}`);
      }
    }
  }
  return [...new Set(out)];
}"""

#: phase boxes whose label is not the whole name or does not fit in its box
CUT_PHASES = """(root) => {
  const out = [];
  for (const g of root.querySelectorAll(".rk-phase")) {
    const rect = g.querySelector("rect").getBBox();
    const text = g.querySelector("text.rk-phase-name");
    const shown = [...text.querySelectorAll("tspan")].map((t) => t.textContent).join(" ");
    const name = g.querySelector("title").textContent.replace(/ \\([^)]*\\)$/, "");
    const b = text.getBBox();
    const fits = b.x >= rect.x - 0.5 && b.x + b.width <= rect.x + rect.width + 0.5
      && b.y >= rect.y - 0.5 && b.y + b.height <= rect.y + rect.height + 0.5;
    if (shown !== name.split(/\\s+/).join(" ") || shown.includes("…") || !fits) out.push(name);
  }
  return out;
}"""

#: the board's clickable items and the legal action buttons, after a redraw
CLICKABLE = """(table) => {
  const board = table.querySelector(".rk-board");
  const items = [...board.querySelectorAll(".rk-clickable")].map((g) => g.getAttribute("data-action"));
  const legal = [...table.querySelectorAll("button.rk-action:not(.rk-illegal)")].map((b) => b.getAttribute("data-label"));
  const inert = [...board.querySelectorAll("[data-action]:not(.rk-clickable)")].filter(
    (g) => getComputedStyle(g).cursor === "pointer").length;
  return { active: board.getAttribute("data-active"), items, legal, inert };
}"""


@pytest.fixture
def page_errors(page):
    return PageErrors().attach(page)


def _shoot(page: Page, table, game: str, size: tuple[int, int]) -> None:
    """The viewport as a person sees it, and the whole table (Voila scrolls inside the
    page, so the viewport is made as tall as the table for that shot, then restored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{game}-{size[0]}x{size[1]}.png"))
    height = int(table.bounding_box()["height"]) + 200
    page.set_viewport_size({"width": size[0], "height": max(size[1], height)})
    page.wait_for_timeout(300)
    shot = ARTIFACTS / f"{game}-{size[0]}x{size[1]}-table.png"
    table.screenshot(path=str(shot))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_timeout(300)
    if size == (1024, 768) and os.environ.get("RULEKIT_DOC_SHOTS") == "1":
        from PIL import Image

        DOC_IMG.mkdir(parents=True, exist_ok=True)
        img = Image.open(shot).convert("RGB")
        img.thumbnail((760, 1300))
        img.quantize(colors=80).save(DOC_IMG / f"{game}.png", optimize=True)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_table_reads_well_and_only_the_seat_to_move_clicks(page: Page, voila_url, page_errors, game, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_dashboard(page, voila_url, f"{game}.ipynb")
    table = page.locator(".rk-table").first
    table.wait_for(timeout=LOAD_MS)
    expect(page.get_by_text("There was an error when executing cell")).to_have_count(0)
    expect(table.locator(".rk-phase").first).to_be_attached()
    table.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    # the dashboard opens without a refusal or an error in the play area
    assert table.locator(".rk-why .rk-why-box, .rk-why .rk-error").count() == 0

    handle = table.element_handle()
    small = page.evaluate(SMALL_TEXT, handle)
    overflowing = page.evaluate(OVERFLOW, handle)
    cut = page.evaluate(CUT_PHASES, handle)
    problems = [f"text under {MIN_PX} px: {t}" for t in small]
    problems += [f"text out of its panel: {t}" for t in overflowing]
    problems += [f"cut phase label: {t}" for t in cut]
    _shoot(page, table, game, size)

    # the projector layout is one click away: the same screen with larger text
    table.locator("button.rk-projector").first.click()
    expect(table.locator(".rk-table.rk-projector").first).to_be_attached()
    page.wait_for_timeout(400)
    page.screenshot(path=str(ARTIFACTS / f"{game}-{size[0]}x{size[1]}-projector.png"))
    board_width = table.locator(".rk-board svg").first.bounding_box()["width"]
    assert board_width > 0.85 * table.bounding_box()["width"], "the projector board spans the table"
    problems += [f"projector: text under {MIN_PX} px: {t}" for t in page.evaluate(SMALL_TEXT, handle)]
    problems += [f"projector: text out of its panel: {t}" for t in page.evaluate(OVERFLOW, handle)]
    table.locator("button.rk-projector").first.click()
    expect(page.locator(".rk-table.rk-projector")).to_have_count(0)

    # click an action, then only the seat to move's items may be clickable
    status = table.locator(".rk-status").first
    before = status.inner_text()
    legal = table.locator("button.rk-action:not(.rk-illegal)")
    (legal.first if legal.count() else table.locator("button.rk-step:not([disabled])").first).click()
    expect(status).not_to_have_text(before, timeout=STEP_MS)
    page.wait_for_timeout(200)
    for _ in range(2):
        seen = page.evaluate(CLICKABLE, handle)
        if seen["active"] == "false":
            problems += [f"board clickable while no human seat decides: {a}" for a in seen["items"]]
        problems += [
            f"clickable item is not a legal action of the seat to move: {a}"
            for a in seen["items"]
            if a not in seen["legal"]
        ]
        if seen["inert"]:
            problems.append(f"{seen['inert']} inert board items still show a pointer")
        step = table.locator("button.rk-step").first
        if step.is_enabled():  # then a step: a bot's turn or an automatic step (disabled while a person decides)
            step.click()
        page.wait_for_timeout(400)
    report = ARTIFACTS / f"{game}-{size[0]}x{size[1]}-problems.txt"
    report.write_text("\n".join(problems) + "\n", encoding="utf-8")
    assert problems == [], f"{game} at {size[0]}x{size[1]} ({len(problems)}, all in {report.name}):\n" + "\n".join(
        problems[:40]
    )
    assert page_errors == [], page_errors


def test_watch_mode_plays_at_its_pace_and_pauses(page: Page, voila_url, page_errors):
    """Watch mode in a real kernel: steps come one by one while the page stays usable, pause stops them."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_dashboard(page, voila_url, "vale_of_eternity.ipynb")
    table = page.locator(".rk-table").first
    table.wait_for(timeout=LOAD_MS)
    auto = table.locator(".rk-autoplay input").first
    if auto.is_checked():
        auto.click()  # no autoplay: bots wait for Watch
    table.locator("select.rk-seat-0").first.select_option("random")
    jump = table.locator("input.rk-jump").first
    expect(jump).to_be_visible()
    start = int(jump.input_value())
    table.locator("input.rk-pace").first.fill("4")
    table.locator("button.rk-watch").first.click()
    expect(table.locator("button.rk-watch.rk-active").first).to_be_visible(timeout=STEP_MS)
    page.wait_for_timeout(2500)
    during = int(jump.input_value())
    assert start + 3 <= during <= start + 16, (start, during)  # about 4 steps a second, one at a time
    table.locator("button.rk-watch").first.click()  # pause
    expect(table.locator("button.rk-watch.rk-active")).to_have_count(0, timeout=STEP_MS)
    paused = int(jump.input_value())
    page.wait_for_timeout(1500)
    assert int(jump.input_value()) == paused
    assert page_errors == [], page_errors
