"""Phase 3a: enchant, disenchant, activate (ZS-010, ZS-040, ZS-230..ZS-310, gaps ZS-909, ZS-910)."""

import pytest

from rulekit.engine import IllegalAction

from .helpers import CFG, GAME, energy, gems, hub, know, labels, play, setp


def rich(s, seat=0, **changes):
    return setp(s, seat, dust=(0, 0, 20), cards=(), **changes)


def test_gem_kinds_zs010():
    """ZS-010: the five gem kinds, in the engine's order."""
    from rulekit.games.scepter_of_zavandor.tables import GEMS

    assert GEMS == ("opal", "sapphire", "emerald", "diamond", "ruby")
    assert set(CFG.gem_names) == set(GEMS)


def test_enchant_pays_price_and_adds_gem_zs230():
    """ZS-230: enchanting an opal costs its price (10) and adds one opal."""
    s = rich(hub())
    before = energy(s, 0)
    s2 = play(s, "enchant opal", "pay dust 10")
    assert s2.data.p[0].active[0] == 3 and energy(s2, 0) == before - 10
    assert s2.data.supply[0] == s.data.supply[0] - 1
    assert "ZS-230" in [e.rule for e in s2.events] and GAME.invariants(s2) == []


def test_opal_and_sapphire_always_allowed_zs240():
    """ZS-240: a fresh player without artifacts may enchant opals and sapphires."""
    s = rich(hub())
    assert {"enchant opal", "enchant sapphire"} <= set(labels(s))


def test_emerald_needs_spellbook_zs250():
    """ZS-250: no Spellbook -> emerald refused; with Spellbook -> allowed."""
    s = rich(hub())
    with pytest.raises(IllegalAction) as err:
        s.apply("enchant emerald")
    assert err.value.rule == "ZS-250"
    assert "enchant emerald" in labels(rich(hub(), arts=("spellbook",)))


def test_diamond_needs_elixir_zs260():
    """ZS-260: no Elixir -> diamond refused; with Elixir -> allowed."""
    with pytest.raises(IllegalAction) as err:
        rich(hub()).apply("enchant diamond")
    assert err.value.rule == "ZS-260"
    assert "enchant diamond" in labels(rich(hub(), arts=("elixir",)))


def test_ruby_needs_fire_level_4_zs270():
    """ZS-270: Fire level 3 -> ruby refused (for non-druids); level 4 -> allowed."""
    s = hub(seed=0)
    non_druid = next(i for i, p in enumerate(s.data.p) if CFG.characters[p.char]["id"] != "druid")
    s = hub(seed=0, seat=non_druid)
    with pytest.raises(IllegalAction) as err:
        rich(s, non_druid, know=know(fire=3)).apply("enchant ruby")
    assert err.value.rule == "ZS-270"
    assert "enchant ruby" in labels(rich(s, non_druid, know=know(fire=4)))


def test_ruby_limit_five_per_player_zs280():
    """ZS-280: a player with 5 rubies may not enchant a 6th."""
    s = rich(hub(), know=know(fire=4), active=gems(0, 0, 0, 0, 5))
    with pytest.raises(IllegalAction) as err:
        s.apply("enchant ruby")
    assert err.value.rule == "ZS-280"


def test_ruby_limit_scope_supply_zs910():
    """ZS-910 (gap): with ruby_limit_scope=supply, 3 + 2 rubies in play block a 6th for everyone."""
    s = hub(ruby_limit_scope="supply")
    s = rich(s, 0, know=know(fire=4), active=gems(0, 0, 0, 0, 3))
    s = setp(s, 1, active=gems(0, 0, 0, 0, 2))
    with pytest.raises(IllegalAction) as err:
        s.apply("enchant ruby")
    assert err.value.rule == "ZS-280"
    assert "enchant ruby" in labels(rich(hub(), know=know(fire=4), active=gems(0, 0, 0, 0, 3)))


def test_gem_prices_follow_knowledge_of_gems_zs909():
    """ZS-909 (gap): prices 10/20/30/40/60 times 90/80/70/60 % by Gems level; emerald at level 3 = 21."""
    from rulekit.games.scepter_of_zavandor.model import gem_price

    s = rich(hub(), know=know(gems=3))
    p = s.data.p[0]
    assert [gem_price(CFG, p, g) for g in range(5)] == [7, 14, 21, 28, 42]
    assert gem_price(CFG, rich(hub(), know=know()).data.p[0], 4) == 60


def test_disenchant_pays_half_price_rounded_down_zs290():
    """ZS-290: selling returns the stone to the supply and pays floor(value / 2)."""
    s = setp(hub(), 0, dust=(0, 0, 0), cards=(), know=know(gems=1), active=gems(2, 1))
    s2 = s.apply("disenchant opal")  # opal price 9 at Gems level 1 -> 4
    assert energy(s2, 0) == 4 and s2.data.p[0].active[0] == 1
    assert s2.data.supply[0] == s.data.supply[0] + 1 and GAME.invariants(s2) == []


def test_disenchant_uses_current_price_zs300():
    """ZS-300: the sale value is half the current (discounted) price: sapphire at Gems 4 = 12 -> 6."""
    s = setp(hub(), 0, dust=(0, 0, 0), cards=(), know=know(gems=4), active=gems(0, 1))
    assert energy(s.apply("disenchant sapphire"), 0) == 6


def test_activate_and_deactivate_within_capacity_zs310():
    """ZS-310: 3 active, 3 in the pentagon, capacity 5: two activations allowed, a third refused (ZS-040)."""
    s = setp(hub(), 0, active=gems(3), stored=gems(3), know=know())
    s2 = play(s, "activate opal", "activate opal")
    assert s2.data.p[0].active[0] == 5
    with pytest.raises(IllegalAction) as err:
        s2.apply("activate opal")
    assert err.value.rule == "ZS-040"
    s3 = s2.apply("deactivate opal")
    assert s3.data.p[0].active[0] == 4 and s3.data.p[0].stored[0] == 2


def test_capacity_at_most_eleven_zs040():
    """ZS-040: spiral 5 + Belt 2 + Wand 2 + Storage level 4 (+2) = 11 active slots."""
    from rulekit.games.scepter_of_zavandor.model import capacity

    p = setp(hub(), 0, arts=("magic_belt", "magic_wand"), know=know(accumulation=4)).data.p[0]
    assert capacity(CFG, p) == 11
    s = setp(hub(), 0, arts=("magic_belt", "magic_wand"), know=know(accumulation=4), active=gems(11), stored=gems(1))
    with pytest.raises(IllegalAction) as err:
        s.apply("activate opal")
    assert err.value.rule == "ZS-040"


def test_new_gem_goes_to_pentagon_when_slots_full():
    """ZS-230 (rulekit's choice): a gem bought with all slots full waits in the pentagon."""
    s = setp(hub(), 0, active=gems(5), dust=(0, 0, 2), cards=())
    s2 = play(s, "enchant opal", "pay dust 10")
    assert s2.data.p[0].active[0] == 5 and s2.data.p[0].stored[0] == 1


def test_refusal_names_missing_gem_and_keeps_state():
    """ZS-290: disenchanting a gem you do not own is refused and changes nothing."""
    s = setp(hub(), 0, active=gems(2, 1))
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("disenchant ruby")
    assert err.value.rule == "ZS-290" and "ruby" in str(err.value)
    assert s.to_json() == before


def test_zs_290_disenchant_event_states_the_dust_that_arrives():
    """ZS-290 (issue 17b): an opal at Gems level 3 sells for 10 x 70% = 7 // 2 = 3; only a 2-dust
    token exists for that, so 2 arrives and the event says 2 received and 1 lost, in EN and DE."""
    s = setp(hub(), 0, know=know(gems=3), dust=(0, 0, 0), cards=())
    s = play(s, "disenchant opal")
    assert energy(s, 0) == 2
    ev = next(e for e in s.events if e.rule == "ZS-290")
    assert "receives 2 dust" in ev.text and "1 lost" in ev.text
    assert "erhält 2 Zauberstaub" in ev.text_de and "1 verfallen" in ev.text_de
    assert "receives 3" not in ev.text
