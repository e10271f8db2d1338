"""Issue 14: every card has a German name, and every German text uses it (VE-001).

English texts keep the printed English names (the golden transcripts are
English); a German table says "Wasserriese", not "Water Giant": in action
sentences, events, refusals, card faces, lessons and scenario descriptions.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from rulekit.engine import Action, Dice
from rulekit.games.vale_of_eternity import tables, words
from rulekit.games.vale_of_eternity.setup import SCENARIOS
from rulekit.games.vale_of_eternity.tables import CARDS
from rulekit.teaching import lessons

from .helpers import GAME, ID, make

PACKAGE = "rulekit.games.vale_of_eternity"
#: cards whose German name differs from the English one
RENAMED = {c.name: c.name_de for c in CARDS.values() if c.name != c.name_de}
ENGLISH_ONLY = re.compile(r"\b(" + "|".join(sorted(map(re.escape, RENAMED), key=len, reverse=True)) + r")\b")
GERMAN_ONLY = re.compile(r"\b(" + "|".join(sorted(map(re.escape, RENAMED.values()), key=len, reverse=True)) + r")\b")


def test_every_card_has_a_german_name_of_its_own():
    assert len(CARDS) == 70
    assert all(c.name_de.strip() for c in CARDS.values())
    assert len({c.name_de for c in CARDS.values()}) == 70, "two cards share a German name"
    names = {c.name: c.name_de for c in CARDS.values()}
    assert names["Water Giant"] == "Wasserriese"
    assert names["Dragon Egg"] == "Drachenei"
    assert names["Stone Golem"] == "Steingolem"
    for proper in ("Ifrit", "Agni", "Tengu", "Hae-tae", "Odin"):  # names, not English words
        assert names[proper] == proper
    assert CARDS[ID["Water Giant"]].name_in("de") == "Wasserriese"
    assert CARDS[ID["Water Giant"]].name_in("en") == "Water Giant"


def test_a_card_row_without_a_german_name_is_refused(monkeypatch):
    rows = [dict(r) for r in tables._read("cards.toml")["card"]]
    del rows[27]["name_de"]
    monkeypatch.setattr(tables, "_read", lambda name: {"card": rows})
    with pytest.raises(ValueError, match=r"28.*name_de.*VE-001"):
        tables._load_cards()


def test_card_args_name_a_card_in_both_languages():
    assert words.card_args(ID["Dragon Egg"]) == {"card": "Dragon Egg", "card_de": "Drachenei"}
    assert words.card_args(99) == {"card": "99", "card_de": "99"}


def test_action_sentences_use_each_languages_name():
    water, golem = ID["Water Giant"], ID["Stone Golem"]
    assert GAME.describe(Action.coerce(f"pick {water}"), "en") == "Put a marker on Water Giant"
    assert GAME.describe(Action.coerce(f"pick {water}"), "de") == "Einen Marker auf Wasserriese legen"
    assert GAME.describe(Action.coerce(f"tame {golem}"), "de") == "Steingolem auf die Hand zähmen"
    assert GAME.describe(Action.coerce(f"sell {golem}"), "en") == "Sell Stone Golem for stones"


def _picking():
    """Round 1 selection: four cards shown, P1 to pick first (VE-043)."""
    display = (ID["Water Giant"], ID["Stone Golem"], ID["Dragon Egg"], ID["Ifrit"])
    return make(display=display, phase="pick_clockwise", stage="pick", round=1, to_move=0)


def test_events_name_the_card_in_each_language():
    """VE-043 pick, VE-053 sell: the English text keeps the English name, the German text the German one."""
    s = _picking().apply(f"pick {ID['Water Giant']}")
    picked = next(e for e in s.events if e.key == "picked")
    assert picked.text == "P1 puts a marker on Water Giant."
    assert picked.text_de == "P1 legt einen Marker auf Wasserriese."
    golem = ID["Stone Golem"]
    s = make(display=(golem,), markers=[0], round=1).apply(f"sell {golem}")
    sold = next(e for e in s.events if e.key == "sold")
    assert "Stone Golem (Earth)" in sold.text and "Steingolem (Erde)" in sold.text_de


def test_revealed_cards_are_listed_per_language():
    """VE-042: the zone event lists the revealed cards by their names in each language."""
    state = GAME.new(players=2, seed=1, settle=False)
    while not any(e.rule == "VE-042" for e in state.events):
        state = state.advance()
    for event in (e for e in state.events if e.rule == "VE-042"):
        assert not ENGLISH_ONLY.search(event.text_de), event.text_de
        assert not GERMAN_ONLY.search(event.text), event.text
    zones = {e.text_de for e in state.events if e.rule == "VE-042"}
    shown = {CARDS[c].name_de for c in state.data.display}
    assert all(any(name in z for z in zones) for name in shown)


def test_refusals_name_the_card_in_each_language():
    """VE-043 (a card not on display) and VE-045 (a marked card): the reason in both languages."""
    state = _picking()
    water, golem = ID["Water Giant"], ID["Stone Golem"]
    marked = state.apply(f"pick {water}")
    no = GAME.why_not(marked, Action.coerce(f"pick {water}"))
    assert no is not None and "Water Giant" in no.reason and "Wasserriese" in no.reason_de
    assert "Water Giant" not in no.reason_de
    no = GAME.why_not(state, Action.coerce(f"pick {ID['Boulder']}"))
    assert "Boulder" in no.reason and "Findling" in no.reason_de and "Boulder" not in no.reason_de
    # VE-057: a card with another seat's marker cannot be sold
    s = make(display=(golem,), markers=[1], round=1)
    no = GAME.why_not(s, Action.coerce(f"sell {golem}"))
    assert no is not None and "Steingolem" in no.reason_de and "Stone Golem" in no.reason


def _names_on(items):
    for item in items:
        for key in ("text", "label", "title"):
            if isinstance(item.get(key), str):
                yield item[key]
        yield from _names_on(item.get("items", []))


def test_card_faces_show_the_name_of_the_scene_language():
    state = _picking()
    de = " | ".join(_names_on(GAME.scene(state, None, "de")["items"]))
    en = " | ".join(_names_on(GAME.scene(state, None, "en")["items"]))
    for name in ("Water Giant", "Stone Golem", "Dragon Egg"):
        assert name in en and name not in de
        assert RENAMED[name] in de and RENAMED[name] not in en
    assert "Ifrit" in de and "Ifrit" in en


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_keep_the_languages_apart(players):
    """Every event and refusal of seeded games: no English-only card name in German and the reverse."""
    seen_de = set()
    for seed in range(3):
        state, dice = GAME.new(players=players, seed=seed, settle=False), Dice(seed)
        while not state.is_over:
            if state.automatic:
                state = state.advance()
            else:
                legal = state.legal_actions()
                for action in legal[:4]:
                    for text, lang in ((GAME.describe(action, "en"), "en"), (GAME.describe(action, "de"), "de")):
                        assert not (ENGLISH_ONLY if lang == "de" else GERMAN_ONLY).search(text), text
                state = state.apply(legal[dice.below(len(legal))], settle=False)
            for event in state.events:
                assert not ENGLISH_ONLY.search(event.text_de), event.text_de
                assert not GERMAN_ONLY.search(event.text), event.text
                seen_de.update(GERMAN_ONLY.findall(event.text_de))
    assert len(seen_de) >= 10, "German events should name renamed cards by their German names"


def _german_texts():
    """Every German text the game ships: messages, rules, card effects, options, lessons, scenarios."""
    root = resources.files(PACKAGE)
    for name in ("texts/messages.toml", "texts/rules.toml", "texts/scene.toml"):
        table = tomllib.loads(root.joinpath(name).read_text(encoding="utf-8"))
        for key, entry in table.items():
            if isinstance(entry, dict) and "de" in entry:
                yield f"{name} [{key}]", entry["de"]
    for card in CARDS.values():
        yield f"card {card.id}", card.de
    for lesson in lessons(GAME).values():
        yield f"lesson {lesson.id}", lesson.title_de
        for n, step in enumerate(lesson.steps):
            yield f"lesson {lesson.id} step {n + 1}", f"{step.task_de} {step.hint_de}"
    for name, (_, de, _) in SCENARIOS.items():
        yield f"scenario {name}", de


def test_no_german_text_uses_an_english_only_card_name():
    bad = [f"{where}: {text}" for where, text in _german_texts() if ENGLISH_ONLY.search(text)]
    assert bad == []
    assert GAME.title_de != GAME.title
