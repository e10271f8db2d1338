"""Phase 3c: open auctions (ZS-050, ZS-400..ZS-470, gaps ZS-913..ZS-915)."""

import pytest

from rulekit.engine import IllegalAction

from .helpers import CFG, GAME, energy, gems, hub, know, labels, play, setp, settable


def table(players=3, offer=("spellbook", "magic_wand", "magic_mirror"), dust=(0, 0, 20), **options):
    """Seat 0 acts first; every player has ``dust``; the offer holds ``offer`` (taken from the deck)."""
    s = hub(players, **options)
    deck = list(s.data.art_deck) + list(s.data.offer)
    for a in offer:
        deck.remove(a)
    s = settable(s, offer=tuple(offer), art_deck=tuple(deck))
    for i in range(players):
        s = setp(s, i, dust=dust, cards=())
    return s


def test_offer_size_and_sentinels_zs050():
    """ZS-050 / ZS-902: the offer holds as many artifacts as players; every sentinel can be auctioned."""
    for n in (2, 6):
        s = GAME.new(players=n, seed=3)
        assert len(s.data.offer) == n
    s = table(dust=(0, 0, 30))
    assert all(f"auction {x}" in labels(s) for x in CFG.sentinel_ids)


def test_open_auction_for_artifact_zs400():
    """ZS-400: opening an auction names the item; the opener must make the opening bid."""
    s = table().apply("auction spellbook")
    assert s.phase == "auction" and s.to_move == 0 and s.data.auction.item == "spellbook"
    with pytest.raises(IllegalAction) as err:
        s.apply("pass")
    assert err.value.rule == "ZS-410"


def test_opening_bid_at_least_printed_price_zs410():
    """ZS-410: printed price 20: 19 refused, 20 accepted."""
    s = table().apply("auction spellbook")
    with pytest.raises(IllegalAction) as err:
        s.apply("bid 19")
    assert err.value.rule == "ZS-410"
    assert s.apply("bid 20").data.auction.high == 20


def test_bidding_goes_round_until_one_bid_remains_zs420():
    """ZS-420: P1 opens 20, P2 bids 22, P3 passes, P1 passes -> P2 wins at 22."""
    s = play(table(), "auction spellbook", "bid 20")
    assert s.to_move == 1
    s = play(s, "bid 22")
    assert s.to_move == 2
    s = play(s, "pass")
    assert s.to_move == 0
    s = play(s, "pass")
    assert s.phase == "pay_auction" and s.to_move == 1 and s.data.pay.due == 22
    s = play(s, "pay auto")
    assert "spellbook" in s.data.p[1].arts and s.to_move == 0 and s.phase == "player_actions"


def test_bid_must_be_higher_zs420():
    """ZS-420: a bid not above the high bid is refused."""
    s = play(table(), "auction spellbook", "bid 20")
    with pytest.raises(IllegalAction) as err:
        s.apply("bid 20")
    assert err.value.rule == "ZS-420"


def test_winner_pays_bid_with_surcharge_zs430():
    """ZS-430 / ZS-913: turn-order place 1 with 10+ VP pays +10 on an artifact."""
    s = settable(table(), vp_start=(12, 3, 3))
    s = play(s, "auction spellbook", "bid 20", "pass", "pass")
    assert s.data.pay.due == 30
    before = energy(s, 0)
    s = play(s, "pay dust 10", "pay dust 10", "pay dust 10")
    assert energy(s, 0) == before - 30 and "spellbook" in s.data.p[0].arts


def test_discounts_for_last_places_and_knowledge_zs913():
    """ZS-913 (gap): place 5 gets -5 on artifacts when anyone has 10+ VP; Artifacts knowledge 2 gives -5; never below 0."""
    from rulekit.games.scepter_of_zavandor.model import item_price

    s = table(players=6)
    s = settable(s, vp_start=(0, 0, 0, 0, 0, 11))
    t = s.data
    assert item_price(CFG, t, t.order[4], "artifact", "spellbook", 20, s.options) == 15
    assert item_price(CFG, t, t.order[5], "sentinel", "fox", 120, s.options) == 100
    s = setp(s, 0, know=know(artifacts=2))
    assert item_price(CFG, s.data, 0, "artifact", "spellbook", 20, s.options) == 15
    s = setp(s, 0, know=know(artifacts=4), arts=("mask_of_charisma",))
    assert item_price(CFG, s.data, 0, "sentinel", "fox", 120, s.options) == 80
    free = dict(s.options, place_surcharge_artifact=(-50, 0, 0, 0, 0, 0))
    assert item_price(CFG, s.data, 0, "artifact", "spellbook", 20, free) == 0


def test_surcharges_are_options_for_designers_zs913():
    """ZS-913: the place modifiers are rule options that a sweep can change."""
    s = table(place_surcharge_artifact=(0, 0, 0, 0, 0, 0))
    s = settable(s, vp_start=(40, 0, 0))
    s = play(s, "auction spellbook", "bid 20", "pass", "pass")
    assert s.data.pay.due == 20


def test_wand_and_belt_only_once_zs440():
    """ZS-440: a Wand owner may not auction a second Wand and does not bid on one; a 2nd Spellbook is fine."""
    s = table(offer=("spellbook", "magic_wand", "spellbook"), dust=(0, 0, 20))
    s = setp(s, 0, arts=("magic_wand", "spellbook"))
    with pytest.raises(IllegalAction) as err:
        s.apply("auction magic_wand")
    assert err.value.rule == "ZS-440"
    assert "auction spellbook" in labels(s)
    s2 = setp(table(), 1, arts=("magic_wand",), dust=(0, 0, 20))
    s2 = s2.apply("auction magic_wand")
    assert 1 not in s2.data.auction.seats
    assert "ZS-440" in [e.rule for e in s2.events]


def test_several_artifacts_in_one_round_zs450():
    """ZS-450 / ZS-210: win two auctions in one turn."""
    s = play(
        table(),
        "auction spellbook",
        "bid 20",
        "pass",
        "pass",
        "pay auto",
        "auction magic_wand",
        "bid 60",
        "pass",
        "pass",
        "pay auto",
    )
    assert {"spellbook", "magic_wand"} <= set(s.data.p[0].arts)


def test_bid_must_be_payable_zs460():
    """ZS-460: a player with 15 dust and no gems may not bid 16; gems count at half price."""
    s = play(table(), "auction spellbook", "bid 20")
    s = setp(s, 1, dust=(0, 1, 1), active=gems(), stored=gems())
    assert labels(s) == ["pass"]
    with pytest.raises(IllegalAction) as err:
        s.apply("bid 21")
    assert err.value.rule == "ZS-460"
    s = setp(s, 1, active=gems(2, 1))  # 2 opals (5 each) + 1 sapphire (10) = 20 more
    assert "bid 21" in labels(s)


def test_winner_may_sell_gems_to_pay_zs460():
    """ZS-460 (rulekit's choice): the winner sells gems while paying, so a won bid is always paid."""
    s = setp(table(), 0, dust=(0, 0, 2), active=gems(2, 1))  # 20 dust + gems worth 20
    s = play(s, "auction spellbook", "bid 25", "pass", "pass")
    assert "sell opal" in labels(s)
    s = play(s, "pay auto")
    assert "spellbook" in s.data.p[0].arts and GAME.invariants(s) == []
    assert sum(s.data.p[0].active) < 3


def test_won_items_leave_the_offer_and_sentinels_count_zs470():
    """ZS-470: a won artifact leaves the offer until phase 1; a won sentinel is in play."""
    s = play(table(), "auction spellbook", "bid 20", "pass", "pass", "pay auto")
    assert "spellbook" not in s.data.offer and len(s.data.offer) == 2
    s = setp(s, 0, dust=(0, 0, 20))
    s = play(s, "auction fox", "bid 120", "pass", "pass", "pay auto")
    assert "fox" in s.data.p[0].sents and "fox" not in s.data.sents
    assert "ZS-470" in [e.rule for e in s.events]


def test_pass_is_final_zs914():
    """ZS-914 (gap): a player who passed gets no further turn; with pass_is_final=False he may bid again."""
    s = play(table(), "auction spellbook", "bid 20", "pass")  # P2 passes
    s = play(s, "bid 21")  # P3
    assert s.to_move == 0
    s = play(s, "bid 22")  # P1
    assert s.to_move == 2  # P2 skipped: he is out
    s = play(table(pass_is_final=False), "auction spellbook", "bid 20", "pass", "bid 21", "bid 22")
    assert s.to_move == 1


def test_many_auctions_but_pay_first_zs915():
    """ZS-915 (gap): a won item is paid before another auction can be opened; opening one while
    paying is refused citing the rule of auctions (ZS-400) and naming the payment phase (issue 25:
    the rule of the refused action's kind, not a fallback rule of the phase)."""
    s = play(table(), "auction spellbook", "bid 20", "pass", "pass")
    with pytest.raises(IllegalAction) as err:
        s.apply("auction magic_wand")
    assert err.value.rule == "ZS-400" and GAME.phases["pay_auction"].name in err.value.reason
    s = play(s, "pay auto", "auction magic_wand")
    assert s.phase == "auction"


def test_mirror_makes_others_give_up_a_gem_zs903():
    """ZS-903 (gap): after the Magic Mirror, each other player returns one active gem of his choice."""
    s = play(table(), "auction magic_mirror", "bid 40", "pass", "pass", "pay auto")
    assert s.phase == "lose_gem" and s.to_move == 1
    s = play(s, "lose sapphire")
    assert s.to_move == 2
    s = play(s, "lose opal")
    assert s.phase == "player_actions" and s.data.p[1].active == gems(2) and s.data.p[2].active == gems(1, 1)
    assert s.data.p[0].prepaid == 1 and s.data.p[0].markers == (20, 25, 30, 35)
    assert GAME.invariants(s) == []


def test_elixir_brings_a_free_diamond_zs903():
    """ZS-903 (gap): the Elixir allows diamonds and brings one for free."""
    s = table(offer=("elixir", "spellbook", "runestone"))
    s = play(s, "auction elixir", "bid 60", "pass", "pass", "pay auto")
    assert s.data.p[0].active[3] == 1 and "enchant diamond" in labels(setp(s, 0, dust=(0, 0, 5)))


def test_zs_420_after_a_pass_the_outbid_opener_is_asked_next():
    """ZS-420 / ZS-914 (issue 17a): turn order 0,1,2,3; P1 opens, P2 and P3 raise, P4 passes and
    leaves: the rotation goes on clockwise from P4, so the outbid opener P1 bids next, not P2."""
    s = table(players=4, dust=(0, 0, 20))
    assert s.data.order == (0, 1, 2, 3)
    s = play(s, "auction spellbook", "bid 20", "bid 21", "bid 22", "pass")
    assert s.data.auction.seats == (0, 1, 2) and s.data.auction.leader == 2
    assert s.to_move == 0
    s = play(s, "pass")  # P1 leaves: P2 next, then the high bidder P3 wins when P2 passes
    assert s.to_move == 1
    s = play(s, "pass")
    assert s.phase == "pay_auction" and s.to_move == 2


def test_zs_420_rotation_follows_turn_order_not_seat_numbers():
    """ZS-420: bidding goes round in turn order (here 2, 0, 3, 1), skipping those who passed."""
    s = table(players=4, dust=(0, 0, 20))
    s = settable(s, order=(2, 0, 3, 1)).evolve(to_move=2)
    s = play(s, "auction spellbook", "bid 20", "pass", "bid 21")  # P3 opens, P1 passes, P4 raises
    assert s.to_move == 1  # P2, next in turn order after P4
    s = play(s, "pass")
    assert s.to_move == 2  # the opener, outbid by P4
