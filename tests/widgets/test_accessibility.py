"""Issue 27 without a browser: every piece a player may choose has a name, the board a text outline,
and the table's live region says turn, phase, last event and refusals in English and German."""

from __future__ import annotations

from functools import cache

import pytest

import rulekit
import rulekit.widgets
from rulekit.engine import scene_kit as kit
from rulekit.engine.scene_names import name_items, outline
from rulekit.widgets import Table
from rulekit.widgets.panels import describe

from ..sampling import random_states

GAMES = rulekit.games(examples=True)  # the template game coin_race too


@cache
def states(game_id: str) -> tuple:
    players = rulekit.load(game_id).players
    return random_states(game_id, (min(players), max(players)), steps=240, every=7)


def _flat(entries):
    for entry in entries:
        if isinstance(entry, list):
            yield entry[0]
            yield from _flat(entry[1])
        else:
            yield entry


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_choosable_piece_has_a_name_and_the_board_an_outline(game_id, lang):
    game = rulekit.load(game_id)
    pieces = 0
    for s in states(game_id):
        scene = name_items(game.scene(s, s.to_move, lang), lambda a, g=game, la=lang: describe(g, a, la))
        for item, _ in kit.walk(scene["items"]):
            if item.get("action"):
                pieces += 1
                name = item.get("aria", "")
                assert name.strip() and name != item["action"], f"{game_id}: {item['action']!r} has no name: {item}"
        lines = list(_flat(outline(scene)))
        assert len(lines) >= 3 and all(isinstance(x, str) for x in lines), f"{game_id}: outline {lines[:5]}"
    assert pieces > 0, f"{game_id}: no state offered a piece on the board"


def test_a_card_is_named_by_its_face():
    face = kit.Face("Kobold 43", ["blue", "cost 4"], "pay 2 blue gems, gain 6 power points", action="summon 43")
    scene = name_items(kit.scene([kit.card(face, 0, 0, 200)], 200))
    assert scene["items"][0]["items"][0]["aria"] == "Kobold 43, blue, cost 4: pay 2 blue gems, gain 6 power points"
    assert outline(scene) == ["Kobold 43, blue, cost 4: pay 2 blue gems, gain 6 power points"]


def test_a_shape_is_named_by_its_label_title_and_the_texts_inside_it():
    items = [
        {"type": "rect", "x": 0, "y": 0, "w": 100, "h": 40, "action": "bid red", "title": "your bid"},
        kit.text(5, 15, "red"),
        kit.text(5, 35, "3 cards"),
        kit.text(5, 80, "outside"),
    ]
    scene = name_items(kit.scene(items, 100))
    assert scene["items"][0]["aria"] == "red, 3 cards, your bid"
    assert outline(scene) == ["red, 3 cards, your bid", "outside"]


@pytest.mark.parametrize("game_id", GAMES)
def test_live_region_says_turn_phase_last_event_and_refusals_in_both_languages(game_id):
    table = Table(game_id, seed=3, seats=None)
    table.step()
    table.step()
    said = {lang: None for lang in ("en", "de")}
    for lang in said:
        table.set_lang(lang)
        said[lang] = table.board.announce
        assert said[lang].startswith("Phase:"), said[lang]
    assert said["en"] != said["de"]
    table.click_action("nonsense 99")
    refused = table.board.announce
    assert refused.startswith("Nicht erlaubt: nonsense 99.") and "Regel" in refused, refused
    table.set_lang("en")
    while table.state.automatic and not table.state.is_over:
        table.step()
    if not table.state.is_over:
        assert "decides" in table.board.announce and "Player" in table.board.announce
        colour = kit.seat_colour_name(table.state.to_move, "en")
        assert f"({colour})" in table.board.announce, "the seat's colour is said in words"


def test_watch_mode_slows_down_for_reduced_motion():
    from rulekit.widgets.watch import REDUCED_MOTION_PACE

    table = Table("rune_stones", seed=1, seats=["random", "random"])
    table.controls.pace = 5.0
    assert table.watch_pace() == 5.0
    table.controls.reduced_motion = True  # what controls.js sets from prefers-reduced-motion
    assert table.watch_pace() == REDUCED_MOTION_PACE < 5.0


def test_nothing_in_a_lesson_or_quiz_is_timed():
    """WCAG 2.2.1: no lesson step or quiz question runs against a clock (there is no timer to turn on)."""
    import re
    from pathlib import Path

    import rulekit.teaching

    files = list(Path(rulekit.teaching.__file__).parent.glob("*.py"))
    widgets = Path(rulekit.widgets.__file__).parent
    files += [widgets / f"{name}.py" for name in ("quiz", "lesson", "classroom", "progress")]
    timed = re.compile(r"\b(sleep|setTimeout|setInterval|call_later|deadline|countdown)\b")
    found = [f"{f.name}: {m.group(0)}" for f in files for m in timed.finditer(f.read_text(encoding="utf-8"))]
    assert found == [], f"a lesson or quiz runs against a clock: {found}"
