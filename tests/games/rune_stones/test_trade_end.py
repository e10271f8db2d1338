"""Trade-in (RS-160..RS-168), hand refill (RS-180..RS-182), game end and scoring (RS-190..RS-197)."""

import pytest

from rulekit import IllegalAction
from rulekit.games.rune_stones.model import Turn

from .helpers import GAME, at, gems, keys, labels, me, new, p, play, rules_of

E = ("",) * 5


def trading(rows, seed=1, players=2, **player):
    s = me(new(players, seed), rows=rows, **player)
    return play(s, "action forge", "done")


def test_rows_with_two_or_more_may_be_traded():
    """RS-160: row of 3 tradable, row of 1 not; both rows in one turn when both qualify."""
    s = trading((("blue", "yellow", "green", "", ""), ("red", "", "", "", "")))
    assert labels(s) == ["trade 1", "done"]
    with pytest.raises(IllegalAction) as err:
        s.apply("trade 2")
    assert err.value.rule == "RS-160"
    s = trading((("blue", "yellow", "", "", ""), ("red", "green", "", "", "")))
    seat = s.data.current
    s = play(s, "trade 1", "rune plus", "trade 2", "rune magic")
    assert p(s, seat).pp == 6 and len(p(s, seat).runes) == 2


def test_whole_row_handed_in():
    """RS-161: after a trade-in the row is empty."""
    s = play(trading((("blue", "yellow", "green", "", ""), E)), "trade 1")
    assert p(s).rows[0] == E


@pytest.mark.parametrize(("n", "pp"), [(2, 3), (3, 6), (4, 10), (5, 15)])
def test_trade_values(n, pp):
    """RS-162: 2/3/4/5 artifacts give 3/6/10/15 power points."""
    row = tuple(["blue", "yellow", "green", "red", "joker"][:n] + [""] * (5 - n))
    s = play(trading((row, E)), "trade 1")
    assert p(s).pp == pp


def test_trade_gives_rune_of_choice():
    """RS-163: the player picks a rune; the stack shrinks; the rune stays."""
    s = play(trading((("blue", "yellow", "", "", ""), E)), "trade 1")
    assert s.phase == "rune_choice" and len(labels(s)) == 8
    seat = s.data.current
    s = s.apply("rune plus")
    types = GAME.cat.board["runes"]["types"]
    assert p(s, seat).runes == ("plus",) and s.data.rune_stacks[types.index("plus")] == 0


def test_rune_limit_four():
    """RS-164: with 4 runes the row still scores but no rune is taken."""
    s = trading((("blue", "yellow", "green", "", ""), E), runes=("magic", "hand", "plus", "three"))
    stacks, seat = s.data.rune_stacks, s.data.current
    s = s.apply("trade 1")
    assert (
        p(s, seat).pp == 6 and len(p(s, seat).runes) == 4 and s.data.rune_stacks == stacks and "rune_limit" in keys(s)
    )


def test_no_duplicate_rune():
    """RS-165: an owned rune is not offered and is refused."""
    s = play(trading((("blue", "yellow", "", "", ""), E), runes=("joker",)), "trade 1")
    assert "rune joker" not in labels(s)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("rune joker")
    assert err.value.rule == "RS-165" and s.to_json() == before


def test_no_fitting_rune_left():
    """RS-166 (gap): every remaining rune already owned: power points only, no error."""
    s = trading((("blue", "yellow", "", "", ""), E), runes=("joker",))
    s = at(s, rune_stacks=(0, 0, 0, 1, 0, 0, 0, 0))
    s = s.apply("trade 1")
    assert p(s).pp == 3 and "no_rune_left" in keys(s)


def test_artifacts_to_discard_and_jokers_back():
    """RS-167, RS-168: coloured artifacts to the open discard, jokers back to the joker forge."""
    s = trading((("blue", "", "", "red", "joker"), E))
    stack = s.data.joker_stack
    s = s.apply("trade 1")
    assert sorted(s.data.art_discard) == ["blue", "red"] and s.data.joker_stack == stack + 1


def test_refill_to_four():
    """RS-180: after playing 2 cards the player draws 2 (hand 4)."""
    s = play(new(2), "action abilities")
    seat = s.data.current
    s = s.apply(f"pick {p(s).hand[0]}")
    s = play(s, f"pick {p(s).hand[0]}", "finish")
    assert len(p(s, seat).hand) == 4 and len(p(s, seat).draw) == 2


def test_reshuffle_own_discard():
    """RS-181: the own discard becomes the draw pile when it runs out."""
    s = me(new(2), hand=(100,), draw=(101,), discard=(102, 103, 104, 105, 106))
    seat = s.data.current
    s = play(s, "action forge", "done")
    assert len(p(s, seat).hand) == 4 and len(p(s, seat).draw) == 3 and p(s, seat).discard == ()
    assert "reshuffle_own" in keys(s)


def test_fewer_cards_no_error():
    """RS-182: hand 0, draw 1, discard 1: the hand becomes 2."""
    s = me(new(2), hand=(), draw=(101,), discard=(102,))
    seat = s.data.current
    s = play(s, "action forge", "done")
    assert len(p(s, seat).hand) == 2 and "hand_short" in keys(s)


def test_round_finished_before_end():
    """RS-190, RS-191: reaching 65 mid-round: the others still play, then scoring."""
    s = new(3, 2)
    s = me(s, pp=66)
    s = play(s, "action forge", "done")
    assert not s.is_over and "game_ends" not in keys(s)
    s = play(s, "action forge", "done")
    assert not s.is_over
    s = play(s, "action forge", "done")
    assert s.is_over and "game_ends" in keys(s) and s.phase == "game_over"


def test_rs_190_nothing_after_the_end():
    """RS-190 (the game end; the ledger has no rule of its own for "nothing after the end"):
    a move after the end is refused citing RS-190, not "engine"."""
    s = new(3, 2)
    s = me(s, pp=66)
    for _ in range(3):
        s = play(s, "action forge", "done")
    assert s.is_over and s.legal_actions() == []
    for label in ("action forge", "done", s.actions[-1]):
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == "RS-190"


def test_round_limit_safety_end():
    """RS-190: rulekit's safety end after round_limit rounds when nobody reaches the throne."""
    s = new(2, 1, round_limit=2)
    for _ in range(4):
        s = play(s, "action forge", "done")
    assert s.is_over and "round_limit" in keys(s)


def score_state(**player):
    s = me(new(2, 3), **player)
    s = me(s, seat=1 - s.data.current, gems=gems(), jokers=0, ore=0)
    s = at(s, "scoring", turn=Turn())
    return s.settle()


def test_leftover_stones_score():
    """RS-192: 2 gems, 1 joker and 4 ores are 7 stones: +2."""
    s = score_state(gems=gems(2, 0, 0, 0), jokers=1, ore=4, pp=10)
    assert max(s.scores) == 12


def test_rows_score_at_end():
    """RS-193: rows [3, 1] give +6, no rune is given."""
    s = score_state(gems=gems(), jokers=0, ore=0, pp=0, rows=(("blue", "red", "joker", "", ""), ("green",) + E[1:]))
    assert max(s.scores) == 6 and all(not x.runes for x in s.data.players)


def test_joker_rune_gem_not_scored():
    """RS-194: the gem on the Joker rune is not a leftover stone."""
    s = score_state(gems=gems(2, 0, 0, 0), jokers=0, ore=0, pp=0, runes=("joker",), joker_gem="red")
    assert max(s.scores) == 0


def test_rulebook_scoring_example():
    """RS-195: a row of 2 and 4 stones adds 4; a row of 3 and 4 stones adds 7; white wins."""
    s = me(new(2, 3), seat=0, pp=60, gems=gems(2, 2), jokers=0, ore=0, rows=(("blue", "red", "", "", ""), E))
    s = me(s, seat=1, pp=59, gems=gems(1, 1, 1), jokers=0, ore=1, rows=(("blue", "red", "green", "", ""), E))
    s = at(s, "scoring", turn=Turn()).settle()
    assert s.scores == (64, 66) and s.winners == (1,)


def test_most_power_wins():
    """RS-196: the most power points wins."""
    s = me(new(3, 3), seat=0, pp=70, gems=gems(), jokers=0)
    s = me(s, seat=1, pp=68, gems=gems(), jokers=0)
    s = me(s, seat=2, pp=50, gems=gems(), jokers=0)
    s = at(s, "scoring", turn=Turn()).settle()
    assert s.winners == (0,) and "RS-196" in rules_of(s)


def test_tie_shares_victory():
    """RS-197: tied leaders all win."""
    s = me(new(3, 3), seat=0, pp=70, gems=gems(), jokers=0)
    s = me(s, seat=1, pp=70, gems=gems(), jokers=0)
    s = me(s, seat=2, pp=50, gems=gems(), jokers=0)
    s = at(s, "scoring", turn=Turn()).settle()
    assert s.winners == (0, 1) and "RS-197" in rules_of(s)
