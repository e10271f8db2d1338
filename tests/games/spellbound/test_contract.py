"""The engine contract for Spellbound: check_game, views, bots' hooks, scene, ledger coverage."""

import json
import re
import tomllib
from pathlib import Path

import pytest

from rulekit.engine import Dice
from rulekit.testing import check_game

from .helpers import CAT, GAME, arrange, cid, move_cards, playing, start

LEDGER = Path(__file__).parents[2] / "ledgers" / "spellbound.toml"
HERE = Path(__file__).parent


def test_random_play_reaches_several_endings():
    """SB-610, SB-620: random play ends by different defeat conditions (a sanity check of the flow)."""
    report = check_game(GAME, sims=60, seed=7, players=1, round_trips=0)
    assert sum(report.endings.values()) == 60 and len(report.endings) >= 1


def test_view_hides_deck_order_wicked_pile_and_face_down_villages():
    """SB-010, SB-901: the deck order, the wicked pile under its top card and face-down villages are hidden."""
    s = start(players=2)
    v0, full = s.view(0), s.view(None)
    assert v0["deck"] is None and v0["deck_size"] == len(s.data.deck) and full["deck"] is not None
    assert v0["wicked"] is None and len(v0["wicked_top"]) == 1
    hidden = [sid for sid, vil in v0["villages"].items() if not vil["revealed"]]
    assert hidden and all(v0["villages"][h]["card"] is None for h in hidden)
    assert all(full["villages"][h]["card"] for h in hidden)
    assert v0["display"] == full["display"] and v0["bag"] == full["bag"]
    json.dumps(v0)


def test_determinize_keeps_what_is_seen():
    """SB-901: determinize reshuffles only hidden parts; the Troll card stays at the bottom."""
    s = start(players=2, seed=4)
    for k in range(5):
        t = GAME.determinize(s, 0, Dice(k))
        assert t.view(0) == s.view(0) or sorted(t.data.deck) == sorted(s.data.deck)
        assert t.data.display == s.data.display and t.data.wicked[-1] == CAT.troll_card
        assert t.data.wicked[0] == s.data.wicked[0] and GAME.invariants(t) == []
        for v, shown in enumerate(s.data.revealed):
            if shown:
                assert t.data.village_cards[v] == s.data.village_cards[v]
    assert any(GAME.determinize(s, 0, Dice(k)).data.deck != s.data.deck for k in range(5))


def test_evaluate_prefers_books_and_fears_the_witch():
    """SB-500, SB-630: more books held is better; a higher witch is worse."""
    s = start()
    base = GAME.evaluate(s, 0)
    assert GAME.evaluate(arrange(s, book_status=("held",) + ("track",) * 4, books=(10, 4, 4, 4, 4)), 0) > base
    assert GAME.evaluate(arrange(s, witch=3), 0) < base


def test_invariants_catch_lost_cards_and_stones():
    """SB-020, SB-050: a lost card or stone is reported."""
    s = start()
    assert GAME.invariants(s) == []
    assert GAME.invariants(arrange(s, deck=s.data.deck[1:]))
    assert GAME.invariants(arrange(s, bag=(5, 5)))
    assert GAME.invariants(arrange(s, mages=("rose:3", "wild")))


def test_refusals_cite_rules_and_keep_the_state():
    """SB-110, SB-120, SB-905: refused actions name a ledger rule, in both languages; an action the
    game does not have at all ("fly") is the engine's (issue 25: no rule of the game speaks of it)."""
    from rulekit.engine import IllegalAction

    s = playing(display=[cid("path"), cid("coin"), cid("lore")], mages=("rose", "wild"), movement=1)
    for label, rule in (("end", "SB-120"), ("tower 3", "SB-110"), ("step v05", "SB-905"), ("fly", "engine")):
        before = s.to_json()
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == rule and err.value.reason and err.value.text("de") != err.value.text("en")
        assert s.to_json() == before


def test_scene_draws_the_map_with_pieces_and_step_actions():
    """SB-030, SB-040, SB-140: the scene has every space with its step action, the pieces and tracks."""
    s = playing(movement=1)
    scene = GAME.scene(s, 0, "en")
    json.dumps(scene)
    ids = {it.get("id") for it in _flat(scene["items"])}
    for sid in CAT.spaces:
        assert f"space:{sid}" in ids
    assert {"mage:0", "mage:1", "witch", "book:rose", "pursuer:wild"} <= ids
    steps = {it["action"] for it in scene["items"] if it.get("action", "").startswith("step ")}
    legal = {str(a) for a in s.legal_actions() if a.kind == "step"}
    assert legal and legal <= steps
    de = GAME.scene(s, 0, "de")
    assert any(it.get("text") == "Auslage" for it in de["items"])
    for it in _flat(scene["items"]):
        assert it["type"] in ("rect", "circle", "text", "line", "group")


def test_scene_card_actions_follow_the_phase():
    """SB-100, SB-120: display cards stand for 'tower' before the tower card and 'play' after it."""
    s = start()
    acts = {it.get("action") for it in _flat(GAME.scene(s)["items"]) if re.fullmatch(r"card:\d+", it.get("id", ""))}
    assert acts == {f"tower {c}" for c in s.data.display}
    s = s.apply(f"tower {s.data.display[0]}")
    acts = {it.get("action") for it in _flat(GAME.scene(s)["items"]) if re.fullmatch(r"card:\d+", it.get("id", ""))}
    assert all(a.startswith(("play ", "wand banish ")) for a in acts - {None})  # unplayable cards carry none


def _flat(items):
    """Every item, groups opened (a card is a group: its frame, name band and text lines)."""
    for item in items:
        yield item
        yield from _flat(item.get("items", []))


def test_no_ui_imports_in_the_game_package():
    """SB-902: the game imports only the engine (no widget code)."""
    pkg = Path(GAME.data_file.__func__.__code__.co_filename).parent
    src = Path(__import__("rulekit.games.spellbound.rules", fromlist=["x"]).__file__).parent
    for f in src.glob("*.py"):
        text = f.read_text()
        assert not re.search(r"import (ipywidgets|anywidget|traitlets)", text), f
    assert pkg.exists()


def test_every_ledger_rule_has_a_text_in_both_languages():
    """SB-903: texts/rules.toml covers every ledger id in English and German."""
    if not LEDGER.exists():
        pytest.skip("ledger not available")
    ids = [r["id"] for r in tomllib.loads(LEDGER.read_text())["rule"]]
    assert set(ids) == set(GAME.rules)
    for rid in ids:
        assert GAME.rules[rid].text and GAME.rules[rid].text_de and GAME.rules[rid].text != GAME.rules[rid].text_de


def test_every_non_gap_ledger_rule_is_cited_by_a_test():
    """SB-560: coverage: each non-gap ledger id appears in this test folder."""
    if not LEDGER.exists():
        pytest.skip("ledger not available")
    rules = tomllib.loads(LEDGER.read_text())["rule"]
    text = "".join(p.read_text() for p in HERE.glob("test_*.py"))
    missing = [r["id"] for r in rules if r["kind"] != "gap" and r["id"] not in text.replace(f'"{r["id"]}"', "")]
    assert not missing, f"ledger rules without a test: {missing}"


def test_phases_cover_the_ledger_phases():
    """SB-300: every ledger phase is a phase of the game's flow graph."""
    if not LEDGER.exists():
        pytest.skip("ledger not available")
    ledger_phases = {p["id"] for p in tomllib.loads(LEDGER.read_text())["phase"]}
    graph = GAME.phase_graph()
    assert ledger_phases <= set(graph.nodes)
    import networkx as nx

    assert all(nx.has_path(graph, "setup", p) for p in ledger_phases)


def test_conservation_over_a_long_game():
    """SB-020: cards and stones are conserved through end-of-deck shuffles."""
    s = start(players=1, seed=11)
    d = move_cards(s.data, s.data.deck[:-3], "discard")
    s = s.evolve(data=d)
    dice = Dice(3)
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(legal[dice.below(len(legal))])
        assert GAME.invariants(s) == []


def test_describe_every_legal_action_in_both_languages():
    """SB-100 to SB-540: every legal action of random games reads as a sentence (no raw label left)."""
    ids = {c.key for c in CAT.cards if "_" in c.key} | set(CAT.spaces) | {t.id for t in CAT.tracks}
    raw = re.compile(r"\b(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")\b|_")
    for seed in range(15):
        s = GAME.new(players=1 + seed % 4, seed=seed)
        dice = Dice(seed)
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                en, de = GAME.describe(a, "en"), GAME.describe(a, "de")
                assert en != str(a) and de != str(a) and "{" not in en + de, a
                assert en != de, a  # every sentence has words, so the languages differ
                for text in (en, de):
                    assert not raw.search(text), (a, text)  # no card keys, space or track ids
            s = s.apply(legal[dice.below(len(legal))])


def test_teacher_scene_shows_face_down_villages_in_tooltips():
    """SB-907: seats see '?' on face-down villages; the teacher view (seat None) sees the card."""
    s = start()
    hidden = next(v for v, shown in enumerate(s.data.revealed) if not shown)
    sid = CAT.villages[hidden]
    seat_tip = next(i["title"] for i in GAME.scene(s, 0)["items"] if i.get("id") == f"space:{sid}")
    teacher_tip = next(i["title"] for i in GAME.scene(s, None)["items"] if i.get("id") == f"space:{sid}")
    assert seat_tip.endswith("?") and not teacher_tip.endswith("?")


def test_view_keys_do_not_collide_with_the_engine():
    """SB-010: the game's own view keys never shadow the engine's (game, players, seat, phase, ...)."""
    engine_keys = {"game", "players", "seat", "phase", "to_move", "step", "is_over", "scores"}
    assert not engine_keys & set(GAME.view(start(), None))


def test_every_card_text_exists_in_both_languages():
    """SB-903: each card's effect reads as words in English and German, never as an effect id."""
    for card in CAT.cards:
        en, de = GAME.card_text(card.id, "en"), GAME.card_text(card.id, "de")
        assert en and de and en != de and "_" not in en + de and "{" not in en + de, card.key


def test_scene_card_faces_read_like_card_text():
    """SB-903, SB-906: a card on the board shows the words of ``card_text`` (as tooltips and ``describe``),
    built by ``card_face`` like the other games' faces; magic reads as option ``magic_effect`` makes it work."""
    from rulekit.games.spellbound.scene import card_face

    ward = cid("ward")
    for lang in ("en", "de"):
        s = playing(display=[ward, cid("lore")])
        texts = [it["text"] for it in _flat(GAME.scene(s, 0, lang)["items"]) if "text" in it]
        for c in (ward, cid("lore")):
            face = card_face(GAME, c, lang, s.options)
            assert face.name == CAT.cards[c].label(lang)
            assert face.effect.lower() == GAME.card_text(c, lang).lower()
            assert face.effect.split()[0] in " ".join(texts)
    book = GAME.new(players=2, seed=1, magic_effect="advance_book")
    assert card_face(GAME, ward, "en", book.options).effect != card_face(GAME, ward, "en", start().options).effect
    assert "book" in GAME.card_text(ward, "en", book.options) and "book" not in GAME.card_text(ward, "en")
