"""End of a turn and end of the deck (SB-230 to SB-480, SB-910, SB-914 to SB-918)."""

from .helpers import CAT, arrange, cid, events, move_cards, playing, run_until, start, track


def auto_at(phase, state=None, display=None, **data):
    state = state or start()
    data.setdefault("pursuers", (1, 1, 1, 1, 1))  # undo what the opening wicked cards did
    return arrange(state, phase, None, display=display, **data)


# -- end of the turn ---------------------------------------------------------------


def test_unmoved_mage_in_a_city_lets_the_hat_advance():
    """SB-230: a mage who stayed in a city all turn: that city's hat +1."""
    s = auto_at("stationary_mage_penalty", mages=("blue", "wild"), moved=False).advance()
    assert s.data.pursuers[track("blue")] == 2 and s.data.pursuers[track("rose")] == 1


def test_unmoved_mage_in_the_wilds_lets_the_troll_advance():
    """SB-230: in the Wilds the troll advances."""
    s = auto_at("stationary_mage_penalty", moved=False).advance()
    assert s.data.pursuers[track("wild")] == 2


def test_moved_mage_or_village_no_penalty():
    """SB-230: a mage who moved, or who stands in a village, causes no advance."""
    for data in ({"mages": ("blue", "wild"), "moved": True}, {"mages": ("v03", "wild"), "moved": False}):
        s = auto_at("stationary_mage_penalty", **data).advance()
        assert s.data.pursuers == (1, 1, 1, 1, 1)
        assert s.phase == "adversary_overflow_check"


def test_three_wicked_cards_overflow():
    """SB-240: 3+ wicked cards in the display are discarded and every pursuer advances 1."""
    adv = [cid("storm"), cid("howl"), cid("curse")]
    s = auto_at("adversary_overflow_check", display=[cid("path"), *adv])
    before = s.data.pursuers
    s = s.advance()
    assert s.data.display == (cid("path"),) and set(adv) <= set(s.data.discard)
    assert s.data.pursuers == tuple(p + 1 for p in before)


def test_two_wicked_cards_do_nothing():
    """SB-250: with 2 wicked cards nothing happens."""
    s = auto_at("adversary_overflow_check", display=[cid("path"), cid("storm"), cid("howl")])
    after = s.advance()
    assert after.data.display == s.data.display and after.data.pursuers == s.data.pursuers


def test_refill_draws_until_five_mage_cards_and_marks_new_wicked():
    """SB-260, SB-280: refill to 5 mage cards; wicked cards on the way are laid out and marked new."""
    s = auto_at("refill_destiny_display", display=[cid("path"), cid("path", 1), cid("howl")])
    d = move_cards(s.data, [cid("coin"), cid("storm"), cid("lore"), cid("lore", 1), cid("spark")], "deck", front=True)
    s = s.evolve(data=d).advance()
    mages = [c for c in s.data.display if CAT.cards[c].helpful]
    assert len(mages) == 5 and s.data.fresh == (cid("storm"),)
    assert cid("spark") not in s.data.display  # stopped at the fifth mage card, wicked cards not counted
    assert s.phase == "resolve_new_adversary_cards"


def test_new_wicked_cards_resolve_in_order_once():
    """SB-290: new wicked cards resolve one by one in drawing order; older ones do not act again."""
    s = auto_at("resolve_new_adversary_cards", display=[cid("path"), cid("raid_rose"), cid("howl"), cid("storm")])
    s = arrange(s, fresh=(cid("howl"), cid("raid_rose")))
    s1 = s.advance()
    assert s1.data.pursuers[track("wild")] == 2 and s1.data.pursuers[track("rose")] == 1
    s2 = s1.advance()
    assert s2.data.pursuers[track("rose")] == 3 and s2.phase == "check_game_state"
    assert s2.data.pursuers[track("blue")] == 1  # the older storm card did not act


def test_deck_running_out_starts_the_end_of_deck():
    """SB-270, SB-910: not enough cards for 5 mage cards: the drawn cards stay, the end of deck begins."""
    s = auto_at("refill_destiny_display", display=[cid("path"), cid("path", 1)])
    d = s.data
    d = move_cards(d, d.deck, "discard")
    d = move_cards(d, [cid("coin"), cid("storm")], "deck")
    s = s.evolve(data=d).advance()
    assert s.phase == "eod_resolve_display_adversaries" and cid("storm") in s.data.display
    assert s.data.fresh == (cid("storm"),) and s.data.deck == ()


def test_turn_passes_to_the_next_player():
    """SB-300: after the checks the next player sends a card to the tower."""
    s = auto_at("check_game_state", active=0).advance()
    assert s.phase == "take_destiny_card" and s.to_move == 1 and s.data.active == 1


# -- end of the deck --------------------------------------------------------------------


def eod(display, **data):
    s = auto_at("eod_resolve_display_adversaries", display=display, **data)
    return arrange(s, fresh=tuple(c for c in display if not CAT.cards[c].helpful))


def test_eod_resolves_each_wicked_card_then_discards():
    """SB-310, SB-320: each wicked card of the display acts in order, then all are discarded."""
    s = eod([cid("howl"), cid("path"), cid("raid_blue")])
    s = s.advance()
    assert s.data.pursuers[track("wild")] == 2 and s.data.pursuers[track("blue")] == 1
    s = s.advance()
    assert s.data.pursuers[track("blue")] == 3
    s = s.advance()
    assert s.data.display == (cid("path"),) and {cid("howl"), cid("raid_blue")} <= set(s.data.discard)
    assert s.phase == "eod_advance_unguarded_adversaries"


def test_eod_unguarded_regions_advance():
    """SB-330: pursuers advance where no mage and no watchman stands."""
    s = auto_at("eod_advance_unguarded_adversaries", mages=("rose", "v01"), watchman="blue").advance()
    p = s.data.pursuers
    assert p[track("rose")] == 1 and p[track("blue")] == 1
    assert p[track("green")] == 2 and p[track("gold")] == 2 and p[track("wild")] == 2


def test_eod_new_wicked_card_to_discard():
    """SB-340: the top wicked card goes onto the discard pile."""
    s = auto_at("eod_add_adversary_card")
    top, n = s.data.wicked[0], len(s.data.wicked)
    s = s.advance()
    assert len(s.data.wicked) == n - 1 and s.data.discard[-1] == top


def test_eod_draw_as_many_stones_as_base_strength():
    """SB-350: base strength 3 draws 3 of 5 stones."""
    s = auto_at("eod_draw_stones", witch=1).advance()
    assert sum(s.data.drawn) == 3 and sum(s.data.bag) == 2


def test_eod_bag_too_small_draws_all():
    """SB-915: with 2 stones in the bag and base 3, both are drawn."""
    s = auto_at("eod_draw_stones", witch=1, bag=(1, 1), supply=(10, 8)).advance()
    assert s.data.drawn == (1, 1) and s.data.bag == (0, 0) and "SB-915" in events(s)


def test_moon_and_sun_power():
    """SB-360, SB-370: moon = base + blue + tower moons; sun = yellow + tower suns."""
    from rulekit.games.spellbound.effects import powers

    s = auto_at("eod_compare_powers", witch=1, drawn=(1, 2), bag=(1, 1))
    d = move_cards(s.data, [cid("storm"), cid("howl"), cid("spark"), cid("coin"), cid("fortuna")], "tower")
    assert powers(s.game, d, s.options) == (3 + 1 + 2, 2 + 1 + 1 + 2)


def compare(moon_extra, sun_extra):
    """A compare step with base 2 and chosen tower symbols."""
    s = auto_at("eod_compare_powers", drawn=(0, 0))
    moons = [c.id for c in CAT.cards if c.type == "demon"]
    tower = []
    need = moon_extra
    for c in sorted(moons, key=lambda c: -CAT.cards[c].moon):
        if need >= CAT.cards[c].moon:
            tower.append(c)
            need -= CAT.cards[c].moon
    assert need == 0
    suns = [c.id for c in CAT.cards if c.type in ("mage", "ally") and c.sun == 1]
    tower += suns[:sun_extra]
    d = move_cards(s.data, tower, "tower")
    return s.evolve(data=d).advance()


def test_sun_greater_is_a_mage_victory():
    """SB-380: sun 3 against moon 2 is a mage victory."""
    assert compare(0, 3).phase == "eod_mage_victory"


def test_tie_is_a_witch_victory_with_one_step():
    """SB-390, SB-420: sun 2 against moon 2 is a witch victory by 0: she climbs 1."""
    s = compare(0, 2)
    assert s.phase == "eod_witch_victory" and s.data.margin == 0 and s.data.witch_steps == 1
    s = s.advance()
    assert s.data.witch == 1 and s.phase == "eod_shuffle_discard"


def test_margin_four_one_level_with_effects():
    """SB-420, SB-917: margin 4 climbs one level and runs its effects."""
    s = compare(4, 2)  # moon 6, sun 2
    s = arrange(s, witch=1)  # next level (2) adds a moon stone
    assert s.data.margin == 4
    s = s.advance()
    assert s.data.witch == 2 and s.data.bag[0] == 3 and s.phase == "eod_shuffle_discard"


def test_margin_five_to_nine_two_levels():
    """SB-430, SB-917: margin 5 climbs two levels one at a time, each with its effects."""
    s = compare(6, 2)  # moon 8, sun 2: margin 6
    s = arrange(s, witch=2)
    assert s.data.witch_steps == 2
    s = s.advance()
    assert s.data.witch == 3 and s.data.pursuers[track("rose")] == 2  # level 3: every hat +1
    s = s.advance()
    assert s.data.witch == 4 and s.phase == "eod_shuffle_discard"


def test_mage_victory_weakest_demons_and_a_book():
    """SB-400, SB-410, SB-916: the weakest demon cards (a tie: both) join the tower; one chosen book +1."""
    s = auto_at("eod_mage_victory", active=1)
    s = s.advance()
    imps = [c.id for c in CAT.cards if c.key == "imp"]
    assert set(imps) <= set(s.data.tower) and s.phase == "eod_choose_book" and s.to_move == 1
    s = s.apply("advance wild", settle=False)
    assert s.data.books[track("wild")] == 5 and s.data.books[track("rose")] == 4
    assert s.phase == "eod_shuffle_discard"


def test_shuffle_discard_into_a_new_deck():
    """SB-460, SB-918, SB-914: tower cards (not demons) join the discard pile, stones return, all shuffled."""
    s = auto_at("eod_shuffle_discard", drawn=(1, 1), bag=(1, 2))
    d = move_cards(s.data, s.data.deck, "discard")
    imp = cid("imp")
    d = move_cards(d, [cid("spark"), imp], "tower")
    s = s.evolve(data=d)
    pile = sorted(s.data.discard + (cid("spark"),))
    s = s.advance()
    assert sorted(s.data.deck) == pile and s.data.discard == () and s.data.tower == (imp,)
    assert s.data.bag == (2, 3) and s.data.drawn == (0, 0)


def test_eod_refill_and_resolve_new():
    """SB-470, SB-480: after the shuffle the display is refilled to 5 mage cards; new wicked cards resolve."""
    s = auto_at("eod_refill_destiny_display", display=[])
    d = move_cards(s.data, [cid("raid_gold"), cid("path"), cid("howl"), *CAT.basic[2:6]], "deck", front=True)
    s = s.evolve(data=d).advance()
    assert sum(CAT.cards[c].helpful for c in s.data.display) == 5
    assert s.data.fresh == (cid("raid_gold"), cid("howl")) and s.phase == "eod_resolve_new_adversary_cards"
    s = s.advance()
    assert s.data.pursuers[track("gold")] == 3 and "SB-480" in events(s)
    s = s.advance()
    assert s.data.pursuers[track("wild")] == 2 and s.phase == "check_game_state"


def test_full_end_of_deck_sequence_in_order():
    """SB-270 to SB-480: a played-out deck walks every end-of-deck phase in the ledger's order."""
    s = start(players=1, seed=2)
    d = move_cards(s.data, s.data.deck, "discard")
    s = arrange(s, "refill_destiny_display", None, display=[], **{f: getattr(d, f) for f in ("deck", "discard")})
    order = []
    while s.automatic:
        order.append(s.phase)
        s = s.advance()
    seen = list(dict.fromkeys(order))
    assert (
        seen[:6]
        == [
            "refill_destiny_display",
            "eod_resolve_display_adversaries",
            "eod_advance_unguarded_adversaries",
            "eod_add_adversary_card",
            "eod_draw_stones",
            "eod_compare_powers",
        ]
        or s.is_over
    )
    assert s.is_over or "eod_shuffle_discard" in seen and "eod_refill_destiny_display" in seen


def test_run_until_helper_walks_phases():
    """SB-300: a turn ended with 'end' passes through every automatic phase to the next player."""
    s = playing(display=[cid("path"), cid("coin")]).apply("end", settle=False)
    s = run_until(s, "check_game_state")
    assert s.advance().to_move == 1
