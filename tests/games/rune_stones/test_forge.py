"""Forging artifacts (RS-130..RS-150, RS-220, RS-222)."""

import pytest

from rulekit import IllegalAction

from .helpers import at, force_roll, gems, keys, labels, me, new, p, play, rules_of

EMPTY = ("",) * 5


def forging(seed=1, **player):
    s = at(new(2, seed), forges=("yellow", "blue", "yellow", "red", "green"))
    s = me(s, **player)
    return play(s, "action forge")


def settle(s, *prefer):
    """Answer pending pay/place steps: the preferred labels first, else the first choice."""
    while s.phase == "forge_step":
        options = labels(s)
        s = s.apply(next((x for x in prefer if x in options), options[0]))
    return s


def forge_labels(s):
    return [a for a in labels(s) if a.startswith("forge")]


def test_up_to_two_from_different_forges():
    """RS-130, RS-147: the used forge is gone for the second artifact, and a third is refused."""
    s = forging(gems=gems(yellow=2, blue=2, red=3), jokers=0)
    s = settle(play(s, "forge 1"))
    assert "forge 1" not in forge_labels(s) and s.data.forges[0] == ""
    with pytest.raises(IllegalAction) as err:
        s.apply("forge 1")
    assert err.value.rule == "RS-147"
    s = settle(play(s, "forge 2"))
    with pytest.raises(IllegalAction) as err:
        s.apply("forge 4")
    assert err.value.rule == "RS-130"
    assert forge_labels(s) == []


def test_coloured_artifact_costs_its_colour():
    """RS-131, RS-136: a cost-3 yellow forge takes 3 yellow gems back to the supply."""
    s = forging(gems=gems(yellow=3, red=1), jokers=0)
    supply = s.data.supply[1]
    s = settle(play(s, "forge 3"))
    assert p(s).gems == (0, 0, 0, 1) and s.data.supply[1] == supply + 3
    assert "yellow" in p(s).rows[0]
    bad = forging(gems=gems(yellow=2, red=1), jokers=0)
    with pytest.raises(IllegalAction) as err:
        bad.apply("forge 3")
    assert err.value.rule == "RS-131" and "gems" in err.value.reason


def test_forge_costs_option():
    """RS-132 (gap): five coloured forges with rulekit's costs and bonuses, changeable."""
    s = forging()
    assert s.options["forge_costs"] == (2, 2, 3, 3, 4)
    cheap = at(new(2, 1, forge_costs=(1, 1, 1, 1, 1)), forges=("yellow",) * 5)
    cheap = play(me(cheap, gems=gems(yellow=1), jokers=0), "action forge")
    assert "forge 5" in forge_labels(cheap)


def test_joker_artifact_four_any_gems():
    """RS-133: 4 gems of any colours, a joker stone may be one of them."""
    s = forging(gems=gems(1, 1, 1, 0), jokers=1)
    s = play(s, "forge joker")
    assert s.phase == "forge_step" and "pay joker" in labels(s)
    s = settle(play(s, "pay blue", "pay yellow", "pay green"))
    assert p(s).jokers == 0 and sum(p(s).gems) == 0 and s.data.joker_stack == 7
    poor = forging(gems=gems(1, 1, 1, 0), jokers=0)
    with pytest.raises(IllegalAction) as err:
        poor.apply("forge joker")
    assert err.value.rule == "RS-133"


def test_one_joker_artifact_per_turn():
    """RS-134: a second joker artifact (even for 3 ores) is refused."""
    s = forging(gems=gems(2, 2, 0, 0), jokers=0, ore=3)
    s = settle(play(s, "forge joker"))
    with pytest.raises(IllegalAction) as err:
        s.apply("forge joker")
    assert err.value.rule == "RS-134"


def test_joker_stone_replaces_gem_when_forging():
    """RS-135: 2 yellow and 1 joker stone pay a cost-3 yellow forge."""
    s = forging(gems=gems(yellow=2), jokers=1)
    s = play(s, "forge 3", "pay yellow", "pay yellow")
    assert p(s).jokers == 0 and p(s).gems[1] == 0 and "RS-135" in rules_of(s)


def test_coloured_artifact_on_its_colour_space():
    """RS-137: offered its colour space in either row, never the joker space."""
    s = forging(gems=gems(yellow=2), jokers=0, rows=(("", "", "", "", ""), ("", "", "", "", "")))
    s = play(s, "forge 1")
    assert labels(s) == ["place 1 yellow", "place 2 yellow"]
    with pytest.raises(IllegalAction) as err:
        s.apply("place 1 joker")
    assert err.value.rule == "RS-137"
    s = play(s, "place 2 yellow")
    assert p(s).rows[1][1] == "yellow"


def test_colour_full_in_both_rows():
    """RS-138: yellow in both rows (a joker counts) blocks yellow, also for ores."""
    rows = (("", "yellow", "", "", ""), ("", "joker", "", "", ""))
    s = forging(gems=gems(yellow=3), jokers=0, ore=3, rows=rows)
    assert "forge 1" not in forge_labels(s) and "forge 3" not in forge_labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("forge 1")
    assert err.value.rule == "RS-138"


def test_placed_artifacts_never_move():
    """RS-139: no action moves an artifact; only a trade-in empties a row."""
    rows = (("blue", "", "", "", ""), EMPTY)
    s = forging(gems=gems(yellow=2), jokers=0, rows=rows)
    s = play(s, "forge 1", "place 1 yellow", "done")
    assert p(s, 1 - s.data.current).rows[0][0] == "blue" or p(s).rows[0][0] == "blue"
    assert not any(a.startswith("move") for a in labels(s))


def test_joker_artifact_any_free_space():
    """RS-140: a joker artifact may go on the joker space or a free colour space, not an occupied one."""
    rows = (("blue", "", "", "", ""), EMPTY)
    s = forging(gems=gems(2, 2, 0, 0), jokers=0, rows=rows)
    s = s.apply("forge joker")
    while labels(s)[0].startswith("pay"):
        s = s.apply(labels(s)[0])
    assert "place 1 red" in labels(s) and "place 2 joker" in labels(s) and "place 1 blue" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("place 1 blue")
    assert err.value.rule == "RS-140"


def test_three_ores_pay_any_forge():
    """RS-141, RS-143: exactly 3 ores pay any forge, no bonus; ore and gems are not mixed."""
    s = forging(gems=gems(), jokers=0, ore=3)
    pp = p(s).pp
    s = play(s, "forge 5")
    assert p(s).ore == 0 and "pay_ore" in keys(s) and p(s).pp == pp  # pp3 bonus withheld
    both = forging(gems=gems(red=3), jokers=0, ore=3)
    both = play(both, "forge 4")
    assert "pay ore" in labels(both) and "pay red" in labels(both)
    both = play(both, "pay red")
    assert "pay ore" not in labels(both)
    with pytest.raises(IllegalAction) as err:
        both.apply("pay ore")
    assert err.value.rule == "RS-141"


def test_forge_bonuses():
    """RS-142: pp3 forge gives 3 PP, ore forge 1 ore, die forge one roll."""
    s = settle(play(forging(gems=gems(green=4), jokers=0), "forge 5"))
    assert p(s).pp == 3
    s = settle(play(forging(gems=gems(yellow=3), jokers=0), "forge 3"))
    assert p(s).ore == 1
    s = forging(gems=gems(red=3), jokers=0)
    s = play(force_roll(s, "pp2"), "forge 4", "place 1 red")
    assert keys(s).count("roll") == 1 and p(s).pp == 2


def test_bonus_pays_second_artifact():
    """RS-144: the ore bonus makes 3 ores for the second artifact."""
    s = forging(gems=gems(yellow=3), jokers=0, ore=2)
    s = settle(play(s, "forge 3"))
    assert p(s).ore == 3 and "forge 4" in forge_labels(s)
    s = settle(play(s, "forge 4"))
    assert p(s).ore == 0 and "red" in p(s).rows[0]


def test_rulebook_forge_example():
    """RS-145: yellow with 2 yellow + joker (ore bonus) to the lower row, then a joker artifact on red."""
    rows = (("", "yellow", "", "", ""), EMPTY)
    s = forging(gems=gems(1, 2, 1, 1), jokers=2, rows=rows, ore=0)
    s = play(s, "forge 3", "pay yellow", "pay yellow")  # the joker stone is the only way left
    assert p(s).rows[1][1] == "yellow" and p(s).ore == 1
    s = play(s, "forge joker", "pay blue", "pay green", "pay red", "place 1 red")
    assert p(s).rows[0][3] == "joker" and p(s).jokers == 0


def test_refill_forges_after_forging():
    """RS-146, RS-147: emptied forges are refilled only when forging is finished."""
    s = forging(gems=gems(yellow=2, blue=2), jokers=0)
    supply = len(s.data.art_supply)
    s = settle(settle(play(s, "forge 1")).apply("forge 2"))
    assert s.data.forges[:2] == ("", "")
    s = s.apply("done")
    assert all(s.data.forges) and len(s.data.art_supply) == supply - 2 and "refill_forge" in keys(s)


def test_artifact_discard_reshuffled():
    """RS-148: an empty artifact supply is renewed from the open artifact discard."""
    s = at(forging(gems=gems(yellow=2), jokers=0), art_supply=(), art_discard=("red", "red", "blue", "green"))
    s = at(s, forges=("yellow", "blue", "yellow", "red", "green"))
    s = settle(s.apply("forge 1"))
    s = s.apply("done")
    assert "reshuffle_artifacts" in keys(s) and len(s.data.art_supply) == 3 and s.data.art_discard == ()


def test_empty_joker_stack_blocks_joker_artifacts():
    """RS-149: no joker artifact with an empty stack, not even for 3 ores."""
    s = at(forging(gems=gems(2, 2, 0, 0), jokers=0, ore=3), joker_stack=0)
    with pytest.raises(IllegalAction) as err:
        s.apply("forge joker")
    assert err.value.rule == "RS-149"


def test_forge_stays_empty_without_artifacts():
    """RS-150 (gap): supply and discard empty: the forge stays empty and cannot be used."""
    s = at(forging(gems=gems(yellow=2), jokers=0), art_supply=(), art_discard=())
    s = at(s, forges=("yellow", "blue", "yellow", "red", "green"))
    s = settle(play(s, "forge 1")).apply("done")
    assert s.data.forges[0] == "" and "forge_empty" in keys(s)
    s = play(s, "action forge")
    with pytest.raises(IllegalAction) as err:
        s.apply("forge 1")
    assert err.value.rule == "RS-150"


def test_extra_pp_rune_not_on_forge_bonus():
    """RS-220: the pp3 forge gives 3, not 4, with Extra Power Points."""
    s = settle(play(forging(gems=gems(green=4), jokers=0, runes=("extra_pp",)), "forge 5"))
    assert p(s).pp == 3


def test_double_die_not_on_forge_roll():
    """RS-222: the forge's bonus roll is carried out once even with Double Die."""
    s = forging(gems=gems(red=3), jokers=0, runes=("double_die",))
    s = play(force_roll(s, "ore"), "forge 4", "place 1 red")
    assert p(s).ore == 1


def test_rs_150_refill_forge_on_return():
    """RS-150 option refill_forge_on_return: a forge left empty is filled by the trade-in that
    brings artifacts back; by default it waits for the next forge refill."""
    row = ("blue", "yellow", "", "", "")

    def traded(**options):
        s = at(new(2, 1, **options), art_supply=(), art_discard=(), forges=("", "blue", "yellow", "red", "green"))
        s = me(s, rows=(row, ("",) * 5))
        s = at(s, phase="trade_artifacts")
        return s.apply("trade 1")

    base = traded()
    assert base.data.forges[0] == "" and sorted(base.data.art_discard) == ["blue", "yellow"]
    s = traded(refill_forge_on_return=True)
    assert s.data.forges[0] in ("blue", "yellow") and len(s.data.art_supply) + len(s.data.art_discard) == 1
    assert "forge_refill_on_return" in keys(s) and "RS-148" in rules_of(s) and "RS-146" in rules_of(s)


def test_rs_132_forge_bonuses_option():
    """RS-132 option forge_bonuses: which forge gives which bonus (RS-142); by default forge 1 gives
    none and forge 5 gives 3 power points."""
    plain = settle(play(forging(gems=gems(yellow=2), jokers=0), "forge 1"))
    assert p(plain).pp == 0
    s = at(new(2, 1, forge_bonuses=("pp3", "", "ore", "die", "")), forges=("yellow", "blue", "yellow", "red", "green"))
    s = settle(play(me(s, gems=gems(yellow=2), jokers=0), "action forge", "forge 1"))
    assert p(s).pp == 3 and "RS-142" in rules_of(s)
    with pytest.raises(ValueError, match="RS-132"):
        new(2, forge_bonuses=("gold", "", "", "", ""))


def test_rs_017_die_faces_option():
    """RS-017 option die_faces: the six faces of the die (RS-011); with six ore faces every forge
    roll gives an ore, by default the faces differ."""

    def rolls(**options):
        s = at(new(2, 1, **options), forges=("yellow", "blue", "yellow", "red", "green"))
        s = me(s, gems=gems(red=3), jokers=0, ore=0)
        return {play(s.evolve(rng=rng), "action forge", "forge 4", "place 1 red").data.last_roll for rng in range(12)}

    assert rolls(die_faces=("ore",) * 6) == {"ore"}
    assert len(rolls()) > 1
    with pytest.raises(ValueError, match="RS-017"):
        new(2, die_faces=("ore", "ore", "ore", "ore", "ore", "six"))
