"""Phase 3b: knowledge (ZS-030, ZS-320..ZS-390, gaps ZS-911, ZS-912)."""

import pytest

from rulekit.engine import IllegalAction

from .helpers import CFG, GAME, energy, hub, know, labels, play, setp


def player(**changes):
    """Seat 0 acts, with plenty of dust and the given board."""
    changes.setdefault("dust", (0, 0, 20))
    return setp(hub(), 0, cards=(), **changes)


def test_six_areas_four_levels_zs030():
    """ZS-030: six knowledge areas of four levels, a pentagon, active slots and a hand limit per player."""
    from rulekit.games.scepter_of_zavandor.model import capacity, hand_limit
    from rulekit.games.scepter_of_zavandor.tables import AREAS

    assert len(AREAS) == 6 and CFG.max_level == 4
    p = player().data.p[0]
    assert len(p.know) == 6 and p.stored == (0,) * 5 and capacity(CFG, p) == 5 and hand_limit(CFG, p) >= 4


def test_one_knowledge_step_per_round_zs320():
    """ZS-320: after raising Fire, raising Storage in the same round is refused; next round it is allowed."""
    s = player(know=know(fire=1, accumulation=1))
    s2 = play(s, "learn fire", "pay auto")
    assert s2.data.p[0].know == know(fire=2, accumulation=1)
    with pytest.raises(IllegalAction) as err:
        s2.apply("learn accumulation")
    assert err.value.rule == "ZS-320"
    # the flag is reset when the turn order of the next round is set
    from rulekit.games.scepter_of_zavandor import rounds

    s3 = rounds.turn_order(s2.evolve(phase="determine_turn_order", to_move=None))
    assert not s3.data.p[0].stepped


def test_raise_known_area_pays_next_level_zs330():
    """ZS-330: Fire at level 2 -> level 3 costs the configured 15."""
    s = player(know=know(fire=2))
    before = energy(s, 0)
    s2 = play(s, "learn fire", "pay auto")
    assert s2.data.p[0].know[2] == 3 and energy(s2, 0) == before - CFG.area_costs[2][2]


def test_new_area_needs_stone_and_level_one_zs340():
    """ZS-340 / ZS-911: the cheapest stone (20) plus level-1 cost (Gems: 2) = 22 for a new area."""
    s = player(know=know(fire=1))
    before = energy(s, 0)
    s2 = play(s, "learn gems", "pay auto")
    p = s2.data.p[0]
    assert p.know[0] == 1 and p.markers == (25, 30, 35, 40)
    assert energy(s2, 0) == before - 22 + 0  # paid exactly with change
    assert GAME.invariants(s2) == []


def test_cheapest_stone_first_zs911():
    """ZS-911 (gap): buying two stones in advance costs 20 then 25."""
    s = player(know=know(fire=1))
    s2 = play(s, "buy_stone", "pay auto", "buy_stone", "pay auto")
    assert s2.data.p[0].markers == (30, 35, 40) and s2.data.p[0].prepaid == 2
    assert energy(s, 0) - energy(s2, 0) == 45


def test_prepaid_stone_waits_in_pentagon_zs350():
    """ZS-350: a stone bought in advance sits in the pentagon; later only the level-1 cost is paid."""
    s = player(know=know(fire=1))
    s2 = play(s, "buy_stone", "pay dust 10", "pay dust 10")
    assert s2.data.p[0].prepaid == 1
    before = energy(s2, 0)
    s3 = play(s2, "learn gems", "pay auto")
    assert s3.data.p[0].prepaid == 0 and energy(s3, 0) == before - 2


def test_prepaying_is_not_the_knowledge_step_zs360():
    """ZS-360: prepay a stone and still raise an area in the same round."""
    s = player(know=know(fire=1))
    s2 = play(s, "buy_stone", "pay auto")
    assert "learn fire" in labels(s2)
    s3 = play(s2, "learn fire", "pay auto")
    assert s3.data.p[0].know[2] == 2


def test_one_stone_per_area_zs370():
    """ZS-370: learning an area that holds a stone raises it and uses no second stone."""
    s = player(know=know(fire=1))
    s2 = play(s, "learn fire", "pay auto")
    assert s2.data.p[0].markers == CFG.stone_costs and s2.data.p[0].prepaid == 0
    s = player(know=(1, 1, 1, 1, 1, 1), markers=())
    with pytest.raises(IllegalAction) as err:
        s.apply("buy_stone")
    assert err.value.rule == "ZS-370"


def test_level_four_worth_two_points_zs380():
    """ZS-380: raising an area 3 -> 4 gives +2 VP, counted once."""
    from rulekit.games.scepter_of_zavandor.model import victory_points

    s = player(know=know(fire=3))
    before = victory_points(CFG, s.data.p[0])
    s2 = play(s, "learn fire", "pay auto")
    assert victory_points(CFG, s2.data.p[0]) == before + 2
    assert "ZS-380" in [e.rule for e in s2.events]
    with pytest.raises(IllegalAction) as err:
        player(know=know(fire=4)).apply("learn fire")
    assert err.value.rule == "ZS-330"


def test_entering_area_changes_hand_limit_zs390():
    """ZS-390 / ZS-912: entering Artifacts (+1) raises the hand limit; a further level does not."""
    from rulekit.games.scepter_of_zavandor.model import hand_limit

    s = player(know=know(fire=1))
    base = hand_limit(CFG, s.data.p[0])
    s2 = play(s, "learn artifacts", "pay auto")
    assert hand_limit(CFG, s2.data.p[0]) == base + 1
    assert "ZS-390" in [e.rule for e in s2.events]
    s3 = setp(s2, 0, stepped=False)
    s4 = play(s3, "learn artifacts", "pay auto")
    assert hand_limit(CFG, s4.data.p[0]) == base + 1


def test_hand_limit_modifiers_zs912():
    """ZS-912 (gap): 5 + area modifiers (Gems -1, Energy Flow -1, Artifacts +1, Storage +1) + Crystal Ball/Wand +3."""
    from rulekit.games.scepter_of_zavandor.model import hand_limit

    def limit(k, arts=()):
        return hand_limit(CFG, player(know=k, arts=arts).data.p[0])

    assert limit(know(gems=1)) == 4 and limit(know(energy_flow=2)) == 4 and limit(know(fire=1)) == 5
    assert limit(know(artifacts=1)) == 6 and limit(know(accumulation=1, artifacts=3)) == 7
    assert limit(know(fire=1), ("crystal_ball", "magic_wand")) == 11


def test_free_step_from_artifact_does_not_count_zs360():
    """ZS-360 / ZS-320: a free step (Runestone) raises a level and leaves the paid step available."""
    s = player(know=know(fire=1), free_steps=1)
    s2 = s.apply("free_step fire")
    assert s2.data.p[0].know[2] == 2 and not s2.data.p[0].stepped
    assert "learn fire" in labels(s2)


def test_too_poor_to_learn_is_refused():
    """ZS-340: a new area that costs more than the player's energy is refused with the price."""
    s = setp(hub(), 0, dust=(1, 0, 0), cards=(), know=know(fire=1))
    with pytest.raises(IllegalAction) as err:
        s.apply("learn gems")
    assert err.value.rule == "ZS-340" and "22" in err.value.reason
