"""Turn flow (RS-060..RS-065) and summoning (RS-070..RS-083)."""

import pytest

from rulekit import IllegalAction
from rulekit.games.rune_stones.model import Turn

from .helpers import GAME, at, keys, labels, me, new, p, play, rules_of


def base(seed=1, players=2, **opts):
    s = new(players, seed, **opts)
    return at(s, display=(11, 23, 31, 12, 43, 71), deck=s.data.deck)


def test_turn_order_clockwise_from_start_player():
    """RS-060, RS-065: start player first, then clockwise; the round ends after the last."""
    s = new(3, 4)
    order = []
    for _ in range(6):
        order.append(s.to_move)
        s = play(s, "action forge", "done")
    first = new(3, 4).data.start
    assert order == [(first + k) % 3 for k in range(6)]


def test_round_end_after_last_player():
    """RS-065, RS-191: after the player right of the start player, the round ends (no end before)."""
    s = new(2, 4)
    s = play(s, "action forge", "done")
    assert "round_over" not in keys(s)
    s = play(s, "action forge", "done")
    assert "round_over" in keys(s) and "new_round" in keys(s)


def test_exactly_one_action_per_turn():
    """RS-061: three actions at the start; after choosing, no other action is offered."""
    s = new(2)
    assert labels(s) == ["action summon", "action abilities", "action forge"]
    s = play(s, "action forge")
    with pytest.raises(IllegalAction) as err:
        s.apply("action summon")
    assert err.value.rule == "RS-061"


def test_empty_action_allowed_by_option():
    """RS-062 (gap): an action may end empty by default; with the option off, done needs a forge."""
    s = play(new(2), "action forge")
    assert "done" in labels(s)
    s2 = play(new(2, allow_empty_action=False), "action forge")
    assert "done" not in labels(s2) or not [a for a in labels(s2) if a.startswith("forge")]


def test_trade_step_then_refill_hand():
    """RS-063, RS-064: after the action the optional trade-in step, then the mandatory refill."""
    s = me(new(2), rows=(("blue", "yellow", "", "", ""), ("",) * 5))
    s = play(s, "action forge", "done")
    assert s.phase == "trade_artifacts" and labels(s) == ["trade 1", "done"]
    s = play(s, "done")
    assert "refill_hand" in keys(s) and len(p(s, 0 if s.data.current else 1).hand) == 4


def summoning(s, colour="blue"):
    return play(s, "action summon", f"colour {colour}")


def test_summon_adds_magic_points_and_takes_card():
    """RS-070, RS-072, RS-073: played cards' points pay the slot cost under the card."""
    s = me(base(), hand=(100, 104, 11, 15))
    s = summoning(s)
    s = play(s, "play 104")  # 2 points: slots 4-6 (costs 4, 3, 3, 2, 2, 1 from the left)
    assert s.data.turn.mp == 2 and "summon 4" in labels(s) and "summon 3" not in labels(s)
    s = play(s, "play 11")  # 2 + 1 = 3: slot 2 (cost 3) is affordable now
    assert s.data.turn.mp == 3
    s = play(s, "summon 2")
    assert s.data.display[1] == 0 and s.data.turn.gained == (23,)


def test_summon_one_colour_plus_multicolour():
    """RS-071: only the chosen colour and multicoloured cards may be played."""
    s = me(base(), hand=(100, 12, 11, 71))
    s = summoning(s, "blue")
    assert sorted(labels(s)[:3]) == ["play 100", "play 11", "play 71"]
    with pytest.raises(IllegalAction) as err:
        s.apply("play 12")
    assert err.value.rule == "RS-071"


def test_not_enough_magic_points_refused():
    """RS-072: the slot costs together may not exceed the magic points; none without cards."""
    s = me(base(), hand=(100, 12, 11, 71))
    s = summoning(s)
    assert not [a for a in labels(s) if a.startswith("summon")]  # 0 MP without the rune
    s = play(s, "play 11")
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("summon 3")
    assert err.value.rule == "RS-072" and "magic points" in err.value.reason
    assert s.to_json() == before


def test_slot_costs_option():
    """RS-073, RS-074 (gap): the cost belongs to the slot; slot_costs changes it."""
    s = me(base(slot_costs=(1, 1, 1, 1, 1, 1)), hand=(100, 12, 11, 71))
    s = play(summoning(s), "play 11")
    assert [a for a in labels(s) if a.startswith("summon")] == [f"summon {k}" for k in range(1, 7)]


def test_any_colour_can_be_summoned():
    """RS-075: green points buy a red creature and a white dragon."""
    s = at(base(), display=(14, 23, 31, 12, 43, 71))
    s = me(s, hand=(13, 33, 101, 100))
    s = play(summoning(s, "green"), "play 13", "play 33", "play 101", "play 100")  # 1+2+1+1 = 5
    s = play(s, "summon 6", "summon 1")  # dragon (1) + red 14 (4)
    assert set(s.data.turn.gained) == {71, 14}


def test_summoned_and_played_cards_to_own_discard():
    """RS-076, RS-077, RS-078: both creatures and the played cards go to the own discard; rest is lost."""
    s = me(base(), hand=(100, 104, 11, 15))
    s = play(summoning(s), "play 104", "play 11", "summon 4", "summon 6")  # 3 MP: cost 2 + 1
    seat = s.data.current
    s = play(s, "done")
    mine = p(s, seat)
    assert {100, 104, 11, 15} - set(mine.hand) <= {100, 104, 11, 15}
    assert {104, 11, 12, 71} <= set(mine.discard) | set(mine.hand) | set(mine.draw)
    ev = [e for e in s.events if e.key == "summon_done"][0]
    assert ev.rule == "RS-076" and "0 magic point" in ev.text


def test_leftover_magic_points_lost():
    """RS-077: unspent points are gone; the next turn starts at 0."""
    s = me(base(), hand=(100, 104, 11, 15))
    s = play(summoning(s), "play 104", "summon 6", "done")
    assert "1 magic point is lost" in " ".join(e.text for e in s.events)
    assert s.data.turn == Turn()


def test_display_slides_right_and_refills_left():
    """RS-080: remaining cards slide right, new cards fill the left."""
    s = me(base(), hand=(100, 104, 106, 107))
    s = play(summoning(s), "play 104", "play 100", "play 106", "play 107", "summon 2", "summon 5")  # 3 + 2
    top = s.data.deck[:2]
    s = play(s, "done")
    assert s.data.display[2:] == (11, 31, 12, 71)
    assert set(s.data.display[:2]) == set(top)
    assert "refill_display" in keys(s)


def test_general_discard_reshuffled_when_deck_empty():
    """RS-081: the general discard becomes the new draw pile."""
    s = at(base(), deck=(50,), gdiscard=(60, 61, 62))
    s = me(s, hand=(100, 104, 106, 107))
    s = play(summoning(s), "play 104", "play 100", "play 106", "play 107", "summon 2", "summon 5", "done")
    assert "reshuffle_general" in keys(s)
    assert 0 not in s.data.display and s.data.gdiscard == () and len(s.data.deck) == 2


def test_empty_piles_leave_slots_empty():
    """RS-082: both piles empty: slots stay empty, no error."""
    s = at(base(), deck=(), gdiscard=())
    s = me(s, hand=(100, 104, 106, 107))
    s = play(summoning(s), "play 104", "play 100", "summon 5", "done")
    assert s.data.display.count(0) == 1 and "display_short" in keys(s)


def test_dragons_placed_in_later_refills_by_default():
    """RS-083 (gap): a dragon on top lands in the display unless the option sets it aside."""
    for aside, expect in ((False, True), (True, False)):
        s = at(base(dragons_set_aside_on_refill=aside), deck=(72, 50, 51))
        s = me(s, hand=(100, 104, 106, 107))
        s = play(summoning(s), "play 104", "summon 5", "done")
        assert (72 in s.data.display) is expect


def test_magic_points_rune_gives_two():
    """RS-210: with the Magic Points rune 2 points without cards; a cost-2 slot is affordable."""
    s = me(base(), hand=(100, 104, 106, 107), runes=("magic",))
    s = s.apply("action summon")
    assert "RS-210" in rules_of(s)
    s = s.apply("colour blue")
    assert s.data.turn.mp == 2 and "summon 4" in labels(s)
    s = play(s, "play 100")
    assert s.data.turn.mp == 3


def test_why_not_summon_from_empty_slot():
    """RS-073: an empty slot cannot be summoned."""
    s = at(base(), display=(0, 23, 31, 12, 43, 71))
    s = me(s, hand=(100, 104, 106, 107))
    s = play(summoning(s), "play 104", "play 100", "play 106", "play 107")
    with pytest.raises(IllegalAction) as err:
        s.apply("summon 1")
    assert err.value.rule == "RS-073"
    assert GAME.describe(s.legal_actions()[0], "de")
