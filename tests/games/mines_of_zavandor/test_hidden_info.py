"""Hidden information, proved (issue 17): a seat learns nothing of another seat's sealed bid.

Two worlds share the same seed and the same public history and differ only
in a private decision of another seat: how many cards, of which colour, it
puts into its sealed bid (ZM-380). For every observing seat,
``rulekit.testing.seen_by`` (the event texts it may read and its final
view, ``step`` included) must be identical in both worlds. Before the fix
the engine's ``step`` counted each bid card, so another seat could read the
size of a bid (10 vs 13 steps); this test caught it.
"""

from __future__ import annotations

import pytest

from rulekit.engine import Dice
from rulekit.testing import seen_by

from .helpers import G

COLOURS = ("red", "yellow", "green", "blue")


def _to_bidding(players: int, seed: int) -> list[str]:
    """Random decisions (but no bids: seats seal at once) up to the second round's sealed bids."""
    state, dice, actions = G.new(players=players, seed=seed), Dice(seed), []
    while not (state.phase == "auction_bidding" and state.data.round == 2 and state.data.turn == 0):
        legal = [str(a) for a in state.legal_actions()]
        pick = "seal" if "seal" in legal else legal[dice.below(len(legal))]
        state = state.apply(pick)
        actions.append(pick)
    return actions


def _worlds(players: int, seed: int, observer: int) -> tuple[list[str], list[str], int] | None:
    """Action lists ending with one bidder (not the observer) adding different cards to its bid."""
    actions = _to_bidding(players, seed)
    state = G.new(players=players, seed=seed)
    for a in actions:
        state = state.apply(a)
    if state.to_move == observer:  # the observer seals first; the next seat bids
        actions.append("seal")
        state = state.apply("seal")
    hand = state.data.players[state.to_move].hand
    held = [sum(hand[cart * 4 + c] for cart in range(4)) for c in range(4)]
    colours = [c for c in range(4) if held[c]]
    if len(colours) < 2:
        return None
    small, big = colours[0], colours[1]
    one = actions + [f"bid {COLOURS[small]}"]
    other = actions + [f"bid {COLOURS[big]}"] * held[big] + [f"bid {COLOURS[small]}"] * held[small]
    return one, other, state.to_move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_zm380_a_sealed_bid_tells_other_seats_nothing(players):
    """ZM-380: for each observing seat, worlds with different sealed-bid contents and sizes look the same."""
    checked = 0
    for seed in range(6):
        for observer in range(players):
            worlds = _worlds(players, seed, observer)
            if worlds is None:
                continue
            one, other, bidder = worlds
            seen_one = seen_by(G, players, seed, one, observer)
            seen_other = seen_by(G, players, seed, other, observer)
            assert seen_one[0] == seen_other[0], f"seat {observer} reads different events (seed {seed})"
            assert seen_one[1] == seen_other[1], f"seat {observer} sees different views (seed {seed})"
            # the worlds really differ: the bidder and the teacher see it
            assert seen_by(G, players, seed, one, bidder) != seen_by(G, players, seed, other, bidder)
            assert seen_by(G, players, seed, one, None) != seen_by(G, players, seed, other, None)
            checked += 1
    assert checked >= players * 3


def test_zm380_bid_events_are_private_and_the_step_count_hides_bid_sizes():
    """The event naming a bid card is for the bidder only; other seats' ``step`` leaves bid cards out."""
    players, seed = 3, 2
    one, other, bidder = _worlds(players, seed, 1)
    state = G.new(players=players, seed=seed)
    for a in other:
        state = state.apply(a)
    assert bidder == state.to_move
    for seat in range(players):
        visible = [e.key for e in state.events if e.visible_to(seat)]
        assert ("bid_card" in visible) == (seat == bidder)
    added = len(other) - len(one) + 1
    watcher = next(i for i in range(players) if i != bidder)
    assert state.view(bidder)["step"] == state.step and state.view(None)["step"] == state.step
    assert state.view(watcher)["step"] == state.step - added


def test_views_of_public_parts_are_equal_for_every_seat():
    """What is public (king, display, discard piles, card backs) is the same in every seat's view."""
    state = G.new(players=4, seed=3)
    public = ("round", "king", "display", "discard", "draw", "cubes")
    views = [state.view(seat) for seat in range(4)]
    assert all({k: v[k] for k in public} == {k: views[0][k] for k in public} for v in views)
    assert all(v["draw_order"] is None for v in views)


def test_redeal_unseen_shuffles_only_the_draw_piles():
    """redeal_unseen: the draw-pile order (seen by no seat) changes; every seat's view stays the same."""
    state = G.new(players=3, seed=4)
    again = G.redeal_unseen(state, Dice(7))
    assert again.data.draw != state.data.draw
    assert [sorted(p) for p in again.data.draw] == [sorted(p) for p in state.data.draw]
    assert all(again.view(seat) == state.view(seat) for seat in range(3)) and not G.invariants(again)
