"""Rune stones that act at any time or at once (RS-212..RS-216, RS-223..RS-225)."""

import pytest

from rulekit import IllegalAction

from .helpers import at, gems, keys, labels, me, new, p, play

E = ("",) * 5


def test_joker_rune_place_gem_once():
    """RS-212: the owner places a gem from the supply once; never a joker stone; it stays."""
    s = me(new(2), runes=("joker",))
    assert "jokergem green" in labels(s)
    supply = s.data.supply[2]
    s = s.apply("jokergem green")
    assert p(s).joker_gem == "green" and s.data.supply[2] == supply - 1
    assert not [a for a in labels(s) if a.startswith("jokergem")]
    with pytest.raises(IllegalAction) as err:
        s.apply("jokergem red")
    assert err.value.rule == "RS-212"
    t = me(new(2), runes=("joker",))
    with pytest.raises(IllegalAction) as err:
        t.apply("jokergem joker")
    assert err.value.rule == "RS-212"


def test_joker_rune_colour_pays_as_joker():
    """RS-213: with green on the Joker rune, green gems pay a yellow forge and a blue exchange."""
    s = at(
        me(new(2), runes=("joker",), joker_gem="green", gems=gems(green=3), jokers=0),
        forges=("yellow", "blue", "yellow", "red", "green"),
    )
    s = play(s, "action forge")
    assert "forge 3" in labels(s)
    s = play(s, "forge 3", "place 1 yellow")
    assert p(s).gems[2] == 0
    t = me(new(2), runes=("joker",), joker_gem="green", gems=gems(green=2), jokers=0, hand=(43, 100, 101, 102))
    t = play(t, "action abilities", "pick 43", "pick 100", "use 43")
    assert p(t).pp == 6


def test_joker_rune_scope_only_paying():
    """RS-214 (gap): the rune gem is never spendable; the die swap still gives a real joker stone."""
    s = me(new(2), runes=("joker",), joker_gem="green", gems=gems(), jokers=0)
    s = at(s, forges=("green",) * 5)
    assert "action forge" in labels(s)
    s = s.apply("action forge")
    assert not [a for a in labels(s) if a.startswith("forge")]


def test_exchange_rune_once_per_turn():
    """RS-215: gem for ore or ore for gem, once per own turn; no joker stone."""
    s = me(new(2), runes=("exchange",), ore=1)
    assert "swap red ore" in labels(s) and "swap ore blue" in labels(s)
    assert "swap ore joker" not in labels(s)
    s = s.apply("swap red ore")
    assert p(s).ore == 2 and p(s).gems[3] == 0
    with pytest.raises(IllegalAction) as err:
        s.apply("swap ore blue")
    assert err.value.rule == "RS-215"
    other = new(2)
    with pytest.raises(IllegalAction) as err:
        other.apply("swap red ore")
    assert err.value.rule == "RS-215"


def test_hand_limit_rune():
    """RS-216: the owner refills to 6."""
    s = me(new(2), runes=("hand",), hand=(100, 101), draw=(102, 103, 104, 105, 106, 107))
    seat = s.data.current
    s = play(s, "action forge", "done")
    assert len(p(s, seat).hand) == 6


def test_hand_limit_rune_acts_in_the_same_turn():
    """RS-223: Hand Limit taken in the trade-in step already raises this turn's refill to 6."""
    s = me(new(2), rows=(("blue", "red", "", "", ""), E))
    seat = s.data.current
    s = play(s, "action forge", "done", "trade 1", "rune hand")
    s = play(s, "done") if s.phase == "trade_artifacts" else s
    assert len(p(s, seat).hand) == 6


def test_exchange_rune_usable_after_taking():
    """RS-223: Exchange taken in the trade-in step allows one swap in the same turn."""
    s = me(new(2), rows=(("blue", "red", "", "", ""), E))
    s = play(s, "action forge", "done", "trade 1", "rune exchange")
    assert s.phase == "trade_artifacts" and "swap blue ore" in labels(s)


def test_immediate_runes_option():
    """RS-224 (gap): with immediate_runes off, Hand Limit waits for the next turn."""
    s = me(new(2, immediate_runes=False), rows=(("blue", "red", "", "", ""), E))
    seat = s.data.current
    s = play(s, "action forge", "done", "trade 1", "rune hand")
    assert len(p(s, seat).hand) == 4 and "refill_hand" in keys(s)


def test_action_runes_from_next_turn():
    """RS-225: Plus taken after the action acts on the next turn's abilities, not this one."""
    s = me(new(2), rows=(("blue", "red", "", "", ""), E), hand=(19, 100, 101, 102))
    seat = s.data.current
    s = play(s, "action abilities", "pick 19", "pick 100", "use 19", "option 2", "use 100")
    assert s.phase == "trade_artifacts"
    s = play(s, "trade 1", "rune plus")
    assert p(s, seat).runes == ("plus",) and p(s, seat).jokers == 3


def test_joker_rune_colour_still_swaps_for_a_real_joker():
    """RS-214 (gap): the die swap gives a real joker stone for a gem of the rune colour."""
    from .helpers import force_roll

    s = me(new(2), runes=("joker",), joker_gem="green", gems=gems(green=1), jokers=0, hand=(31, 100, 101, 102))
    s = play(s, "action abilities", "pick 31", "pick 100")
    s = play(force_roll(s, "swap"), "use 31", "give green")
    assert p(s).jokers == 1 and p(s).gems[2] == 0 and p(s).joker_gem == "green"


def test_rs_214_joker_rune_everywhere_no_joker_colour_from_any_gem():
    """RS-214 option joker_rune_everywhere: an any-gem icon gives no joker stone (RS-103), so it
    no longer offers the Joker rune colour; by default it does."""
    hand = (101, 100, 102, 103)
    base = me(new(2), runes=("joker",), joker_gem="green", hand=hand)
    s = play(base, "action abilities", "pick 101", "pick 100", "use 101")
    assert "gem green" in labels(s)
    wide = me(new(2, joker_rune_everywhere=True), runes=("joker",), joker_gem="green", hand=hand)
    w = play(wide, "action abilities", "pick 101", "pick 100", "use 101")
    assert labels(w) == ["gem blue", "gem yellow", "gem red", "skip"]
    with pytest.raises(IllegalAction) as err:
        w.apply("gem green")
    assert err.value.rule == "RS-214"
    assert p(w.apply("gem red")).gems[3] == p(w).gems[3] + 1


def test_rs_214_joker_rune_everywhere_die_swap_keeps_the_colour():
    """RS-214 option joker_rune_everywhere: the die swap (RS-108) takes no gem of the rune colour,
    which is already a joker stone; by default it swaps it for a real one."""
    from .helpers import force_roll

    def swapping(**options):
        s = me(new(2, **options), runes=("joker",), joker_gem="green", gems=gems(green=1, red=1), jokers=0)
        s = me(s, hand=(31, 100, 101, 102))
        s = play(s, "action abilities", "pick 31", "pick 100")
        return play(force_roll(s, "swap"), "use 31")

    assert labels(swapping()) == ["give green", "give red", "skip"]
    w = swapping(joker_rune_everywhere=True)
    assert labels(w) == ["give red", "skip"]
    with pytest.raises(IllegalAction) as err:
        w.apply("give green")
    assert err.value.rule == "RS-214"
    w = w.apply("give red")
    assert p(w).jokers == 1 and p(w).gems[2] == 1


def test_rs_214_joker_rune_everywhere_exchange_rune_gives_no_joker_colour():
    """RS-214 option joker_rune_everywhere: the Exchange rune's ore-for-gem swap gives no joker
    stone (RS-215), so not the rune colour either; by default it may."""
    base = me(new(2), runes=("joker", "exchange"), joker_gem="green", ore=1)
    assert "swap ore green" in labels(base)
    w = me(new(2, joker_rune_everywhere=True), runes=("joker", "exchange"), joker_gem="green", ore=1)
    assert "swap ore green" not in labels(w) and "swap ore blue" in labels(w)
    with pytest.raises(IllegalAction) as err:
        w.apply("swap ore green")
    assert err.value.rule == "RS-214"
    # a player whose rune holds no gem yet has no joker colour: every colour stays open
    free = me(new(2, joker_rune_everywhere=True), runes=("joker", "exchange"), ore=1)
    assert "swap ore green" in labels(free)


def test_rs_212_joker_rune_gem_the_supply_lacks_cites_rs_212():
    """RS-212 (issue 25): with no green gem in the supply, "jokergem green" is refused citing RS-212
    and saying the supply has none (it cited the phase's first rule before)."""
    s = at(me(new(2), runes=("joker",)), supply=(5, 5, 0, 5))
    assert "jokergem green" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("jokergem green")
    assert err.value.rule == "RS-212" and "green" in err.value.reason and "grün" in err.value.text("de")


def test_rs_215_exchange_rune_without_what_it_swaps_cites_rs_215():
    """RS-215 (issue 25): an ore for a gem needs an ore of the player's; without one the swap is
    refused citing RS-215 with words of the exchange rune, not a rule of the phase."""
    s = me(new(2), runes=("exchange",), ore=0)
    assert "swap ore blue" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("swap ore blue")
    assert err.value.rule == "RS-215" and "Exchange rune" in err.value.reason
