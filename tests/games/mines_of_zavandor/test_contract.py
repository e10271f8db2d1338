"""The engine contract for Mines of Zavandor: check_game, coverage, views, bots' hooks, scene, refusals."""

import json
import re
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

import rulekit
from rulekit.engine import Action, Dice, IllegalAction, SaveFileError
from rulekit.games.mines_of_zavandor.model import Mines, replace

from .helpers import G, T, at, cards, fresh, move_cards

LEDGER = Path(__file__).parents[2] / "ledgers" / "mines_of_zavandor.toml"
HERE = Path(__file__).parent


def _ledger_ids() -> tuple[list[str], list[str]]:
    rules = tomllib.loads(LEDGER.read_text())["rule"]
    return [r["id"] for r in rules if r["kind"] != "gap"], [r["id"] for r in rules]


@pytest.mark.skipif(not LEDGER.exists(), reason="the shared rule ledger is not on this machine")
def test_every_non_gap_ledger_rule_is_cited_by_a_test():
    """Coverage: each non-gap ZM id appears in a test name or docstring of this folder."""
    text = "\n".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    cited = set(re.findall(r"ZM-?(\d{3})", text))
    missing = [rid for rid in _ledger_ids()[0] if rid[3:] not in cited]
    assert not missing, f"rules without a test: {missing}"


@pytest.mark.skipif(not LEDGER.exists(), reason="the shared rule ledger is not on this machine")
def test_rule_texts_cover_the_ledger_in_both_languages():
    """texts/rules.toml has every ledger id (gaps included) in English and German; phases cover the ledger's."""
    assert list(G.rules) == _ledger_ids()[1]
    assert all(r.text and r.text_de and r.text != r.text_de for r in G.rules.values())
    ledger_phases = {p["id"] for p in tomllib.loads(LEDGER.read_text())["phase"]}
    graph = G.phase_graph()
    assert ledger_phases <= set(graph.nodes)
    for phase in G.phases.values():
        assert all(r in G.rules for r in phase.rules)


def _play(seed: int, players: int, until) -> rulekit.engine.State:
    s, dice = G.new(players=players, seed=seed), Dice(seed)
    while not until(s):
        acts = s.legal_actions()
        s = s.apply(acts[dice.below(len(acts))])
    return s


def test_view_never_shows_another_seats_sealed_bid_before_the_reveal():
    """ZM-380: in 20 random games, during bidding no seat's view or scene holds another seat's bid or hand."""
    for seed in range(20):
        s = _play(seed, 3, lambda s: s.phase == "auction_bidding" and s.data.turn == 2)
        for seat in range(3):
            view = s.view(seat)
            for other in view["by_seat"]:
                if other["seat"] != seat:
                    assert other["bid"] is None and other["bid_sizes"] is None and other["hand"] is None
            bid_boxes = [i["label"] for i in G.scene(s, seat)["items"] if str(i.get("id", "")).startswith("bid-")]
            for label in bid_boxes:
                if not label.startswith(f"P{seat + 1}:"):
                    assert not re.search(r"\d", label.split(":")[1])
        # two states differing only in seat 0's sealed bid look the same to seat 1
        p0 = s.data.players[0]
        if sum(p0.hand) and not sum(p0.bid):
            k = next(i for i, n in enumerate(p0.hand) if n)
            hand, bid = list(p0.hand), list(p0.bid)
            hand[k], bid[k] = hand[k] - 1, 1
            other = s.evolve(
                data=replace(s.data, players=(replace(p0, hand=tuple(hand), bid=tuple(bid)), *s.data.players[1:]))
            )
            assert other.view(1) == s.view(1) and other.view(0) != s.view(0)


def test_views_hide_hands_and_deck_order():
    """Other hands show only card backs (cart types); the deck order is only in the teacher view."""
    s = _play(3, 4, lambda s: s.data.round == 2)
    v = s.view(1)
    assert v["draw_order"] is None and s.view(None)["draw_order"] is not None
    assert v["by_seat"][1]["hand"] is not None and v["by_seat"][0]["hand"] is None
    json.dumps(s.view(None))


def test_determinize_resamples_hidden_cards_and_keeps_what_the_seat_sees():
    """determinize: own hand and public facts stay; others' colours, deck order and sealed bids are resampled."""
    s = _play(5, 4, lambda s: s.phase == "auction_bidding" and s.data.turn == 3)
    changed, me = False, s.to_move
    for i in range(10):
        t = G.determinize(s, me, Dice(i))
        assert not G.invariants(t)
        assert t.view(me)["by_seat"][me] == s.view(me)["by_seat"][me]
        assert [p["cards_by_cart"] for p in t.view(me)["by_seat"]] == [
            p["cards_by_cart"] for p in s.view(me)["by_seat"]
        ]
        assert t.data.discard == s.data.discard and t.data.display == s.data.display
        changed |= t.data.draw != s.data.draw or t.data.players[(me + 1) % 4] != s.data.players[(me + 1) % 4]
        assert t.legal_actions() == s.legal_actions()
    assert changed


def test_evaluate_prefers_more_points():
    s = fresh(2)
    rich = s.evolve(data=replace(s.data, players=(replace(s.data.players[0], vp=10), s.data.players[1])))
    assert G.evaluate(rich, 0) > G.evaluate(s, 0) and G.evaluate(rich, 1) < G.evaluate(s, 1)


def test_invariants_catch_a_lost_card_and_a_lost_cube():
    s = fresh(2)
    p = s.data.players[0]
    lost = s.evolve(data=replace(s.data, players=(replace(p, hand=(0,) * 16), s.data.players[1])))
    assert any("mine cards" in m for m in G.invariants(lost))
    assert any("cubes" in m for m in G.invariants(s.evolve(data=replace(s.data, cubes=3))))


def test_refusals_cite_rules_and_change_nothing():
    """Refusals: wrong phases and bad details each name a ZM rule; an action the game does not have is
    refused by the engine (issue 25: no fallback to the phase's first rule); the state is intact."""
    s = move_cards(fresh(3), 0, cards(red_log=1))
    s = at(s, "trade", 0, start=0, turn=0)
    cases = {
        "fly away": "engine",
        "bid red": "ZM-380",
        "upgrade clan": "ZM-540",
        "exchange": "ZM-640",
        "king advance": "ZM-490",
    }
    for label, rule in cases.items():
        before = s.to_json()
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == rule and err.value.reason and err.value.text("de")
        assert s.to_json() == before


def test_scene_items_are_json_and_clickable_items_are_legal():
    """scene: road, four auction rows, a panel per player; every action on an item is legal now."""
    for seed in range(6):
        s = _play(seed, 4, lambda s, n=seed: s.step > 40 + 30 * n)
        for seat in (None, s.to_move):
            for lang in ("en", "de"):
                sc = G.scene(s, seat, lang)
                json.dumps(sc)
                flat = [*sc["items"], *(x for i in sc["items"] if i["type"] == "group" for x in i["items"])]
                legal = {str(a) for a in s.legal_actions()}
                assert all(i["action"] in legal for i in flat if "action" in i)
                ids = {i.get("id") for i in flat}
                assert {"king", "auction-red", "auction-blue", "player-0", "player-3"} <= ids


def test_scene_shows_own_hand_only_to_its_seat():
    s = fresh(3).settle()
    ids0 = {i.get("id") for g in G.scene(s, 0)["items"] if g["type"] == "group" for i in g["items"]}
    assert "hand-0-0" in ids0 and "hand-1-0" not in ids0 and "hand-1" in ids0


def test_describe_in_both_languages():
    assert G.describe(Action("bid", ("red",)), "en") == "add a red (ruby) card to the sealed bid"
    assert "Gebot" in G.describe(Action("bid", ("red",)), "de")
    assert G.describe(Action("to", (1,)), "en") == "offer the trade to P2"


def test_options_for_sweeps():
    """option_list: variant, income cap, cave spaces, tie-break; bad values are refused."""
    assert set(G.options) == {
        "variant",
        "income_cap",
        "cave_spaces",
        "scroll_timing",
        "gem_tiers",
        "tiebreak",
        "offer_limit",
        "round_limit",
        "cap_timing",
        "short_pile",
        "bank_turned",
        "bank_absent",
        "declined_card",
        "removed_card",
        "removed_cubes",
        "empty_stack",
        "hand_limit",
        "coin_supply",
    }
    assert all(o.title and o.title_de and o.help and o.help_de for o in G.option_list if o.rule in ("ZM-350", "ZM-630"))
    with pytest.raises(rulekit.engine.SetupError):
        G.new(players=2, variant="expert")
    with pytest.raises(rulekit.engine.SetupError):
        G.new(players=5)


def test_a_seeded_four_player_game_replays_exactly():
    s = _play(11, 4, lambda s: s.is_over)
    assert s.is_over and s.winners and G.replay(s.record()) == s
    assert G.from_json(s.to_json()) == s


def test_every_phase_change_is_declared_in_the_phase_graph():
    """data/phases.toml: each phase change seen in random games is an edge of phase_graph()."""
    graph = G.phase_graph()
    for seed in range(8):
        s, dice = G.new(players=2 + seed % 3, seed=seed, settle=False), Dice(seed)
        while not s.is_over:
            before = s.phase
            if s.automatic:
                s = s.advance()
            else:
                acts = s.legal_actions()
                s = s.apply(acts[dice.below(len(acts))], settle=False)
            assert s.phase == before or graph.has_edge(before, s.phase), (before, s.phase)


def test_legal_actions_depend_only_on_what_the_seat_sees():
    """Bots decide from their view: the seat to move has the same choices in any determinized state
    (a bank trade may name any gem: whether one is left in the draw pile is hidden, ZM-907)."""
    for seed in range(6):
        s, dice = G.new(players=3, seed=seed), Dice(seed)
        for _ in range(250):
            if s.is_over:
                break
            t = G.determinize(s, s.to_move, Dice(dice.below(1000)))
            assert t.legal_actions() == s.legal_actions(), s.phase
            acts = s.legal_actions()
            s = s.apply(acts[dice.below(len(acts))])


def test_scene_offers_the_winners_choices_as_clickable_items():
    """scene: at a reward decision the reward buttons, and for blue the next road space, carry actions."""
    from .test_auction import _resolving

    s = _resolving([cards(blue_log=4), (0,) * 16, (0,) * 16], colour=3).advance()
    acts = {i.get("action") for i in G.scene(s, 0)["items"]}
    assert {"reward vp1", "reward card"} <= acts
    assert (
        next(i["text"] for i in G.scene(s, 0)["items"] if i.get("id") == "status")
        == "P1 · auction blue (sapphire): bid 4"
    )  # status says what the number is
    s = s.apply("reward vp1", settle=False)
    road = [i for i in _flat(G.scene(s, 0)["items"]) if i.get("id") == "road-1"][0]
    assert road["action"] == "king advance"
    assert all("action" not in i for i in _flat(G.scene(s, 1)["items"]))  # another seat cannot click


def _flat(items):
    for item in items:
        yield item
        yield from _flat(item.get("items", []))


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"cave_spaces": 8, "variant": "pro"},
        {"cave_spaces": 2, "income_cap": 2},
        {"cap_timing": "after_fallback", "short_pile": "whole", "hand_limit": 6, "income_cap": 3},
        {"bank_turned": "under", "bank_absent": "lost", "declined_card": "stays", "empty_stack": "reshuffle"},
        {"removed_card": "stack", "removed_cubes": "lost", "cave_spaces": 2, "coin_supply": "limited"},
    ],
)
def test_action_labels_hold_every_legal_action(options):
    """action_labels(players, options): every label legal() produces in random games over all player counts."""
    for seed in range(6):
        players = 2 + seed % 3
        known = G.action_labels(players, options)
        s, dice = G.new(players=players, seed=seed, **options), Dice(seed)
        while not s.is_over:
            acts = s.legal_actions()
            assert {str(a) for a in acts} <= known, {str(a) for a in acts} - known
            s = s.apply(acts[dice.below(len(acts))])


def test_action_labels_follow_players_and_options():
    """The action space is exact: partners by player count, cave spaces by option."""
    assert not any(label.startswith("discard") for label in G.action_labels(3))
    limited = G.action_labels(3, {"hand_limit": 9})
    assert {label for label in limited if label.startswith("discard")} == {
        f"discard {c} {k}" for c in T.colours for k in T.carts
    }
    two, four = G.action_labels(2), G.action_labels(4, {"cave_spaces": 8})
    assert "to 1" in two and "to 2" not in two and "to 3" in four
    assert "upgrade 5" in two and "upgrade 6" not in two and "remove 7" in four
    assert all(Action.parse(label) for label in four)


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "pro", "scroll_timing": "first_income"},
        {"income_cap": 3, "cave_spaces": 2, "tiebreak": "most_cards", "gem_tiers": "common_low", "offer_limit": 1},
        {"cap_timing": "after_fallback", "short_pile": "whole", "bank_turned": "under", "bank_absent": "lost"},
        {"declined_card": "stays", "removed_card": "stack", "removed_cubes": "lost", "cave_spaces": 2},
        {"empty_stack": "reshuffle", "hand_limit": 5, "coin_supply": "limited"},
    ],
)
def test_rule_variants_play_to_the_end(options):
    """ZM-060 / ZM-230 / ZM-904 / ZM-914: the option sweeps play random games to the end, conserving everything."""
    for seed in range(6):
        s, dice = G.new(players=2 + seed % 3, seed=seed, **options), Dice(seed)
        while not s.is_over:
            acts = s.legal_actions()
            s = s.apply(acts[dice.below(len(acts))])
            assert not G.invariants(s)
        assert s.winners and G.replay(s.record()) == s


SAVED_BEFORE_DATACLASSES = Path(__file__).with_name("save_before_dataclasses.json")


def test_a_save_file_from_the_namedtuple_state_still_loads():
    """Written when ``Mines`` and ``Player`` were NamedTuples (their snapshot lists each record's
    fields in order): it replays to the same state, and an edited value is still refused."""
    doc = json.loads(SAVED_BEFORE_DATACLASSES.read_text(encoding="utf-8"))
    assert isinstance(doc["snapshot"]["data"], list)  # the NamedTuple era's form
    state = G.from_json(json.dumps(doc))
    assert state.phase == doc["snapshot"]["phase"] and state.step == 148
    assert state == G.replay(rulekit.engine.Record.from_json(json.dumps(doc)))
    doc["snapshot"]["data"][[f.name for f in fields(Mines)].index("king")] += 1  # the king moved on
    doc.pop("checksum")
    with pytest.raises(SaveFileError, match="snapshot"):
        G.from_json(json.dumps(doc))
