"""Phase 2, trade (ZM-320 .. ZM-360, ZM-907)."""

import pytest

from rulekit.engine import IllegalAction
from rulekit.games.mines_of_zavandor.model import replace

from .helpers import G, at, cards, fresh, k, keys, labels, move_cards


def _trading(hand, seat=0, players=3, options=None, **changes):
    s = move_cards(fresh(players, **(options or {})), seat, hand)
    return at(s, "trade", seat, start=seat, turn=0, offers=0, **changes)


def _set_plank_piles(s, draw, discard):
    """Plank draw pile (top last) and discard counts; the rest of the plank cards go to seat 2."""
    d = s.data
    hand = list(d.players[2].hand)
    for kind in d.draw[1]:
        hand[kind] += 1
    for kind in draw:
        hand[kind] -= 1
    for colour, n in enumerate(discard):
        hand[4 + colour] -= n
    ps = list(d.players)
    ps[2] = replace(ps[2], hand=tuple(hand))
    return s.evolve(
        data=replace(
            d,
            draw=(d.draw[0], tuple(draw), *d.draw[2:]),
            discard=(d.discard[0], tuple(discard), *d.discard[2:]),
            players=tuple(ps),
        )
    )


def test_ZM320_bank_trade_two_for_one_of_the_same_cart():
    """ZM-320: hand in 2 plank cards (to the plank discard), get 1 plank card of the named gem."""
    s = _trading(cards(blue_plank=1, green_plank=1))
    assert labels(s) == ["bank", "offer", "done"]
    s = s.apply("bank")
    assert labels(s) == ["cart plank", "cancel"]
    s = s.apply("cart plank").apply("give blue").apply("give green")
    assert labels(s)[-1] == "cancel" and all(a.startswith("want") for a in labels(s)[:-1])
    s = s.apply("want red")
    hand = s.data.players[0].hand
    assert hand == cards(red_plank=1) and s.phase == "trade"
    assert sum(s.data.discard[1]) >= 2 and not G.invariants(s)


def test_ZM330_both_cards_must_share_the_cart_type():
    """ZM-330: one log + one plank card cannot go to the bank together."""
    s = _trading(cards(red_log=1, red_plank=1))
    with pytest.raises(IllegalAction) as err:
        s.apply("bank")
    assert err.value.rule == "ZM-330"
    s = _trading(cards(red_plank=1, blue_plank=1, red_log=2)).apply("bank")
    with pytest.raises(IllegalAction) as err:
        s.apply("cart metal")
    assert err.value.rule == "ZM-330"
    s = s.apply("cart plank").apply("give red")
    with pytest.raises(IllegalAction) as err:
        s.apply("give red")  # only one red plank card is held
    assert err.value.rule == "ZM-330"


def test_ZM340_ZM907_search_discard_first_then_turn_over_the_draw_pile():
    """ZM-340 / ZM-907: no red in the plank discard: blue and green are turned over (to the discard), red is taken."""
    s = _trading(cards(yellow_plank=2))
    s = _set_plank_piles(s, (k("red", "plank"), k("green", "plank"), k("blue", "plank")), (0, 0, 0, 0))
    s = s.apply("bank").apply("cart plank").apply("give yellow").apply("give yellow").apply("want red")
    assert s.data.players[0].hand == cards(red_plank=1)
    assert s.data.draw[1] == ()
    assert s.data.discard[1] == (0, 2, 1, 1)  # 2 yellow handed in, green and blue turned over
    assert "bank_draw" in keys(s) and not G.invariants(s)


def test_ZM340_found_in_the_discard_pile():
    """ZM-340: the wanted gem lies in the discard pile, so it is taken from there."""
    s = _trading(cards(yellow_plank=2))
    s = _set_plank_piles(s, (k("blue", "plank"),), (0, 0, 1, 0))
    s = s.apply("bank").apply("cart plank").apply("give yellow").apply("give yellow").apply("want green")
    assert s.data.players[0].hand == cards(green_plank=1) and s.data.draw[1] == (k("blue", "plank"),)
    assert "bank_discard" in keys(s)


def test_ZM907_absent_gem_turns_over_the_pile_and_returns_the_cards():
    """ZM-907 (rulekit's choice): any gem may be named, since whether one is left is hidden; when none is left
    the whole draw pile is turned over onto the discard pile and the two cards handed in come back."""
    s = _trading(cards(yellow_plank=2))
    s = _set_plank_piles(s, (k("blue", "plank"),), (0, 0, 0, 0))
    s = s.apply("bank").apply("cart plank").apply("give yellow").apply("give yellow")
    assert labels(s) == ["want red", "want yellow", "want green", "want blue", "cancel"]
    s = s.apply("want red")
    assert s.phase == "trade" and s.data.players[0].hand == cards(yellow_plank=2)
    assert s.data.draw[1] == () and s.data.discard[1] == (0, 0, 0, 1)
    assert [e.rule for e in s.events] == ["ZM-907"] and "2" not in s.events[0].text.split(":")[0]
    assert not G.invariants(s)


def test_ZM350_offer_accepted_swaps_the_cards():
    """ZM-350: P1 gives 3 red for 1 blue of P2, P2 accepts: hands updated."""
    s = _trading(cards(red_log=3))
    s = move_cards(s, 1, cards(blue_log=1))
    s = s.apply("offer").apply("to 1")
    for act in ["give red log", "give red log", "give red log", "next", "ask blue log", "propose"]:
        s = s.apply(act)
    assert s.to_move == 1 and s.phase == "trade_answer" and labels(s) == ["accept", "decline"]
    s = s.apply("accept")
    assert s.data.players[0].hand == cards(blue_log=1) and s.data.players[1].hand == cards(red_log=3)
    assert s.to_move == 0 and s.phase == "trade" and "accept" in keys(s)


def test_ZM350_offer_declined_changes_nothing_and_partner_without_cards_cannot_accept():
    """ZM-350: a declined offer changes no hand; asking what the partner lacks allows only decline."""
    s = _trading(cards(red_log=1))
    s = move_cards(s, 1, cards(green_log=1))
    s = s.apply("offer").apply("to 1").apply("give red log").apply("next").apply("ask blue log").apply("propose")
    assert labels(s) == ["decline"]
    with pytest.raises(IllegalAction) as err:
        s.apply("accept")
    assert err.value.rule == "ZM-350"
    s = s.apply("decline")
    assert s.data.players[0].hand == cards(red_log=1) and s.data.players[1].hand == cards(green_log=1)


def test_zm350_any_number_of_offers_but_each_offer_once_per_round():
    """ZM-350 (issue 17b): players trade "beliebig": after a declined offer the seat may offer again, but the
    very same offer to the same player is refused (rulekit's choice, so trading always ends)."""
    s = _trading(cards(red_log=1, blue_log=1))
    s = move_cards(s, 1, cards(green_log=2))
    offer = ["offer", "to 1", "give red log", "next", "ask green log"]
    for act in [*offer, "propose"]:
        s = s.apply(act)
    s = s.apply("decline")
    assert s.phase == "trade" and s.to_move == 0 and "offer" in labels(s)
    for act in offer:
        s = s.apply(act)
    assert "propose" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("propose")
    assert err.value.rule == "ZM-350" and "same offer" in err.value.reason
    s = s.apply("ask green log").apply("propose").apply("accept")  # a different offer: 1 red for 2 green
    assert s.data.players[0].hand == cards(blue_log=1, green_log=2) and s.to_move == 0 and "offer" in labels(s)


def test_zm350_an_offer_must_change_something():
    """ZM-350: giving and asking for the very same cards changes nothing and is refused."""
    s = move_cards(_trading(cards(red_log=1)), 1, cards(red_log=1))
    for act in ["offer", "to 1", "give red log", "next", "ask red log"]:
        s = s.apply(act)
    with pytest.raises(IllegalAction) as err:
        s.apply("propose")
    assert err.value.rule == "ZM-350" and "nothing" in err.value.reason


def test_zm350_the_old_limit_of_one_offer_per_turn_is_an_option():
    """ZM-350 option offer_limit=1: rulekit's old choice, one offer per trading turn."""
    s = move_cards(fresh(3, offer_limit=1), 0, cards(red_log=1))
    s = move_cards(s, 1, cards(green_log=1))
    s = at(s, "trade", 0, start=0, turn=0, offers=0)
    s = s.apply("offer").apply("to 1").apply("give red log").apply("next").apply("ask green log").apply("propose")
    s = s.apply("decline")
    assert "offer" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("offer")
    assert err.value.rule == "ZM-350"


def test_zm350_trading_ends_when_every_seat_is_done():
    """ZM-350: a seat that says done has ended its trading turn; after the last seat the bids begin (ZM-370)."""
    s = _trading(cards(red_log=2), players=2)
    s = s.apply("done")
    assert s.phase == "trade" and s.to_move == 1
    s = s.apply("done")
    assert s.phase == "auction_bidding" and s.data.made == ()


def test_ZM360_only_gem_cards_can_be_traded():
    """ZM-360: offering a point (or anything but gem cards) is refused."""
    s = _trading(cards(red_log=1)).apply("offer").apply("to 1")
    before = s.to_json()
    for bad in ("give vp 1", "ask card 3"):
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == "ZM-360"
    assert s.to_json() == before


def _bank_red(options, draw, discard=(0, 0, 0, 0)):
    """Seat 0 hands in two yellow plank cards and wants red, with the plank piles set (top of the draw last)."""
    s = _set_plank_piles(_trading(cards(yellow_plank=2), options=options), draw, discard)
    return s.apply("bank").apply("cart plank").apply("give yellow").apply("give yellow").apply("want red")


def test_zm_907_bank_turned_under_puts_the_turned_cards_back_under_the_pile():
    """ZM-907 option bank_turned=under: blue and green are turned over before red shows; they go back under the
    draw pile one by one (green, turned last, at the very bottom), not onto the discard pile as by default."""
    draw = (k("yellow", "plank"), k("red", "plank"), k("green", "plank"), k("blue", "plank"))
    s = _bank_red({"bank_turned": "under"}, draw)
    assert s.data.players[0].hand == cards(red_plank=1)
    assert s.data.draw[1] == (k("green", "plank"), k("blue", "plank"), k("yellow", "plank"))
    assert s.data.discard[1] == (0, 2, 0, 0) and "bank_draw_under" in keys(s) and not G.invariants(s)
    default = _bank_red({}, draw)
    assert default.data.draw[1] == (k("yellow", "plank"),) and default.data.discard[1] == (0, 2, 1, 1)


def test_zm_907_bank_absent_lost_keeps_the_two_cards_on_the_discard_pile():
    """ZM-907 option bank_absent=lost: no red anywhere: the trader gets nothing and the two cards stay handed in
    (by default they come back, see test_ZM907_absent_gem_...)."""
    s = _bank_red({"bank_absent": "lost"}, (k("blue", "plank"),))
    assert s.phase == "trade" and s.data.players[0].hand == (0,) * 16
    assert s.data.draw[1] == () and s.data.discard[1] == (0, 2, 0, 1)
    assert [e.key for e in s.events] == ["bank_lost"] and s.events[0].rule == "ZM-907" and not G.invariants(s)
    s = _bank_red({"bank_absent": "lost", "bank_turned": "under"}, (k("blue", "plank"), k("green", "plank")))
    assert s.data.draw[1] == (k("blue", "plank"), k("green", "plank"))  # all turned, each put under: same order
    assert s.data.discard[1] == (0, 2, 0, 0)
    assert [e.key for e in s.events] == ["bank_lost_under"] and not G.invariants(s)
