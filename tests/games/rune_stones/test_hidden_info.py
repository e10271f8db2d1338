"""Hidden information, proved: what a seat sees does not depend on what it must not know.

Hidden in Rune Stones: the other players' hands, the order of every draw pile
(own, others', the general creature deck) and of the face-down artifact supply.
Everything else (display, discards, rows, gems, runes, pile sizes) is public,
and no event names a card drawn into a hand, so no event is private.
"""

import pytest

from rulekit.engine import Dice

from .helpers import GAME, new, play
from .helpers import me as with_player


def _texts_and_view(state, actions, seat):
    texts = [e.text for e in state.events if e.visible_to(seat)]
    for action in actions:
        state = state.apply(action)
        texts += [e.text for e in state.events if e.visible_to(seat)]
    return texts, state.view(seat), state


def _other_world(state, seat):
    """``state`` with the hand of ``seat`` swapped with the top of its draw pile (same sizes)."""
    p = state.data.players[seat]
    k = len(p.hand)
    pool = p.draw[:k] + p.hand + p.draw[k:]
    return with_player(state, seat, hand=tuple(sorted(pool[:k])), draw=pool[k:])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_other_hands_do_not_change_what_a_seat_sees(players):
    """RS-038, RS-180: two worlds that differ only in another seat's hand look the same to everybody else."""
    a = new(players, seed=3)
    actor = a.data.current
    hidden = (actor + 1) % players
    b = _other_world(a, hidden)
    assert a.data.players[hidden].hand != b.data.players[hidden].hand
    turn = ["action forge", "done"]  # an empty turn: the hand refill and the next turn start follow
    for seat in range(players):
        if seat == hidden:
            continue
        seen_a, view_a, _ = _texts_and_view(a, turn, seat)
        seen_b, view_b, _ = _texts_and_view(b, turn, seat)
        assert seen_a == seen_b and view_a == view_b, seat
    # the seat itself does see the difference (the worlds really differ)
    assert _texts_and_view(a, turn, hidden)[1] != _texts_and_view(b, turn, hidden)[1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_worlds_share_every_view(players):
    """Views never show hidden order or hands: a world resampled for a seat gives that seat the same view."""
    state, dice = new(players, seed=players), Dice(7)
    for _ in range(300):
        for seat in range(players):
            other = GAME.determinize(state, seat, dice)
            assert other.view(seat) == state.view(seat)
        legal = state.legal_actions()
        state = state.apply(legal[dice.below(len(legal))])


def test_own_draw_pile_order_is_hidden_from_its_owner():
    """RS-036: the own draw pile is face down: its owner sees which cards are in it, not their order."""
    s = new(2, seed=1)
    seat = s.data.current
    p = s.data.players[seat]
    s = with_player(s, seat, hand=p.hand[:3], draw=p.hand[3:] + p.draw)  # one card to draw after the turn
    p = s.data.players[seat]
    reordered = with_player(s, seat, draw=tuple(reversed(p.draw)))
    assert s.view(seat) == reordered.view(seat)
    assert play(s, "action forge", "done").view(seat) != play(reordered, "action forge", "done").view(seat)
