"""Every victory and every defeat condition (SB-440, SB-450, SB-500 to SB-650, SB-911, SB-912, SB-919)."""

import pytest

from rulekit.engine import IllegalAction

from .helpers import CAT, GAME, arrange, cid, move_cards, playing, start, track

HELD4 = ("held", "held", "held", "held", "track")


def ready(seat_count=2, **data):
    """Both victory preconditions met: 4 books held, every mage in the witch-tower village."""
    s = start(players=seat_count)
    tower = GAME.tower_village(s.data)
    base = {
        "book_status": HELD4,
        "books": (10, 10, 10, 10, 4),
        "mages": (tower,) * seat_count,
        "pursuers": (1, 1, 1, 1, 1),
    }
    return arrange(s, "check_game_state", None, **{**base, **data})


def test_four_books_and_all_mages_start_the_last_battle():
    """SB-500, SB-510, SB-530: with both preconditions the last battle begins."""
    s = ready().advance()
    assert s.phase == "final_battle" and s.to_move == s.data.active


def test_three_books_are_not_enough():
    """SB-500: 3 books at their goal: no last battle."""
    s = ready(book_status=("held", "held", "held", "track", "track")).advance()
    assert s.phase == "take_destiny_card"


def test_one_mage_outside_the_tower_village():
    """SB-510: one mage elsewhere: no last battle."""
    s = ready(seat_count=3)
    s = arrange(s, mages=s.data.mages[:2] + ("wild",)).advance()
    assert s.phase == "take_destiny_card"


def battle(moon_cards=(), stones=(0, 0), bag=None, options=None, **data):
    s = ready(**data).advance()
    if options:
        s = GAME.new(players=s.players, seed=s.seed, settle=False, **options).evolve(
            data=s.data, phase=s.phase, to_move=s.to_move
        )
    d = move_cards(s.data, moon_cards, "tower")
    if bag is not None:
        d = d.but(bag=bag, supply=(d.supply[0] + d.bag[0] - bag[0], d.supply[1] + d.bag[1] - bag[1]))
    return s.evolve(data=d)


def test_last_battle_won_all_seats_win():
    """SB-520, SB-540, SB-550, SB-560: 4 books as suns against base 2 with an empty bag: sun 4 > moon 2, all win."""
    s = battle(bag=(0, 0))
    for _ in range(4):
        s = s.apply("sun")
    assert s.is_over and s.data.result == "won" and s.winners == (0, 1)
    assert s.view(0)["result"] == "won"
    with pytest.raises(IllegalAction):
        s.apply("sun")


def test_books_destroy_moon_cards():
    """SB-540: each book destroys one moon card of the tower or counts as a sun, once each."""
    raid, storm = cid("raid_rose"), cid("storm")
    s = battle(moon_cards=(raid, storm, cid("spark"), cid("spark", 1)), bag=(0, 0))  # moon 2+2, sun 2
    s = s.apply(f"destroy {raid}")
    assert raid in s.data.box and raid not in s.data.tower and s.data.books_used == 1
    assert f"destroy {raid}" not in map(str, s.legal_actions())
    s = s.apply(f"destroy {storm}").apply("sun")
    assert s.phase == "final_battle"
    s = s.apply("sun")
    assert s.data.result == "won"


def test_sb_560_nothing_after_the_end():
    """SB-560 (the game ends with the shared win or loss): a move after the end is refused citing
    SB-560, not "engine" (the ledger has no rule of its own for "nothing after the end")."""
    s = battle(bag=(0, 0))
    for _ in range(4):
        s = s.apply("sun")
    assert s.is_over and s.legal_actions() == []
    for label in ("sun", "moon", "pass"):
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == "SB-560"


def test_last_battle_lost_loses_the_game_with_option_lose():
    """SB-520, SB-550, SB-919: conditions 1 and 2 but the battle lost: no win; with
    ``lost_battle = "lose"`` the game is lost (the default plays on: test_options)."""
    demons = [c.id for c in CAT.cards if c.type == "demon"]
    s = battle(moon_cards=demons, bag=(0, 0), options={"lost_battle": "lose"})
    for _ in range(4):
        s = s.apply("sun")
    assert s.is_over and s.data.result == "lost" and s.winners == () and s.data.reason == "SB-919"


def test_two_caught_books_lose():
    """SB-610, SB-911: a hat reaching its book catches it; the second catch loses at once."""
    s = arrange(
        start(),
        "stationary_mage_penalty",
        None,
        mages=("rose", "wild"),
        moved=False,
        books=(4, 4, 4, 4, 4),
        pursuers=(3, 1, 1, 1, 1),
        book_status=("track",) * 5,
    )
    s = s.advance()
    assert s.data.book_status[track("rose")] == "caught" and not s.is_over
    s = arrange(s, "stationary_mage_penalty", None, mages=("blue", "wild"), pursuers=(4, 3, 1, 1, 1))
    s = s.advance()
    assert s.is_over and s.data.reason == "SB-610" and s.winners == ()


def test_two_pursuers_at_goal_lose():
    """SB-620: a second pursuer reaching its goal loses; one is not enough."""
    s = arrange(
        start(),
        "eod_advance_unguarded_adversaries",
        None,
        mages=("green", "gold"),
        watchman="",
        book_status=("held",) * 4 + ("track",),
        books=(10, 10, 10, 10, 4),
        pursuers=(11, 11, 1, 1, 1),
    )
    s2 = s.advance()
    assert s2.is_over and s2.data.reason == "SB-620"
    s3 = arrange(s, pursuers=(11, 9, 1, 1, 1)).advance()
    assert not s3.is_over and s3.data.pursuers[:2] == (12, 10)


def test_witch_on_the_mountain_top_loses():
    """SB-630, SB-450: the witch reaching the top loses, even in the middle of a two-level climb."""
    s = arrange(start(), "eod_witch_victory", None, witch=CAT.top_level - 1, margin=6, witch_steps=2)
    s = s.advance()
    assert s.is_over and s.data.reason == "SB-630" and s.data.witch == CAT.top_level


def test_empty_wicked_pile_loses():
    """SB-640: a new wicked card is needed but the pile is empty."""
    s = start()
    d = move_cards(s.data, s.data.wicked, "box")
    s = arrange(s, "eod_add_adversary_card", None, **{"wicked": d.wicked, "box": d.box})
    s = s.advance()
    assert s.is_over and s.data.reason == "SB-640"


def test_margin_ten_loses_at_once():
    """SB-440: moon ahead by 10 or more loses at once; 9 does not."""
    s = arrange(start(), "eod_witch_victory", None, margin=10, witch_steps=0).advance()
    assert s.is_over and s.data.reason == "SB-440"
    s = arrange(start(), "eod_witch_victory", None, margin=9, witch_steps=2, witch=0).advance()
    assert not s.is_over


def test_one_defeat_condition_is_enough():
    """SB-600: only the witch at the top, everything else fine: lost."""
    s = arrange(start(), "eod_witch_victory", None, witch=CAT.top_level - 1, margin=0, witch_steps=1)
    s = s.advance()
    assert s.is_over and s.data.result == "lost" and sum(st == "caught" for st in s.data.book_status) == 0


def test_defeat_checked_mid_resolution():
    """SB-650: a wicked card that catches a second book ends the game before the next card resolves."""
    s = arrange(
        start(),
        "resolve_new_adversary_cards",
        None,
        display=[cid("raid_rose"), cid("howl"), cid("path")],
        books=(4, 4, 4, 4, 4),
        pursuers=(2, 1, 1, 1, 1),
        book_status=("track", "caught") + ("track",) * 3,
        fresh=(cid("raid_rose"), cid("howl")),
    )
    s = s.advance()
    assert s.is_over and s.data.reason == "SB-610" and s.data.pursuers[track("wild")] == 1


def test_held_book_cannot_be_caught():
    """SB-912: a collected book is safe from its pursuer."""
    s = arrange(
        start(),
        "stationary_mage_penalty",
        None,
        mages=("rose", "wild"),
        moved=False,
        book_status=("held",) + ("track",) * 4,
        books=(10, 4, 4, 4, 4),
        pursuers=(10, 1, 1, 1, 1),
    )
    s = s.advance()
    assert s.data.book_status[0] == "held" and s.data.pursuers[0] == 11


def test_game_over_accepts_no_actions():
    """SB-560: after the end no action is accepted."""
    s = arrange(start(), "eod_witch_victory", None, margin=12, witch_steps=0).advance()
    assert s.legal_actions() == [] and s.to_move is None
    with pytest.raises(IllegalAction):
        s.apply("end")


def test_magic_never_frees_a_caught_book():
    """SB-911: pushing a hat back does not bring a caught book back."""
    s = playing(
        display=[cid("ward")],
        mages=("rose", "wild"),
        pursuers=(5, 1, 1, 1, 1),
        book_status=("caught",) + ("track",) * 4,
    )
    s = s.apply(f"play {cid('ward')}")
    assert s.data.pursuers[0] == 3 and s.data.book_status[0] == "caught"


def test_a_seeded_game_is_won_by_real_play():
    """SB-530, SB-540, SB-560: with seed 2 a greedy player (evaluate) wins the last battle in real play."""
    s = GAME.new(players=2, seed=2)
    while not s.is_over:
        s = s.apply(max(s.legal_actions(), key=lambda a: GAME.evaluate(s.apply(a), s.to_move)))
    assert s.data.result == "won" and s.winners == (0, 1) and "SB-560" in [e.rule for e in s.events]
