"""The gallery at ``/``: every notebook with its thumbnail and one sentence, switching EN / DE.

The thumbnails are made here: with ``RULEKIT_WRITE_THUMBS=1`` (or when one
is missing) each dashboard is photographed and saved, small, to
``src/rulekit/notebooks/thumbs/<stem>.png``, which is committed and shipped
in the package.
"""

from __future__ import annotations

import io
import os

import pytest
from playwright.sync_api import Page, expect

from rulekit.serve.dashboard import PACKAGE_NOTEBOOKS

from .conftest import ALL_NOTEBOOKS, NOTEBOOKS

pytestmark = pytest.mark.browser

LOAD_MS = 240_000
THUMB_SIZE = (320, 200)
#: largest thumbnail file (they ride in the wheel)
THUMB_BYTES = 80_000
READY = {"explore_rules.ipynb": ".rk-explore-run", "classroom.ipynb": ".rk-lesson"}


def write_thumbnail(png: bytes, stem: str) -> None:
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    width = image.width  # the top of the widget, cut to the card's 16:10
    height = width * THUMB_SIZE[1] // THUMB_SIZE[0]
    if image.height < height:  # a short widget sits on a white card instead of being stretched
        card = Image.new("RGB", (width, height), "white")
        card.paste(image, (0, (height - image.height) // 2))
        image = card
    image = image.crop((0, 0, width, height))
    image = image.resize(THUMB_SIZE, Image.LANCZOS).quantize(colors=128)
    folder = PACKAGE_NOTEBOOKS / "thumbs"
    folder.mkdir(exist_ok=True)
    image.save(folder / f"{stem}.png", optimize=True)


@pytest.mark.parametrize("notebook", ALL_NOTEBOOKS)
def test_thumbnail_of_each_dashboard(page: Page, voila_url, page_errors, notebook):
    thumb = PACKAGE_NOTEBOOKS / "thumbs" / f"{notebook.removesuffix('.ipynb')}.png"
    if os.environ.get("RULEKIT_WRITE_THUMBS") == "1" or (NOTEBOOKS == PACKAGE_NOTEBOOKS and not thumb.exists()):
        page.set_viewport_size({"width": 1100, "height": 900})
        page.goto(f"{voila_url}/voila/render/{notebook}", timeout=LOAD_MS)
        ready = READY.get(notebook, ".rk-table .rk-board svg")
        page.locator(ready).first.wait_for(timeout=LOAD_MS)
        page.wait_for_load_state("networkidle", timeout=LOAD_MS)
        page.wait_for_timeout(1500)
        # the output holding the notebook's main widget, not its opening text
        widget = page.locator(f".jp-OutputArea-output:has({ready.split(' ')[0]})").first
        write_thumbnail(widget.screenshot(), thumb.stem)
    data = thumb.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) <= THUMB_BYTES, (thumb, len(data))
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == THUMB_SIZE


def test_gallery_shows_every_notebook_with_thumbnail_and_sentence_in_en_and_de(page: Page, voila_url, page_errors):
    page.goto(voila_url + "/", timeout=LOAD_MS)
    cards = page.locator("a.rk-card")
    expect(cards).to_have_count(len(ALL_NOTEBOOKS))
    page.locator(".rk-lang-switch button[value=en]").click()
    for i in range(cards.count()):
        card = cards.nth(i)
        img = card.locator("img.rk-thumb")
        expect(img).to_be_visible()
        img.scroll_into_view_if_needed()
        page.wait_for_function("(el) => el.complete && el.naturalWidth > 0", arg=img.element_handle(), timeout=30_000)
        expect(card.locator('[lang="en"] p')).to_be_visible()
        expect(card.locator('[lang="de"] p')).to_be_hidden()
    welcome = page.locator('a.rk-card[data-notebook="00_welcome.ipynb"]')
    expect(welcome.locator("h2 >> visible=true")).to_have_text("Welcome")
    page.locator(".rk-lang-switch button[value=de]").click()
    expect(welcome.locator("h2 >> visible=true")).to_have_text("Willkommen")
    expect(page.locator(".rk-intro [lang=de]").first).to_be_visible()
    # the card opens its dashboard
    page.locator('a.rk-card[data-notebook="rune_stones.ipynb"]').click()
    page.locator(".rk-table .rk-board svg").first.wait_for(timeout=LOAD_MS)
    assert page_errors == [], page_errors
