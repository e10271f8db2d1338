"""Hidden information (SB-010, SB-901): what a seat sees never depends on what is hidden from it.

Hidden from every seat: the destiny deck's order, the wicked pile below its
face-up top card, and the face-down village cards with their ally sets.
There are no private decisions in this cooperative game, so the two worlds
differ only in those hidden parts: world B is world A with exactly them
resampled (``determinize``). The same public actions must give the same
visible event texts and the same view in both worlds, for every seat.
"""

import pytest

from rulekit.engine import Dice

from .helpers import GAME


def seen(state, seat, actions):
    """What ``seat`` reads and sees while ``actions`` are played from ``state`` (like ``rulekit.testing.seen_by``)."""
    texts = [e.text for e in state.events if e.visible_to(seat)]
    for label in actions:
        state = state.apply(label)
        texts += [e.text for e in state.events if e.visible_to(seat)]
    return texts, state.view(seat)


def public_turn(state):
    """A turn's decisions that reveal nothing hidden: a tower card, the wand's movement, steps onto open spaces."""
    actions = [f"tower {state.data.display[0]}", "wand move"]
    s = state.apply(actions[0]).apply(actions[1])
    for _ in range(2):
        steps = [a for a in s.legal_actions() if a.kind == "step" and GAME.cat.kind(a.args[0]) != "village"]
        steps += [
            a
            for a in s.legal_actions()
            if a.kind == "step" and s.view(0)["villages"].get(a.args[0], {}).get("revealed")
        ]
        if not steps:
            break
        actions.append(str(steps[0]))
        s = s.apply(steps[0])
    return actions


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_two_worlds_with_different_hidden_cards_look_the_same(players):
    """SB-010, SB-901: resampling the hidden deck order, wicked pile and face-down villages changes nothing a seat sees."""
    for seed in range(3):
        a = GAME.new(players=players, seed=seed)
        for seat in range(players):
            b = GAME.determinize(a, seat, Dice(seed * 10 + seat + 1))
            assert b.data.deck != a.data.deck or b.data.village_cards != a.data.village_cards
            assert b.view(None) != a.view(None)  # the teacher sees the difference
            actions = public_turn(a)
            assert seen(a, seat, actions) == seen(b, seat, actions)


def test_no_event_is_private_and_views_of_all_seats_are_equal():
    """SB-010: the game has no private hands: every seat sees the same view and every event."""
    s = GAME.new(players=4, seed=3)
    for label in public_turn(s):
        s = s.apply(label)
        assert all(e.seats is None for e in s.events)
    views = [{**s.view(seat), "seat": None} for seat in range(4)]
    assert all(v == views[0] for v in views)
    assert views[0]["deck"] is None and views[0]["wicked"] is None
