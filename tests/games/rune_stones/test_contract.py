"""The engine contract for Rune Stones: check_game, refusals, views, scene, texts, coverage."""

import json
import re
import tomllib
from pathlib import Path

import pytest

import rulekit
from rulekit import IllegalAction
from rulekit.engine import Dice, Option
from rulekit.games.rune_stones.rules import RuneStones
from rulekit.testing import check_game

from .helpers import GAME, labels, me, new, p, play

LEDGER = Path(__file__).parents[2] / "ledgers" / "rune_stones.toml"
HERE = Path(__file__).parent


class NearThroneRuneStones(RuneStones):
    """Everybody starts on the throne's space, so the first round's end ends the game (RS-190)."""

    option_list = tuple(
        Option(o.name, 65, o.help, o.help_de, o.rule, low=0, high=65) if o.name == "start_pp" else o
        for o in RuneStones.option_list
    )


def test_check_game_throne_endings():
    """RS-190, RS-192..RS-197: random games that end by the 65-point throne pass check_game."""
    report = check_game(NearThroneRuneStones(), sims=20, seed=0)
    assert report.games == 60 and report.endings == {"winners": 60}


def test_full_length_games_end_by_the_throne_or_limit():
    """RS-190, RS-196: full games with the real defaults end and name winners."""
    report = check_game(GAME, sims=1, seed=11, round_trips=1)
    assert report.games == 3


def test_registry_loads_the_game():
    game = rulekit.load("rune_stones")
    assert isinstance(game, RuneStones) and game.title == "Rune Stones"


def test_refusal_leaves_state_and_cites_rule():
    """RS-061, RS-072, RS-130: refusals change nothing and cite a ledger id in both languages."""
    s = new(2)
    before = s.to_json()
    for bad in ("summon 1", "trade 1", "forge 9", "pay ore"):
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert re.match(r"RS-\d{3}$", err.value.rule), bad
        assert err.value.reason and err.value.text("de")
    with pytest.raises(IllegalAction) as err:  # no decision of the game: no rule of it speaks of one
        s.apply("nonsense")
    assert err.value.rule == "engine" and err.value.reason and err.value.text("de")
    assert s.to_json() == before


def test_every_message_key_has_both_languages():
    table = tomllib.loads((Path(rulekit.__file__).parent / "games/rune_stones/texts/messages.toml").read_text())
    assert all(set(v) == {"en", "de"} for v in table.values())


def test_rule_texts_cover_the_ledger():
    """Every ledger id (gaps too) has English and German text, phase, kind and seed lines."""
    assert len(GAME.rules) == 136
    for rule in GAME.rules.values():
        assert rule.text and rule.text_de and rule.seed_lines and rule.kind
    if LEDGER.exists():
        ledger = tomllib.loads(LEDGER.read_text())
        assert {r["id"] for r in ledger["rule"]} == set(GAME.rules)


def test_every_ledger_phase_reachable():
    """The phase graph keeps every ledger phase and reaches all from setup."""
    import networkx as nx

    graph = GAME.phase_graph()
    reach = nx.descendants(graph, "setup") | {"setup"}
    assert set(graph) == reach
    if LEDGER.exists():
        ledger = tomllib.loads(LEDGER.read_text())
        assert {ph["id"] for ph in ledger["phase"]} <= set(graph)


def test_every_event_rule_and_phase_rule_is_known():
    s = new(4, 3)
    for _ in range(200):
        if s.is_over:
            break
        s = s.apply(s.legal_actions()[-1])
        assert all(e.rule in GAME.rules for e in s.events)
    assert all(r in GAME.rules for ph in GAME.phases.values() for r in ph.rules)


def test_view_hides_hands_and_pile_order():
    s = new(3, 2)
    v = s.view(0)["data"]
    assert isinstance(v["players"][1]["hand"], int) and isinstance(v["players"][0]["hand"], tuple | list)
    assert isinstance(v["deck"], int) and isinstance(v["players"][0]["draw"], list)
    assert v["players"][0]["draw"] == sorted(p(s, 0).draw)
    json.dumps(s.view(None))


def test_determinize_resamples_hidden_parts():
    s = new(3, 2)
    seat = 0
    d = GAME.determinize(s, seat, Dice(5)).data
    assert d.players[seat].hand == s.data.players[seat].hand
    assert sorted(d.players[1].hand + d.players[1].draw) == sorted(s.data.players[1].hand + s.data.players[1].draw)
    assert sorted(d.deck) == sorted(s.data.deck) and d.display == s.data.display
    assert not GAME.invariants(s.evolve(data=d))


def test_invariants_catch_lost_gems():
    s = new(2)
    assert GAME.invariants(s) == []
    broken = me(s, gems=(5, 1, 1, 1))
    assert any("blue gems" in x for x in GAME.invariants(broken))


def test_evaluate_prefers_more_power():
    s = new(2)
    seat = s.data.current
    assert GAME.evaluate(me(s, pp=20), seat) > GAME.evaluate(s, seat)


def test_scene_lists_board_parts_and_actions():
    """Scene (issue 3): display with slot costs, forges, rune stacks, players' hands, rows, gems, points."""
    s = new(3, 1)
    scene = GAME.scene(s, seat=s.data.current, lang="de")
    json.dumps(scene)
    ids, actions = set(), set()

    def walk(items):
        for item in items:
            ids.add(item.get("id"))
            if "action" in item:
                actions.add(item["action"])
            walk(item.get("items", ()))

    walk(scene["items"])
    assert {"slot-1", "forge-1", "forge-joker", "rune-plus", "supply-ore", "p1-head", "p3-r2-joker"} <= ids
    assert f"kostet {s.options['slot_costs'][5]}" in json.dumps(scene, ensure_ascii=False)  # the cost is on the card
    seat = s.data.current
    assert f"p{seat + 1}-card-0" in ids
    s2 = play(s, "action summon", "colour blue")
    acts = {a for a in labels(s2)}
    scene2 = GAME.scene(s2, seat, "en")
    actions = set()
    walk(scene2["items"])
    assert acts & actions  # clickable hand cards / slots match legal labels


def test_scene_hides_other_hands():
    s = new(2, 1)
    other = 1 - s.data.current
    text = json.dumps(GAME.scene(s, seat=s.data.current))
    assert f'"p{other + 1}-card-' not in text and f'"p{s.data.current + 1}-card-0"' in text
    assert "4 hidden cards" in text


def test_options_for_sweeps():
    """RS-074, RS-132, RS-190: rule options a designer may sweep."""
    names = set(GAME.options)
    assert {"end_threshold", "slot_costs", "forge_costs", "trade_values", "round_limit"} <= names
    assert new(2, slot_costs=(1, 1, 1, 1, 1, 1)).options["slot_costs"] == (1, 1, 1, 1, 1, 1)


def test_game_package_imports_no_ui():
    src = Path(rulekit.__file__).parent / "games/rune_stones"
    for f in src.glob("*.py"):
        text = f.read_text()
        assert "ipywidgets" not in text and "anywidget" not in text and "traitlets" not in text


def test_every_non_gap_ledger_rule_is_cited_by_a_test():
    if not LEDGER.exists():
        pytest.skip("ledger not present")
    ledger = tomllib.loads(LEDGER.read_text())
    text = "\n".join(f.read_text() for f in HERE.glob("test_*.py"))
    missing = [r["id"] for r in ledger["rule"] if r["kind"] != "gap" and r["id"] not in text]
    assert not missing, missing


def test_scene_is_drawable_by_the_board_widget():
    """The generic SVG board accepts the scene in every phase of a played game."""
    board = pytest.importorskip("rulekit.widgets.board")
    s = new(4, 2)
    seen = set()
    for i in range(400):
        if s.is_over:
            break
        if s.phase not in seen:
            seen.add(s.phase)
            assert board.scene_problems(GAME.scene(s, s.to_move, "de")) == [], s.phase
        s = s.apply(s.legal_actions()[i % len(s.legal_actions())])
    assert len(seen) >= 6


@pytest.mark.parametrize(
    ("label", "rule", "words"),
    [
        ("summon 3", "RS-061", "action summon"),
        ("forge 1", "RS-061", "action forge"),
        ("trade 1", "RS-063", "after your action"),
        ("rune plus", "RS-163", "trade-in"),
        ("swap red ore", "RS-215", "Exchange"),
    ],
)
def test_common_early_tries_are_explained(label, rule, words):
    """RS-061, RS-063, RS-163, RS-215: learner-readable reasons for tries at the turn's start."""
    s = new(2)
    with pytest.raises(IllegalAction) as err:
        s.apply(label)
    assert err.value.rule == rule and words.lower() in err.value.reason.lower()


def test_recorded_playthrough_replays():
    """A recorded 3-player game stopped by round_limit 6 replays to the same scores, unfinished (regression guard).

    Its step count went from 169 to 168 when the start player (RS-042) moved into setup (issue 25:
    the engine leaves the setup phase, no automatic step of the game does): the same decisions."""
    doc = json.loads((HERE / "playthrough_3p_seed42.json").read_text())
    state = GAME.from_json(json.dumps(doc["record"]))
    assert state.is_over and list(state.scores) == doc["scores"] and list(state.winners) == doc["winners"] == []
    assert state.unfinished
    assert state.step == doc["step"]


def test_issue_17_choice_options_survive_save_files_and_the_variants_form():
    """Issue 17: the options of RS-017, RS-132, RS-150 and RS-214 go into a save file and come back;
    a value that is no forge bonus is refused by resolve_options (so the variants form shows why)."""
    from rulekit.engine import SetupError
    from rulekit.widgets.variants import form_problems

    game = rulekit.load("rune_stones")
    chosen = {
        "die_faces": ("ore",) * 6,
        "forge_bonuses": ("die", "", "", "", "pp3"),
        "joker_rune_everywhere": True,
        "refill_forge_on_return": True,
    }
    s = game.new(players=2, seed=3, **chosen)
    for _ in range(30):
        s = s.apply(s.legal_actions()[0])
    back = game.from_json(s.to_json())
    assert {k: back.options[k] for k in chosen} == chosen and back.to_json() == s.to_json()
    with pytest.raises(SetupError, match="RS-132"):
        game.resolve_options({"forge_bonuses": ("gold", "", "", "", "")})
    fields, _ = form_problems(game, {"die_faces": ["six"] * 6}, "en")  # next to the field: the allowed faces
    assert "'any_gem'" in fields["die_faces"] and "6" in fields["die_faces"]
