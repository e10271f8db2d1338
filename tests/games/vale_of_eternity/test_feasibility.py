"""Issue 17: effects whose feasibility depends on what they themselves remove (VE-062, VE-063).

Young Forest Spirit (45) discards a hand card and then summons another one
for free. Whether that can be done in full must be judged with the discarded
card gone from the hand; the discards offered must each leave a free summon;
Scorch (68) copying it goes through the same check. Dragon Egg (63) discards
itself, and the place it frees is its own, not that of a copier.
"""

from __future__ import annotations

from dataclasses import replace

from rulekit.games.vale_of_eternity.tables import CARDS, PROGRAMS

from .helpers import ID, do, labels, make

YFS, FOREST_SPIRIT, EMBER, LAVA_GIANT, TIDAL = 45, 34, 64, ID["Lava Giant"], 69
SCORCH, DRAGON_EGG, MUD_SLIME = 68, 63, 40


def test_ve_062_young_forest_spirit_not_summonable_when_no_discard_completes():
    """Hand Forest Spirit + Ember: discarding either leaves nothing that can be summoned in full."""
    s = make(hands={0: [YFS, FOREST_SPIRIT, EMBER]})
    assert f"summon {YFS}" not in labels(s)
    refusal = None
    try:
        s.apply(f"summon {YFS}")
    except Exception as err:  # noqa: BLE001 - the refusal is inspected below
        refusal = err
    assert refusal is not None and refusal.rule == "VE-062"


def test_ve_062_young_forest_spirit_offers_only_discards_that_keep_a_free_summon():
    """Hand Lava Giant + Forest Spirit: discarding Lava Giant would leave Forest Spirit with nothing
    to discard, so only Forest Spirit may be discarded; then Lava Giant is summoned for free."""
    s = do(make(hands={0: [YFS, LAVA_GIANT, FOREST_SPIRIT]}), f"summon {YFS}")
    assert labels(s) == [f"discard {FOREST_SPIRIT}"]
    s = do(s, f"discard {FOREST_SPIRIT}")
    assert labels(s) == [f"summon {LAVA_GIANT}"]
    s = do(s, f"summon {LAVA_GIANT}")
    assert set(s.data.areas[0]) == {YFS, LAVA_GIANT} and FOREST_SPIRIT in s.data.discard
    assert not any(e.key == "nothing_to_choose" for e in s.events)


def test_ve_062_young_forest_spirit_every_offered_discard_completes():
    """Hand Lava Giant + Tidal: either discard leaves the other to summon for free."""
    s = do(make(hands={0: [YFS, LAVA_GIANT, TIDAL]}), f"summon {YFS}")
    assert labels(s) == [f"discard {LAVA_GIANT}", f"discard {TIDAL}"]
    for discard, summoned in ((LAVA_GIANT, TIDAL), (TIDAL, LAVA_GIANT)):
        t = do(s, f"discard {discard}", f"summon {summoned}")
        assert set(t.data.areas[0]) == {YFS, summoned}


def test_ve_062_young_forest_spirit_needs_room_for_the_free_summon():
    """VE-033: in round 1 the area holds one creature: Young Forest Spirit leaves no room."""
    s = make(round=1, hands={0: [YFS, LAVA_GIANT, TIDAL]})
    assert f"summon {YFS}" not in labels(s)


def test_ve_062_scorch_copying_young_forest_spirit_uses_the_same_check():
    """Scorch may copy Young Forest Spirit only when a discard leaves a free summon."""
    bad = make(areas={0: [YFS]}, hands={0: [SCORCH, FOREST_SPIRIT, EMBER]}, stones={0: [6, 3]})
    assert f"summon {SCORCH}" not in labels(bad)
    good = make(areas={0: [YFS]}, hands={0: [SCORCH, LAVA_GIANT, FOREST_SPIRIT]}, stones={0: [6, 3]})
    s = do(good, f"summon {SCORCH}", "pay 6", "pay 3", f"copy {YFS}")
    assert labels(s) == [f"discard {FOREST_SPIRIT}"]
    s = do(s, f"discard {FOREST_SPIRIT}", f"summon {LAVA_GIANT}")
    assert set(s.data.areas[0]) == {YFS, SCORCH, LAVA_GIANT}


def test_ve_063_dragon_egg_copied_by_scorch_frees_the_copiers_place():
    """Scorch copying Dragon Egg discards Scorch (the copier is 'this card'), so the room for the
    free dragon is Scorch's; the egg stays in the area and counts against the round's limit."""
    # round 3: area Dragon Egg + Mud Slime, Scorch comes in as the third: the copied effect
    # discards Scorch and summons Tidal for free into Scorch's place
    s = make(round=3, areas={0: [DRAGON_EGG, MUD_SLIME]}, hands={0: [SCORCH, TIDAL]}, stones={0: [6, 3]})
    s = do(s, f"summon {SCORCH}", "pay 6", "pay 3")
    assert labels(s) == [f"copy {DRAGON_EGG}", f"copy {MUD_SLIME}"]
    s = do(s, f"copy {DRAGON_EGG}", f"summon {TIDAL}")
    assert set(s.data.areas[0]) == {DRAGON_EGG, MUD_SLIME, TIDAL} and SCORCH in s.data.discard


def _no_cards_to_draw(state, discard=()):
    return state.evolve(data=replace(state.data, deck=(), discard=tuple(discard)))


#: every creature whose instant effect draws a card (issue 25): Sylph, Pegasus, Hippogriff, Dandelion Spirit, Willow
DRAWERS = [
    c.id for c in CARDS.values() if c.instant is not None and any(op["op"] == "draw" for op in PROGRAMS[c.instant])
]
CARDS_BY_ID = {c.id: c.name for c in CARDS.values()}


def test_ve_062_a_draw_effect_with_empty_draw_and_discard_piles_forbids_the_summon():
    """VE-062 (issue 25): Sylph draws a card; with the draw pile and the discard pile both empty the
    instant effect cannot be carried out completely, so Sylph cannot be summoned (it was, and the
    draw was skipped silently)."""
    sylph = ID["Sylph"]
    s = _no_cards_to_draw(make(hands={0: [sylph]}, stones={0: [6, 6, 6]}))
    assert f"summon {sylph}" not in labels(s)
    refusal = None
    try:
        s.apply(f"summon {sylph}")
    except Exception as err:  # noqa: BLE001 - the refusal is inspected below
        refusal = err
    assert refusal is not None and refusal.rule == "VE-062"
    # one card in the discard pile is enough: it is reshuffled into a new draw pile (VE-047)
    ok = _no_cards_to_draw(make(hands={0: [sylph]}, stones={0: [6, 6, 6]}), discard=(ID["Tengu"],))
    assert f"summon {sylph}" in labels(ok)
    assert f"summon {sylph}" not in labels(
        _no_cards_to_draw(make(hands={0: [sylph]}, stones={0: [6, 6, 6]}, reshuffle=False), discard=(ID["Tengu"],))
    )


def test_ve_062_every_drawing_creature_needs_a_card_to_draw():
    names = {CARDS_BY_ID[c] for c in DRAWERS}
    assert {"Sylph", "Pegasus", "Hippogriff", "Dandelion Spirit", "Willow"} <= names
    for card in DRAWERS:
        s = _no_cards_to_draw(make(round=8, hands={0: [card]}, stones={0: [6, 6, 6, 6]}))
        assert f"summon {card}" not in labels(s), CARDS_BY_ID[card]


def test_ve_062_hydra_with_empty_piles_is_summoned_but_offers_no_draw():
    """VE-062 (issue 25): Hydra picks two of three rewards; with the draw pile and the discard pile
    empty the draw cannot be carried out, so it is not offered, and the other two still complete
    the effect: the summon stays legal and no step is skipped."""
    hydra = ID["Hydra"]
    s = _no_cards_to_draw(make(hands={0: [hydra]}, stones={0: [6]}))
    assert f"summon {hydra}" in labels(s)
    s = s.apply(f"summon {hydra}")
    while s.phase == "summon_payment":
        s = s.apply(s.legal_actions()[0])
    offered = labels(s)
    assert offered and "option 2" not in offered, offered  # option 2: draw a card
    for label in offered:
        t = s.apply(label)
        t = t.apply(t.legal_actions()[0]) if t.phase == "instant_effect" else t
        assert not any(e.key in ("draw_none", "nothing_to_choose", "effect_stops") for e in t.events)
