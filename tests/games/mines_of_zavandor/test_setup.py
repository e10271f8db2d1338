"""Setup and components (ZM-010 .. ZM-170)."""

from rulekit.engine import Dice
from rulekit.games.mines_of_zavandor.model import FREE, clan_side

from .helpers import G, T, fresh


def test_ZM010_cart_types_ranked_and_four_gem_colours():
    """ZM-010: log < plank < metal < gold; every card shows red, yellow, green or blue."""
    assert T.carts == ("log", "plank", "metal", "gold")
    assert T.colours == ("red", "yellow", "green", "blue")
    assert len(T.deck) == 16 and sum(T.deck) == 112


def test_ZM020_four_face_down_piles_by_cart_and_empty_discards():
    """ZM-020: one draw pile per cart type holding only that type; four empty discard piles."""
    d = fresh(4).data
    assert len(d.draw) == 4
    for cart, pile in enumerate(d.draw):
        assert all(kind >> 2 == cart for kind in pile)
    assert d.discard == ((0, 0, 0, 0),) * 4
    assert G.new(players=4, seed=1).view(0)["draw_order"] is None


def test_ZM030_ZM900_each_player_board_has_cave_spaces():
    """ZM-030 / ZM-900: every player board (the clan board) has the configured cave spaces."""
    for n in (2, 3, 4):
        d = fresh(n).data
        assert len(d.players) == n and all(len(p.caves) == 6 for p in d.players)
    assert all(len(p.caves) == 4 for p in fresh(2, cave_spaces=4).data.players)


def test_ZM040_random_distinct_clan_boards():
    """ZM-040: each player gets a different clan board, dealt at random."""
    seen = set()
    for seed in range(20):
        clans = [p.clan for p in fresh(4, seed).data.players]
        assert len(set(clans)) == 4
        seen.add(tuple(clans))
    assert len(seen) > 5


def test_ZM050_normal_variant_same_side_for_all():
    """ZM-050: in the normal game all clan boards show identical values."""
    d = fresh(4, variant="normal").data
    assert len({clan_side(T, d, p) for p in d.players}) == 1


def test_ZM060_pro_variant_different_values():
    """ZM-060: in the pro game every pair of players has different clan values."""
    d = fresh(4, variant="pro").data
    sides = [clan_side(T, d, p) for p in d.players]
    assert all(a != b for i, a in enumerate(sides) for b in sides[i + 1 :])


def test_ZM070_ZM901_board_layout_per_player_count():
    """ZM-070 / ZM-901: the layout lists the colour rows used for 2, 3 and 4 players."""
    for n in (2, 3, 4):
        assert T.layout[n] == ["red", "yellow", "green", "blue"]
        assert len(fresh(n).data.display) == 4


def test_ZM080_cards_for_player_count_light_over_dark():
    """ZM-080: only cards marked for 3 players; in each stack every light card lies above every dark card."""
    d = fresh(3).data
    for colour, stack in enumerate(d.stacks):
        ids = [*stack, *(x for x in d.display[colour] if x >= 0)]
        assert all(T.cards[c].players <= 3 for c in ids)
        shades = [T.cards[c].shade for c in stack]  # bottom first
        assert shades == sorted(shades)  # "dark" < "light": all dark below all light
    all4 = sum(len(s) + 2 for s in fresh(4).data.stacks)
    assert all4 == 52


def test_ZM090_two_cards_on_display_from_the_top_of_the_stack():
    """ZM-090: the top card goes to the right space, the next to the middle; the rest stays stacked."""
    d = fresh(4, seed=5).data
    for colour in range(4):
        middle, right = d.display[colour]
        assert T.cards[right].shade == "light" and T.cards[middle].shade == "light"
        assert len(d.stacks[colour]) == 11
        assert right not in d.stacks[colour] and middle not in d.stacks[colour]


def test_ZM100_ZM110_scroll_on_a_cave_space_and_starting_cubes():
    """ZM-100 / ZM-110: one spell scroll on a cave space; a cube on it and on the clan track."""
    d = fresh(4).data
    scrolls = set()
    for p in d.players:
        placed = [(cid, cubes) for cid, cubes in p.caves if (cid, cubes) != FREE]
        assert len(placed) == 1 and T.cards[placed[0][0]].kind == "scroll" and placed[0][1] == 1
        assert p.level == 1
        scrolls.add(placed[0][0])
        assert sum(1 for c in p.caves if c == FREE) == 5
    assert len(scrolls) == 4
    assert d.cubes == 70 - 8


def test_ZM130_six_log_cart_cards_each():
    """ZM-130: each hand holds 6 log-cart cards and the log pile shrank by 6 per player."""
    d = fresh(4).data
    for p in d.players:
        assert sum(p.hand) == 6 and sum(p.hand[:4]) == 6
    assert len(d.draw[0]) == 28 - 24


def test_ZM140_ZM911_one_kings_road_from_data():
    """ZM-140 / ZM-911: one road definition, start to coronation hall, a price on every space."""
    assert len(T.road) == 9 and T.road[-1]["en"] == "Coronation hall"
    assert len(T.road_price) == 9 and all(sum(p) > 0 for p in T.road_price)


def test_ZM150_king_starts_on_the_start_space():
    """ZM-150: the king stands on space 0."""
    assert fresh(2).data.king == 0


def test_ZM160_one_start_player_chosen_at_random():
    """ZM-160: exactly one start player, varying with the seed."""
    starts = {fresh(4, seed).data.start for seed in range(30)}
    assert starts == {0, 1, 2, 3}


def test_ZM170_round_runs_income_trade_auction_upgrade():
    """ZM-170: a round passes income, trade, auction (bid, reveal, resolve), upgrade, end of round."""
    s = G.new(players=3, seed=4, settle=False)
    dice, seen = Dice(9), []
    while s.data.round == 1:
        if not seen or seen[-1] != s.phase:
            seen.append(s.phase)
        if s.automatic:
            s = s.advance()
        else:
            acts = s.legal_actions()
            done = [a for a in acts if a.kind in ("done", "seal", "keep", "decline", "cancel")]
            s = s.apply(done[0] if done else acts[dice.below(len(acts))], settle=False)
    order = [
        p
        for p in seen
        if p
        in ("income_base", "trade", "auction_bidding", "auction_reveal", "auction_count", "upgrade", "round_cleanup")
    ]
    dedup = [p for i, p in enumerate(order) if i == 0 or order[i - 1] != p]
    assert dedup == [
        "income_base",
        "trade",
        "auction_bidding",
        "auction_reveal",
        "auction_count",
        "upgrade",
        "round_cleanup",
    ]
    assert s.phase == "income_base"
