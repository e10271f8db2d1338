"""Phase 1, income (ZM-180 .. ZM-310, ZM-905, ZM-906)."""

from rulekit.games.mines_of_zavandor.income import base_income
from rulekit.games.mines_of_zavandor.model import FREE, replace

from .helpers import G, T, at, card_id, cards, fresh, keys, labels, move_cards, player, put_card


def _income_of(state, seat):
    """Run the automatic income step for ``seat`` (made the first in order)."""
    s = at(state, "income_base", None, start=seat, turn=0)
    return s.advance()


def test_ZM180_income_from_start_player_clockwise():
    """ZM-180: start player P3 of 4 (seat 2): income order 3, 4, 1, 2."""
    s = at(fresh(4), "income_base", None, start=2, turn=0)
    order = []
    while s.phase in ("income_base", "income_extra"):
        if s.automatic:
            s = s.advance()
            order += [e.text.split()[0].removeprefix("P") for e in s.events if e.key == "base_income"]
        else:
            s = s.apply("keep", settle=False)
    assert order == ["3", "4", "1", "2"]


def test_ZM190_ZM210_clan_board_pays_by_its_level():
    """ZM-190 / ZM-210: normal clan board at level 3 pays income[2] = 4 log-cart cards."""
    s = player(fresh(3), 1, level=3)
    before = sum(s.data.players[1].hand[:4])
    s = _income_of(s, 1)
    assert sum(s.data.players[1].hand[:4]) - before == T.normal.income[2] == 4
    assert "base_income" in keys(s)


def test_ZM200_clan_card_on_a_cave_pays_its_cart_type():
    """ZM-200: a metal clan card with one cube pays 1 metal-cart card."""
    smiths = card_id("clan", "red")
    smiths = next(c.id for c in T.cards if c.kind == "clan" and T.carts[c.cart] == "metal" and c.players == 2)
    s = put_card(fresh(3), 0, 2, smiths, cubes=1)
    assert base_income(T, s.data, s.data.players[0]) == [2, 0, 1, 0]
    s = _income_of(s, 0)
    assert sum(s.data.players[0].hand[8:12]) == 1


def test_ZM220_clan_card_without_cube_pays_nothing():
    """ZM-220: a new clan card (no cube) adds nothing to the income."""
    s = put_card(fresh(3), 0, 2, card_id("clan"), cubes=0)
    assert base_income(T, s.data, s.data.players[0]) == [2, 0, 0, 0]


def _rich(state, seat=0):
    """Entitled to 8 base cards: clan level 5 (6 log) + a plank clan card with 2 cubes (2 plank)."""
    plank = next(c.id for c in T.cards if c.kind == "clan" and T.carts[c.cart] == "plank" and c.players == 2)
    s = player(state, seat, level=5)
    s = s.evolve(data=replace(s.data, cubes=s.data.cubes - 4))
    return put_card(s, seat, 2, plank, cubes=2)


def test_ZM230_ZM240_over_six_the_player_chooses_six():
    """ZM-230 / ZM-240: entitled to 8, the player picks 6 card by card."""
    s = _income_of(_rich(fresh(3)), 0)
    assert s.to_move == 0 and s.phase == "income_choice" and "choose_income" in keys(s)
    assert labels(s) == ["take log", "take plank"]
    before = sum(s.data.players[0].hand)
    for act in ["take plank", "take plank", "take log", "take log", "take log", "take log"]:
        s = s.apply(act, settle=False)
    assert s.phase == "income_extra"  # base income done, the scroll decision follows
    assert sum(s.data.players[0].hand) - before == 6
    assert sum(s.data.players[0].hand[4:8]) == 2


def test_ZM250_pack_dragon_lifts_the_limit():
    """ZM-250: with a pack dragon on the board all 8 base cards are taken."""
    s = fresh(4)
    for seat in (1, 2, 3):  # their log cards back to the pile, so 6 log cards can be drawn
        s = move_cards(s, seat, (0,) * 16)
    s = put_card(_rich(s), 0, 3, card_id("dragon"))
    before = sum(s.data.players[0].hand)
    s = _income_of(s, 0)
    assert "dragon" in keys(s) and sum(s.data.players[0].hand) - before == 8


def _piles(state, cart, draw, discard):
    """Set one cart type's draw and discard piles; other cards of that cart go to seat 0's hand."""
    d = state.data
    hand = list(d.players[0].hand)
    for kind in d.draw[cart]:
        hand[kind] += 1
    for colour, n in enumerate(d.discard[cart]):
        hand[cart * 4 + colour] += n
    for kind in draw:
        hand[kind] -= 1
    for colour, n in enumerate(discard):
        hand[cart * 4 + colour] -= n
    piles = list(d.draw)
    piles[cart] = tuple(draw)
    discards = list(d.discard)
    discards[cart] = tuple(discard)
    s = state.evolve(data=replace(d, draw=tuple(piles), discard=tuple(discards)))
    return player(s, 0, hand=tuple(hand))


def test_ZM260_empty_draw_pile_reshuffles_its_discard():
    """ZM-260: metal draw pile empty, 5 in the metal discard: shuffled into a new pile, 1 drawn, 4 left."""
    metal_clan = next(c.id for c in T.cards if c.kind == "clan" and T.carts[c.cart] == "metal" and c.players == 2)
    s = put_card(fresh(3), 1, 2, metal_clan, cubes=1)
    s = _piles(s, 2, (), (2, 1, 1, 1))
    s = _income_of(s, 1)
    assert "reshuffle" in keys(s) and len(s.data.draw[2]) == 4 and s.data.discard[2] == (0, 0, 0, 0)
    assert not G.invariants(s)


def test_ZM270_ZM905_fallback_to_the_next_lower_cart_after_using_a_short_pile():
    """ZM-270 / ZM-905: owed 3 gold with 1 gold left anywhere: 1 gold and 2 metal-cart cards."""
    gold_clan = next(c.id for c in T.cards if c.kind == "clan" and T.carts[c.cart] == "gold" and c.players == 2)
    s = put_card(fresh(3), 1, 2, gold_clan, cubes=3)  # gold clan: 3 cubes pay 3
    s = _piles(s, 3, (3 * 4 + 0,), (0, 0, 0, 0))
    before = s.data.players[1].hand
    s = _income_of(s, 1)
    after = s.data.players[1].hand
    assert sum(after[12:16]) - sum(before[12:16]) == 1
    assert sum(after[8:12]) - sum(before[8:12]) == 2
    assert "fallback" in keys(s)


def test_ZM280_no_log_cards_anywhere_gives_nothing():
    """ZM-280: log piles empty and owed log cards: no card, no error."""
    s = _piles(fresh(3), 0, (), (0, 0, 0, 0))
    before = sum(s.data.players[1].hand)
    s = _income_of(s, 1)
    assert sum(s.data.players[1].hand) == before and "no_lower" in keys(s)


def test_ZM290_extra_income_outside_the_cap():
    """ZM-290: 6 base cards plus 1 from a mine shaft with a cube: 7 cards."""
    s = player(fresh(3), 0, level=5)
    s = s.evolve(data=replace(s.data, cubes=s.data.cubes - 4))
    s = put_card(s, 0, 2, card_id("extra"), cubes=1)
    before = sum(s.data.players[0].hand)
    s = _income_of(s, 0)
    assert sum(s.data.players[0].hand) - before == 7 and "extra_income" in keys(s)


def test_ZM300_ZM906_scroll_pays_once_in_a_chosen_cart_type():
    """ZM-300 / ZM-906: the scroll offers its printed cart types or keeping it; it pays by its level."""
    s = _income_of(fresh(3), 0)
    cid, cubes = s.data.players[0].caves[0]
    card = T.cards[cid]
    assert labels(s) == [f"scroll {T.carts[c]}" for c in card.carts] + ["keep"]
    cart = card.carts[-1]
    before = s.data.players[0].hand
    s2 = s.apply(f"scroll {T.carts[cart]}", settle=False)
    after = s2.data.players[0].hand
    assert sum(after[cart * 4 : cart * 4 + 4]) - sum(before[cart * 4 : cart * 4 + 4]) == card.track[cubes - 1]
    kept = s.apply("keep", settle=False)
    assert kept.data.players[0].caves[0] == (cid, cubes)


def test_ZM310_used_scroll_leaves_the_game_and_frees_its_space():
    """ZM-310: after paying, the scroll is out of the game, its space free, its cube back in the supply."""
    s = _income_of(fresh(3), 0)
    cid = s.data.players[0].caves[0][0]
    cubes = s.data.cubes
    s = s.apply(f"scroll {T.carts[T.cards[cid].carts[0]]}", settle=False)
    assert s.data.players[0].caves[0] == FREE and cid in s.data.used and s.data.cubes == cubes + 1
    assert "scroll_gone" in keys(s) and not G.invariants(s)


def test_income_choice_refusal_names_ZM240():
    """ZM-240: taking a cart type that is not owed is refused."""
    s = _income_of(_rich(fresh(3)), 0)
    try:
        s.apply("take gold")
    except Exception as err:  # noqa: BLE001
        assert err.rule == "ZM-240"
    else:
        raise AssertionError("take gold was accepted")


def test_move_cards_helper_keeps_cards_conserved():
    s = move_cards(fresh(3), 0, cards(red_gold=2))
    assert not G.invariants(s)


def _gold_clan(state, seat=1, cubes=3):
    gold_clan = next(c.id for c in T.cards if c.kind == "clan" and T.carts[c.cart] == "gold" and c.players == 2)
    return put_card(state, seat, 2, gold_clan, cubes=cubes)


def test_zm_905_short_pile_whole_takes_all_cards_from_the_lower_cart():
    """ZM-905 option short_pile=whole: owed 3 gold with 1 gold left anywhere: no gold, 3 metal-cart cards
    (the default gives 1 gold and 2 metal, see test_ZM270_ZM905_...)."""
    s = _piles(_gold_clan(fresh(3, short_pile="whole")), 3, (3 * 4 + 0,), (0, 0, 0, 0))
    before = s.data.players[1].hand
    s = _income_of(s, 1)
    after = s.data.players[1].hand
    assert sum(after[12:16]) == sum(before[12:16]) and sum(after[8:12]) - sum(before[8:12]) == 3
    assert "fallback" in keys(s) and len(s.data.draw[3]) == 1 and not G.invariants(s)


def test_zm_905_cap_after_fallback_offers_the_cart_types_that_really_pay():
    """ZM-905 option cap_timing=after_fallback: owed 6 log + 3 gold, 1 gold left: the limit and the choice apply to
    6 log, 2 metal, 1 gold, so 'take metal' is a choice; by default (before_fallback) the choice is log or gold."""

    def rich_in_gold(**options):
        s = player(fresh(3, **options), 0, level=5)
        s = s.evolve(data=replace(s.data, cubes=s.data.cubes - 4))
        return _income_of(_piles(_gold_clan(s, seat=0), 3, (3 * 4 + 0,), (0, 0, 0, 0)), 0)

    before = rich_in_gold()
    assert before.phase == "income_choice" and labels(before) == ["take log", "take gold"]
    after = rich_in_gold(cap_timing="after_fallback")
    assert after.phase == "income_choice" and labels(after) == ["take log", "take metal", "take gold"]
    assert "income_fallen" in keys(after) and after.data.owed == (6, 0, 2, 1)
    for act in ["take gold", "take metal", "take metal", "take log", "take log", "take log"]:
        after = after.apply(act, settle=False)
    assert after.phase == "income_extra" and "fallback" not in keys(after) and not G.invariants(after)


def test_zm_905_cap_after_fallback_counts_only_cards_the_piles_can_give():
    """ZM-905 option cap_timing=after_fallback: owed 8 (6 log + 2 plank) with 1 log card left: 3 cards, no choice."""
    s = _piles(_rich(fresh(3, cap_timing="after_fallback")), 0, (0,), (0, 0, 0, 0))
    hand = sum(s.data.players[0].hand)
    s = _income_of(s, 0)
    assert s.phase != "income_choice" and sum(s.data.players[0].hand) - hand == 3
    default = _income_of(_piles(_rich(fresh(3)), 0, (0,), (0, 0, 0, 0)), 0)
    assert default.phase == "income_choice"
