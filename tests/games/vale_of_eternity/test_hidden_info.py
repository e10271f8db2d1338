"""Hidden information, proved: two worlds that differ only in what a seat may not know look the same to it.

Hands are secret and the deck order is hidden (facts 3.3). For each case a
seat watches the same public history in two worlds that differ only in
another seat's hand or in the deck order; the texts of the events it may read
and its final view must be identical. Cases: another seat's hand (with
forced_auto on, ending a turn is never made for the player, or the automatic
step would tell that nothing in the hand could be summoned); a card drawn
into a hand (its name is private to the drawer); the deck order.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from .helpers import GAME, ID, make

WILLOW = ID["Willow"]


def seen(state, actions, seat):
    """What ``seat`` reads while ``actions`` are played from ``state``, and its view at the end."""
    texts = [e.text for e in state.events if e.visible_to(seat)]
    for action in actions:
        state = state.apply(action)
        texts += [e.text + "|" + e.text_de for e in state.events if e.visible_to(seat)]
    return texts, state.view(seat)


@pytest.mark.parametrize("forced_auto", [True, False])
def test_other_hands_stay_hidden(forced_auto):
    """Seat 0 cannot tell whether seat 1 holds Firefox + Agni (Firefox affordable after the sale) or
    Asmodeus + Agni (nothing affordable): seat 1 sells, then ends its turn either way."""
    worlds = []
    for hand in ([5, 1], [2, 1]):
        s = make(
            players=2,
            hands={1: hand},
            stones={1: []},
            display=[27],
            markers=[1],
            turn=1,
            to_move=1,
            done=1,
            forced_auto=forced_auto,
        )
        worlds.append(seen(s, ["sell 27", "end"], 0))
    assert worlds[0] == worlds[1]
    # the teacher (None) does see the difference
    a = make(players=2, hands={1: [5, 8]}).view(None)
    b = make(players=2, hands={1: [7, 8]}).view(None)
    assert a != b


def test_drawn_card_is_private_to_the_drawer():
    """Willow draws a card: the drawer reads its name, the other seat only that a card was drawn,
    whichever card lay on top of the deck."""
    base = make(players=2, hands={0: [WILLOW]}, stones={0: [6, 6]}, forced_auto=False)
    worlds = []
    for top in (13, 27):
        deck = tuple(c for c in base.data.deck if c != top) + (top,)
        s = base.evolve(data=replace(base.data, deck=deck))
        worlds.append(s)
    actions = [f"summon {WILLOW}", "pay 6", "pay 6"]
    assert seen(worlds[0], actions, 1) == seen(worlds[1], actions, 1)
    mine = [seen(w, actions, 0)[0] for w in worlds]
    assert mine[0] != mine[1] and any("Salamander" in t for t in mine[0])


def test_deck_order_stays_hidden():
    """Every seat's view shows only the size of the deck, never its order."""
    s = make(players=3)
    shuffled = s.evolve(data=replace(s.data, deck=tuple(reversed(s.data.deck))))
    for seat in range(3):
        assert s.view(seat) == shuffled.view(seat)
    assert s.view(None) != shuffled.view(None)


def test_redeal_unseen_keeps_the_card_everyone_saw_on_top():
    """Tengu goes face up onto the deck: everyone knows the top card, so redealing what nobody can
    see (chance nodes of search) and determinizing keep it on top and shuffle only the rest."""
    from rulekit.engine import Dice

    tengu = ID["Tengu"]
    s = make(players=2, hands={0: [tengu]}, stones={0: [6, 1]}, forced_auto=False)
    s = s.apply(f"summon {tengu}")
    while s.phase == "summon_payment":
        s = s.apply(s.legal_actions()[-1])
    assert s.data.deck[-1] == tengu and s.data.top_known == 1
    for seed in range(3):
        for again in (GAME.redeal_unseen(s, Dice(seed)), GAME.determinize(s, 1, Dice(seed))):
            assert again.data.deck[-1] == tengu and sorted(again.data.deck) == sorted(s.data.deck)
    assert GAME.redeal_unseen(s, Dice(1)).data.deck != s.data.deck


def test_determinize_keeps_the_hand_cards_everyone_saw():
    """A tamed card went into the hand in sight of all (VE-056): a determinized state keeps it in
    that hand; the other, secret cards are resampled."""
    from rulekit.engine import Dice

    s = make(players=2, hands={1: [2, 3]}, display=[27, 13], markers=[1, 1], turn=1, to_move=1, done=1)
    s = s.apply("tame 27").apply("tame 13")
    assert s.data.shown[1] == (27, 13)
    for seed in range(5):
        d = GAME.determinize(s, 0, Dice(seed))
        assert {27, 13} <= set(d.data.hands[1]) and len(d.data.hands[1]) == 4
    assert any(set(GAME.determinize(s, 0, Dice(k)).data.hands[1]) != {2, 3, 27, 13} for k in range(5))
    released = make(players=2, hands={0: [13]}, stones={0: [1]}, forced_auto=False)
    released = released.evolve(data=replace(released.data, shown=((13,), ())))
    assert released.apply("summon 13").apply("pay 1").data.shown == ((), ())  # in the area now


def test_cards_taken_in_sight_of_all_are_in_every_view():
    """A hand card everyone saw arrive (tamed from the display) is public: every seat's view names it
    under ``shown``, while the rest of that hand stays a count."""
    state, turn = GAME.new(players=3, seed=5), 0
    while not any(state.data.shown or ()):
        legal = state.legal_actions()
        state, turn = state.apply(legal[turn % len(legal)]), turn + 7
    owner = next(i for i, cards in enumerate(state.data.shown) if cards)
    for seat in (None, *range(3)):
        view = state.view(seat)
        assert view["shown"][owner] == list(state.data.shown[owner])
        assert set(view["shown"][owner]) <= set(state.data.hands[owner])
        if seat not in (None, owner):
            assert view["hands"][owner] == len(state.data.hands[owner])
