"""The player's turn: tower card, playing and discarding, movement, magic,
influence, search, allies and the wand (SB-100 to SB-220, SB-905 to SB-909)."""

import copy
from functools import cached_property

import pytest

from rulekit.engine import IllegalAction
from rulekit.games.spellbound.rules import Spellbound
from rulekit.games.spellbound.tables import build_catalog

from .helpers import CAT, GAME, arrange, cid, place_village, playing, start, track


def refused(state, label):
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(label)
    assert state.to_json() == before
    return err.value


def test_first_decision_sends_one_card_to_the_tower():
    """SB-100: the turn starts by moving exactly one display card into the witch tower."""
    s = start()
    assert s.phase == "take_destiny_card" and s.to_move == 0
    assert {a.kind for a in s.legal_actions()} == {"tower"}
    card = s.data.display[0]
    after = s.apply(f"tower {card}")
    assert after.data.tower == (card,) and len(after.data.display) == len(s.data.display) - 1
    assert after.phase == "play_mage_cards"


def test_wicked_card_can_go_to_the_tower():
    """SB-100: a wicked card may be the tower card."""
    s = arrange(start(), display=[cid("path"), cid("witch_rose")])
    after = s.apply(f"tower {cid('witch_rose')}")
    assert cid("witch_rose") in after.data.tower


def test_no_card_play_before_the_tower_card():
    """SB-110: playing before the tower card is refused."""
    s = start()
    mage = next(c for c in s.data.display if CAT.cards[c].helpful)
    assert refused(s, f"play {mage}").rule == "SB-110"
    assert refused(s, "end").rule == "SB-110"


def test_no_second_tower_card():
    """SB-110: only one card per turn goes to the tower."""
    s = start()
    s = s.apply(f"tower {s.data.display[0]}")
    assert refused(s, f"tower {s.data.display[0]}").rule == "SB-110"


def test_play_until_at_most_two_mage_cards_remain():
    """SB-120: with 3 mage cards left the play step cannot end; after one more it can."""
    s = playing(display=[cid("path"), cid("path", 1), cid("stride")])
    assert refused(s, "end").rule == "SB-120"
    s = s.apply(f"discard {cid('path')}")
    assert "end" in map(str, s.legal_actions())


def test_may_continue_below_two_and_cards_go_to_discard():
    """SB-130: with 2 left the player may end or play on; played cards are discarded."""
    s = playing(display=[cid("path"), cid("coin")])
    assert "end" in map(str, s.legal_actions())
    s = s.apply(f"play {cid('coin')}")
    assert cid("coin") in s.data.discard and s.data.display == (cid("path"),)
    s = s.apply(f"discard {cid('path')}")
    assert s.data.display == () and "end" in map(str, s.legal_actions())


def test_wicked_cards_cannot_be_played():
    """SB-120: only mage cards are played or discarded."""
    s = playing(display=[cid("path"), cid("storm")])
    assert refused(s, f"play {cid('storm')}").rule == "SB-120"


def test_movement_card_moves_the_mage():
    """SB-140, SB-905: a movement card gives points; each road costs one."""
    s = playing(display=[cid("path")])
    s = s.apply(f"play {cid('path')}")
    assert s.data.movement == 2
    s = s.apply("step rose")
    assert s.data.mages[0] == "rose" and s.data.moved and s.data.movement == 1
    assert s.apply("step v02").data.mages[0] == "v02"
    assert refused(playing(mages=("wild", "wild")), "step rose").rule == "SB-140"


def test_step_needs_a_road():
    """SB-905: a mage moves only along roads, one space per point."""
    s = playing(movement=2)
    assert refused(s, "step v02").rule == "SB-905"


def test_never_straight_from_city_to_city():
    """SB-150: no move from a city to a city, even on a map with such a road."""

    class Edited(Spellbound):
        package = "rulekit.games.spellbound"

        @cached_property
        def cat(self):
            m = copy.deepcopy(self.data_file("map.toml"))
            m["network"]["roads"].append(["rose", "blue"])
            return build_catalog(self.data_file("cards.toml"), m, self.data_file("setup.toml"))

    game = Edited()
    s = game.new(players=1, seed=3)
    d = s.data.but(mages=("rose",), movement=2)
    s = s.evolve(data=d, phase="play_mage_cards", to_move=0)
    labels = list(map(str, s.legal_actions()))
    assert "step wild" in labels and "step blue" not in labels
    with pytest.raises(IllegalAction) as err:
        s.apply("step blue")
    assert err.value.rule == "SB-150"


def test_city_to_city_refusal_names_the_rule():
    """SB-150: trying to go from Rosewall to Greenford is refused with the city-to-city rule."""
    assert refused(playing(mages=("rose", "wild"), movement=2), "step green").rule == "SB-150"


def test_magic_in_a_city_pushes_its_witch_hat_back():
    """SB-160, SB-906: magic in a city moves that city's witch hat back."""
    t = track("rose")
    s = playing(display=[cid("ward")], mages=("rose", "wild"), pursuers=(3, 1, 1, 1, 3))
    s = s.apply(f"play {cid('ward')}")
    assert s.data.pursuers[t] == 1 and s.data.pursuers[track("wild")] == 3


def test_magic_in_the_wilds_pushes_the_troll_back():
    """SB-160, SB-906: magic in the Wilds moves the troll back (a different handler)."""
    s = playing(display=[cid("ward")], pursuers=(3, 1, 1, 1, 3))
    s = s.apply(f"play {cid('ward')}")
    assert s.data.pursuers[track("wild")] == 1 and s.data.pursuers[track("rose")] == 3


def test_magic_in_a_village_is_refused():
    """SB-160: magic has no target in a village."""
    s = playing(display=[cid("ward")], mages=("v01", "wild"))
    assert refused(s, f"play {cid('ward')}").rule == "SB-160"


def test_influence_accumulates_and_recruits():
    """SB-170, SB-180, SB-907: influence adds up; recruiting puts the ally in the display, the set on the discard pile."""
    s = playing(display=[cid("coin"), cid("favour")], mages=("v01", "wild"))
    s = place_village(s, "bard", "v01")
    v, copies = 0, CAT.sets["bard"][1]
    assert GAME.invariants(s) == []
    assert refused(s, "recruit").rule == "SB-170"
    s = s.apply(f"play {cid('coin')}").apply(f"play {cid('favour')}")
    assert s.data.influence[0] == 3
    s = s.apply("recruit")
    assert copies[0] in s.data.display and copies[1] in s.data.discard
    assert s.data.influence[0] == 3 - CAT.cards[copies[0]].cost and s.data.supplies[v] == ()


def test_recruit_only_in_a_face_up_village():
    """SB-907: no recruiting outside villages or in face-down ones."""
    assert refused(playing(influence=(9, 0)), "recruit").rule == "SB-907"


def test_entering_a_village_turns_its_card_up():
    """SB-907: a village card is revealed when a mage enters (rulekit's choice)."""
    s = playing(mages=("rose", "wild"), movement=1)
    v = CAT.villages.index("v02")
    assert not s.data.revealed[v]
    s = s.apply("step v02")
    assert s.data.revealed[v]


def test_search_only_where_the_book_is():
    """SB-190, SB-908: a search card needs the mage in the book's region; it advances that book."""
    s = playing(display=[cid("lore"), cid("insight")], mages=("v01", "wild"))
    assert refused(s, f"play {cid('lore')}").rule == "SB-190"
    s = playing(display=[cid("lore"), cid("insight")], mages=("blue", "wild"))
    s = s.apply(f"play {cid('insight')}")
    assert s.data.books[track("blue")] == 4 + CAT.cards[cid("insight")].value
    for region in ("rose", "blue", "green", "gold", "wild"):  # the first track too (index 0)
        s = playing(display=[cid("lore")], mages=(region, "wild"))
        assert s.apply(f"play {cid('lore')}").data.books[track(region)] == 4 + CAT.cards[cid("lore")].value


def test_book_on_its_goal_is_collected():
    """SB-908, SB-912: a book reaching its goal is held by the mages and safe."""
    t = track("gold")
    s = playing(display=[cid("insight")], mages=("gold", "wild"), books=(4, 4, 4, 9, 4))
    s = s.apply(f"play {cid('insight')}")
    assert s.data.book_status[t] == "held" and s.data.books[t] == 10


def test_ally_card_action():
    """SB-200: an ally card's action is carried out (Knight: every witch hat back 1)."""
    knight = CAT.sets["knight"][1][0]
    s = playing(display=[knight], pursuers=(3, 3, 3, 3, 3))
    s = s.apply(f"play {knight}")
    assert s.data.pursuers == (2, 2, 2, 2, 3)


def test_watchman_card_moves_the_figure_to_the_mage_city():
    """SB-913: the City Watchman card sends the figure to the active mage's city."""
    s = playing(display=[CAT.watchman], mages=("green", "wild"))
    assert s.apply(f"play {CAT.watchman}").data.watchman == "green"
    assert refused(playing(display=[CAT.watchman]), f"play {CAT.watchman}").rule == "SB-913"


def test_wand_discards_a_wicked_card():
    """SB-210: the charged wand removes one wicked card from the display."""
    s = playing(display=[cid("path"), cid("storm")])
    s = s.apply(f"wand banish {cid('storm')}")
    assert cid("storm") in s.data.discard and cid("storm") not in s.data.display


def test_wand_movement_and_joker_search():
    """SB-210, SB-908: wand movement gives 2 points; the joker search moves the local book."""
    s = playing()
    assert s.apply("wand move").data.movement == 2
    assert s.apply("wand search wild").data.books[track("wild")] == 5


def test_wand_is_empty_after_use():
    """SB-220: after one use the wand is empty; a second use is refused."""
    s = playing().apply("wand move")
    assert s.data.wands[0] is False
    assert refused(s, "wand move").rule == "SB-220"


def test_discarding_recharges_the_wand():
    """SB-909: discarding a mage card unplayed recharges an empty wand not used this turn (option wand_recharge)."""
    s = playing(display=[cid("path"), cid("coin")], wands=(False, True))
    s = s.apply(f"discard {cid('path')}")
    assert s.data.wands[0] is True


def test_fairy_spring_recharges_the_wand():
    """SB-909: stepping into the Fairy Spring village recharges the wand."""
    s = playing(movement=1, wands=(False, True))
    s = place_village(s, "fairy_spring", "v01")
    assert s.apply("step v01").data.wands[0] is True


def test_fairy_spring_only_once_per_turn():
    """SB-909: the spring recharges once per turn, so wand moves cannot loop forever."""
    s = playing(movement=1, wands=(False, True))
    s = place_village(s, "fairy_spring", "v01")
    s = s.apply("step v01").apply("wand move").apply("step wild").apply("step v01")
    assert s.data.wands[0] is False


def test_cards_left_stay_for_the_next_player():
    """SB-909: the mage cards left in the display stay there for the next turn."""
    s = playing(display=[cid("path"), cid("coin")])
    s = s.apply("end")
    assert s.to_move == 1 and cid("path") in s.data.display and cid("coin") in s.data.display


def test_describe_actions_in_both_languages():
    """SB-100: actions read as sentences in English and German."""
    card = cid("path")
    assert GAME.describe(start().legal_actions()[0]).startswith("Send")
    assert "Waldpfad" in GAME.describe(__import__("rulekit").engine.Action("play", (card,)), "de")
