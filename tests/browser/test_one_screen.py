"""Issue 22 in Chromium: every game's dashboard at 1024x768 and 1920x1080, desk and
projector layout, English and German.

Per page (one Voila load per game and size) and per layout and language it fails when
the board, the status line and the actions are not on one screen (with the table
scrolled to the top of the window); when any visible text is under 14 px (18 px in the
projector layout; the phase flow's whole-flow overview excepted: it is a map, its
focus view is the readable one); when a phase label does not fit its box, or the
current phase, the one it came from or one it can go to is not inside the phase
flow's visible box; when the page shows developer output (a Python repr or list).
Then it plays: only the seat to move's legal items are clickable on the board
(nothing while a bot or an automatic step is next); after each decision the status line matches the table (the step on the
timeline, Step disabled with its reason exactly when a person decides), and Undo after
a human decision returns to that decision with the same seat to move.

Screenshots go to ``tests/artifacts/``; with ``RULEKIT_DOC_SHOTS=1`` the ones
docs/widgets.md shows are written to ``docs/img/table-<game>-<width>.png``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from rulekit.widgets.i18n import t

from .test_dashboards import LOAD_MS, STEP_MS, developer_output, open_dashboard, open_tab

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
DOC_IMG = ROOT / "docs" / "img"
GAMES = ["rune_stones", "vale_of_eternity", "spellbound", "scepter_of_zavandor", "mines_of_zavandor"]
SIZES = [(1024, 768), (1920, 1080)]

#: every visible text in ``root`` under ``min`` px, with where it is (SVG text scaled by its drawing)
SMALL_TEXT = """([root, min]) => {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || !el.getClientRects().length) continue;
    if (el.closest("[hidden], option, title, style, script, .rk-graph-fit")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none" || parseFloat(style.opacity) === 0) continue;
    let px = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    const where = el.closest(".rk-board") ? "board" : el.closest(".rk-phase-graph") ? "phase flow"
      : el.closest(".rk-side-tabs") ? "side panel" : "stage";
    if (px < min - 0.05) out.push(`${where}, ${px.toFixed(1)}px: ${text.slice(0, 60)}`);
  }
  return [...new Set(out)];
}"""

#: the stage's parts and whether each lies inside the window (top and bottom); the actions
#: are measured by the dock that holds them (it scrolls when a seat has very many choices)
ONE_SCREEN = """(table) => {
  const h = window.innerHeight, out = {};
  for (const [name, sel] of [["board", ".rk-board-area"], ["status", ".rk-status"], ["actions", ".rk-dock"],
                             ["controls", ".rk-controls"]]) {
    const el = table.querySelector(sel);
    if (!el) { out[name] = "missing"; continue; }
    const r = el.getBoundingClientRect();
    out[name] = r.top >= -1 && r.bottom <= h + 1 && r.height > 0 ? "ok" : `${Math.round(r.top)}..${Math.round(r.bottom)} of ${h}`;
  }
  return out;
}"""

#: phase boxes whose label is cut, and the current phase's neighbourhood outside the visible box
PHASES = """(table) => {
  const graph = table.querySelector(".rk-phase-graph");
  const box = graph.querySelector(".rk-graph-scroll").getBoundingClientRect();
  const cut = [], unseen = [];
  for (const g of graph.querySelectorAll(".rk-phase")) {
    const rect = g.querySelector("rect").getBBox();
    const text = g.querySelector("text.rk-phase-name");
    const shown = [...text.querySelectorAll("tspan")].map((t) => t.textContent).join(" ");
    const name = g.querySelector("title").textContent.replace(/ \\([^)]*\\)$/, "");
    const b = text.getBBox();
    const fits = b.x >= rect.x - 0.5 && b.x + b.width <= rect.x + rect.width + 0.5
      && b.y >= rect.y - 0.5 && b.y + b.height <= rect.y + rect.height + 0.5;
    if (shown !== name.split(/\\s+/).join(" ") || shown.includes("…") || !fits) cut.push(name);
  }
  const current = graph.querySelector(".rk-phase.rk-current");
  if (!current) return { cut, unseen: ["no current phase"] };
  const id = current.getAttribute("data-phase");
  const near = new Set([id]);
  for (const e of graph.querySelectorAll(".rk-edge")) {
    const [a, b] = e.getAttribute("data-edge").split(">");
    if (a === id) near.add(b);
    if (b === id && e.classList.contains("rk-last")) near.add(a);
  }
  for (const p of near) {
    const r = graph.querySelector(`.rk-phase[data-phase="${p}"] rect`).getBoundingClientRect();
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
      unseen.push(p);
    }
  }
  return { cut, unseen };
}"""

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

#: the board's clickable items and the legal action buttons, after a redraw
CLICKABLE = """(table) => {
  const board = table.querySelector(".rk-board");
  const items = [...board.querySelectorAll(".rk-clickable")].map((g) => g.getAttribute("data-action"));
  const legal = [...table.querySelectorAll("button.rk-action:not(.rk-illegal)")].map((b) => b.getAttribute("data-label"));
  const inert = [...board.querySelectorAll("[data-action]:not(.rk-clickable)")].filter(
    (g) => getComputedStyle(g).cursor === "pointer").length;
  return { active: board.getAttribute("data-active"), items, legal, inert };
}"""


def _settle(page: Page) -> None:
    page.wait_for_timeout(350)


def _top(page: Page, table) -> None:
    page.evaluate("(t) => t.scrollIntoView({block: 'start'})", table.element_handle())
    _settle(page)


def _status(table) -> dict:
    return table.locator(".rk-status").first.evaluate(
        "(s) => ({kind: s.dataset.kind, toMove: s.dataset.toMove, step: s.dataset.step, text: s.textContent})"
    )


def _check_screen(page: Page, table, label: str, large: bool) -> list[str]:
    problems = []
    _top(page, table)
    handle = table.element_handle()
    for part, where in page.evaluate(ONE_SCREEN, handle).items():
        if where != "ok":
            problems.append(f"{label}: {part} not on the first screen ({where})")
    problems += [f"{label}: text out of its panel: {t}" for t in page.evaluate(OVERFLOW, handle)]
    least = 18 if large else 14
    for tab in ("rules", "log", "phases", "inspector", "extras"):
        open_tab(table, tab)
        _settle(page)
        for text in page.evaluate(SMALL_TEXT, [handle, least]):
            problems.append(f"{label}, {tab} tab: text under {least} px: {text}")
        if tab == "phases":
            seen = page.evaluate(PHASES, handle)
            problems += [f"{label}: cut phase label: {n}" for n in seen["cut"]]
            problems += [f"{label}: phase near the current one out of view: {n}" for n in seen["unseen"]]
    open_tab(table, "rules")
    return list(dict.fromkeys(problems))


def _shots(page: Page, table, game: str, size: tuple[int, int], name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    _top(page, table)
    shot = ARTIFACTS / f"table-{game}-{size[0]}-{name}.png"
    page.screenshot(path=str(shot))
    if os.environ.get("RULEKIT_DOC_SHOTS") == "1" and name in ("desk", "projector"):
        from PIL import Image

        DOC_IMG.mkdir(parents=True, exist_ok=True)
        img = Image.open(shot).convert("RGB")
        img.thumbnail((960, 720))
        img.quantize(colors=96).save(DOC_IMG / f"table-{game}-{size[0]}-{name}.png", optimize=True)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_one_screen_readable_text_phases_in_view_status_and_undo(page: Page, voila_url, page_errors, game, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_dashboard(page, voila_url, f"{game}.ipynb")
    table = page.locator(".rk-table").first
    table.wait_for(timeout=LOAD_MS)
    expect(page.get_by_text("There was an error when executing cell")).to_have_count(0)
    expect(table.locator(".rk-phase").first).to_be_attached()
    _settle(page)
    problems = []
    # no developer output on the dashboard page
    problems += [f"developer output on the page: {text}" for text in developer_output(page)]

    for lang in ("en", "de"):
        table.locator(f".rk-lang button.rk-lang-{lang}").first.click()
        expect(table.locator(".rk-step").first).to_contain_text("Step" if lang == "en" else "Schritt")
        for large in (False, True):
            if large != ("rk-projector" in (table.get_attribute("class") or "")):
                table.locator("button.rk-projector").first.click()
                expect(page.locator(".rk-table.rk-projector")).to_have_count(1 if large else 0)
            name = f"{lang} {'projector' if large else 'desk'}"
            problems += _check_screen(page, table, name, large)
            if lang == "en":
                _shots(page, table, game, size, "projector" if large else "desk")
    table.locator(".rk-lang button.rk-lang-en").first.click()
    table.locator("button.rk-projector").first.click()
    expect(page.locator(".rk-table.rk-projector")).to_have_count(0)

    # play: the status line follows every change; Step is disabled (with its reason) exactly when a person decides
    jump = table.locator("input.rk-jump").first
    step_btn = table.locator("button.rk-step").first
    decided = None
    for _ in range(6):
        st = _status(table)
        assert st["step"] == jump.input_value(), (st, jump.input_value())
        human = st["kind"] == "human"
        seen = page.evaluate(CLICKABLE, table.element_handle())
        if seen["active"] == "false":
            problems += [f"board clickable while no human seat decides: {a}" for a in seen["items"]]
        problems += [f"clickable item is not a legal action: {a}" for a in seen["items"] if a not in seen["legal"]]
        if seen["inert"]:
            problems.append(f"{seen['inert']} inert board items still show a pointer")
        assert step_btn.is_disabled() == (human or st["kind"] == "over"), st
        if human:
            expect(table.locator(".rk-step-why").first).to_be_visible()
            assert t("seat", "en", n=int(st["toMove"]) + 1) in st["text"], st
            if decided is None:
                decided = st
            table.locator("button.rk-action:not(.rk-illegal)").first.click()
        elif st["kind"] == "over":
            break
        else:
            step_btn.click()
        expect(table.locator(".rk-status").first).not_to_have_attribute("data-step", st["step"], timeout=STEP_MS)
    # Undo after human decisions: back to the last one, with the same seat to move
    if decided is not None:
        for _ in range(8):
            st = _status(table)
            if st["step"] == decided["step"]:
                break
            table.locator("button.rk-undo").first.click()
            expect(table.locator(".rk-status").first).not_to_have_attribute("data-step", st["step"], timeout=STEP_MS)
            after = _status(table)
            if after["kind"] != "human":
                problems.append(f"Undo landed on a {after['kind']} step, not on a person's decision: {after}")
                break
        final = _status(table)
        if (final["step"], final["toMove"]) != (decided["step"], decided["toMove"]):
            problems.append(f"Undo did not return to the first decision {decided} but to {final}")

    report = ARTIFACTS / f"table-{game}-{size[0]}-problems.txt"
    report.write_text("\n".join(problems) + "\n", encoding="utf-8")
    assert problems == [], f"{game} at {size[0]}x{size[1]} ({len(problems)}, all in {report.name}):\n" + "\n".join(
        problems[:40]
    )
    assert page_errors == [], page_errors
