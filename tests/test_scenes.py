"""Every game's board scene (docs/scene.md), over seeded random games.

- readable: no text under 12 px when the board is drawn BOARD_PX wide (issue 14);
- only the seat to move's items are interactive, and only for that seat (issue 14);
- every card face names its card (not a bare number) in both languages, and a
  German board carries no English board words.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

import rulekit
from rulekit.engine import scene_kit as kit
from rulekit.engine.rules import read_toml

from .sampling import random_states

GAMES = rulekit.games(examples=True)  # the template game coin_race too


@cache
def states(game_id: str) -> tuple:
    """States along one seeded random game per player count (every 11th step, the last one too)."""
    return random_states(game_id, rulekit.load(game_id).players, steps=700, every=11, last=True)


def font_sizes(scene: dict):
    """(size, text) of everything the board widget writes as text (its default sizes included)."""
    for item, _ in kit.walk(scene["items"]):
        kind = item["type"]
        if kind == "text" and str(item["text"]).strip():
            yield item.get("size", 12), item["text"]
        elif kind in ("rect", "circle") and str(item.get("label", "")).strip():
            yield item.get("size", 12), item["label"]
        elif kind == "group" and str(item.get("label", "")).strip():
            yield item.get("size", 14), item["label"]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_under_12px_at_the_assumed_board_width(game_id):
    game = rulekit.load(game_id)
    smallest = (1e9, "")
    for s in states(game_id):
        for seat in (None, s.to_move):
            scene = game.scene(s, seat, "de")
            scale = kit.BOARD_PX / scene["width"]
            for size, words in font_sizes(scene):
                smallest = min(smallest, (size * scale, words))
    assert smallest[0] >= kit.MIN_PX - 1e-9, f"{game_id}: {smallest[1]!r} drawn at {smallest[0]:.1f} px"


@pytest.mark.parametrize("game_id", GAMES)
def test_only_the_seat_to_move_is_interactive(game_id):
    game = rulekit.load(game_id)
    clickable_seen = 0
    for s in states(game_id):
        legal = {str(a) for a in s.legal_actions()}
        for viewer in (None, *range(s.players)):
            for item, owner in kit.walk(game.scene(s, viewer, "en")["items"]):
                for action in [item.get("action"), *item.get("touches", [])]:
                    if not action:
                        continue
                    clickable_seen += 1
                    where = f"{game_id} {s.phase} viewer {viewer}: {item.get('id')} ({action})"
                    assert viewer in (None, s.to_move), f"{where}: only the seat to move may click"
                    assert owner in (None, s.to_move), f"{where}: belongs to seat {owner}, seat {s.to_move} moves"
                    assert action in legal, f"{where}: not a legal action now"
    assert clickable_seen, f"{game_id}: no clickable item in any sampled state"


def faces(scene: dict) -> dict[str, list[dict]]:
    """Card faces by id: the texts inside each card's group."""
    out = {}
    for item, _ in kit.walk(scene["items"]):
        if item["type"] == "group" and str(item.get("id", "")).endswith("-face"):
            out[item["id"]] = [i for i in item["items"] if i["type"] == "text"]
    return out


@cache
def english_only_words(game_id: str) -> frozenset[str]:
    """Board words that exist only in English (the engine's and the game's scene.toml): none may be on a German board."""
    tables = [
        read_toml("rulekit.engine", "texts/scene.toml"),
        read_toml(f"rulekit.games.{game_id}", "texts/scene.toml"),
    ]
    found = set()
    for table in tables:
        german = " ".join(row["de"] for row in table.values()).lower()
        for row in table.values():
            for word in re.findall(r"[A-Za-z]{4,}", row["en"]):
                if word.lower() not in german:  # a part of a German word counts too ("Start" in "Startspieler")
                    found.add(word.lower())
    return frozenset(found)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_is_named_in_both_languages(game_id):
    game = rulekit.load(game_id)
    english = english_only_words(game_id)
    cards = 0
    for s in states(game_id)[::2]:
        en, de = game.scene(s, None, "en"), game.scene(s, None, "de")
        en_faces, de_faces = faces(en), faces(de)
        assert en_faces.keys() == de_faces.keys()
        for cid, texts in de_faces.items():
            cards += 1
            name = [t["text"] for t in texts if t.get("bold")]
            assert name, f"{game_id} {cid}: a card face needs its name"
            assert not re.fullmatch(r"[\d\s:/().-]*", " ".join(name)), f"{game_id} {cid}: a number is not a name"
            assert [t["text"] for t in en_faces[cid] if t.get("bold")], f"{game_id} {cid}: no English name"
        names = {id(t) for texts in de_faces.values() for t in texts if t.get("bold")}  # proper names may stay
        for item, _ in kit.walk(de["items"]):
            if id(item) in names:
                continue
            words = str(item.get("text", item.get("label", ""))).lower()
            leaked = [w for w in re.findall(r"[a-zäöüß]{4,}", words) if w in english]
            assert not leaked, f"{game_id} {s.phase}: English {leaked} on the German board ({words!r})"
    assert cards, f"{game_id}: no card face in any sampled state"


def test_wrap_breaks_only_between_words():
    lines = kit.wrap("Take one of your fire creatures back into your hand.", 16)
    assert " ".join(lines) == "Take one of your fire creatures back into your hand."
    assert all(len(line) <= 16 for line in lines)
    assert kit.wrap("Unbreakablewordhere ok", 8) == ["Unbreakablewordhere", "ok"]
    assert kit.wrap("a b c d e f", 3, max_lines=2) == ["a b", "c d …"]


def test_seat_colours_are_named_in_both_languages():
    for seat in range(6):
        assert kit.seat_colour_name(seat, "en") and kit.seat_colour_name(seat, "de")
    assert kit.seat_colour_name(0, "de") == "blau"
    assert len(set(kit.PALETTE)) == len(kit.PALETTE)


@pytest.mark.parametrize("game_id", GAMES)
def test_card_texts_fit_their_card_and_are_not_cut(game_id):
    """Every line on a card face fits its width (estimated glyph widths), and no effect is cut short."""
    game = rulekit.load(game_id)
    for s in states(game_id)[::3]:
        for lang in ("en", "de"):
            for item, _ in kit.walk(game.scene(s, None, lang)["items"]):
                if item["type"] != "group" or not str(item.get("id", "")).endswith("-face"):
                    continue
                frame = item["items"][0]
                for line in (i for i in item["items"] if i["type"] == "text"):
                    wide = len(line["text"]) * line["size"] * kit.GLYPH * (kit.BOLD if line.get("bold") else 1)
                    assert wide <= frame["w"] - 6, f"{game_id} {item['id']}: {line['text']!r} is wider than its card"
                    assert "…" not in line["text"], f"{game_id} {item['id']}: effect cut short"


@pytest.mark.parametrize("game_id", GAMES)
def test_texts_stay_inside_the_board(game_id):
    """No text runs past the board's edges, no label past its box (estimated with wide glyphs, bold wider still)."""
    game = rulekit.load(game_id)
    for s in states(game_id)[::3]:
        for lang in ("en", "de"):
            scene = game.scene(s, None, lang)
            for item, _ in kit.walk(scene["items"]):
                if item["type"] == "rect" and str(item.get("label", "")):
                    wide = len(str(item["label"])) * item.get("size", 12) * kit.GLYPH
                    assert wide <= item["w"], f"{game_id} {lang}: label {item['label']!r} is wider than its box"
                if item["type"] != "text":
                    continue
                wide = len(item["text"]) * item["size"] * kit.GLYPH * (kit.BOLD if item.get("bold") else 1)
                left = item["x"] - {"start": 0, "middle": wide / 2, "end": wide}[item.get("anchor", "start")]
                assert left >= 0 and left + wide <= scene["width"], (
                    f"{game_id} {lang}: {item['text']!r} leaves the board"
                )


def test_kit_examples_run():
    """The examples in the scene kit's docstrings are true."""
    import doctest

    assert doctest.testmod(kit).failed == 0
