"""Components (RS-001..RS-018) and setup (RS-030..RS-045)."""

from collections import Counter

import pytest

from rulekit import SetupError
from rulekit.games.rune_stones.tables import COLOURS, SPACES, load_catalogue

from .helpers import GAME, new, p

CAT = GAME.cat
B = CAT.board


def test_board_has_track_runes_forges_display_piles():
    """RS-001: power track to 65, 8 rune places, forges with a joker forge, 6 costed slots, piles, supply."""
    s = new(3)
    assert s.options["end_threshold"] == 65
    assert len(s.data.rune_stacks) == 8
    assert len(s.data.forges) == 5 and s.data.joker_stack == 8
    assert len(s.data.display) == 6 and len(s.options["slot_costs"]) == 6
    assert s.data.gdiscard == () and len(s.data.deck) == 62
    assert s.data.ore == 20


def test_68_creature_cards_numbered_11_to_78():
    """RS-002: 60 coloured cards 11-70 and 8 white dragons 71-78."""
    assert sorted(CAT.cards) == list(range(11, 79))
    assert all(CAT.cards[n].colour == "white" for n in range(71, 79))
    assert all(CAT.cards[n].colour in COLOURS for n in range(11, 71))
    assert Counter(CAT.cards[n].colour for n in range(11, 71)) == {c: 15 for c in COLOURS}


def test_species_by_colour():
    """RS-003: border colour gives the species."""
    assert B["species"] == {"green": "Dryad", "red": "Harpy", "blue": "Kobold", "yellow": "Satyr", "white": "Dragon"}


def test_cards_have_magic_number_ability():
    """RS-004: every card has magic points, a number, an ability; druids are owned by a player."""
    for card in (*CAT.cards.values(), *CAT.druids.values()):
        assert card.mp >= 1 and card.kind in ("basic", "choice", "exchange")
        assert card.gain or card.options
    s = new(2)
    assert all(n >= 100 for n in p(s, 0).hand + p(s, 0).draw)


def test_magic_colours_multi_for_dragons_and_druids():
    """RS-005: druids and dragons are multicoloured, coloured creatures one colour."""
    assert all(CAT.druids[n].magic == "multi" for n in range(100, 108))
    assert all(CAT.cards[n].magic == "multi" for n in range(71, 79))
    assert all(CAT.cards[n].magic in COLOURS for n in range(11, 71))


def test_28_coloured_and_8_joker_artifacts():
    """RS-006, RS-007: 7 artifacts per colour and 8 jokers, all conserved in play."""
    s = new(2)
    arts = Counter(s.data.art_supply) + Counter(s.data.forges)
    assert arts == {c: 7 for c in COLOURS}
    assert s.data.joker_stack == 8


def test_supply_totals():
    """RS-008, RS-030: 15 gems per colour, 15 joker stones, 20 ores in all."""
    for n in (2, 3, 4):
        s = new(n)
        assert all(s.data.supply[i] + sum(x.gems[i] for x in s.data.players) == 15 for i in range(4))
        assert s.data.jokers + sum(x.jokers for x in s.data.players) == 15
        assert s.data.ore == 20


def test_24_rune_stones_in_8_kinds():
    """RS-009: 8 kinds, 3 stones each in the box."""
    assert len(B["runes"]["types"]) == 8
    assert B["runes"]["per_stack"]["4"] * 8 == 24


def test_one_start_player_and_die():
    """RS-010, RS-042: exactly one start player, chosen at random; the die has faces."""
    starts = {new(3, seed).data.start for seed in range(30)}
    assert starts == {0, 1, 2}
    s = new(3, 5)
    assert s.data.current == s.data.start
    assert len(B["die"]["faces"]) == 6


def test_die_faces():
    """RS-011: six faces: any gem, swap, card, ore, 1 PP, 2 PP."""
    assert sorted(B["die"]["faces"]) == sorted(["any_gem", "swap", "card", "ore", "pp1", "pp2"])


def test_player_material():
    """RS-012, RS-036: each player owns druid cards 100-107 in their own colour."""
    s = new(4)
    for x in s.data.players:
        assert sorted(x.hand + x.draw) == list(range(100, 108))
    assert B["player_colours"] == ["brown", "grey", "beige", "black"]


def test_player_counts():
    """RS-013: 2-4 players."""
    with pytest.raises(SetupError):
        GAME.new(players=1)
    with pytest.raises(SetupError):
        GAME.new(players=5)
    for n in (2, 3, 4):
        assert GAME.new(players=n).players == n


def test_player_board_rows_and_rune_places():
    """RS-014: two empty rows of 5 spaces (4 colours + joker), room for 4 runes."""
    s = new(2)
    assert SPACES == ("blue", "yellow", "green", "red", "joker")
    assert p(s).rows == (("",) * 5, ("",) * 5)
    assert B["trade"]["max_runes"] == 4


def test_bad_card_table_is_refused():
    """RS-015 (gap): a card table missing a number or with an unknown icon is refused clearly."""
    cards = {"card": [c for c in GAME.data_file("cards.toml")["card"] if c["number"] != 40]}
    with pytest.raises(ValueError, match="11-78"):
        load_catalogue(cards, GAME.data_file("druids.toml"), B)
    druids = {"card": GAME.data_file("druids.toml")["card"][:7]}
    with pytest.raises(ValueError, match="100-107"):
        load_catalogue(GAME.data_file("cards.toml"), druids, B)


def test_gap_choices_are_marked():
    """RS-015..RS-018 (gaps): data files mark rulekit's choices; start PP 0 and uncapped."""
    assert GAME.data_file("cards.toml")["rulekit_choice"] is True
    assert GAME.data_file("druids.toml")["rulekit_choice"] is True
    assert B["die"]["rulekit_choice"] is True
    assert all(x.pp == 0 for x in new(3).data.players)


def test_throne_threshold_option():
    """RS-031: the end threshold is 65 by default and an option."""
    assert GAME.options["end_threshold"].default == 65
    assert new(2, end_threshold=40).options["end_threshold"] == 40


@pytest.mark.parametrize(("n", "per"), [(2, 1), (3, 2), (4, 3)])
def test_rune_stacks_by_player_count(n, per):
    """RS-032, RS-033: stacks of 1/2/3 stones; the others stay in the box."""
    assert new(n).data.rune_stacks == (per,) * 8


def test_joker_forge_and_coloured_forges():
    """RS-034, RS-035: 8 jokers on the joker forge; one artifact per coloured forge, 23 face down."""
    s = new(2)
    assert s.data.joker_stack == 8 and "joker" not in s.data.art_supply
    assert all(s.data.forges) and len(s.data.art_supply) == 28 - 5


def test_starting_gems_and_supply():
    """RS-037, RS-043: one gem per colour and one joker each, no ore; supply reduced."""
    s = new(4)
    for x in s.data.players:
        assert x.gems == (1, 1, 1, 1) and x.jokers == 1 and x.ore == 0
    assert s.data.supply == (11, 11, 11, 11) and s.data.jokers == 11


def test_hands_and_draw_piles():
    """RS-038: 4 cards in hand, 4 in the draw pile, empty discard."""
    for x in new(3).data.players:
        assert len(x.hand) == 4 and len(x.draw) == 4 and x.discard == ()


def test_start_power_points():
    """RS-039: counting stones on the start space (0)."""
    assert [x.pp for x in new(4).data.players] == [0, 0, 0, 0]


def test_display_filled_without_dragons():
    """RS-040, RS-041: 6 non-dragon cards; dragons set aside and shuffled back (62 left)."""
    for seed in range(40):
        s = new(2, seed)
        assert all(11 <= n <= 70 for n in s.data.display)
        assert len(s.data.deck) == 62
    dragons = [e for seed in range(40) for e in new(2, seed).events if e.key == "setup_dragons"]
    assert dragons and dragons[0].rule == "RS-041"


def test_empty_general_and_artifact_discards():
    """RS-043, RS-044: general discard and artifact discard start empty."""
    s = new(2)
    assert s.data.gdiscard == () and s.data.art_discard == ()


def test_start_player_begins():
    """RS-045: the first decision belongs to the start player in choose_action."""
    s = new(4, 9)
    assert s.phase == "choose_action" and s.to_move == s.data.start
