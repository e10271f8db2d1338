"""Rule tests: each names the ledger id it checks (shared/rules/vale_of_eternity.toml)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulekit.engine import IllegalAction, SetupError
from rulekit.games.vale_of_eternity.tables import CARDS, ELEMENTS, STONES

from .helpers import GAME, activation, do, labels, make


def refusal(state, label):
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(label)
    assert state.to_json() == before
    return err.value


# ------------------------------------------------------------------ components


def test_ve001_cards_have_element_cost_name_effect():
    """VE-001: every card has element, cost >= 0, name, effect text and effect types."""
    for c in CARDS.values():
        assert c.element in ELEMENTS and c.cost >= 0 and c.name and c.en and c.de and c.types


def test_ve002_effect_types():
    """VE-002: effect types are instant, permanent, active; the deck has 15 per element and 10 dragons."""
    assert {t for c in CARDS.values() for t in c.types} == {"instant", "permanent", "active"}
    counts = {e: sum(c.element == e for c in CARDS.values()) for e in ELEMENTS}
    assert counts == {"fire": 15, "water": 15, "earth": 15, "wind": 15, "dragon": 10}


def test_ve003_stone_values():
    """VE-003: stones are worth 1, 3 or 6; a stone of value 2 is not a thing."""
    assert STONES == (1, 3, 6)
    assert "pay 2" not in labels(do(make(hands={0: [27]}, stones={0: [3]}), "summon 27"))


def test_ve004_two_markers_each():
    """VE-004: after both passes every player has placed exactly 2 markers."""
    s = GAME.new(players=3, seed=4)
    while s.phase.startswith("pick"):
        s = s.apply(s.legal_actions()[0])
    assert sorted(s.data.markers) == [0, 0, 1, 1, 2, 2]


def test_ve005_start_player_and_round_marker():
    """VE-005: the state has a start player and a round between 1 and 10."""
    s = GAME.new(players=4, seed=1)
    assert s.data.start == 0 and s.data.round == 1 and 1 <= s.data.round <= 10


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players, expected", [(2, (1, 2)), (3, (1, 2, 3)), (4, (1, 2, 3, 4))])
def test_ve020_starting_points_by_seat(players, expected):
    """VE-020: 1 point for the start player, 2 for the next, ..."""
    assert GAME.new(players=players, seed=3).data.scores == expected


def test_ve020_starting_points_follow_random_start():
    """VE-020, VE-022: with a random start player the points run clockwise from them."""
    for seed in range(10):
        s = GAME.new(players=4, seed=seed, random_start=True)
        assert all(s.data.scores[(s.data.start + k) % 4] == k + 1 for k in range(4))


def test_ve021_round_one():
    """VE-021: the game starts in round 1 (area limit 1)."""
    s = GAME.new(players=2, seed=0)
    assert s.data.round == 1


def test_ve022_setup_defaults():
    """VE-022 (gap): empty hands and stones, a shuffled deck of all cards, seat 0 starts."""
    s = GAME.new(players=2, seed=5, settle=False)
    assert s.data.hands == ((), ()) and s.data.stones == ((), ()) and sorted(s.data.deck) == sorted(CARDS)
    assert s.data.deck != tuple(sorted(CARDS)) and s.data.start == 0


def test_ve010_player_counts():
    """VE-010 (gap): 2-4 players."""
    for n in (2, 3, 4):
        GAME.new(players=n)
    for n in (1, 5):
        with pytest.raises(SetupError):
            GAME.new(players=n)


# ------------------------------------------------------------------ constraints


def test_ve030_no_exchange_with_supply():
    """VE-030: there is no action to exchange stones; trying it is refused citing VE-030."""
    s = make(stones={0: [6]})
    assert refusal(s, "exchange 6").rule == "VE-030"
    assert not any(a.kind == "exchange" for a in s.legal_actions())


def test_ve031_stone_limit_enforced_at_once():
    """VE-031: more than 4 stones must go back before anything else."""
    s = do(make(stones={0: [6, 6, 3, 1]}, display=[27, 13], markers=[0, 0]), "sell 27")
    assert s.phase == "return_stones" and labels(s) == ["return 1", "return 3", "return 6"]
    assert refusal(s, "tame 13").rule == "VE-056"  # issue 25: taming belongs to the action turn (VE-056)
    assert refusal(s, "return 2").rule == "VE-031"  # no stone is worth 2
    s = do(s, "return 1")
    assert s.data.stones[0] == (3, 3, 6, 6) and s.phase == "action_turn"


def test_ve032_no_hand_limit():
    """VE-032: 12 cards in hand and no discard is forced."""
    s = do(make(hands={0: list(range(1, 12))}, display=[27], markers=[0]), "tame 27")
    assert len(s.data.hands[0]) == 12 and s.phase == "action_turn"


def test_ve033_area_limit_is_round_number():
    """VE-033: round 3 with 3 creatures: no summon; after a release there is room again."""
    s = make(round=3, areas={0: [13, 27, 31]}, hands={0: [5]}, stones={0: [6, 1]})
    assert "summon 5" not in labels(s)
    assert refusal(s, "summon 5").rule == "VE-033"
    s = do(s, "release 13", "pay 6")
    assert "summon 5" in labels(s)


# ------------------------------------------------------------------ selection


def test_ve040_rounds_and_phases():
    """VE-040: a game runs at most 10 rounds, each selection -> actions -> activation."""
    s = GAME.new(players=2, seed=11, target=500, settle=False)
    seen = []
    while not s.is_over:
        if not seen or seen[-1] != s.phase:
            seen.append(s.phase)
        s = s.advance() if s.automatic else s.apply(s.legal_actions()[-1], settle=False)
    assert s.data.round == 10
    order = [p for p in seen if p in ("pick_clockwise", "action_turn", "activation_turn")]
    order = [p for i, p in enumerate(order) if i == 0 or order[i - 1] != p]
    assert order == ["pick_clockwise", "action_turn", "activation_turn"] * 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ve041_reveal_twice_the_players(players):
    """VE-041: 2 x players cards are revealed and leave the deck."""
    s = GAME.new(players=players, seed=2)
    assert len(s.data.display) == 2 * players and len(s.data.deck) == 70 - 2 * players


def test_ve042_cards_sorted_by_element():
    """VE-042: each revealed card lands in the zone of its element (scene and event)."""
    s = GAME.new(players=4, seed=9)
    scene = GAME.scene(s, None)
    zones = {g["id"]: g["items"] for g in scene["items"] if str(g.get("id", "")).startswith("zone-")}
    for cid in s.data.display:
        zone = zones[f"zone-{CARDS[cid].element}"]
        assert any(i.get("id") == f"display-{cid}-face" for i in zone)
    zoned = [e for e in s.events if e.rule == "VE-042"]
    assert len(zoned) == len({CARDS[c].element for c in s.data.display})
    assert all(CARDS[c].name in " ".join(e.text for e in zoned) for c in s.data.display)


def test_ve043_ve044_snake_order():
    """VE-043, VE-044, VE-046: picks go P1, P2, P3, then P3, P2, P1."""
    s = GAME.new(players=3, seed=1, forced_auto=False)
    order = []
    while s.phase.startswith("pick"):
        order.append(s.to_move)
        s = s.apply(s.legal_actions()[0])
    assert order == [0, 1, 2, 2, 1, 0]


def test_ve045_one_marker_per_card():
    """VE-045: a marked card cannot be picked; in the end every revealed card is marked."""
    s = GAME.new(players=2, seed=1)
    first = s.data.display[0]
    s = s.apply(f"pick {first}")
    assert f"pick {first}" not in labels(s) and refusal(s, f"pick {first}").rule == "VE-045"
    while s.phase.startswith("pick"):
        s = s.apply(s.legal_actions()[0])
    assert -1 not in s.data.markers


def test_ve046_start_player_picks_first():
    """VE-046 (gap): the start player picks first, also after the start marker moved."""
    s = make(players=3, round=2, start=1, phase="round_end", to_move=None, stage="activation").settle()
    assert s.phase == "pick_clockwise" and s.to_move == 2 and s.data.start == 2


def test_ve047_reshuffle_when_deck_runs_out():
    """VE-047 (gap): with 2 cards left, the discard pile is reshuffled to reveal 4."""
    s = make(
        players=2,
        phase="round_end",
        to_move=None,
        stage="activation",
        round=3,
        hands={1: list(range(1, 59))},
        discard=list(range(59, 69)),
    )
    assert len(s.data.deck) == 2
    s = s.settle()
    assert len(s.data.display) == 4 and any(e.rule == "VE-047" for e in s.events)


# ------------------------------------------------------------------ actions


def test_ve050_action_order_from_start_player():
    """VE-050: with start P2 the action turns go P2, P3, P1, then activation."""
    s = make(players=3, start=1, phase="begin_actions", to_move=None, stage="pick").settle()
    order = []
    while s.phase == "action_turn":
        order.append(s.to_move)
        s = s.apply("end")
    assert order == [1, 2, 0] and s.phase in ("activation", "pick_clockwise")


def test_ve051_many_actions_in_one_turn():
    """VE-051: tame, summon, release, summon in one turn, the same actions repeated."""
    s = make(hands={0: [13]}, display=[27], markers=[0], stones={0: [6, 3, 1]})
    s = do(s, "tame 27", "summon 13", "pay 1", "release 13", "pay 6", "summon 27", "pay 3")
    assert s.data.areas[0] == (27,) and s.to_move == 0 and s.phase == "action_turn"


def test_ve052_cannot_end_with_marker_left():
    """VE-052: 'end' is refused while a marker lies on a card; after selling it works."""
    s = make(display=[27], markers=[0])
    assert "end" not in labels(s)
    err = refusal(s, "end")
    assert err.rule == "VE-052" and "Undine Queen" in err.reason
    s = do(s, "sell 27", "end")
    assert s.data.turn == 1


def test_ve053_sell_gives_stones_and_discards():
    """VE-053: the marker comes back, the card is on the discard pile, the element's stones are gained."""
    s = do(make(display=[27, 13], markers=[0, 1]), "sell 27")
    assert s.data.discard[-1] == 27 and s.data.stones[0] == (3,) and s.data.display == (13,)


def test_ve054_price_depends_on_element_only():
    """VE-054 and VE-008: Salamander (cost 1) and Surtr (cost 4) both sell for 1+1+1."""
    a = do(make(display=[13], markers=[0]), "sell 13").data.stones[0]
    b = do(make(display=[15], markers=[0]), "sell 15").data.stones[0]
    assert a == b == (1, 1, 1)


def test_ve008_sell_values_by_element():
    """VE-008 (gap): fire 1+1+1, water 3, earth 1+1+1+1, wind 1+3, dragon 6."""
    got = {
        CARDS[c].element: do(make(display=[c], markers=[0]), f"sell {c}").data.stones[0] for c in (13, 27, 31, 52, 69)
    }
    assert got == {"fire": (1, 1, 1), "water": (3,), "earth": (1, 1, 1, 1), "wind": (1, 3), "dragon": (6,)}


def test_ve055_sell_over_limit_returns_first():
    """VE-055: selling to 6 stones forces two returns before any other action."""
    s = do(make(stones={0: [1, 1, 3, 6]}, display=[52, 13], markers=[0, 0]), "sell 52")
    assert s.phase == "return_stones"
    s = do(s, "return 1")
    assert s.phase == "return_stones"
    s = do(s, "return 1")
    assert s.phase == "action_turn" and len(s.data.stones[0]) == 4


def test_ve056_tame_into_hand_for_free():
    """VE-056: tame moves the card to the hand; stones unchanged."""
    s = do(make(display=[27], markers=[0], stones={0: [3]}), "tame 27")
    assert s.data.hands[0] == (27,) and s.data.stones[0] == (3,) and s.data.display == ()


def test_ve057_only_own_marked_cards():
    """VE-057: cards marked by another player cannot be sold or tamed."""
    s = make(display=[27, 13], markers=[1, 0])
    assert refusal(s, "sell 27").rule == "VE-057" and refusal(s, "tame 27").rule == "VE-057"


def test_ve058_summon_needs_card_in_hand_and_room():
    """VE-058: round 2 with 2 creatures: no; with 1: yes; a card not in hand: no."""
    assert "summon 5" not in labels(make(round=2, areas={0: [13, 27]}, hands={0: [5]}, stones={0: [1]}))
    assert "summon 5" in labels(make(round=2, areas={0: [13]}, hands={0: [5]}, stones={0: [1]}))
    assert refusal(make(stones={0: [6]}), "summon 5").rule == "VE-058"


def test_ve059_pay_at_least_cost_no_change():
    """VE-059: cost 4 paid with a 6: nothing back; cost 4 with only a 3: refused."""
    s = do(make(hands={0: [15]}, stones={0: [6]}), "summon 15", "pay 6")
    assert s.data.stones[0] == () and any(e.key == "no_change" for e in s.events)
    err = refusal(make(hands={0: [15]}, stones={0: [3]}), "summon 15")
    assert err.rule == "VE-059"


def test_ve060_discounts_lower_the_cost():
    """VE-060: Pegasus in the area: a cost-5 card needs only 4."""
    s = make(areas={0: [56]}, hands={0: [16]}, stones={0: [3, 1]})
    assert "summon 16" in labels(s)
    s = do(s, "summon 16", "pay 3", "pay 1")
    assert 16 in s.data.areas[0]


def test_ve061_card_moves_from_hand_to_area():
    """VE-061: after paying, the card lies in the area and not in the hand."""
    s = do(make(hands={0: [27]}, stones={0: [3]}), "summon 27")
    assert 27 in s.data.hands[0]  # still paying
    s = do(s, "pay 3")
    assert s.data.areas[0] == (27,) and s.data.hands[0] == ()


def test_ve062_unresolvable_instant_cannot_be_summoned():
    """VE-062: Forest Spirit with nothing else in hand cannot be summoned; the refusal cites VE-062."""
    s = make(hands={0: [34]}, stones={0: [3]})
    err = refusal(s, "summon 34")
    assert err.rule == "VE-062"


def test_ve063_summoned_card_counts_in_area():
    """VE-063: Ifrit with 2 creatures already there scores 3."""
    s = do(make(areas={0: [13, 27]}, hands={0: [8]}, stones={0: [3]}), "summon 8", "pay 3")
    assert s.data.scores[0] == 3


def test_ve064_own_permanent_not_for_own_summon():
    """VE-064: Pegasus (discount 1) costs its full 3; the next summon is cheaper."""
    s = do(make(hands={0: [56, 27]}, stones={0: [1, 1, 1]}), "summon 56")
    assert s.data.pending[-1].stage == 3
    s = do(s, "pay 1", "pay 1", "pay 1")
    s = do(s.evolve(data=replace(s.data, stones=((1, 1), ()))), "summon 27")
    assert s.data.pending[-1].stage == 2


def test_ve065_release_discards_from_area():
    """VE-065: the area shrinks by one and the card tops the discard pile."""
    s = do(make(areas={0: [13, 27]}, stones={0: [6]}), "release 27", "pay 6")
    assert s.data.areas[0] == (13,) and s.data.discard[-1] == 27


def test_ve066_release_costs_round_number():
    """VE-066: round 9 with 6+3: release works, both spent; with 6+1: refused."""
    s = do(make(round=9, areas={0: [13]}, stones={0: [6, 3]}), "release 13", "pay 6", "pay 3")
    assert s.data.stones[0] == () and s.data.areas[0] == ()
    err = refusal(make(round=9, areas={0: [13]}, stones={0: [6, 1]}), "release 13")
    assert err.rule == "VE-066"


def test_ve067_released_permanent_stops():
    """VE-067: after releasing Pegasus, summoning pays the full cost."""
    s = do(make(areas={0: [56]}, hands={0: [27]}, stones={0: [6, 3]}), "release 56", "pay 6", "summon 27")
    assert s.data.pending[-1].stage == 3


def test_ve068_release_same_turn_keeps_gains():
    """VE-068 (gap): a creature summoned this turn may be released; its points stay."""
    s = do(make(hands={0: [40]}, stones={0: [6, 6]}), "summon 40", "pay 6", "release 40", "pay 6")
    assert s.data.scores[0] == 6 and s.data.areas[0] == ()


# ------------------------------------------------------------------ activation


def test_ve070_activation_order_from_start_player():
    """VE-070: with start P2, activation goes P2, P3, P1."""
    s = make(
        players=3,
        start=1,
        turn=0,
        done=2,
        phase="end_action_turn",
        to_move=None,
        areas={0: [27], 1: [27 - 14], 2: [26]},
    )
    s = s.settle()
    order = []
    while s.phase == "activation":
        order.append(s.to_move)
        s = s.apply(s.legal_actions()[0])
    assert order == [1, 2, 0]


def test_ve071_each_active_once_in_chosen_order():
    """VE-071: two active cards, either order, each once; a second use is refused."""
    s = activation(areas={0: [13, 27]})
    assert labels(s) == ["activate 13", "activate 27"]
    s = do(s, "activate 27")
    assert labels(s) == ["activate 13"]
    assert refusal(s, "activate 27").rule == "VE-071"


def test_ve072_activation_is_compulsory():
    """VE-072: there is no skip or end while a usable active effect is left."""
    s = activation(areas={0: [27]})
    assert labels(s) == ["activate 27"]
    assert refusal(s, "end").rule == "VE-072"


def test_ve073_condition_not_met_not_activated():
    """VE-073: Troll without a purple stone is skipped without error."""
    s = activation(areas={0: [44]})
    assert s.phase == "pick_clockwise" and any(e.rule == "VE-073" for e in s.events)


# ------------------------------------------------------------------ round end


def test_ve080_round_ends_after_activation():
    """VE-080: after the last activation the round ends (round_end) and the check runs once."""
    s = activation(areas={0: [27]})
    s = s.apply("activate 27", settle=False)
    phases = []
    while s.automatic:
        s = s.advance()
        phases.append(s.phase)
    assert "round_end" in phases and sum(e.key == "round_over" for e in s.events) <= 1


def test_ve081_next_round_start_player_moves():
    """VE-081: round 3, start P1, no end: round 4, start P2, reveal."""
    s = make(players=3, round=3, phase="round_end", to_move=None, stage="activation").settle()
    assert s.data.round == 4 and s.data.start == 1 and s.phase == "pick_clockwise"


@pytest.mark.parametrize("round_, best, over", [(4, 61, True), (10, 40, True), (9, 59, False)])
def test_ve082_end_conditions(round_, best, over):
    """VE-082: 60+ points or round 10 ends the game at the round's end."""
    s = make(round=round_, scores=[best, 3], phase="round_end", to_move=None, stage="activation")
    assert s.settle().is_over is over


def test_ve083_sixty_mid_round_does_not_stop():
    """VE-083: a player at 60 mid-round: the others still act and activation still happens."""
    s = make(players=2, scores=[60, 2], areas={1: [27]})
    s = do(s, "end")
    assert not s.is_over and s.to_move == 1
    s = do(s, "end")
    assert s.phase == "activation" and s.to_move == 1 and not s.is_over
    s = do(s, "activate 27")
    assert s.is_over and s.data.stones[1] == (3,)


def test_forced_choices_run_at_once():
    """VE-059, VE-072 (option forced_auto): a payment or activation with one possible choice is made at once."""
    s = make(hands={0: [27]}, stones={0: [3, 3]}, forced_auto=True)
    s = s.apply("summon 27")
    assert s.data.areas[0] == (27,) and any(e.key == "pay" and e.rule == "VE-059" for e in s.events)
    s = activation(areas={0: [27]}, forced_auto=True)
    assert s.data.stones[0] == (3,) and any(e.key == "activate" for e in s.events)


def test_option_round_limit_and_target():
    """VE-082 options: a 3-round game ends after round 3; target 5 ends after round 1."""
    s = make(round=3, phase="round_end", to_move=None, stage="activation", rounds=3).settle()
    assert s.is_over
    s = make(round=1, scores=[5, 2], phase="round_end", to_move=None, stage="activation", target=5).settle()
    assert s.is_over


def test_ve_082_nothing_after_the_end():
    """VE-082 (the game end; the ledger has no rule of its own for "nothing after the end"):
    a move after the end is refused citing VE-082, not "engine"."""
    s = make(round=10, phase="round_end", to_move=None, stage="activation").settle()
    assert s.is_over and s.legal_actions() == []
    for label in ("summon 27", "pass", "take 3"):
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == "VE-082"


# ------------------------------------------------------------------ winner


def _ended(scores, areas, **kw):
    return make(scores=scores, areas=areas, phase="scoring", to_move=None, stage="activation", **kw).settle()


def test_ve090_most_points_win():
    """VE-090: 62 beats 58."""
    assert _ended([62, 58], {}).winners == (0,)


def test_ve091_tiebreak_most_creatures():
    """VE-091: tied on 60, 2 creatures beat 1."""
    assert _ended([60, 60], {0: [13], 1: [27, 31]}).winners == (1,)


def test_ve092_shared_victory():
    """VE-092: tied on points and creatures: both win."""
    assert _ended([60, 60], {0: [13], 1: [27]}).winners == (0, 1)


def test_ve093_final_scores_are_running_scores():
    """VE-093 (gap): no end bonus; scores never go below 0."""
    s = _ended([12, 7], {0: [13]})
    assert s.scores == (12, 7)


def test_ve094_tiebreak_counts_area_or_all_summoned():
    """VE-094 (gap): by default the area counts; with count_released every summon counts."""
    s = make(
        scores=[60, 60],
        areas={0: [13], 1: [27]},
        phase="scoring",
        to_move=None,
        stage="activation",
        count_released=True,
    )
    s = s.evolve(data=replace(s.data, summoned=(3, 1))).settle()
    assert s.winners == (0,)


def test_ve068_release_same_turn_option():
    """VE-068 (gap, option release_same_turn): by default a creature may be released in the turn it
    came; with the option off it is refused citing VE-068 until the next action turn."""
    start = make(hands={0: [13]}, stones={0: [1, 6]})
    s = do(start, "summon 13", "pay 1")
    assert "release 13" in [str(a) for a in s.legal_actions()]
    strict = do(make(hands={0: [13]}, stones={0: [1, 6]}, release_same_turn=False), "summon 13", "pay 1")
    assert "release 13" not in [str(a) for a in strict.legal_actions()]
    err = refusal(strict, "release 13")
    assert err.rule == "VE-068" and strict.data.fresh == (13,)
    later = do(strict, "end")
    assert later.data.fresh == ()


# ------------------------------------------------------------------ VE-006 choices as options (issue 17)


def test_ve_006_imp_cost_option():
    """VE-006 option imp_cost: the sources say 0 or 1; at 1 Imp needs a stone and counts as a
    cost-1 creature (Succubus); by default it is free."""
    free = do(make(hands={0: [9]}), "summon 9")
    assert 9 in free.data.areas[0] and free.data.stones[0] == (1, 1)
    assert refusal(make(hands={0: [9]}, imp_cost=1), "summon 9").rule == "VE-059"
    s = do(make(hands={0: [9]}, stones={0: [3]}, imp_cost=1), "summon 9", "pay 3")
    assert 9 in s.data.areas[0] and s.data.stones[0] == (1, 1)
    assert [e.key for e in s.events].count("no_change") == 1
    # Succubus wants printed costs 1, 2, 3 and 4 in the area: Imp gives the 1 only at cost 1
    area = {0: [9, 21, 27, 38]}  # Imp, Nessie (2), Undine Queen (3), Medusa (4)
    plain = do(make(round=6, areas=area, hands={0: [14]}), "summon 14")
    dear = do(make(round=6, areas=area, hands={0: [14]}, imp_cost=1), "summon 14")
    assert dear.data.scores[0] == plain.data.scores[0] + 10


def test_ve_006_succubus_cost_option():
    """VE-006 option succubus_cost: at 1 Succubus needs a stone; by default it is free."""
    assert do(make(hands={0: [14]}), "summon 14").data.areas[0] == (14,)
    assert refusal(make(hands={0: [14]}, succubus_cost=1), "summon 14").rule == "VE-059"
    s = do(make(hands={0: [14]}, stones={0: [1]}, succubus_cost=1), "summon 14", "pay 1")
    assert s.data.areas[0] == (14,) and s.data.stones[0] == ()


def test_ve_006_hydra_rewards_package():
    """VE-006 option hydra_rewards=package: the third reward is 2 blue stones and 4 points."""
    s = do(make(hands={0: [18]}, stones={0: [3, 1]}, hydra_rewards="package"), "summon 18", "pay 3", "pay 1")
    assert labels(s) == ["option 1", "option 2", "option 3"]
    s = do(s, "option 3", "option 1")
    assert s.data.stones[0] == (3, 3, 6) and s.data.scores[0] == 4


def test_ve_006_hydra_rewards_four():
    """VE-006 option hydra_rewards=four: 2 blue stones and 4 points are two separate rewards."""
    s = do(make(hands={0: [18]}, stones={0: [3, 1]}, hydra_rewards="four"), "summon 18", "pay 3", "pay 1")
    assert labels(s) == ["option 1", "option 2", "option 3", "option 4"]
    s = do(s, "option 3", "option 4")
    assert s.data.stones[0] == (3, 3) and s.data.scores[0] == 4
    with pytest.raises(ValueError, match="hydra_rewards"):
        make(hydra_rewards="five")


def test_ve_006_options_keep_action_labels_exact():
    """Issue 18 under the VE-006 options: 'option 4' exists only with four Hydra rewards; the
    card texts and costs on the table follow the options."""
    assert "option 4" not in GAME.action_labels(2) and "option 3" in GAME.action_labels(2)
    assert GAME.action_labels(3, {"hydra_rewards": "four"}) - GAME.action_labels(3) == {"option 4"}
    assert GAME.action_labels(2, {"imp_cost": 1, "succubus_cost": 1}) == GAME.action_labels(2)
    assert "4 points" in CARDS[18].text("en", {"hydra_rewards": "four"}) and "4 Punkte" in CARDS[18].text(
        "de", {"hydra_rewards": "package"}
    )
    assert CARDS[18].text("en", GAME.resolve_options({})) == CARDS[18].en
    assert CARDS[9].cost_in(GAME.resolve_options({})) == CARDS[9].cost == GAME.options["imp_cost"].default
    assert CARDS[14].cost_in(GAME.resolve_options({})) == CARDS[14].cost == GAME.options["succubus_cost"].default


def test_ve_006_copy_this_card_original():
    """VE-006 option copy_this_card=original: 'this card' in an effect Scorch copies is the card it
    is printed on; by default it is Scorch, which uses the effect as its own."""

    def copied(**options):
        s = make(areas={0: [59]}, hands={0: [68]}, stones={0: [6, 3]}, **options)  # Tengu, Scorch
        return do(s, "summon 68", "pay 6", "pay 3", "copy 59")

    s = copied()
    assert s.data.areas[0] == (59,) and s.data.deck[-1] == 68 and s.data.stones[0] == (6,)
    s = copied(copy_this_card="original")
    assert s.data.areas[0] == (68,) and s.data.deck[-1] == 59 and s.data.stones[0] == (6,)


def test_ve_064_summon_bonus_after_the_instant():
    """VE-064 option summon_bonus_first off: 'when you summon' bonuses count after the instant
    effect, from the creatures still in the area; by default before it."""

    def cerberus(**options):  # Cerberus discards Sylph, whose bonus is 1 point per summon
        s = make(areas={0: [58]}, hands={0: [33]}, stones={0: [3, 3]}, scores=[0, 0], **options)
        return do(s, "summon 33", "pay 3", "pay 3", "discard 58", "done")

    before = cerberus()
    assert before.data.areas[0] == (33,) and before.data.scores[0] == 1
    after = cerberus(summon_bonus_first=False)
    assert after.data.areas[0] == (33,) and after.data.scores[0] == 0
    # with the bonus card still there, the bonus counts either way, after the instant effect
    s = make(areas={0: [58]}, hands={0: [59]}, stones={0: [3]}, scores=[0, 0], summon_bonus_first=False)
    s = do(s, "summon 59", "pay 3")
    keys = [e.key for e in s.events]
    assert s.data.scores[0] == 1 and keys.index("bonus") > keys.index("summoned")
