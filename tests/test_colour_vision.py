"""Issue 27: colour is never the only sign, and the colours a game uses stay apart for colour-blind players.

Every set of colours that tells things apart (seat colours; each game's gem,
rune, element or kingdom colours) is checked pairwise after simulating
protanopia, deuteranopia and tritanopia at full severity (Machado, Oliveira and
Fernandes 2009, as implemented by ``colorspacious``). The distance is CIECAM02-UCS
Delta E' (``colorspacious.deltaE``); ``MIN_DELTA_E`` is the documented threshold
(docs/accessibility.md). Each colour also has a name in English and German, so a
board can say it in words. Text on the board reads at a WCAG contrast of at least
4.5:1 against what it is drawn on.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest

import rulekit
from rulekit.engine import scene_kit as kit
from rulekit.engine.rules import read_toml

from .sampling import random_states

colorspacious = pytest.importorskip("colorspacious", reason="colorspacious is in the dev extra (pip install -e .[dev])")

#: least CAM02-UCS Delta E' between two colours of one set, with normal vision and under each simulated
#: deficiency. About 1 is a just-noticeable difference between large patches; 10 keeps small marks
#: (a gem token, a card band) apart at a glance. The Okabe-Ito seat palette's closest pair reaches 11.0
#: (orange and pink under tritanopia); the games' own sets reach 20 and more.
MIN_DELTA_E = 10.0
#: WCAG 2.1 AA (1.4.3) for normal text
MIN_CONTRAST = 4.5
DEFICIENCIES = ("protanomaly", "deuteranomaly", "tritanomaly")  # severity 100: protanopia, deuteranopia, tritanopia


def _named(rows) -> list[tuple[str, str, str]]:
    """[(css, English name, German name)] with every field present."""
    return [(css, en, de) for css, en, de in rows]


def colour_sets() -> dict[str, list[tuple[str, str, str]]]:
    """Every set of colours that tells things apart, read from where the games take them."""
    from rulekit.games.rune_stones import scene as rune_scene

    rune_words = kit.words("rulekit.games.rune_stones")
    runes = ("blue", "yellow", "green", "red", "white")
    vale = read_toml("rulekit.games.vale_of_eternity", "data/tables.toml")
    spell = read_toml("rulekit.games.spellbound", "data/map.toml")
    gems = read_toml("rulekit.games.scepter_of_zavandor", "data/gems.toml")
    mines = read_toml("rulekit.games.mines_of_zavandor", "data/mine_cards.toml")
    return {
        "seats": _named(
            (kit.seat_colour(i), kit.seat_colour_name(i, "en"), kit.seat_colour_name(i, "de"))
            for i in range(len(kit.PALETTE))
        ),
        "rune_stones runes": _named(
            (rune_scene.FILL[c], rune_words(f"c_{c}", "en"), rune_words(f"c_{c}", "de")) for c in runes
        ),
        "vale_of_eternity elements": _named(
            (css, vale["element_names"][e]["en"], vale["element_names"][e]["de"])
            for e, css in vale["element_colours"].items()
        ),
        "spellbound kingdoms": _named((t["colour"], t["name"], t["name_de"]) for t in spell["track"]),
        "scepter_of_zavandor gems": _named((g["colour"], g["name"], g["name_de"]) for g in gems["gem"]),
        "mines_of_zavandor gems": _named((c["css"], c["en"], c["de"]) for c in mines["colour_names"].values()),
    }


def rgb1(css: str) -> np.ndarray:
    css = css.lstrip("#")
    if len(css) == 3:
        css = "".join(c * 2 for c in css)
    return np.array([int(css[i : i + 2], 16) / 255 for i in (0, 2, 4)])


@cache
def seen(css: str, deficiency: str | None) -> np.ndarray:
    """``css`` as sRGB (0-1) seen with normal vision (None) or with ``deficiency`` at full severity."""
    colour = rgb1(css)
    if deficiency is None:
        return colour
    space = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
    return np.clip(colorspacious.cspace_convert(colour, space, "sRGB1"), 0, 1)


def closest_pair(colours: list[str], deficiency: str | None) -> tuple[float, str, str]:
    return min(
        (float(colorspacious.deltaE(seen(a, deficiency), seen(b, deficiency), input_space="sRGB1")), a, b)
        for a, b in itertools.combinations(colours, 2)
    )


SETS = colour_sets()


def test_the_distance_measure_can_fail():
    """Red and green, told apart with normal vision, fall together under deuteranopia: the check sees it."""
    normal, _, _ = closest_pair(["#c62828", "#2e7d32"], None)
    deutan, _, _ = closest_pair(["#c62828", "#2e7d32"], "deuteranomaly")
    assert normal > MIN_DELTA_E > deutan


@pytest.mark.parametrize("name", SETS)
@pytest.mark.parametrize("deficiency", (None, *DEFICIENCIES))
def test_every_pair_of_colours_stays_apart(name, deficiency):
    colours = [css for css, _, _ in SETS[name]]
    assert len(set(colours)) == len(colours), f"{name}: a colour is used twice: {colours}"
    distance, a, b = closest_pair(colours, deficiency)
    who = deficiency or "normal vision"
    assert distance >= MIN_DELTA_E, (
        f"{name}: {a} and {b} are only Delta E' {distance:.1f} apart with {who} (need {MIN_DELTA_E})"
    )


@pytest.mark.parametrize("name", SETS)
def test_every_colour_has_a_name_in_both_languages(name):
    for css, en, de in SETS[name]:
        assert en.strip() and de.strip(), f"{name}: {css} needs an English and a German name"
    for lang in (1, 2):
        names = [row[lang].lower() for row in SETS[name]]
        assert len(set(names)) == len(names), f"{name}: two colours share a name: {names}"


# -- text contrast on the boards --------------------------------------------------------


def luminance(css: str) -> float:
    """WCAG relative luminance of a #rgb / #rrggbb colour."""
    c = rgb1(css)
    lin = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2])


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula():
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)
    assert kit.contrast("#777777", "#ffffff") == pytest.approx(contrast("#777777", "#ffffff"))


@pytest.mark.parametrize("name", SETS)
def test_ink_reads_on_every_colour(name):
    """Labels written on a gem, rune or seat colour (``scene_kit.ink``) reach 4.5:1."""
    for css, en, _ in SETS[name]:
        assert contrast(kit.ink(css), css) >= MIN_CONTRAST, f"{name}: text on {en} ({css})"


def _box(item: dict) -> tuple[float, float, float, float] | None:
    if item["type"] == "rect":
        return item["x"], item["y"], item["x"] + item["w"], item["y"] + item["h"]
    if item["type"] == "circle":
        return item["x"] - item["r"], item["y"] - item["r"], item["x"] + item["r"], item["y"] + item["r"]
    return None


def _opaque(fill: str | None) -> bool:
    return bool(fill) and fill.startswith("#") and len(fill) in (4, 7)


def low_contrast_texts(scene: dict) -> list[str]:
    """Texts (and labels) drawn under 4.5:1 on the shape below them (white where none is)."""
    shapes: list[tuple[tuple, str]] = []
    out = []
    for item, _ in kit.walk(scene["items"]):
        if item.get("opacity", 1) < 1:
            continue  # an absent piece drawn faintly is not text a player must read
        box = _box(item)
        if box and _opaque(item.get("fill")):
            shapes.append((box, item["fill"]))
        words, ink = None, None
        if item["type"] == "text":
            words, ink, at = item["text"], item.get("fill", "#000"), (item["x"], item["y"] - item.get("size", 12) / 3)
        elif box and item.get("label"):
            words, ink, at = item["label"], item.get("ink") or kit.ink(item.get("fill")), (box[0] + 1, box[1] + 1)
        if not words or not str(words).strip() or not _opaque(ink):
            continue
        under = next((fill for b, fill in reversed(shapes) if b[0] <= at[0] <= b[2] and b[1] <= at[1] <= b[3]), "#fff")
        if contrast(ink, under) < MIN_CONTRAST:
            out.append(f"{str(words)[:40]!r}: {ink} on {under} = {contrast(ink, under):.2f}")
    return out


@cache
def sample_states(game_id: str) -> tuple:
    return random_states(game_id, rulekit.load(game_id).players, steps=300, every=23)


@pytest.mark.parametrize("game_id", rulekit.games(examples=True))
def test_board_text_contrast_at_least_4_5(game_id):
    game = rulekit.load(game_id)
    bad = set()
    for s in sample_states(game_id):
        bad.update(low_contrast_texts(game.scene(s, None, "en")))
    assert not bad, f"{game_id}: text under {MIN_CONTRAST}:1: " + "; ".join(sorted(bad)[:12])
