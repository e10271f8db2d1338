"""Issue 17: Rune Stones as printed: the rulebook's examples, no round limit, the gap texts."""

import tomllib
from importlib import resources

import pytest

from .helpers import GAME, at, me, new, p, play, rules_of

CARDS = GAME.cat.cards


def test_rs_094_example_blue_21_and_green_16():
    """RS-094..RS-096: "the blue creature card (21) ... the green card (16)"."""
    assert CARDS[21].colour == "blue" and CARDS[16].colour == "green"
    s = play(me(at(new(2), display=(11, 23, 31, 12, 43, 71)), hand=(16, 21, 100, 101)), "action abilities")
    seat = s.data.current
    s = play(s, "pick 21", "pick 16", "finish")
    assert s.data.gdiscard[0] == 21 and "RS-094" in rules_of(s)
    assert 16 in p(s, seat).discard + p(s, seat).hand + p(s, seat).draw


def test_rs_218_example_green_67_and_white_77():
    """RS-218: "the white card (77) ... the green card (67)"; druid 103."""
    assert CARDS[67].colour == "green" and CARDS[77].colour == "white"
    assert GAME.cat.card(103).is_druid


def test_rs_092_example_cards_carry_the_example_abilities():
    """RS-092: the blue card turns a blue gem into two joker stones; the green card a joker stone into 3 gems."""
    assert (CARDS[21].kind, CARDS[21].pay, CARDS[21].gain) == ("exchange", ("blue",), ("joker", "joker"))
    assert (CARDS[16].kind, CARDS[16].pay) == ("exchange", ("joker",))
    assert sorted(CARDS[16].gain) == ["gem:blue", "gem:red", "gem:yellow"]


def test_rs_003_every_colour_has_15_creatures():
    """RS-002, RS-003: 60 creatures in four colours (15 each) and 8 white dragons 71-78."""
    colours = [c.colour for c in CARDS.values()]
    assert all(colours.count(c) == 15 for c in ("blue", "yellow", "green", "red"))
    assert [n for n, c in CARDS.items() if c.colour == "white"] == list(range(71, 79))


def test_rs_190_no_round_limit_by_default():
    """RS-190: the rulebook prints no round limit, so the option is off (0) by default."""
    assert GAME.options["round_limit"].default == 0
    assert new(2).options["round_limit"] == 0


def test_rs_190_round_limit_stops_an_unfinished_game():
    """RS-190: a game stopped by the round limit is unfinished: no final scoring, no winners, no RS citation."""
    s = new(2, 1, round_limit=1)
    while not s.is_over:
        s = s.apply(s.legal_actions()[-1])
    assert s.unfinished and s.winners == () and GAME.stopped(s)
    assert s.events[-1].key == "round_limit" and s.events[-1].rule == "engine"
    assert "RS-192" not in rules_of(s) and "RS-196" not in rules_of(s)


def test_rs_190_the_throne_ends_a_limited_game_as_printed():
    """RS-190: when someone reaches the throne, the game ends and is scored even with a round limit."""
    s = me(new(2, 1, round_limit=1), pp=70)
    while not s.is_over:
        s = s.apply(s.legal_actions()[-1])
    assert not s.unfinished and s.winners and "RS-192" in rules_of(s)


def test_rs_074_gap_text_names_the_slot_costs_in_use():
    """RS-074 (gap): the rule text states the slot costs the game uses by default."""
    default = GAME.options["slot_costs"].default
    words = ", ".join(map(str, default))
    assert words in GAME.rules["RS-074"].text and words in GAME.rules["RS-074"].text_de
    board = tomllib.loads(resources.files("rulekit.games.rune_stones").joinpath("data/board.toml").read_text())
    assert tuple(board["display"]["slot_costs"]) == default


#: gaps whose answer lives in data files (marked rulekit_choice) or that are not options yet (see the docs)
DATA_GAPS = {"RS-015", "RS-016", "RS-017", "RS-113"}
NOT_OPTIONS_YET = {"RS-150", "RS-214"}


def test_gaps_are_options_with_titles_and_help():
    """Every gap of the ledger that rulekit answers is an option with an English and German title and help."""
    gaps = {r.id for r in GAME.rules.values() if r.kind == "gap"}
    by_rule = {o.rule for o in GAME.options.values()}
    assert gaps - by_rule - DATA_GAPS - NOT_OPTIONS_YET == set()
    for option in GAME.options.values():
        assert option.title and option.title_de and option.help and option.help_de, option.name
        assert option.title != option.title_de or option.name == "end_threshold", option.name


def test_rs_043_start_ore_option():
    """RS-043 (gap): players start without ore; the option start_ore changes it and the supply keeps the total."""
    assert all(pl.ore == 0 for pl in new(3).data.players)
    s = new(3, start_ore=2)
    assert all(pl.ore == 2 for pl in s.data.players) and s.data.ore == 20 - 6


def test_rs_033_unused_rune_stones_stay_in_the_box():
    """RS-032, RS-033 (gap): 1 stone per type with 2 players, the rest in the box; the option puts all 3 in play."""
    assert new(2).data.rune_stacks == (1,) * 8
    assert new(2, all_runes_in_play=True).data.rune_stacks == (3,) * 8


def test_rs_112_die_card_without_reshuffle():
    """RS-112 (gap): with die_card_reshuffle off, the die's card result on an empty draw pile gives nothing."""
    from .helpers import force_roll

    def rolled(**options):
        s = at(new(2, 1, **options), display=(11, 23, 31, 12, 43, 71), deck=(), gdiscard=(33, 34))
        s = me(s, hand=(31, 100, 101, 102))  # 31: a die card
        return s

    card = GAME.cat.cards[31]
    assert "die" in card.gain + tuple(i for o in card.options for i in o)
    for reshuffle, gets in ((True, True), (False, False)):
        s = play(rolled(die_card_reshuffle=reshuffle), "action abilities", "pick 31", "pick 100")
        s = force_roll(s, "card").apply("use 31")
        assert ("draw_card" in [e.key for e in s.events]) is gets


def test_rs_166_trade_without_a_rune_stone_left():
    """RS-166 (gap): by default a row gives power points only when no rune stone is left; the option forbids it."""
    from rulekit import IllegalAction

    rows = (("blue", "red", "", "", ""), ("",) * 5)
    s = at(me(new(2), rows=rows), rune_stacks=(0,) * 8)
    s = play(s, "action forge", "done")
    assert "trade 1" in [str(a) for a in s.legal_actions()]
    assert "no_rune_left" in [e.key for e in s.apply("trade 1").events]
    strict = at(me(new(2, trade_without_rune=False), rows=rows), rune_stacks=(0,) * 8)
    strict = play(strict, "action forge")
    with pytest.raises(IllegalAction):
        strict.apply("trade 1")
    with pytest.raises(IllegalAction) as err:
        at(strict, phase="trade_artifacts").apply("trade 1")
    assert err.value.rule == "RS-166"
    assert strict.apply("done").phase != "trade_artifacts"  # nothing to trade: straight to the hand refill
