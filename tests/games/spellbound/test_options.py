"""Issue 17: every open point of the seed is a rule option (SB-900 to SB-919).

Each test is named after the rule it checks; the default follows the printed
text (docs/games/spellbound.md says why), the other choices are variants.
"""

from pathlib import Path

import pytest

from rulekit.engine import IllegalAction, SetupError

from .helpers import CAT, GAME, arrange, cid, move_cards, place_village, track

DOCS = Path(__file__).parents[3] / "docs" / "games" / "spellbound.md"
HELD4 = ("held", "held", "held", "held", "track")


def new(players=2, seed=1, **options):
    return GAME.new(players=players, seed=seed, **options)


def playing(state, display=None, **data):
    return arrange(state, "play_mage_cards", data.get("active", state.data.active), display=display, **data)


def auto_at(state, phase, display=None, **data):
    data.setdefault("pursuers", (1, 1, 1, 1, 1))
    return arrange(state, phase, None, display=display, **data)


# -- every option is complete ---------------------------------------------------------


def test_options_have_titles_and_help_in_both_languages():
    """SB-900 to SB-919: every option names its rule, has a title and a help text in EN and DE."""
    assert len(GAME.options) >= 18
    for opt in GAME.options.values():
        assert opt.rule in GAME.rules and GAME.rules[opt.rule].kind == "gap", opt.name
        assert opt.title and opt.title_de and opt.help and opt.help_de, opt.name
        assert opt.title != opt.title_de and opt.help != opt.help_de, opt.name
        assert opt.check(opt.default) == opt.default


def test_options_are_documented():
    """SB-900 to SB-919: docs/games/spellbound.md lists every option with its default."""
    text = DOCS.read_text(encoding="utf-8")
    for opt in GAME.options.values():
        assert f"`{opt.name}`" in text, opt.name


def test_options_are_checked_and_kept_in_save_files():
    """SB-900: a bad value is refused at setup; chosen options survive a save file round trip."""
    with pytest.raises(SetupError):
        new(lost_battle="maybe")
    with pytest.raises(SetupError):
        new(start_influence=99)
    s = new(players=3, seed=5, lost_battle="lose", wand_search="anywhere", wand_recharge="every_discard")
    s = s.apply(s.legal_actions()[0])
    back = GAME.from_json(s.to_json())
    assert back == s and back.options["wand_search"] == "anywhere"


# -- SB-919: a lost last battle ------------------------------------------------------


def battle(**options):
    """Both preconditions, a tower of all demons and an empty bag: four suns lose to the moon."""
    s = new(**options)
    tower = GAME.tower_village(s.data)
    s = arrange(s, "check_game_state", None, book_status=HELD4, books=(10,) * 4 + (4,), mages=(tower,) * 2)
    s = s.advance()
    assert s.phase == "final_battle"
    d = move_cards(s.data, [c.id for c in CAT.cards if c.type == "demon"], "tower")
    d = d.but(bag=(0, 0), supply=(d.supply[0] + d.bag[0], d.supply[1] + d.bag[1]))
    s = s.evolve(data=d)
    for _ in range(4):
        s = s.apply("sun", settle=False)
    return s.advance()


def test_sb_919_lost_last_battle_is_no_defeat_by_default():
    """SB-919, SB-600: the printed defeats are only SB-610 to SB-640: a lost battle lets play go on."""
    s = battle()
    assert not s.is_over and s.data.result == "" and s.phase == "take_destiny_card"
    assert s.to_move == 1 and s.data.active == 1 and "SB-919" in [e.rule for e in s.events]
    assert s.data.book_status == HELD4  # the books stay collected for the next battle
    s = s.apply(f"tower {s.data.display[0]}")
    while s.phase == "play_mage_cards":  # seat 1 plays a quiet turn in the tower village
        legal = [str(a) for a in s.legal_actions()]
        s = s.apply("end" if "end" in legal else next(a for a in legal if a.startswith("discard")))
    assert not s.is_over and s.phase == "final_battle" and s.to_move == 1  # the battle is fought again


def test_sb_919_lost_last_battle_loses_with_option_lose():
    """SB-919: with ``lost_battle = "lose"`` the lost battle ends the game as a defeat."""
    s = battle(lost_battle="lose")
    assert s.is_over and s.data.result == "lost" and s.data.reason == "SB-919" and s.winners == ()


# -- SB-908 / SB-190: the wand's joker search ---------------------------------------------


def test_sb_908_wand_search_only_on_site_by_default():
    """SB-908, SB-190: the joker search, like any search, needs the mage where the book is."""
    s = playing(new(), mages=("rose", "wild"))
    searches = [str(a) for a in s.legal_actions() if str(a).startswith("wand search")]
    assert searches == ["wand search rose"]
    with pytest.raises(IllegalAction) as err:
        s.apply("wand search green")
    assert err.value.rule == "SB-190"
    assert s.apply("wand search rose").data.books[track("rose")] == 5
    s = playing(new(), mages=("v01", "wild"))
    assert not [a for a in s.legal_actions() if str(a).startswith("wand search")]


def test_sb_908_wand_search_anywhere_option():
    """SB-908: with ``wand_search = "anywhere"`` the joker search moves any book from anywhere."""
    s = playing(new(wand_search="anywhere"), mages=("v01", "wild"))
    assert s.apply("wand search green").data.books[track("green")] == 5


# -- SB-909 / SB-220: recharging the wand ----------------------------------------------------


def test_sb_909_used_wand_stays_empty_this_turn_by_default():
    """SB-909, SB-220: after its use the wand is empty; a discard recharges it only in a later turn."""
    s = playing(new(), display=[cid("path"), cid("coin"), cid("lore")])
    s = s.apply("wand move").apply(f"discard {cid('path')}")
    assert s.data.wands[0] is False and "wand move" not in map(str, s.legal_actions())
    fresh = playing(new(), display=[cid("path"), cid("coin")], wands=(False, True))
    assert fresh.apply(f"discard {cid('path')}").data.wands[0] is True  # not used this turn


def test_sb_909_every_discard_recharges_with_option():
    """SB-909: with ``wand_recharge = "every_discard"`` a discard recharges even a wand just used."""
    s = playing(new(wand_recharge="every_discard"), display=[cid("path"), cid("coin"), cid("lore")])
    s = s.apply("wand move").apply(f"discard {cid('path')}")
    assert s.data.wands[0] is True


def test_sb_909_spring_only_option():
    """SB-909: with ``wand_recharge = "spring_only"`` discarding never recharges the wand."""
    s = playing(new(wand_recharge="spring_only"), display=[cid("path"), cid("coin")], wands=(False, True))
    assert s.apply(f"discard {cid('path')}").data.wands[0] is False


# -- SB-900 / SB-901: setup ------------------------------------------------------------------


def test_sb_901_start_wand_influence_and_pursuers():
    """SB-901: wands, influence and the pursuers' start space follow the options."""
    s = new()
    assert s.data.wands == (True, True) and s.data.influence == (0, 0)
    s = new(wands_start_charged=False, start_influence=3, pursuer_start=2, seed=3)
    assert s.data.wands == (False, False) and s.data.influence == (3, 3)
    assert GAME.new(players=2, seed=3, pursuer_start=2, settle=False).data.pursuers == (2,) * 5


def test_sb_900_watchman_only_up_to_two_players():
    """SB-900, SB-913: the City Watchman is in the game with 1-2 players (facts 1.3), by option up to 4."""
    assert new(players=2).data.watchman and not new(players=3).data.watchman
    s = new(players=3, watchman_max_players=4)
    assert s.data.watchman and CAT.watchman not in s.data.box
    assert not new(players=1, watchman_max_players=0).data.watchman


# -- SB-905 to SB-907: movement, magic, influence ----------------------------------------------


def test_sb_905_wand_movement_points():
    """SB-905, SB-210: a wand used for movement gives 2 points by default, or the option's number."""
    assert playing(new()).apply("wand move").data.movement == 2
    assert playing(new(wand_movement=3)).apply("wand move").data.movement == 3


def test_sb_906_magic_advances_the_book_with_option():
    """SB-906: magic pushes the pursuer back by default; ``advance_book`` moves the local book instead."""
    arr = {"display": [cid("ward")], "mages": ("rose", "wild"), "pursuers": (3, 1, 1, 1, 1)}
    s = playing(new(), **arr).apply(f"play {cid('ward')}")
    assert s.data.pursuers[track("rose")] == 1 and s.data.books[track("rose")] == 4
    s = playing(new(magic_effect="advance_book"), **arr).apply(f"play {cid('ward')}")
    assert s.data.pursuers[track("rose")] == 3 and s.data.books[track("rose")] == 6


def test_sb_907_influence_lost_at_the_next_turn_with_option():
    """SB-907: influence is kept across turns by default; with the option off it is lost at the next turn."""
    for keep in (True, False):
        s = arrange(new(influence_persists=keep), "take_destiny_card", 0, influence=(3, 0), active=0)
        s = s.apply(f"tower {s.data.display[0]}")
        assert s.data.influence[0] == (3 if keep else 0)


# -- SB-910 to SB-913: refill, catching, collected books, the Watchman ---------------------------


def test_sb_910_short_refill_cards_go_to_discard_with_option():
    """SB-910: by default the cards of a refill that ran short stay; with ``discard`` they go to the pile."""
    for how in ("keep", "discard"):
        s = auto_at(new(short_refill=how), "refill_destiny_display", display=[cid("path")])
        d = move_cards(s.data, s.data.deck, "discard")
        d = move_cards(d, [cid("coin"), cid("storm")], "deck")
        s = s.evolve(data=d).advance()
        assert s.phase == "eod_resolve_display_adversaries"
        assert (cid("storm") in s.data.display) == (how == "keep")
        assert (cid("storm") in s.data.discard) == (how == "discard")


def test_sb_911_reaching_the_book_catches_it_by_default():
    """SB-911, SB-610: a pursuer on the book's space catches it; with ``pass`` it must go beyond."""
    card = cid("raid_rose")  # the hat of Rosewall +2
    for how, caught_at_4 in (("reach", True), ("pass", False)):
        s = auto_at(new(catch_rule=how), "resolve_new_adversary_cards", display=[cid("path"), card])
        s = arrange(s, fresh=(card,), pursuers=(2, 1, 1, 1, 1)).advance()
        assert s.data.pursuers[track("rose")] == 4
        assert (s.data.book_status[track("rose")] == "caught") == caught_at_4


def test_sb_912_collected_books_can_be_caught_with_option():
    """SB-912: a collected book is safe by default; with the option off its pursuer can still catch it."""
    card = cid("raid_rose")
    for safe in (True, False):
        s = auto_at(new(held_books_safe=safe), "resolve_new_adversary_cards", display=[cid("path"), card])
        s = arrange(s, fresh=(card,), pursuers=(9, 1, 1, 1, 1), books=(10, 4, 4, 4, 4))
        s = arrange(s, book_status=("held",) + ("track",) * 4).advance()
        assert s.data.book_status[track("rose")] == ("held" if safe else "caught")


def tower_step(**options):
    """Seat 0 in the Wilds with 1 movement point, seat 1 in the tower village (v01), 4 books held."""
    s = place_village(new(**options), "witch_tower", "v01")
    return playing(
        s,
        display=[cid("path"), cid("coin")],
        active=0,
        mages=("wild", "v01"),
        movement=1,
        book_status=HELD4,
        books=(10, 10, 10, 10, 4),
        pursuers=(1, 1, 1, 1, 1),
    )


def test_sb_912_last_battle_only_at_turn_end_by_default():
    """SB-912, SB-300: by default the preconditions (SB-500, SB-510) are checked when the turn is over:
    the step that completes them does not interrupt the card play."""
    s = tower_step().apply("step v01")
    assert s.phase == "play_mage_cards" and s.data.mages == ("v01", "v01")
    s = s.apply(f"discard {cid('path')}").apply(f"discard {cid('coin')}").apply("end", settle=False)
    while s.phase != "final_battle":
        assert s.phase != "take_destiny_card"
        s = s.advance()
    assert "SB-530" in [e.rule for e in s.events] and s.to_move == 0


def test_sb_912_any_time_starts_the_last_battle_at_once():
    """SB-912: with ``victory_check = "any_time"`` the decision that completes the preconditions
    starts the last battle at once, before the rest of the turn (SB-230 to SB-290)."""
    s = tower_step(victory_check="any_time").apply("step v01")
    assert s.phase == "final_battle" and s.to_move == 0 and s.data.resume == "play_mage_cards"
    assert "SB-912" in [e.rule for e in s.events]
    s = s.evolve(data=s.data.but(bag=(0, 0), supply=(s.data.supply[0] + 2, s.data.supply[1] + 3)))
    for _ in range(4):
        s = s.apply("sun")
    assert s.is_over and s.data.result == "won"


def test_sb_912_any_time_lost_battle_lets_the_turn_go_on():
    """SB-912, SB-919: a lost battle that interrupted a turn returns to it; no second battle in that
    turn, and the next player's first decision starts the next one."""
    s = tower_step(victory_check="any_time").apply("step v01")
    d = move_cards(s.data, [c.id for c in CAT.cards if c.type == "demon"], "tower")
    s = s.evolve(data=d.but(bag=(0, 0), supply=(d.supply[0] + 2, d.supply[1] + 3)))
    for _ in range(4):
        s = s.apply("sun")
    assert not s.is_over and s.phase == "play_mage_cards" and s.to_move == 0
    assert s.data.battle_fought and s.data.resume == "" and s.data.bag == (0, 0)
    s = s.apply(f"discard {cid('path')}")
    assert s.phase == "play_mage_cards"  # no second battle in the same turn
    s = s.apply(f"discard {cid('coin')}").apply("end")
    assert s.phase == "take_destiny_card" and s.to_move == 1  # the turn-end check fights no second battle
    s = s.apply(f"tower {s.data.display[0]}")
    assert s.phase == "final_battle" and s.to_move == 1 and not s.data.battle_fought


def test_sb_913_watchman_always_guards_with_option():
    """SB-913: the Watchman stops his city's hat only at the end of the deck; with ``always`` at any time."""
    card = cid("raid_rose")
    for how, moved in (("end_of_deck", True), ("always", False)):
        s = auto_at(new(watchman_guards=how), "resolve_new_adversary_cards", display=[cid("path"), card])
        s = arrange(s, fresh=(card,), watchman="rose").advance()
        assert (s.data.pursuers[track("rose")] == 3) == moved


# -- SB-914 to SB-918: stones, demons, witch levels, the tower -----------------------------------


def test_sb_914_drawn_stones_to_the_supply_with_option():
    """SB-914: drawn stones go back into the bag by default; with the option off into the supply."""
    for back in (True, False):
        s = auto_at(new(return_stones=back), "eod_shuffle_discard", drawn=(1, 1), bag=(1, 2))
        s = s.advance()
        assert s.data.drawn == (0, 0) and s.data.bag == ((2, 3) if back else (1, 2))
        assert GAME.invariants(s) == []


def test_sb_915_missing_stones_count_as_moons_with_option():
    """SB-915: a short bag draws all it has; with ``missing_are_moons`` each missing stone adds a moon."""
    from rulekit.games.spellbound.effects import powers

    for how, extra in (("draw_all", 0), ("missing_are_moons", 1)):
        s = auto_at(new(short_bag=how), "eod_draw_stones", witch=1, bag=(1, 1), supply=(10, 8)).advance()
        assert s.data.drawn == (1, 1) and s.data.missing == extra
        assert powers(GAME, s.data, s.options)[0] == 3 + 1 + extra + sum(CAT.cards[c].moon for c in s.data.tower)


def test_sb_916_one_weakest_demon_with_option():
    """SB-916: all the weakest demon cards join the tower by default; with ``one`` only one."""
    for how, n in (("all_tied", 2), ("one", 1)):
        s = auto_at(new(weakest_demons=how), "eod_mage_victory").advance()
        assert sum(CAT.cards[c].type == "demon" for c in s.data.tower) == n


def test_sb_917_witch_levels_without_effects_with_option():
    """SB-917: entering a level runs its effects by default (level 2: a moon stone); with the option off, none."""
    for on, moons in ((True, 3), (False, 2)):
        s = auto_at(new(witch_level_effects=on), "eod_witch_victory", witch=1, margin=1, witch_steps=1)
        s = s.advance()
        assert s.data.witch == 2 and s.data.bag[0] == moons


def test_sb_918_tower_cards_stay_with_option():
    """SB-918: after a battle the tower's destiny cards join the new deck by default; with ``stay`` they stay."""
    for how in ("to_discard", "stay"):
        s = auto_at(new(tower_after_battle=how), "eod_shuffle_discard")
        s = s.evolve(data=move_cards(s.data, [cid("spark")], "tower")).advance()
        assert (cid("spark") in s.data.tower) == (how == "stay")


def test_sb_600_by_default_only_printed_conditions_lose():
    """SB-600, SB-919: with the default options every lost game ends by a printed condition
    (SB-610 to SB-640, or SB-440 at the end of the deck), never by a lost last battle."""
    from rulekit.engine import Dice

    printed = {"SB-610", "SB-620", "SB-630", "SB-640", "SB-440"}
    for seed in range(24):
        s, dice = GAME.new(players=1 + seed % 4, seed=seed), Dice(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[dice.below(len(legal))])
        assert s.data.result == "won" or s.data.reason in printed, s.data.reason
        assert s.data.result == "won" or "The game is lost:" in s.events[-1].text


# -- values of rulekit's edition as options (SB-901, SB-902, SB-904, SB-908, SB-913, SB-914) --------

DATA_VARIANT = {
    "witch_path": "steep",
    "track_length": 15,
    "book_goal": 12,
    "supply_moon_stones": 15,
    "open_villages": "none",
    "watchman_start": "gold",
    "wand_search_steps": 3,
    "ally_copies": 4,
    "victory_check": "any_time",
    "held_books_safe": False,
}


def test_option_defaults_are_the_data_values():
    """SB-902, SB-904, SB-901, SB-913: each option's choices are the named tables of the data files, and
    the defaults are the values rulekit always used (so default games are unchanged)."""
    opts, setup = GAME.options, CAT.setup
    assert list(opts["witch_path"].choices) == list(CAT.witch_paths) and opts["witch_path"].default == "standard"
    assert CAT.levels == CAT.witch_paths["standard"]
    assert list(opts["open_villages"].choices) == list(setup["open_villages"])
    assert list(opts["watchman_start"].choices) == list(CAT.cities)
    assert opts["supply_moon_stones"].high == setup["stones"]["supply"]
    for t in CAT.tracks:  # map.toml's numbers are the defaults the options replace
        assert (t.length, t.pursuer_goal, t.book_goal) == (12, 12, 10)
        assert (opts["track_length"].default, opts["book_goal"].default) == (t.length, t.book_goal)


def test_sb_904_witch_path_steep_reaches_the_top_sooner():
    """SB-904, SB-630: on the ``steep`` path level 3 is one step below the top; on ``standard`` it is not."""
    for path, lost in (("standard", False), ("steep", True)):
        s = auto_at(new(witch_path=path), "eod_witch_victory", witch=3, margin=1, witch_steps=1).advance()
        assert s.data.witch == 4 and s.is_over == lost
        assert not lost or s.data.reason == "SB-630"


def test_sb_904_witch_path_sets_base_strength_and_effects():
    """SB-904, SB-350, SB-917: the witch draws her path's base strength in stones; ``gentle`` has 9 levels."""
    for path, base in (("standard", 3), ("steep", 3), ("gentle", 2)):
        s = auto_at(new(witch_path=path), "eod_draw_stones", witch=1, bag=(5, 5), supply=(6, 4)).advance()
        assert sum(s.data.drawn) == base and s.view(None)["base_strength"] == base
    gentle = new(witch_path="gentle")
    assert GAME.board(gentle.options).top_level == 8
    s = auto_at(gentle, "eod_witch_victory", witch=1, margin=1, witch_steps=1).advance()
    assert s.data.witch == 2 and s.data.bag[0] == 3  # Raven Rock's moon stone, as on the standard path
    assert len([n for n in GAME.map_graph(gentle).nodes if n.startswith("witch:")]) == 9


def test_sb_902_track_length_moves_the_pursuers_goal():
    """SB-902, SB-620: with ``track_length = 14`` a pursuer on space 12 has not reached its goal yet."""
    card = cid("raid_rose")  # the hat of Rosewall +2
    for length, at_goal in ((12, True), (14, False)):
        s = auto_at(new(track_length=length), "resolve_new_adversary_cards", display=[cid("path"), card])
        s = arrange(s, fresh=(card,), pursuers=(10, 1, 1, 1, 1), book_status=("caught",) + ("track",) * 4)
        s = s.advance()
        assert s.data.pursuers[track("rose")] == 12
        assert ("SB-620" in [e.rule for e in s.events]) == at_goal
    s = new(track_length=14)
    assert s.view(None)["tracks"]["rose"]["pursuer_goal"] == 14 and GAME.invariants(s) == []
    assert "rose:14" in GAME.map_graph(s).nodes and "rose:14" not in GAME.map_graph().nodes
    assert sum(i["id"].startswith("track:rose") for i in GAME.scene(s)["items"] if i.get("id")) >= 14


def test_sb_902_book_goal_sets_where_books_are_collected():
    """SB-902, SB-908: a search reaching ``book_goal`` collects the book; the default goal is space 10."""
    for goal, held in ((10, False), (8, True)):
        s = playing(
            new(book_goal=goal), display=[cid("lore"), cid("coin")], mages=("rose", "wild"), books=(6, 4, 4, 4, 4)
        )
        s = s.apply(f"play {cid('lore')}")
        assert s.data.books[track("rose")] == 8 and (s.data.book_status[track("rose")] == "held") == held
    with pytest.raises(SetupError, match="SB-902"):
        new(track_length=10, book_goal=10)


def test_sb_914_moon_stones_in_the_supply():
    """SB-914: the 15 stones outside the bag are 9 moon and 6 sun by default; the option splits them."""
    assert new().data.supply == (9, 6)
    s = new(supply_moon_stones=15)
    assert s.data.supply == (15, 0) and s.data.bag == (2, 3) and GAME.invariants(s) == []


def test_sb_901_open_villages():
    """SB-901: the villages next to the Wilds start face up by default; the option picks another set."""
    shown = {v for v, r in zip(CAT.villages, new(seed=4, settle=False).data.revealed, strict=True) if r}
    assert shown == {"v01", "v04", "v07", "v10"}
    s = new(seed=4, settle=False, open_villages="next_to_cities")
    assert {v for v, r in zip(CAT.villages, s.data.revealed, strict=True) if r} == {"v02", "v05", "v08", "v11"}
    assert not any(new(seed=4, settle=False, open_villages="none").data.revealed)


def test_sb_913_watchman_start():
    """SB-913, SB-330: the City Watchman starts in Rosewall by default, by option elsewhere, and guards there."""
    assert new(players=1).data.watchman == "rose"
    s = new(players=1, watchman_start="gold")
    assert s.data.watchman == "gold"
    s = auto_at(s, "eod_advance_unguarded_adversaries", mages=("wild",)).advance()
    assert s.data.pursuers[track("gold")] == 1 and s.data.pursuers[track("rose")] == 2


def test_sb_908_wand_search_steps():
    """SB-908, SB-210: the wand's joker search moves the local book 1 space by default, or the option's number."""
    for steps in (1, 3):
        s = playing(new(wand_search_steps=steps), mages=("rose", "wild"))
        assert s.apply("wand search rose").data.books[track("rose")] == 4 + steps


def test_non_default_options_keep_the_contract():
    """SB-900 to SB-919: seeded random games with every data option changed keep the engine contract
    (invariants, views, save files, labels inside ``action_labels``)."""
    from rulekit.testing import check_game

    for players in (1, 3):
        check_game(GAME, sims=6, seed=40, players=players, round_trips=1, options=DATA_VARIANT)


def test_sb_903_ally_copies():
    """SB-903, SB-180: each ally set has 2 recruitable copies by default; the option sets how many wait
    at its village, recruiting takes one and discards the rest, and unused copies are in no zone."""
    from .helpers import place_village

    for n in (2, 1, 4):
        s = place_village(new(ally_copies=n, seed=2), "bard", "v01")
        v = CAT.villages.index("v01")
        assert len(s.data.supplies[v]) == n and GAME.invariants(s) == []
        s = playing(s, display=[cid("path"), cid("coin")], mages=("v01", "wild"), influence=(5, 0))
        s = s.apply("recruit")
        bards = [
            c for c in s.data.discard + s.data.display if CAT.cards[c].key == "bard" and CAT.cards[c].type == "ally"
        ]
        assert len(bards) == n and GAME.invariants(s) == []
    extra = set(CAT.extra_copies["bard"])
    assert not extra & {int(a.split()[1]) for a in GAME.action_labels(2) if a.startswith("play ")}
    assert extra <= {int(a.split()[1]) for a in GAME.action_labels(2, {"ally_copies": 4}) if a.startswith("play ")}
    assert max(c for cs in CAT.extra_copies.values() for c in cs) == len(CAT.cards) - 1
    assert min(c for cs in CAT.extra_copies.values() for c in cs) > max(CAT.demons)  # default ids unchanged


def test_save_files_without_the_new_fields_still_load():
    """SB-912: the fields of ``victory_check`` are left out of snapshots at their defaults, so save
    files written before the option existed (without them) load, and a mid-battle state keeps them."""
    import json

    s = new(seed=3)
    s = s.apply(s.legal_actions()[0])
    text = s.to_json()
    assert "battle_fought" not in text and GAME.from_json(text) == s
    b = tower_step(victory_check="any_time").apply("step v01")
    data = json.loads(b.to_json())
    assert "resume" in json.dumps(data)


def test_sb_902_book_goal_must_fit_on_the_track():
    """SB-902: ``book_goal`` and ``track_length`` must fit together; the pair is refused by
    ``resolve_options`` (so the variants form shows it) and by ``Game.new``, naming the rule."""
    with pytest.raises(SetupError, match="SB-902"):
        GAME.resolve_options({"track_length": 9})
    assert GAME.resolve_options({"track_length": 9, "book_goal": 8})["book_goal"] == 8
