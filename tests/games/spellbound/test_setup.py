"""Components and setup (SB-010 to SB-060, SB-900 to SB-904)."""

import pytest

from rulekit.engine import SetupError

from .helpers import CAT, GAME, start


def test_destiny_cards_are_mage_or_wicked_in_one_shared_display():
    """SB-010: destiny cards are mage (or ally) cards or wicked cards; one display for all."""
    s = start(players=3)
    for c in s.data.deck + s.data.display:
        assert CAT.cards[c].type in ("mage", "ally", "adversary")
    assert isinstance(s.view(0)["display"], list) and s.view(0)["display"] == s.view(2)["display"]


def test_card_zones_exist_and_conserve_cards():
    """SB-020: deck, display, tower, discard and wicked pile; every card in exactly one zone."""
    s = start()
    v = s.view(None)
    assert {"deck", "display", "tower", "discard", "wicked"} <= set(v)
    assert GAME.invariants(s) == []
    s = s.apply(f"tower {s.data.display[0]}")
    assert GAME.invariants(s) == []


def test_tracks_hats_troll_and_books():
    """SB-030: each city has a witch hat and a book, the Wilds the troll and the fifth book."""
    v = GAME.new(players=2, seed=1, settle=False).view(None)["tracks"]
    assert set(v) == {"rose", "blue", "green", "gold", "wild"}
    assert all(t["book"] == 4 and t["pursuer"] == 1 for t in v.values())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_pieces_mages_wands_watchman_witch(players):
    """SB-040, SB-900: one mage and wand per player; the watchman only with 1-2 players; the witch at level 0."""
    s = start(players=players)
    d = s.data
    assert len(d.mages) == players and all(m == "wild" for m in d.mages)
    assert all(w in (True, False) for w in d.wands) and d.witch == 0
    assert bool(d.watchman) == (players <= 2)
    in_deck = CAT.watchman in d.deck + d.display + d.discard + d.tower
    assert in_deck == (players <= 2)


def test_bag_starts_with_two_moon_three_sun():
    """SB-050, SB-914: blue (moon) and yellow (sun) stones; 2 + 3 in the bag at the start."""
    v = start().view(None)
    assert v["bag"] == {"moon": 2, "sun": 3} and v["base_strength"] == 2


def test_opening_display_holds_five_mage_cards_and_resolved_wicked_cards():
    """SB-060: before the first turn the display holds 5 mage cards; wicked cards revealed were resolved."""
    for seed in range(30):
        s = start(players=2, seed=seed)
        mages = [c for c in s.data.display if CAT.cards[c].helpful]
        wicked = [c for c in s.data.display if not CAT.cards[c].helpful]
        assert len(mages) == 5
        assert not s.data.fresh
        if wicked:
            assert any(e.rule == "SB-290" and e.key == "adversary_resolves" for e in s.events)
            return
    raise AssertionError("no seed revealed a wicked card at setup")


def test_player_counts_one_to_four():
    """SB-900: 1 to 4 players; 5 are refused."""
    assert GAME.players == range(1, 5)
    with pytest.raises(SetupError):
        GAME.new(players=5)


def test_starting_deck_and_wicked_pile():
    """SB-901, SB-903: 15 basic + 4 witch cards + Fortuna (+ Watchman); Troll card at the bottom of the wicked pile."""
    for players, size in ((2, 21), (3, 20)):
        s = GAME.new(players=players, seed=5, settle=False)
        assert len(s.data.deck) == size
        assert s.data.wicked[-1] == CAT.troll_card
    keys = [CAT.cards[c].key for c in GAME.new(players=3, seed=5, settle=False).data.deck]
    assert keys.count("fortuna") == 1 and sum(k.startswith("witch_") for k in keys) == 4 and len(CAT.basic) == 15


def test_village_cards_twelve_from_sixteen_sets():
    """SB-902, SB-903: 9 ally village cards of 16 sets + Witch's Tower, Fortuna, Fairy Spring; 7 sets boxed."""
    d = GAME.new(players=2, seed=9, settle=False).data
    kinds = sorted(CAT.cards[c].kind for c in d.village_cards)
    assert kinds.count("ally") == 9 and {"tower", "spring", "fortuna"} <= set(kinds) and len(kinds) == 12
    assert len(CAT.ally_keys) == 16
    assert GAME.tower_village(d) in CAT.villages


def test_witch_levels_from_data():
    """SB-904: levels with base strength and effects come from data/setup.toml."""
    assert [lv.base for lv in CAT.levels] == [2, 3, 3, 4, 4, 5, 6]
    assert CAT.levels[2].effects == ("moon_stone",) and CAT.top_level == 6


def test_setup_is_seeded():
    """SB-901: the same seed gives the same setup; different seeds differ."""
    assert GAME.new(players=2, seed=3) == GAME.new(players=2, seed=3)
    assert len({GAME.new(players=2, seed=s).data.deck for s in range(10)}) > 5
