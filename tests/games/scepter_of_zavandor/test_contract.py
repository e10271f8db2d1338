"""The engine contract for Zavandor: check_game, views, determinize, scene, texts, ledger coverage."""

import json
import re
import tomllib
from pathlib import Path

import networkx as nx
import pytest

from rulekit.engine import Dice, IllegalAction

from .helpers import CFG, GAME, hub, labels, new, play, setp

LEDGER = Path(__file__).parents[2] / "ledgers" / "scepter_of_zavandor.toml"
HERE = Path(__file__).parent
PACKAGE = Path(__file__).parents[3] / "src" / "rulekit" / "games" / "scepter_of_zavandor"


def test_ledger_coverage():
    """Every non-gap ledger rule is cited by at least one test (name or docstring)."""
    if not LEDGER.exists():
        pytest.skip("ledger not available")
    ledger = tomllib.loads(LEDGER.read_text())
    text = "\n".join(p.read_text() for p in HERE.glob("test_*.py"))
    cited = {m.replace("_", "-").upper() for m in re.findall(r"zs[-_]?\d{3}", text, re.I)}
    cited = {c if "-" in c else c[:2] + "-" + c[2:] for c in cited}
    missing = [r["id"] for r in ledger["rule"] if r["kind"] != "gap" and r["id"] not in cited]
    assert not missing, f"ledger rules without a test: {missing}"


def test_rule_texts_cover_ledger_in_two_languages():
    """texts/rules.toml holds every ledger id (gaps describe rulekit's choice) in English and German."""
    if not LEDGER.exists():
        pytest.skip("ledger not available")
    ids = [r["id"] for r in tomllib.loads(LEDGER.read_text())["rule"]]
    assert list(GAME.rules) == ids
    for rule in GAME.rules.values():
        assert rule.text and rule.text_de and rule.text != rule.text_de


def test_phases_cover_ledger_and_are_reachable():
    """data/phases.toml keeps every ledger phase; each is reachable from setup in the phase graph."""
    graph = GAME.phase_graph()
    if LEDGER.exists():
        ledger_phases = {p["id"] for p in tomllib.loads(LEDGER.read_text())["phase"]}
        assert ledger_phases <= set(graph)
    assert set(nx.descendants(graph, "setup")) | {"setup"} == set(graph)


def test_message_keys_exist():
    """Every event key used in the code has an English and German template."""
    messages = tomllib.loads((PACKAGE / "texts" / "messages.toml").read_text())
    code = "\n".join(p.read_text() for p in PACKAGE.glob("*.py"))
    keys = set(re.findall(r'say\(\s*"ZS-\d{3}"\s*,\s*"(\w+)"', code))
    keys |= set(re.findall(r'"ZS-\d{3}", "(\w+)", \{', code))
    assert keys and not keys - set(messages)
    assert all("en" in m and "de" in m for m in messages.values())


def test_data_marks_rulekit_choices():
    """Gaps answered by rulekit are marked rulekit_choice = true in the data files; the choices with
    another reading are rule options (issue 17), each citing its ledger id."""
    marked = [p.name for p in (PACKAGE / "data").glob("*.toml") if "rulekit_choice = true" in p.read_text()]
    assert {"options.toml", "artifacts.toml", "auction.toml"} <= set(marked)
    options = tomllib.loads((PACKAGE / "data" / "options.toml").read_text())["option"]
    choices = {o["name"]: o["rule"] for o in options if o.get("rulekit_choice")}
    assert {"empty_energy_deck", "change", "opener_must_bid", "bids_count_gem_sales", "new_gem"} <= set(choices)
    assert all(rule in GAME.rules for rule in choices.values())


def test_view_hides_other_hands_and_deck_order():
    """Hidden information: other players' card values and every deck order are hidden in view(seat)."""
    s = setp(hub(), 1, cards=((1, 3), (1, 7), (2, 9)))
    v = s.view(0)
    assert v["seats"][1]["cards"] == {"sapphire": 2, "emerald": 1, "diamond": 0, "ruby": 0}
    assert "energy" not in v["seats"][1] and isinstance(v["decks"][0], int)
    assert s.view(1)["seats"][1]["cards"] == [[1, 3], [1, 7], [2, 9]]
    assert isinstance(s.view(None)["decks"][0], list)
    json.dumps(s.view(None))


def test_determinize_keeps_what_the_seat_sees():
    """determinize resamples hidden cards: the seat's view (counts, own cards) is unchanged, conservation holds."""
    s = setp(hub(), 1, cards=((1, 3), (1, 7), (2, 9)))
    d = GAME.determinize(s, 0, Dice(5))
    assert d.view(0) == s.view(0) and GAME.invariants(d) == []
    assert d.data.decks != s.data.decks


def test_evaluate_prefers_more_points():
    """evaluate: a seat with more VP scores higher."""
    s = setp(new(2), 0, active=(5, 0, 0, 0, 0))
    assert GAME.evaluate(s, 0) > GAME.evaluate(s, 1)


def test_invariants_detect_a_forged_card():
    """invariants: a card that appears from nowhere is reported."""
    from dataclasses import replace

    s = new(2)
    p = replace(s.data.p[0], cards=s.data.p[0].cards + ((1, 5),))
    forged = s.evolve(data=replace(s.data, p=(p,) + s.data.p[1:]))
    assert any("sapphire" in x for x in GAME.invariants(forged))


def test_scene_items_and_actions():
    """scene: offer, sentinels, gems, knowledge, hand (hidden from others), auction; actions are labels."""
    s = play(setp(hub(), 0, cards=((1, 5),), dust=(0, 0, 12)), f"auction {CFG.sentinel_ids[0]}")
    sc = GAME.scene(s, 1, "en")
    json.dumps(sc)
    flat = []

    def walk(items):
        for it in items:
            flat.append(it)
            walk(it.get("items", []))

    walk(sc["items"])
    assert {it["type"] for it in flat} <= {"rect", "circle", "text", "line", "group"}
    ids = {it.get("id") for it in flat}
    assert {"offer", "sentinels", "middle", "player-0", "disc-0"} <= ids
    assert not any("action" in it for it in flat)  # seat 1 watches: seat 0 bids (issue 14: only the mover clicks)
    assert set(labels(s)) <= _actions(GAME.scene(s, s.to_move, "en"))  # every bid button is on the mover's board
    card0 = next(it for it in flat if it.get("id") == "card-0-0")
    assert card0["label"] == "?"
    assert GAME.scene(s, 0, "en") and next(it for it in [i for i in flat] if it.get("id") == "card-0-0")
    own = []
    walk_items = GAME.scene(s, 0, "de")["items"]
    stack = list(walk_items)
    while stack:
        it = stack.pop()
        own.append(it)
        stack.extend(it.get("items", []))
    assert next(it for it in own if it.get("id") == "card-0-0")["label"] == "5"


def test_bad_input_is_refused_clearly():
    """Unknown gems, areas and items are refused with a rule id; bad setup raises SetupError."""
    from rulekit.engine import SetupError

    s = hub()
    for label, rule in (
        ("enchant gold", "ZS-010"),
        ("learn alchemy", "ZS-030"),
        ("auction dragon", "ZS-400"),
        ("bid 5", "ZS-400"),
    ):
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == rule, label
    with pytest.raises(SetupError):
        GAME.new(players=7)
    with pytest.raises(SetupError):
        GAME.new(players=3, ruby_limit_scope="world")


def test_game_imports_no_ui():
    """The game package imports only the engine (no ipywidgets / anywidget / traitlets)."""
    code = "\n".join(p.read_text() for p in PACKAGE.glob("*.py"))
    assert not re.search(r"^\s*(import|from)\s+(ipywidgets|anywidget|traitlets)", code, re.M)


def _actions(scene):
    out, stack = set(), list(scene["items"])
    while stack:
        it = stack.pop()
        if "action" in it:
            out.add(it["action"])
        stack.extend(it.get("items", []))
    return out


def test_scene_offers_the_board_actions_in_random_play():
    """scene: in random play, every legal bid, pass, payment, sale, gem, knowledge, auction and end action
    is clickable on the mover's board."""
    on_board = {
        "bid",
        "pass",
        "pay",
        "sell",
        "lose",
        "enchant",
        "activate",
        "deactivate",
        "learn",
        "auction",
        "end",
        "discard",
    }
    dice = Dice(3)
    for seed in range(3):
        s = GAME.new(players=4, seed=seed)
        for _ in range(150):
            if s.is_over:
                break
            legal = s.legal_actions()
            wanted = {str(a) for a in legal if a.kind in on_board}
            assert wanted <= _actions(GAME.scene(s, s.to_move)), s.phase
            s = s.apply(legal[dice.below(len(legal))])
