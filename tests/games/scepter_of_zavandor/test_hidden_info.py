"""Hidden information, proved (issue 17): the values of energy cards in other hands and the
order of every deck are hidden; everything else (gems, knowledge, dust, artifacts, sentinels,
bids, what is paid) is public in Zavandor, and no decision is secret.

Two worlds that differ only in another seat's card values must look the same to a seat:
the same visible event texts and the same view (``rulekit.testing.seen_by``).
"""

from __future__ import annotations

import json

import pytest

from rulekit.engine import Dice
from rulekit.testing import seen_by

from .helpers import GAME

#: (seat, seed A, seed B): two seeded 2-player games whose public setup, turn order and the
#: seat's own cards agree, while the other seat holds a different sapphire card (found by search)
WORLDS = [(0, 0, 490), (1, 0, 1363)]
ACTIONS = ["end", "end"]


@pytest.mark.parametrize("seat, seed_a, seed_b", WORLDS)
def test_zs_140_other_hands_card_values_are_unseen(seat, seed_a, seed_b):
    """ZS-140 / ZS-020: the worlds differ in the other seat's hand, yet the seat sees the same."""
    a, b = GAME.new(players=2, seed=seed_a), GAME.new(players=2, seed=seed_b)
    other = 1 - seat
    assert a.data.p[other].cards != b.data.p[other].cards  # really different worlds
    assert a.data.p[seat].cards == b.data.p[seat].cards
    assert seen_by(GAME, 2, seed_a, ACTIONS, seat) == seen_by(GAME, 2, seed_b, ACTIONS, seat)
    # the teacher (None) and the other seat do tell them apart
    assert seen_by(GAME, 2, seed_a, ACTIONS, None) != seen_by(GAME, 2, seed_b, ACTIONS, None)
    assert seen_by(GAME, 2, seed_a, ACTIONS, other) != seen_by(GAME, 2, seed_b, ACTIONS, other)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_resampling_what_a_seat_cannot_see_leaves_its_view_unchanged(players):
    """Along seeded games, for every seat: other hands' card values and deck orders resampled
    (``determinize``) give the identical view, so no view field leaks them (counts, VP, hand
    count and capacity are public facts)."""
    dice = Dice(players)
    s = GAME.new(players=players, seed=5, round_limit=6)
    steps = 0
    while not s.is_over:
        if steps % 7 == 0:
            for seat in range(players):
                other = GAME.determinize(s, seat, dice)
                assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(s.view(seat), sort_keys=True)
                if s.to_move == seat:
                    assert other.legal_actions() == s.legal_actions()
        legal = s.legal_actions()
        s = s.apply(legal[dice.below(len(legal))])
        steps += 1


def test_view_shows_counts_not_values_of_other_hands():
    """The view keys of the other seats hold card counts per gem; only the own seat sees values and
    its energy total; deck orders are sizes only."""
    s = GAME.new(players=3, seed=2)
    v = s.view(0)
    assert isinstance(v["seats"][1]["cards"], dict) and "energy" not in v["seats"][1]
    assert isinstance(v["seats"][0]["cards"], list) and "energy" in v["seats"][0]
    assert all(isinstance(n, int) for n in v["decks"]) and isinstance(v["artifact_deck"], int)


def test_no_event_is_private_because_no_decision_is_secret():
    """Every Zavandor decision is made in the open (bids, payments, discards), so no event is
    limited to some seats; drawn card values never appear in event texts."""
    s = GAME.new(players=3, seed=4, round_limit=3)
    dice = Dice(9)
    while not s.is_over:
        assert all(e.seats is None for e in s.events)
        for e in s.events:
            if e.key == "income_cards":
                assert "worth" not in e.text
        legal = s.legal_actions()
        s = s.apply(legal[dice.below(len(legal))])
