"""Phase 4 (upgrade), end of round and end of game (ZM-540 .. ZM-690, ZM-910 .. ZM-914)."""

import pytest

from rulekit.engine import IllegalAction
from rulekit.games.mines_of_zavandor.model import replace
from rulekit.games.mines_of_zavandor.upgrade import score

from .helpers import G, T, at, card_id, cards, empty_hands, fresh, keys, labels, move_cards, player, put_card


def _upgrading(hand, seat=0, players=3, king=0, **changes):
    s = move_cards(empty_hands(fresh(players)), seat, hand)
    return at(s, "upgrade", seat, start=seat, turn=0, king=king, **changes)


def _refused(state, action):
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.to_json() == before
    return err.value.rule


def test_ZM540_several_different_objects_in_one_phase():
    """ZM-540: clan board and two cave cards each go up one step in the same phase."""
    s = _upgrading(cards(blue_log=6, green_log=4, red_gold=4))
    s = put_card(put_card(s, 0, 1, card_id("clan", "red")), 0, 2, card_id("clan", "yellow"))
    for act in ["upgrade clan", "upgrade 1", "upgrade 2"]:
        s = s.apply(act)
    p = s.data.players[0]
    assert p.level == 2 and p.caves[1][1] == 1 and p.caves[2][1] == 1 and not G.invariants(s)


def test_ZM550_each_object_once_per_round():
    """ZM-550: a second upgrade of the clan board in the same phase is refused."""
    s = _upgrading(cards(blue_log=4)).apply("upgrade clan")
    assert "upgrade clan" not in labels(s)
    assert _refused(s, "upgrade clan") == "ZM-550"


def test_ZM560_printed_gem_and_point_prices():
    """ZM-560: a mine shaft costs its printed 2 gems of its colour; a hoard costs 1 point."""
    shaft = card_id("extra", "green")
    assert T.cards[shaft].price.gems == (0, 0, 2, 0)
    s = put_card(_upgrading(cards(green_log=3, blue_log=1)), 0, 1, shaft).apply("upgrade 1")
    assert s.data.players[0].hand == cards(green_log=1, blue_log=1)
    hoard = card_id("treasure", "red")
    s = put_card(_upgrading((0,) * 16), 0, 1, hoard)
    assert _refused(s, "upgrade 1") == "ZM-560"
    s = player(s, 0, vp=3).apply("upgrade 1")
    assert s.data.players[0].vp == 2 and s.data.players[0].caves[1][1] == 1


def test_ZM570_ZM912_meeple_price_follows_the_king():
    """ZM-570 / ZM-912: the clan board costs the king's space price, in gem colours of any cart type."""
    s = _upgrading(cards(blue_gold=1), king=0)  # start space: 1 blue
    assert T.road_price[0] == (0, 0, 0, 1)
    assert s.apply("upgrade clan").data.players[0].hand == (0,) * 16
    moved = at(s, "upgrade", 0, king=2)  # 2 green
    assert _refused(moved, "upgrade clan") == "ZM-570"


def test_ZM580_ZM120_upgrade_adds_a_cube_on_the_next_space():
    """ZM-580 / ZM-120: the track goes from 2 to 3 cubes; the supply loses one cube."""
    s = player(_upgrading(cards(blue_log=1)), 0, level=2)
    s = s.evolve(data=replace(s.data, cubes=s.data.cubes - 1))
    cubes = s.data.cubes
    s = s.apply("upgrade clan")
    assert s.data.players[0].level == 3 and s.data.cubes == cubes - 1 and "cube" in keys(s)


def test_ZM590_full_track_cannot_rise():
    """ZM-590: a full clan track cannot rise."""
    s = player(_upgrading(cards(blue_log=2)), 0, level=5)
    s = s.evolve(data=replace(s.data, cubes=s.data.cubes - 4))
    assert _refused(s, "upgrade clan") == "ZM-590"


def test_zm520_face_up_bid_cards_cannot_pay_and_the_refusal_says_so():
    """ZM-520 / ZM-590 (issue 17d): cards left in a lost bid would pay the king's price but may not; the
    refusal cites ZM-520 (bid cards stay on the table), not the king's price rule ZM-570."""
    s = _upgrading((0,) * 16)
    s = move_cards(s, 0, cards(blue_log=1))
    s = player(s, 0, hand=(0,) * 16, bid=cards(blue_log=1))  # a lost blue bid
    with pytest.raises(IllegalAction) as err:
        s.apply("upgrade clan")
    assert err.value.rule == "ZM-520" and "face-up" in err.value.reason and "offenen" in err.value.text("de")
    s = player(s, 0, bid=(0,) * 16)  # with neither hand nor bid able to pay, the king's price is the reason
    s = move_cards(s, 0, (0,) * 16)
    assert _refused(s, "upgrade clan") == "ZM-570"


def test_ZM910_no_cube_in_the_supply_no_upgrade():
    """ZM-910 (rulekit's choice): an upgrade needs a cube from the supply of 70."""
    s = _upgrading(cards(blue_log=1))
    s = s.evolve(data=replace(s.data, cubes=0))
    assert _refused(s, "upgrade clan") == "ZM-910"


def _cleanup(state):
    return at(state, "round_cleanup", None).advance()


def test_ZM600_ZM909_unsold_cards_discarded_display_slides():
    """ZM-600 / ZM-909: the unsold red card is discarded, the middle card slides right, the stack top turns up."""
    s = fresh(3)
    middle, right = s.data.display[0]
    top = s.data.stacks[0][-1]
    s = _cleanup(s)
    assert s.data.display[0] == (top, middle) and right in s.data.gone and "unsold" in keys(s)


def test_ZM913_empty_stack_leaves_the_space_empty():
    """ZM-913 (rulekit's choice): no card left in the stack: the middle space stays empty."""
    s = fresh(3)
    gone = s.data.gone + s.data.stacks[0]
    s = s.evolve(data=replace(s.data, stacks=((),) + s.data.stacks[1:], gone=gone))
    middle = s.data.display[0][0]
    s = _cleanup(s)
    assert s.data.display[0] == (-1, middle) and not G.invariants(s)


def test_ZM610_bid_cards_return_to_hand():
    """ZM-610: the loser's 3 face-up red cards go back to his hand."""
    s = move_cards(empty_hands(fresh(3)), 1, cards(red_plank=3))
    s = player(s, 1, hand=(0,) * 16, bid=cards(red_plank=3))
    s = _cleanup(s)
    assert s.data.players[1].hand == cards(red_plank=3) and s.data.players[1].bid == (0,) * 16


def test_ZM620_start_player_passes_clockwise():
    """ZM-620: start player seat 3 of 4 -> seat 0; a new round starts with income."""
    s = _cleanup(at(fresh(4), "round_cleanup", None, start=3))
    assert s.data.start == 0 and s.phase == "income_base" and s.data.round == 2


def test_ZM630_game_ends_after_the_upgrade_phase_with_the_king_in_the_hall():
    """ZM-630: the upgrade phase is played; then the final exchange follows instead of the clean-up."""
    s = _upgrading(cards(red_log=1, yellow_log=1), king=len(T.road) - 1)
    assert "upgrade clan" in labels(s)  # the last round's upgrades still happen
    s = s.apply("done").apply("done").apply("done", settle=False)
    assert s.phase == "check_game_end"
    s = s.advance()
    assert s.phase == "final_gem_exchange" and "game_end" in keys(s)
    t = at(s, "check_game_end", None, king=3).advance()
    assert t.phase == "round_cleanup"


def test_ZM640_three_gem_cards_for_one_point():
    """ZM-640: a hand of 7 gives at most 2 points and keeps 1 card."""
    s = move_cards(empty_hands(fresh(2)), 0, cards(blue_log=7))
    s = at(s, "final_gem_exchange", 0, start=0, turn=0)
    s = s.apply("exchange").apply("exchange")
    assert labels(s) == ["done"] and sum(s.data.players[0].hand) == 1 and s.data.players[0].vp == 2
    assert _refused(s, "exchange") == "ZM-640"


def _final(state):
    return at(state, "final_scoring", None).advance()


def test_ZM650_grey_coins_one_yellow_coins_five():
    """ZM-650: 13 points in coins are 2 yellow and 3 grey coins."""
    s = _final(player(fresh(2), 0, vp=13))
    coins = [e for e in s.events if e.key == "coins"][0]
    assert "2 yellow, 3 grey" in coins.text and (T.setup["coin_grey"], T.setup["coin_yellow"]) == (1, 5)
    assert s.scores[0] == 13


def test_ZM660_only_fully_upgraded_objects_score():
    """ZM-660: a full clan track scores its value; a card one cube short scores nothing."""
    s = player(fresh(2), 0, level=5)
    s = s.evolve(data=replace(s.data, cubes=s.data.cubes - 4))
    diggers = card_id("clan", "red")
    s = put_card(s, 0, 1, diggers, cubes=2)
    assert score(T, s.data, s.data.players[0]) == (0, T.normal.value, 0)
    s = put_card(s, 0, 1, diggers, cubes=3)
    assert score(T, s.data, s.data.players[0])[1] == T.normal.value + T.cards[diggers].value


def test_ZM670_special_cards_add_printed_points():
    """ZM-670: a guild hall scores 1 point per clan card on the board."""
    s = put_card(fresh(2), 0, 1, card_id("clan", "red"))
    s = put_card(s, 0, 2, card_id("clan", "yellow"))
    s = put_card(s, 0, 3, card_id("special", "red"))
    assert score(T, s.data, s.data.players[0])[2] == 2


def test_ZM680_most_points_win():
    """ZM-680: 30 against 28 points: the first seat wins alone."""
    s = player(player(fresh(2), 0, vp=30), 1, vp=28)
    s = _final(s)
    assert s.is_over and s.winners == (0,) and "game_winner" in keys(s)


def test_ZM914_tie_shared_or_by_cards_left():
    """ZM-914: equal points: a shared win by default; option tiebreak=most_cards favours more cards."""
    s = player(player(fresh(2), 0, vp=5), 1, vp=5)
    assert _final(s).winners == (0, 1)
    t = player(player(fresh(2, tiebreak="most_cards"), 0, vp=5), 1, vp=5)
    t = move_cards(move_cards(t, 0, cards(blue_log=1)), 1, cards(blue_log=2))
    assert _final(t).winners == (1,)


def test_zm_690_nothing_after_the_end():
    """ZM-690: after the final scoring every action is refused, citing ZM-690 (not "engine")."""
    s = _final(fresh(2))
    assert s.legal_actions() == []
    for label in ("done", "pass", "bid 3"):
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == "ZM-690"


def test_zm_909_declined_card_stays_for_the_next_round():
    """ZM-909 option declined_card=stays: seat 0 won red but took points: the red card stays on its space and no
    new red card comes out; yellow had no bid and is discarded as unsold (ZM-600). By default both are discarded."""
    results = ((0, 3), (-1, 0), (-1, 0), (-1, 0))  # red, yellow, green, blue (the auction order)
    for option, stays in (("discard", False), ("stays", True)):
        s = at(fresh(3, declined_card=option), "round_cleanup", None, results=results)
        red, yellow = s.data.display[0], s.data.display[1]
        s = _cleanup(s)
        assert (s.data.display[0] == red) is stays and (red[1] in s.data.gone) is not stays
        assert s.data.display[1][1] == yellow[0] and yellow[1] in s.data.gone
        assert ("card_stays" in keys(s)) is stays and not G.invariants(s)


def test_zm_913_empty_stack_reshuffle_makes_a_new_stack_of_discarded_cards():
    """ZM-913 option empty_stack=reshuffle: the red stack is empty: the discarded red cards (with this round's
    unsold one) are shuffled into a new stack and its top card comes out; by default the space stays empty."""
    s = fresh(3, empty_stack="reshuffle")
    old = s.data.stacks[0]
    s = s.evolve(data=replace(s.data, stacks=((),) + s.data.stacks[1:], gone=s.data.gone + old))
    middle, right = s.data.display[0]
    s = _cleanup(s)
    new, slid = s.data.display[0]
    assert slid == middle and new in (*old, right) and len(s.data.stacks[0]) == len(old)
    assert not any(T.cards[c].colour == 0 for c in s.data.gone) and "stack_reshuffled" in keys(s)
    assert not G.invariants(s)


def test_zm_913_hand_limit_makes_a_seat_over_it_discard_at_the_round_end():
    """ZM-913 option hand_limit=8: after the bids come back (ZM-610) seat 1 holds 10 cards and discards 2 of its
    choice onto their discard piles; then the next round's income starts. By default (0) there is no limit."""
    s = move_cards(empty_hands(fresh(3, hand_limit=8)), 1, cards(green_plank=7, blue_log=3))
    s = player(s, 1, hand=cards(green_plank=5, blue_log=3), bid=cards(green_plank=2))
    s = _cleanup(at(s, "round_cleanup", None, start=0))
    assert s.phase == "hand_limit" and s.to_move == 1 and "hand_over" in keys(s)
    assert labels(s) == ["discard blue log", "discard green plank"]
    with pytest.raises(IllegalAction) as err:
        s.apply("discard red gold")
    assert err.value.rule == "ZM-913"
    s = s.apply("discard blue log", settle=False)
    assert s.phase == "hand_limit" and s.to_move == 1
    s = s.apply("discard blue log", settle=False)
    assert s.phase == "income_base" and s.data.players[1].hand == cards(green_plank=7, blue_log=1)
    assert s.data.discard[0][3] == 2 and not G.invariants(s)
    unlimited = move_cards(empty_hands(fresh(3)), 1, cards(green_plank=7, blue_log=3))
    assert _cleanup(at(unlimited, "round_cleanup", None)).phase == "income_base"


def test_zm_910_coin_supply_limited_ends_the_final_exchange_when_the_coins_are_gone():
    """ZM-910 option coin_supply=limited: the box holds 70 points in coins (facts: 10 yellow, 20 grey); with 69
    taken, one exchange empties it and the next is refused citing ZM-910. By default coins never run out."""
    for option, second in (("unlimited", True), ("limited", False)):
        s = move_cards(empty_hands(fresh(2, coin_supply=option)), 0, cards(blue_log=7))
        s = player(at(s, "final_gem_exchange", 0, start=0, turn=0), 1, vp=69)
        s = s.apply("exchange")
        assert ("exchange" in labels(s)) is second
    assert _refused(s, "exchange") == "ZM-910" and s.data.players[0].vp == 1
