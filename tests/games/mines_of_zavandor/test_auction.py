"""Phase 3, the four sealed auctions (ZM-370 .. ZM-530, ZM-908, ZM-909, ZM-910)."""

import pytest

from rulekit.engine import IllegalAction
from rulekit.games.mines_of_zavandor.auction import bid_sizes
from rulekit.games.mines_of_zavandor.model import FREE

from .helpers import G, T, at, card_id, cards, empty_hands, fresh, keys, labels, move_cards, player, put_card


def _resolving(bids, start=0, players=3, colour=0, options=None, **changes):
    """Bids already revealed, about to resolve auction ``colour`` (index into red, yellow, green, blue)."""
    s = empty_hands(fresh(players, **(options or {})))
    for seat, bid in enumerate(bids):
        s = move_cards(s, seat, bid)
        s = player(s, seat, hand=(0,) * 16, bid=bid, sealed=True)
    return at(s, "auction_count", None, start=start, revealed=True, colour=colour, **changes)


def test_ZM370_four_auctions_for_the_right_hand_cards():
    """ZM-370: one auction per colour, each for the right-hand card of its row."""
    s = fresh(4)
    view = s.view(0)
    assert [row["colour"] for row in view["display"]] == ["red", "yellow", "green", "blue"]
    assert all(row["right"] >= 0 for row in view["display"])


def test_ZM380_bids_are_built_in_turn_and_sealed():
    """ZM-380: each seat moves cards into a sealed bid, then the next seat bids."""
    s = move_cards(fresh(3), 0, cards(red_log=2, blue_plank=1))
    s = at(s, "auction_bidding", 0, start=0, turn=0)
    assert labels(s) == ["bid red", "bid blue", "seal"]
    s = s.apply("bid red").apply("bid blue")
    assert s.data.players[0].bid == cards(red_log=1, blue_plank=1) and s.data.players[0].hand == cards(red_log=1)
    # adding a card tells only the bidder (a private event); other seats do not even count the step
    assert [e.visible_to(0) for e in s.events] == [True] and not any(e.visible_to(1) for e in s.events)
    assert s.view(0)["step"] == s.step and s.view(1)["step"] == s.step - 2
    s = s.apply("seal")
    assert s.to_move == 1 and s.data.players[0].sealed and "sealed" in keys(s)


def test_ZM380_sealed_bid_hidden_from_other_seats_until_reveal():
    """ZM-380 / ZM-410: view(seat) shows only its own bid before the reveal; bids and their sizes are hidden."""
    s = move_cards(fresh(3), 0, cards(red_log=2, blue_log=3))
    s = at(s, "auction_bidding", 0, start=0, turn=0)
    for act in ["bid red", "bid red", "bid blue", "seal"]:
        s = s.apply(act)
    own, other, teacher = s.view(0)["by_seat"][0], s.view(1)["by_seat"][0], s.view(None)["by_seat"][0]
    assert own["bid"] == list(cards(red_log=2, blue_log=1)) and own["bid_sizes"] == [2, 0, 0, 1]
    assert other["bid"] is None and other["bid_sizes"] is None and other["hand"] is None
    assert other["cards_by_cart"] == [5, 0, 0, 0]  # hand and sealed bid counted together
    assert other["bid_status"] == "sealed" and teacher["bid"] is not None
    texts = " ".join(
        str(i.get("label", "")) for i in G.scene(s, 1)["items"] if "id" in i and str(i["id"]).startswith("bid-0")
    )
    assert "2" not in texts and "1" not in texts.replace("P1", "")


def test_ZM390_only_cards_of_the_colour_count():
    """ZM-390: a colour not held cannot be bid; a bid counts cards of its colour only."""
    s = at(move_cards(fresh(3), 0, cards(green_log=2)), "auction_bidding", 0, start=0, turn=0)
    with pytest.raises(IllegalAction) as err:
        s.apply("bid red")
    assert err.value.rule == "ZM-390"
    assert bid_sizes(cards(green_log=2, red_gold=1)) == [1, 0, 2, 0]


def test_ZM400_empty_bid_allowed_and_size_ignores_cart_type():
    """ZM-400: sealing zero cards is fine; 3 blue of mixed carts is a bid of 3."""
    s = at(fresh(3), "auction_bidding", 0, start=0, turn=0)
    assert "seal" in labels(s)
    assert bid_sizes(cards(blue_log=1, blue_gold=2))[3] == 3


def test_ZM410_reveal_once_after_all_bids_are_sealed():
    """ZM-410: the reveal is one automatic step after the last seal; then every bid is visible."""
    s = at(fresh(2), "auction_bidding", 0, start=0, turn=0)
    s = s.apply("seal", settle=False)
    assert s.phase == "auction_bidding" and s.to_move == 1
    s = s.apply("seal", settle=False)
    assert s.phase == "auction_reveal" and s.automatic
    s = s.advance()
    assert s.data.revealed and keys(s)[0] == "reveal" and keys(s).count("reveal_bid") == 2
    assert s.view(1)["by_seat"][0]["bid"] is not None


def test_ZM420_auctions_resolved_top_to_bottom():
    """ZM-420: red, yellow, green, blue, in that order."""
    s = _resolving([cards(red_log=1, yellow_log=1, green_log=1, blue_log=1), (0,) * 16, (0,) * 16])
    gems = []
    while s.phase in ("auction_count", "auction_resolve"):
        if s.automatic:
            s = s.advance()
            gems += [e.text.split(" the ")[1].split()[0] for e in s.events if e.key == "winner"]
        else:
            s = s.apply("king stay", settle=False)
    assert gems == ["red", "yellow", "green", "blue"]


def test_ZM430_most_cards_win():
    """ZM-430: red bids 2, 3, 0: the second seat wins."""
    s = _resolving([cards(red_log=2), cards(red_plank=3), (0,) * 16]).advance()
    assert s.to_move == 1 and s.data.winner == 1


def test_ZM440_tie_goes_to_the_player_nearer_the_start_player():
    """ZM-440: start player seat 1 of 4; seats 0 and 2 tie: seat 2 wins (order 1, 2, 3, 0)."""
    s = _resolving([cards(red_log=1), (0,) * 16, cards(red_log=1), (0,) * 16], start=1, players=4).advance()
    assert [e.rule for e in s.events if e.key == "winner"] == ["ZM-440"]
    assert s.data.players[2].vp == 1 and s.data.players[0].vp == 0


def test_ZM450_one_card_pays_and_scores_one_point():
    """ZM-450: a winner with 1 card pays it and gets 1 point, no choice."""
    s = _resolving([cards(red_log=1), (0,) * 16, (0,) * 16]).advance()
    assert s.data.players[0].vp == 1 and s.data.players[0].bid == (0,) * 16
    assert s.data.discard[0][0] == 1 and "reward_vp" in keys(s)


def test_ZM460_ZM908_card_tier_depends_on_the_colour():
    """ZM-460 / ZM-908: 3 red cards may take the card; 3 green cards (needs 4) only 1 point."""
    s = _resolving([cards(red_log=3), (0,) * 16, (0,) * 16]).advance()
    assert labels(s) == ["reward vp1", "reward card"]
    g = _resolving([cards(green_log=3), (0,) * 16, (0,) * 16], colour=2).advance()
    assert g.data.players[0].vp == 1 and g.automatic
    assert (T.card_at, T.top_at) == ((3, 3, 4, 4), (8, 8, 9, 9))


def test_ZM470_top_tier_card_and_eight_points_or_ten_points():
    """ZM-470: 8 red cards: card + 8 points, or 10 points."""
    bid = cards(red_log=3, red_plank=4, red_metal=1)
    s = _resolving([bid, (0,) * 16, (0,) * 16]).advance()
    assert labels(s) == ["reward vp1", "reward card", "reward card8", "reward vp10"]
    right = s.data.display[0][1]
    a = s.apply("reward card8", settle=False)
    assert a.data.players[0].vp == 8 and (right, 0) in a.data.players[0].caves
    b = s.apply("reward vp10", settle=False)
    assert b.data.players[0].vp == 10 and all(c != right for c, _ in b.data.players[0].caves)


def test_ZM480_winner_pays_the_whole_bid_to_the_cart_discards():
    """ZM-480: 6 red of mixed cart types all land on their cart types' discard piles."""
    s = _resolving([cards(red_log=2, red_plank=2, red_gold=2), (0,) * 16, (0,) * 16]).advance()
    assert [s.data.discard[c][0] for c in range(4)] == [2, 2, 0, 2]
    assert s.data.players[0].bid == (0,) * 16 and "pay" in keys(s)


def test_ZM490_blue_winner_may_move_the_king():
    """ZM-490: the blue winner chooses: king +1, or the king stays."""
    s = _resolving([cards(blue_log=1), (0,) * 16, (0,) * 16], colour=3).advance()
    assert labels(s) == ["king advance", "king stay"]
    assert s.apply("king advance", settle=False).data.king == 1
    assert s.apply("king stay", settle=False).data.king == 0


def test_ZM500_won_card_goes_at_once_onto_a_free_cave_space():
    """ZM-500: the won card lies on a free cave space, with no cube yet."""
    s = _resolving([cards(red_log=3), (0,) * 16, (0,) * 16]).advance()
    right = s.data.display[0][1]
    s = s.apply("reward card", settle=False)
    assert s.data.players[0].caves[1] == (right, 0) and s.data.display[0][1] == -1 and s.data.sold[0]
    assert "placed" in keys(s) and not G.invariants(s)


def test_ZM510_ZM910_full_board_removes_a_card_first():
    """ZM-510 / ZM-910: all caves full: the winner picks a card to remove; it is discarded, its cubes return."""
    s = _resolving([cards(red_log=3), (0,) * 16, (0,) * 16], players=4)
    fillers = [c.id for c in T.cards if c.colour == 1 and c.players == 2][:5]
    for slot, cid in enumerate(fillers, start=1):
        s = put_card(s, 0, slot, cid, cubes=1 if slot == 2 else 0)
    assert FREE not in s.data.players[0].caves
    s = s.advance().apply("reward card", settle=False)
    assert s.data.step == "remove" and labels(s) == [f"remove {i}" for i in range(6)]
    cubes, right = s.data.cubes, s.data.won
    s = s.apply("remove 2", settle=False)
    assert s.data.players[0].caves[2] == (right, 0) and fillers[1] in s.data.gone and s.data.cubes == cubes + 1
    assert not G.invariants(s)


def test_ZM520_only_the_winner_pays_losers_cards_stay_face_up():
    """ZM-520: the loser's red cards stay in its face-up bid, not in its hand."""
    s = _resolving([cards(red_log=2), cards(red_log=1), (0,) * 16]).advance()
    assert s.data.players[1].bid == cards(red_log=1) and s.data.players[1].hand == (0,) * 16


def test_ZM530_winner_may_choose_a_lower_tier():
    """ZM-530: with 9 cards the winner may still take just 1 point."""
    s = _resolving([cards(red_log=3, red_plank=4, red_metal=2), (0,) * 16, (0,) * 16]).advance()
    assert "reward vp1" in labels(s)
    assert s.apply("reward vp1", settle=False).data.players[0].vp == 1


def test_ZM460_reward_above_the_tier_is_refused():
    """ZM-460: 3 red cards cannot take card + 8 points."""
    s = _resolving([cards(red_log=3), (0,) * 16, (0,) * 16]).advance()
    with pytest.raises(IllegalAction) as err:
        s.apply("reward card8")
    assert err.value.rule == "ZM-470"


def test_ZM909_no_bids_no_winner():
    """ZM-909: nobody bids red: no points, the card stays on display."""
    s = _resolving([(0,) * 16] * 3).advance()
    assert "no_bids" in keys(s) and all(p.vp == 0 for p in s.data.players) and s.data.display[0][1] >= 0


def test_remove_needs_a_full_board():
    """ZM-510: removing a card while no card is waiting is refused."""
    s = _resolving([cards(red_log=3), (0,) * 16, (0,) * 16]).advance()
    with pytest.raises(IllegalAction) as err:
        s.apply("remove 0")
    assert err.value.rule == "ZM-510"
    assert card_id("scroll") >= 52


def _full_board_removal(options):
    """Seat 0 wins red with a full board (a yellow card with 1 cube on space 2) and removes space 2."""
    s = _resolving([cards(red_log=3), (0,) * 16, (0,) * 16], players=4, options=options)
    fillers = [c.id for c in T.cards if c.colour == 1 and c.players == 2][:5]
    for slot, cid in enumerate(fillers, start=1):
        s = put_card(s, 0, slot, cid, cubes=1 if slot == 2 else 0)
    s = s.advance().apply("reward card", settle=False)
    return s.apply("remove 2", settle=False), fillers[1]


def test_zm_910_removed_card_stack_puts_it_under_its_colours_stack():
    """ZM-910 option removed_card=stack: the removed yellow card goes under the yellow stack (it may come out
    again), not out of the game; its cube still goes back to the supply."""
    cubes = _full_board_removal({})[0].data.cubes
    s, removed = _full_board_removal({"removed_card": "stack"})
    assert s.data.stacks[1][0] == removed and removed not in s.data.gone and s.data.cubes == cubes
    assert "removed_stack" in keys(s) and not G.invariants(s)


def test_zm_910_removed_cubes_lost_leave_the_game():
    """ZM-910 option removed_cubes=lost: the cube on the removed card leaves the game instead of the supply."""
    default = _full_board_removal({})[0]
    s, removed = _full_board_removal({"removed_cubes": "lost"})
    assert s.data.cubes == default.data.cubes - 1 and s.data.cubes_out == 1 and removed in s.data.gone
    assert "removed_lost" in keys(s) and not G.invariants(s)


def test_zm_910_coin_supply_limited_pays_only_the_coins_left():
    """ZM-910 option coin_supply=limited: 1 red card wins 1 point (ZM-450), but all 70 points in coins are taken:
    the winner gets none and an event says so; by default the point is paid."""
    for option, paid in (("unlimited", 1), ("limited", 0)):
        s = _resolving([cards(red_log=1), (0,) * 16, (0,) * 16], options={"coin_supply": option})
        s = player(s, 2, vp=70).advance()
        assert s.data.players[0].vp == paid and ("coins_short" in keys(s)) is (paid == 0)


def test_ZM913_no_card_on_display_no_card_reward():
    """ZM-913: the red stack and display are empty: 8 red cards may take only points; the card
    rewards cannot be carried out and their refusal says so (not the tier rule)."""
    s = _resolving([cards(red_log=3, red_plank=4, red_metal=1), (0,) * 16, (0,) * 16])
    s = at(s, s.phase, s.to_move, stacks=((),) + s.data.stacks[1:], display=((-1, -1),) + s.data.display[1:])
    s = s.advance()
    assert labels(s) == ["reward vp1", "reward vp10"]
    for label in ("reward card", "reward card8"):
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == "ZM-913" and "on display" in str(err.value)
