"""Using abilities (RS-090..RS-114) and the action runes Plus, Use 3, Extra PP, Double Die."""

import pytest

from rulekit import IllegalAction

from .helpers import GAME, at, force_roll, gems, keys, labels, me, new, p, play, rules_of


def ready(hand, seed=1, **player):
    s = new(2, seed)
    s = at(s, display=(11, 23, 31, 12, 43, 71))
    return me(s, hand=hand, **player)


def picked(hand, cards, **player):
    s = play(ready(hand, **player), "action abilities")
    for n in cards:
        s = s.apply(f"pick {n}")
    return s


def test_exactly_two_cards():
    """RS-090: one card is not enough, a third is not allowed without the rune."""
    s = play(ready((100, 101, 102, 103)), "action abilities", "pick 100")
    assert s.phase == "use_abilities" and "go" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("go")
    assert err.value.rule == "RS-090"
    s = s.apply("pick 101")
    assert s.phase == "resolve_abilities" and labels(s) == ["use 100", "use 101", "finish"]


def test_abilities_need_two_cards():
    """RS-091: with one card the action is not offered and is refused."""
    s = ready((100,), draw=(), discard=())
    assert "action abilities" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("action abilities")
    assert err.value.rule == "RS-091"


def test_any_order_gains_pay_the_next():
    """RS-092: the rulebook example, blue 21 (blue -> 2 jokers) first pays green 16 (joker -> blue, yellow, red)."""
    s = picked((16, 21, 100, 101), (21, 16), gems=gems(blue=1), jokers=0)
    s = play(s, "use 21")
    assert p(s).jokers == 2
    seat = s.data.current
    s = play(s, "use 16")
    assert p(s, seat).jokers == 1 and p(s, seat).gems == (1, 1, 0, 1)
    wrong = picked((16, 21, 100, 101), (21, 16), gems=gems(blue=1), jokers=0)
    wrong = play(wrong, "use 16")
    assert "cannot_pay" in keys(wrong) and p(wrong).gems == (1, 0, 0, 0)


def test_abilities_optional():
    """RS-093: an exchange that cannot be paid is skipped; finish leaves the rest unused; cards still leave."""
    s = picked((43, 100, 101, 102), (43, 100), gems=gems(), jokers=0)
    seat = s.data.current
    s = play(s, "use 43")
    assert "cannot_pay" in keys(s) and p(s).pp == 0
    s = play(s, "finish")
    assert 43 in p(s, seat).discard + p(s, seat).hand + p(s, seat).draw and 100 in p(s, seat).removed


def test_higher_creature_to_general_discard_druid_removed():
    """RS-094, RS-095, RS-097: higher creature to the general discard, a druid is always higher and leaves."""
    s = play(picked((21, 16, 100, 101), (21, 16)), "finish")
    assert s.data.gdiscard[0] == 21
    s = play(picked((104, 30, 100, 101), (104, 30)), "finish")
    seat = 1 - s.data.current
    assert 104 in p(s, seat).removed and 30 not in s.data.gdiscard


def test_lower_card_to_own_discard():
    """RS-095: druids 101 and 105: 101 to own discard, 105 out of the game."""
    s = picked((101, 105, 100, 102), (101, 105))
    seat = s.data.current
    s = play(s, "finish")
    mine = p(s, seat)
    assert 105 in mine.removed and 101 in mine.discard + mine.hand + mine.draw


def test_rulebook_disposal_example():
    """RS-096: blue 21 and green 16: 21 to the general discard, 16 to the own discard."""
    s = picked((21, 16, 100, 101), (21, 16))
    seat = s.data.current
    s = play(s, "finish")
    assert s.data.gdiscard[0] == 21 and 16 in p(s, seat).discard + p(s, seat).hand + p(s, seat).draw
    assert "RS-094" in rules_of(s) and "RS-095" in rules_of(s)


def test_basic_ability():
    """RS-098, RS-102: blue 11 gives two blue gems from the supply."""
    s = picked((11, 100, 101, 102), (11, 100))
    supply = s.data.supply[0]
    s = play(s, "use 11")
    assert p(s).gems[0] == 3 and s.data.supply[0] == supply - 2


def test_choice_ability_one_option():
    """RS-099: green 19 offers two gems or a joker; only the chosen option happens."""
    s = play(picked((19, 100, 101, 102), (19, 100)), "use 19")
    assert labels(s) == ["option 1", "option 2", "skip"]
    s = play(s, "option 2")
    assert p(s).jokers == 2 and p(s).gems[2] == 1


def test_exchange_pays_then_gains():
    """RS-100: blue 43 returns 2 blue for 6 power points."""
    s = picked((43, 100, 101, 102), (43, 100), gems=gems(blue=2), jokers=0)
    supply = s.data.supply[0]
    s = play(s, "use 43")
    assert p(s).gems[0] == 0 and p(s).pp == 6 and s.data.supply[0] == supply + 2


def test_joker_stone_pays_exchange():
    """RS-101: 1 blue and 1 joker stone pay blue, blue."""
    s = picked((43, 100, 101, 102), (43, 100), gems=gems(blue=1), jokers=1)
    s = play(s, "use 43")
    assert s.phase == "ability_step" and labels(s) == ["pay blue", "pay joker"]
    s = play(s, "pay blue")
    assert p(s).pp == 6 and p(s).jokers == 0 and p(s).gems[0] == 0


def test_gem_icon_only_if_available():
    """RS-102, RS-110: an empty supply gives nothing and no error."""
    s = at(picked((11, 100, 101, 102), (11, 100)), supply=(0, 5, 5, 5))
    s = play(s, "use 11")
    assert p(s).gems[0] == 1 and "supply_empty" in keys(s)


def test_any_gem_never_joker():
    """RS-103: any gem offers the colours, not a joker stone."""
    s = play(picked((101, 100, 102, 103), (101, 100)), "use 101")
    assert labels(s) == ["gem blue", "gem yellow", "gem green", "gem red", "skip"]
    with pytest.raises(IllegalAction) as err:
        s.apply("gem joker")
    assert err.value.rule == "RS-103"
    s = play(s, "gem red")
    assert p(s).gems[3] == 2


def test_any_card_takes_display_card_free():
    """RS-104, RS-114: any card from the display to the own discard, no magic points, hand unchanged."""
    s = play(picked((63, 100, 101, 102), (63, 100)), "use 63")
    hand = p(s).hand
    s = play(s, "take 6")
    assert p(s).discard[0] == 71 and p(s).hand == hand


def test_coloured_card_icon():
    """RS-105: blue 23 takes a blue display card (player's choice); other colours refused."""
    s = play(picked((23, 100, 101, 102), (23, 100)), "use 23")
    assert labels(s) == ["take 1", "take 2", "take 3", "take 5", "skip"]  # 11, 23, 31, 43 are blue
    s = at(s, display=(11, 23, 12, 12, 43, 71))
    with pytest.raises(IllegalAction) as err:
        s.apply("take 3")
    assert err.value.rule == "RS-105"
    none = at(picked((23, 100, 101, 102), (23, 100)), display=(12, 14, 16, 18, 20, 22))
    none = play(none, "use 23")
    assert "icon_void" in keys(none) and none.phase == "resolve_abilities"


def test_refill_after_ability_take_option():
    """RS-111 (gap): by default the display refills at once after a take; the option turns it off."""
    s = play(picked((63, 100, 101, 102), (63, 100)), "use 63", "take 6")
    assert 0 not in s.data.display
    s = play(picked((63, 100, 101, 102), (63, 100)), "use 63")
    s = at(s, display=s.data.display)
    off = GAME.new(players=2, seed=1, refill_after_take=False)
    off = at(off, display=(11, 23, 31, 12, 43, 71))
    off = me(off, hand=(63, 100, 101, 102))
    off = play(off, "action abilities", "pick 63", "pick 100", "use 63", "take 6")
    assert off.data.display.count(0) == 1


@pytest.mark.parametrize(
    ("face", "check"),
    [
        ("ore", lambda a, b: b.ore == a.ore + 1),
        ("pp1", lambda a, b: b.pp == a.pp + 1),
        ("pp2", lambda a, b: b.pp == a.pp + 2),
    ],
)
def test_die_simple_results(face, check):
    """RS-106, RS-107: one roll, its result carried out."""
    s = picked((31, 100, 101, 102), (31, 100))
    before = p(s)
    s = play(force_roll(s, face), "use 31")
    assert check(before, p(s)) and s.data.last_roll == face and keys(s).count("roll") == 1


def test_die_any_gem():
    """RS-107: the any-gem face lets the player choose a colour."""
    s = play(force_roll(picked((31, 100, 101, 102), (31, 100)), "any_gem"), "use 31")
    assert labels(s)[:4] == ["gem blue", "gem yellow", "gem green", "gem red"]


def test_die_swap_gem_for_joker():
    """RS-108: give a coloured gem, take a joker stone; nothing without gems."""
    s = play(force_roll(picked((31, 100, 101, 102), (31, 100), gems=gems(blue=1), jokers=0), "swap"), "use 31")
    s = play(s, "give blue")
    assert p(s).gems[0] == 0 and p(s).jokers == 1
    s = play(force_roll(picked((31, 100, 101, 102), (31, 100), gems=gems(), jokers=0), "swap"), "use 31")
    assert "icon_void" in keys(s) and p(s).jokers == 0


def test_die_card_from_draw_pile():
    """RS-109: the top card of the general draw pile goes to the own discard; display unchanged."""
    s = picked((31, 100, 101, 102), (31, 100))
    top, display = s.data.deck[0], s.data.display
    s = play(force_roll(s, "card"), "use 31")
    assert p(s).discard[0] == top and s.data.display == display


def test_die_card_with_empty_pile():
    """RS-112 (gap): reshuffle the general discard; with both empty nothing happens."""
    s = at(picked((31, 100, 101, 102), (31, 100)), deck=(), gdiscard=(50, 51, 52))
    s = play(force_roll(s, "card"), "use 31")
    assert "reshuffle_general" in keys(s) and p(s).discard[0] in (50, 51, 52)
    s = at(picked((31, 100, 101, 102), (31, 100)), deck=(), gdiscard=())
    s = play(force_roll(s, "card"), "use 31")
    assert "deck_empty" in keys(s)


def test_pp_cards_are_marked():
    """RS-113 (gap): cards with pp icons give power points."""
    assert GAME.cat.cards[43].gives_pp() and not GAME.cat.cards[11].gives_pp()


def test_plus_rune_both_options():
    """RS-211: with Plus, a choice card gives both options."""
    s = play(picked((19, 100, 101, 102), (19, 100), runes=("plus",)), "use 19")
    assert p(s).gems[2] == 3 and p(s).jokers == 2 and "plus_rune" in keys(s)


def test_three_abilities_rune():
    """RS-217, RS-218: 2 or 3 cards; only the lowest to the own discard."""
    s = play(ready((103, 77, 67, 100), runes=("three",)), "action abilities", "pick 103", "pick 77")
    assert "go" in labels(s) and "pick 67" in labels(s)
    s = play(s, "pick 67")
    seat = s.data.current
    s = play(s, "finish")
    mine = p(s, seat)
    assert 103 in mine.removed and s.data.gdiscard[0] == 77 and 67 in mine.discard + mine.hand + mine.draw
    assert "RS-218" in rules_of(s)
    with pytest.raises(IllegalAction):
        play(ready((100, 101, 102, 103)), "action abilities", "pick 100", "pick 101", "pick 102")


def test_extra_pp_rune_per_card():
    """RS-219: +1 for a card that gave power points, none for a gem card."""
    s = picked((43, 11, 100, 101), (43, 11), gems=gems(blue=2), jokers=0, runes=("extra_pp",))
    seat = s.data.current
    s = play(s, "use 43")
    assert p(s).pp == 7 and "extra_pp" in keys(s)
    s = play(s, "use 11")
    assert p(s, seat).pp == 7


def test_double_die_rune():
    """RS-221, RS-226 (gap): one roll, the result carried out twice (card result too)."""
    s = picked((31, 100, 101, 102), (31, 100), runes=("double_die",))
    s2 = play(force_roll(s, "ore"), "use 31")
    assert p(s2).ore == p(s).ore + 2 and keys(s2).count("roll") == 1
    s3 = play(force_roll(s, "card"), "use 31")
    assert len(p(s3).discard) == len(p(s).discard) + 2


def test_die_pp_does_not_count_for_extra_pp():
    """RS-226 (gap): by default die power points earn no Extra PP bonus."""
    s = picked((31, 100, 101, 102), (31, 100), runes=("extra_pp",))
    s = play(force_roll(s, "pp2"), "use 31")
    assert p(s).pp == 2


def test_rs_103_any_gem_the_supply_lacks_cites_rs_103_not_a_fallback():
    """RS-103 (issue 25): with no blue gem left, "gem blue" for an any-gem icon is refused with RS-103
    and says why (the supply has none), never the phase's first rule (RS-080)."""
    s = at(play(picked((101, 100, 102, 103), (101, 100)), "use 101"), supply=(0, 5, 5, 5))
    assert "gem blue" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("gem blue")
    assert err.value.rule == "RS-103" and "blue" in err.value.reason and "supply" in err.value.reason


def test_rs_107_die_any_gem_the_supply_lacks_cites_rs_107():
    s = play(force_roll(picked((31, 100, 101, 102), (31, 100)), "any_gem"), "use 31")
    s = at(s, supply=(0, 5, 5, 5))
    with pytest.raises(IllegalAction) as err:
        s.apply("gem blue")
    assert err.value.rule == "RS-107"


def test_rs_108_die_swap_without_a_blue_gem_cites_rs_108():
    """RS-108 (issue 25): the swap gives one of the player's own gems; without a blue one, "give blue"
    is refused with RS-108 and says so."""
    s = picked((31, 100, 101, 102), (31, 100), gems=gems(red=1), jokers=0)
    s = play(force_roll(s, "swap"), "use 31")
    assert labels(s) == ["give red", "skip"]
    with pytest.raises(IllegalAction) as err:
        s.apply("give blue")
    assert err.value.rule == "RS-108" and "blue" in err.value.reason


def test_rs_092_use_a_card_not_laid_out_cites_rs_092():
    """RS-092 (issue 25): only a laid-out card whose ability is unused can be used; "use 102" for a
    card in the hand is refused citing RS-092, not RS-080 (the first rule of the phase)."""
    s = picked((101, 100, 102, 103), (101, 100))
    s = s.apply("go") if "go" in labels(s) else s
    assert s.phase == "resolve_abilities" and "use 102" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("use 102")
    assert err.value.rule == "RS-092" and "102" in err.value.reason


def test_rs_090_a_step_of_another_decision_cites_its_own_rule():
    """RS-090, RS-103 (issue 25): a kind of action that is not open in this step cites the rule of
    its own decision ("pick" RS-090, "gem" RS-103), never the phase's first rule."""
    s = picked((101, 100, 102, 103), (101, 100))
    s = s.apply("go") if "go" in labels(s) else s
    for label, rule in (("pick 102", "RS-090"), ("gem blue", "RS-103"), ("trade 1", "RS-063")):
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == rule, label
