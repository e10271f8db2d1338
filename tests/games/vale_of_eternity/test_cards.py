"""Every one of the 70 cards, exercised through the engine (VE-001, VE-002, VE-006).

``CHECKS`` maps each card id to a scenario that summons or activates the card
and asserts what its effect must do; ``test_card`` runs them all.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulekit.games.vale_of_eternity.tables import CARDS

from .helpers import activation, do, labels, make

CHECKS = {}


def card(cid):
    def register(fn):
        CHECKS[cid] = fn
        return fn

    return register


def summon(state, cid, *pays):
    return do(state, f"summon {cid}", *[f"pay {v}" for v in pays])


# ------------------------------------------------------------------ fire


@card(1)
def _agni():
    s = summon(make(areas={0: [1]}, hands={0: [8]}, stones={0: [1, 1]}), 8, 1)  # a red stone is worth 2
    assert 8 in s.data.areas[0] and s.data.stones[0] == (1,)


@card(2)
def _asmodeus():
    s = activation(areas={0: [2, 5, 22]})  # Firefox: instant, cost 1; Poseidon: cost 7
    s = do(s, "activate 2")
    assert labels(s) == ["recover 5"]
    s = do(s, "recover 5")
    assert 5 in s.data.hands[0] and 5 not in s.data.areas[0]


@card(3)
def _balog():
    s = activation(areas={0: [3, 26, 9]})  # Undine is water: not offered; Imp is fire with an instant
    s = do(s, "activate 3")
    assert labels(s) == ["recover 9"]
    assert 9 in do(s, "recover 9").data.hands[0]


@card(4)
def _burning_skull():
    s = do(activation(areas={0: [4]}, stones={0: [1, 3]}), "activate 4")
    assert s.data.scores[0] == 3 and s.data.stones[0] == (3,)
    s = activation(areas={0: [4]}, stones={0: [3]})  # no red stone: not activated (VE-073)
    assert s.data.scores[0] == 0 and any(e.key == "not_activated" for e in s.events)


@card(5)
def _firefox():
    s = summon(make(hands={0: [5, 10, 11]}, stones={0: [1]}), 5, 1)
    assert s.data.scores[0] == 2


@card(6)
def _hestia():
    s = do(make(areas={0: [6]}, stones={0: [3, 3, 3, 3]}, display=[27], markers=[0]), "sell 27")
    assert len(s.data.stones[0]) == 5 and s.phase == "action_turn"


@card(7)
def _horned_salamander():
    s = do(activation(areas={0: [7]}), "activate 7")
    assert s.data.stones[0] == (1, 1, 1, 1)


@card(8)
def _ifrit():
    s = summon(make(areas={0: [13, 27]}, hands={0: [8]}, stones={0: [3]}), 8, 3)
    assert s.data.scores[0] == 3


@card(9)
def _imp():
    s = summon(make(hands={0: [9]}), 9)
    assert s.data.stones[0] == (1, 1) and 9 in s.data.areas[0]
    s = do(activation(areas={0: [9]}), "activate 9")
    assert 9 in s.data.hands[0]


@card(10)
def _incubus():
    s = summon(make(areas={0: [13, 12]}, hands={0: [10]}, stones={0: [3]}), 10, 3)
    assert s.data.scores[0] == 4  # Salamander (1) and Incubus itself (2)


@card(11)
def _lava_giant():
    s = summon(make(areas={0: [13, 27]}, hands={0: [11]}, stones={0: [3]}), 11, 3)
    assert s.data.scores[0] == 4


@card(12)
def _phoenix():
    s = summon(make(areas={0: [12]}, hands={0: [27]}, stones={0: [1, 1, 1]}), 27, 1, 1, 1)
    assert s.data.scores[0] == 3


@card(13)
def _salamander():
    s = do(activation(areas={0: [13]}), "activate 13")
    assert s.data.stones[0] == (1,) and s.data.scores[0] == 1


@card(14)
def _succubus():
    s = summon(make(areas={0: [13, 8, 12, 1]}, hands={0: [14]}), 14)
    assert s.data.scores[0] == 10
    s = summon(make(areas={0: [13, 8, 12]}, hands={0: [14]}), 14)
    assert s.data.scores[0] == 0


@card(15)
def _surtr():
    s = summon(make(areas={0: [13, 27, 31]}, hands={0: [15]}, stones={0: [3, 1]}), 15, 3, 1)
    assert s.data.scores[0] == 6


# ------------------------------------------------------------------ water


@card(16)
def _charybdis():
    s = do(activation(areas={0: [16]}, stones={0: [3]}), "activate 16")
    assert s.data.scores[0] == 5 and s.data.stones[0] == ()


@card(17)
def _hae_tae():
    s = make(areas={0: [17]}, hands={0: [40]}, stones={0: [3]})
    assert "summon 40" in labels(s)  # a blue stone counts 6
    s = summon(s, 40, 3)
    assert 40 in s.data.areas[0]


@card(18)
def _hydra():
    s = summon(make(hands={0: [18]}, stones={0: [3, 1]}), 18, 3, 1)
    assert labels(s) == ["option 1", "option 2", "option 3"]
    s = do(s, "option 1")
    assert labels(s) == ["option 2", "option 3"]  # two different rewards
    s = do(s, "option 3")
    assert s.data.stones[0] == (3, 6) and s.phase == "action_turn"


@card(19)
def _kappa():
    s = summon(make(areas={0: [19]}, hands={0: [27]}, stones={0: [3]}), 27, 3)
    assert s.data.scores[0] == 2
    s = summon(make(hands={0: [19]}, stones={0: [3]}), 19, 3)
    assert s.data.scores[0] == 0  # VE-064: not for its own summoning


@card(20)
def _leviathan():
    s = summon(make(hands={0: [20]}, areas={1: [69]}, stones={0: [6]}), 20, 6)
    assert s.data.scores[0] == 7 and labels(s) == ["target 1"]
    s = do(s, "target 1")
    assert s.to_move == 1 and labels(s) == ["discard 69"]
    s = do(s, "discard 69")
    assert s.data.areas[1] == () and 69 in s.data.discard and s.to_move == 0
    assert "summon 20" not in labels(make(hands={0: [20]}, stones={0: [6]}))  # no dragon anywhere


@card(21)
def _nessie():
    assert do(activation(areas={0: [21]}), "activate 21").data.scores[0] == 2
    assert activation(areas={0: [21, 69]}).data.scores[0] == 0


@card(22)
def _poseidon():
    s = summon(make(areas={0: [27]}, hands={0: [22]}, stones={0: [6, 1]}), 22, 6, 1)
    assert s.data.scores[0] == 6


@card(23)
def _sea_spirit():
    assert do(activation(areas={0: [23]}, stones={0: [3, 3, 1]}), "activate 23").data.scores[0] == 2


@card(24)
def _snail_maiden():
    s = do(activation(areas={0: [24]}, stones={0: [3]}), "activate 24")
    assert labels(s) == ["option 1"]
    assert do(s, "option 1").data.stones[0] == (6,)
    s = do(activation(areas={0: [24]}, stones={0: [6]}), "activate 24", "option 2")
    assert s.data.stones[0] == (3, 3, 3)


@card(25)
def _triton():
    s = do(make(areas={0: [25]}, display=[27], markers=[0]), "tame 27")
    assert s.data.stones[0] == (3, 3) and 27 in s.data.hands[0]


@card(26)
def _undine():
    assert summon(make(hands={0: [26]}, stones={0: [1]}), 26, 1).data.stones[0] == (3,)
    assert 26 in do(activation(areas={0: [26]}), "activate 26").data.hands[0]


@card(27)
def _undine_queen():
    assert do(activation(areas={0: [27]}), "activate 27").data.stones[0] == (3,)


@card(28)
def _water_giant():
    s = summon(make(hands={0: [28, 40]}, stones={0: [3, 1]}), 28, 3, 1)
    assert s.data.stones[0] == (3, 3)
    assert "summon 40" in labels(s)  # 3 + 3, each worth 1 more: 8 >= 6


@card(29)
def _yuki_onna():
    s = summon(make(hands={0: [29]}, stones={0: [6, 3, 1]}), 29)
    assert s.data.scores[0] == 10 and s.data.stones[0] == ()


@card(30)
def _yuki_onna_exalted():
    s = summon(make(hands={0: [30]}, stones={0: [3, 3, 3]}), 30, 3)
    assert s.data.scores[0] == 6


# ------------------------------------------------------------------ earth


@card(31)
def _basilisk():
    s = do(activation(areas={0: [31]}, scores=[1, 0]), "activate 31")
    assert labels(s) == ["option 1", "option 2"]  # 2 points are not there to pay
    s = do(s, "option 2")
    assert s.data.scores[0] == 0 and s.data.stones[0] == (3,)


@card(32)
def _behemoth():
    s = summon(make(areas={0: [13, 27]}, hands={0: [32]}, stones={0: [6, 3]}), 32, 6, 3)
    assert s.data.scores[0] == 9


@card(33)
def _cerberus():
    s = summon(make(areas={0: [13, 27]}, hands={0: [33]}, stones={0: [6]}), 33, 6)
    assert labels(s) == ["discard 13", "discard 27", "done"]
    s = do(s, "discard 13", "done")
    assert s.data.areas[0] == (27, 33) and 13 in s.data.discard


@card(34)
def _forest_spirit():
    s = summon(make(hands={0: [34, 42]}, stones={0: [1, 1]}), 34, 1, 1)
    s = do(s, "discard 42")
    assert s.data.scores[0] == 10 and 42 in s.data.discard
    assert "summon 34" not in labels(make(hands={0: [34]}, stones={0: [3]}))  # nothing to discard (VE-062)


@card(35)
def _gargoyle():
    s = summon(make(areas={0: [35]}, hands={0: [27]}, stones={0: [6]}), 27, 6)
    assert s.data.scores[0] == 3


@card(36)
def _goblin():
    s = do(activation(areas={0: [36]}, scores=[5, 3]), "activate 36", "target 1")
    assert s.data.scores == (6, 2)


@card(37)
def _goblin_soldier():
    assert do(activation(areas={0: [37]}, scores=[5, 9]), "activate 37").data.scores[0] == 9
    assert do(activation(areas={0: [37]}, scores=[9, 5]), "activate 37").data.scores[0] == 5
    assert do(activation(areas={0: [37]}, scores=[3, 1]), "activate 37").data.scores[0] == 0  # never below 0


@card(38)
def _medusa():
    s = do(activation(areas={0: [38]}, hands={0: [13]}), "activate 38", "discard 13")
    assert s.data.stones[0] == (6,) and s.data.hands[0] == ()
    assert activation(areas={0: [38]}).data.stones[0] == ()  # empty hand: not activated


@card(39)
def _mimic():
    s = do(activation(areas={0: [39]}, discard=[31, 27]), "activate 39")
    assert labels(s) == ["take 31"]
    assert 31 in do(s, "take 31").data.hands[0]


@card(40)
def _mud_slime():
    assert summon(make(hands={0: [40]}, stones={0: [6]}), 40, 6).data.scores[0] == 6
    assert 40 in do(activation(areas={0: [40]}), "activate 40").data.hands[0]


@card(41)
def _rock_golem():
    s = summon(make(hands={0: [41]}, stones={0: [6, 6, 6]}), 41, 6)
    assert s.data.scores[0] == 12


@card(42)
def _sand_giant():
    s = summon(make(areas={0: [31]}, hands={0: [42]}, stones={0: [6, 6]}), 42, 6, 6)
    assert s.data.scores[0] == 8


@card(43)
def _stone_golem():
    s = summon(make(hands={0: [43]}, stones={0: [6, 1, 1, 1]}), 43, 6)
    assert s.data.stones[0] == (6, 6, 6)


@card(44)
def _troll():
    assert do(activation(areas={0: [44]}, stones={0: [6]}), "activate 44").data.scores[0] == 3
    assert activation(areas={0: [44]}, stones={0: [3]}).data.scores[0] == 0


@card(45)
def _young_forest_spirit():
    s = summon(make(hands={0: [45, 13, 27]}), 45)
    assert labels(s) == ["discard 13", "discard 27"]
    s = do(s, "discard 13")
    assert labels(s) == ["summon 27"]
    s = do(s, "summon 27")
    assert s.data.areas[0] == (45, 27) and 13 in s.data.discard
    assert "summon 45" not in labels(make(hands={0: [45, 13]}))  # nothing left to summon (VE-062)


# ------------------------------------------------------------------ wind


@card(46)
def _boreas():
    s = summon(make(areas={0: [52]}, hands={0: [46]}, stones={0: [3, 1]}), 46, 3, 1)
    assert s.data.scores[0] == 2 and 46 in s.data.hands[0] and s.data.areas[0] == (52,)


@card(47)
def _dandelion_spirit():
    s = summon(make(hands={0: [47]}, stones={0: [3]}), 47, 3)
    assert len(s.data.hands[0]) == 1
    assert 47 in do(activation(areas={0: [47]}), "activate 47").data.hands[0]


@card(48)
def _freyja():
    s = do(activation(areas={0: [48, 13, 27]}), "activate 48")
    assert s.data.scores[0] == 3


@card(49)
def _genie():
    s = summon(make(areas={0: [13]}, hands={0: [49]}, stones={0: [3, 1]}), 49, 3, 1)
    assert labels(s) == ["activate 13"]
    s = do(s, "activate 13")
    assert s.data.stones[0] == (1,) and s.data.scores[0] == 1 and s.phase == "action_turn"


@card(50)
def _genie_exalted():
    s = do(activation(areas={0: [50, 27]}), "activate 27", "activate 50")
    assert labels(s) == ["copy 27"]
    assert do(s, "copy 27").data.stones[0] == (3, 3)


@card(51)
def _gi_rin():
    s = summon(make(areas={0: [13, 27]}, hands={0: [51]}, stones={0: [6, 3, 1]}), 51, 6, 3, 1)
    assert s.data.scores[0] == 6


@card(52)
def _griffon():
    s = do(activation(areas={0: [52]}), "activate 52")
    assert len(s.data.hands[0]) == 1


@card(53)
def _harpy():
    assert do(activation(areas={0: [53]}, hands={0: [13]}), "activate 53").data.scores[0] == 3
    assert activation(areas={0: [53]}).data.scores[0] == 0


@card(54)
def _hippogriff():
    s = summon(make(hands={0: [54, 52]}, stones={0: [3, 1]}), 54, 3, 1)
    assert len(s.data.hands[0]) == 2
    s = do(s.evolve(data=replace(s.data, stones=((3, 1, 1), ()))), "summon 52")
    assert s.data.pending[-1].stage == 5  # Griffon costs 7 - 2


@card(55)
def _odin():
    assert do(activation(areas={0: [55]}), "activate 55").data.scores[0] == 2
    s = do(activation(areas={0: [55]}, hands={0: [1, 2, 3, 4, 5, 6]}), "activate 55")
    assert s.data.scores[0] == 0 and s.data.stones[0] == (6,)


@card(56)
def _pegasus():
    s = summon(make(hands={0: [56, 27]}, stones={0: [3]}), 56, 3)
    assert len(s.data.hands[0]) == 2
    s = do(s.evolve(data=replace(s.data, stones=((1, 1), ()))), "summon 27")
    assert s.data.pending[-1].stage == 2  # Undine Queen costs 3 - 1


@card(57)
def _rudra():
    s = summon(make(hands={0: [57, 13, 27]}, stones={0: [6, 3]}), 57, 6, 3)
    assert s.data.scores[0] == 4


@card(58)
def _sylph():
    s = summon(make(hands={0: [58]}, stones={0: [3, 1]}), 58, 3, 1)
    assert s.data.scores[0] == 0 and len(s.data.hands[0]) == 1
    s = summon(make(areas={0: [58]}, hands={0: [13]}, stones={0: [1]}), 13, 1)
    assert s.data.scores[0] == 1


@card(59)
def _tengu():
    s = summon(make(hands={0: [59]}, stones={0: [3]}), 59, 3)
    assert s.data.stones[0] == (6,) and s.data.deck[-1] == 59 and s.data.areas[0] == ()


@card(60)
def _valkyrie():
    assert do(activation(areas={0: [60, 13, 27]}), "activate 60").data.scores[0] == 3


# ------------------------------------------------------------------ dragon


@card(61)
def _aeris():
    s = summon(make(areas={0: [42]}, hands={0: [61]}, stones={0: [6, 3]}), 61, 6, 3)
    assert labels(s) == ["recover 42"]
    s = do(s, "recover 42")
    assert s.data.scores[0] == 10 and 42 in s.data.hands[0]


def _dragon_discards(cid, victim, points):
    s = summon(make(hands={0: [cid]}, areas={1: [victim]}, stones={0: [6, 3, 1]}), cid, 6, 3)
    if s.phase == "summon" and s.legal_actions()[0].kind == "pay":
        s = do(s, "pay 1")
    assert s.data.scores[0] == points
    s = do(s, "target 1", f"discard {victim}")
    assert victim in s.data.discard
    assert f"summon {cid}" not in labels(make(hands={0: [cid]}, stones={0: [6, 6]}))


@card(62)
def _boulder():
    _dragon_discards(62, 52, 8)


@card(63)
def _dragon_egg():
    s = summon(make(hands={0: [63, 69]}, stones={0: [3]}), 63, 3)
    assert labels(s) == ["summon 69"]
    s = do(s, "summon 69")
    assert s.data.areas[0] == (69,) and 63 in s.data.discard and s.data.scores[0] == 5
    assert "summon 63" not in labels(make(hands={0: [63, 13]}, stones={0: [3]}))


@card(64)
def _ember():
    _dragon_discards(64, 27, 7)


@card(65)
def _eternity():
    s = summon(make(areas={0: [13, 27, 31, 52]}, hands={0: [65]}, stones={0: [6, 6]}), 65, 6, 6)
    assert s.data.scores[0] == 20


@card(66)
def _gust():
    _dragon_discards(66, 31, 8)


@card(67)
def _marina():
    _dragon_discards(67, 13, 7)


@card(68)
def _scorch():
    s = summon(make(areas={0: [40]}, hands={0: [68]}, stones={0: [6, 3]}), 68, 6, 3)
    assert labels(s) == ["copy 40"]
    assert do(s, "copy 40").data.scores[0] == 6
    assert "summon 68" not in labels(make(areas={0: [13]}, hands={0: [68]}, stones={0: [6, 6]}))


@card(69)
def _tidal():
    s = summon(make(areas={0: [70]}, hands={0: [69]}, stones={0: [6]}), 69, 6)
    assert s.data.scores[0] == 10


@card(70)
def _willow():
    s = summon(make(hands={0: [70]}, stones={0: [6, 3, 1]}), 70, 6, 3, 1)
    assert s.data.stones[0] == (1, 3, 6) and s.data.scores[0] == 3 and len(s.data.hands[0]) == 1


def test_every_card_has_a_check():
    """VE-006: all 70 cards are in the data and each has a scenario here."""
    assert sorted(CHECKS) == sorted(CARDS) == list(range(1, 71))


@pytest.mark.parametrize("cid", sorted(CARDS), ids=lambda c: f"{c:02d}-{CARDS[c].name.replace(' ', '_')}")
def test_card(cid):
    """VE-002: the card's effect does what its text says."""
    CHECKS[cid]()
