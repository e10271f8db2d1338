"""Issue 16: the legal lists and ``why_not`` are built from the same small checks (``checks.py``)."""

import pytest

from rulekit.engine import Action, Dice, IllegalAction

from .helpers import G, at, card_id, cards, fresh, labels, move_cards, put_card, take_from_display


def _label_states(players: int, seed: int, options: dict, every: int = 7):
    """Every ``every``-th decision state of a short random game."""
    s, dice, n = G.new(players=players, seed=seed, **options), Dice(seed), 0
    while not s.is_over:
        if n % every == 0:
            yield s
        acts = s.legal_actions()
        s = s.apply(acts[dice.below(len(acts))])
        n += 1


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"variant": "pro", "cave_spaces": 3, "scroll_timing": "first_income", "offer_limit": 1, "income_cap": 2},
        {"hand_limit": 7, "cap_timing": "after_fallback", "short_pile": "whole", "declined_card": "stays"},
    ],
)
def test_every_label_is_legal_or_refused_with_a_rule_of_the_game(options):
    """ZM-170 and every phase's rules: for random states, each label of action_labels(players, options) is
    either legal (the phase's why_not answers None) or refused with a rule id of game.rules and both texts."""
    for seed in range(3):
        players = 2 + seed
        space = [Action.parse(label) for label in sorted(G.action_labels(players, options))]
        for s in _label_states(players, seed, options):
            _agree(s, space)


def _agree(s, space: list[Action]) -> None:
    legal, hook = s.legal_actions(), G.flow[s.phase].why_not
    for action in space:
        refusal = hook(s, action)
        if action in legal:
            assert refusal is None, (s.phase, str(action), refusal)
        else:
            assert isinstance(refusal, IllegalAction), (s.phase, str(action))
            assert refusal.rule in G.rules and refusal.reason and refusal.text("de"), (s.phase, str(action))


def test_a_full_board_removal_agrees_with_why_not():
    """ZM-510: on a full board the winner removes one of its cards; every other label is refused with a rule."""
    s = fresh(2, cave_spaces=2)
    s = put_card(s, 0, 1, card_id("clan", "red"), cubes=1)
    won = card_id("clan", "blue")
    s = at(take_from_display(s, won), "auction_resolve", 0, step="remove", winner=0, won=won)
    assert labels(s) == ["remove 0", "remove 1"]
    _agree(s, [Action.parse(label) for label in sorted(G.action_labels(2, {"cave_spaces": 2}))])


def test_refusals_outside_the_label_space_name_the_rule_of_the_kind():
    """ZM-360 / ZM-390 / ZM-540 / ZM-350: arguments that are no label of a kind are refused by that kind's rule."""
    s = move_cards(fresh(3), 0, cards(red_log=1))
    s = at(s, "trade_offer", 0, start=0, turn=0, partner=1, step="", give=(0,) * 16, ask=(0,) * 16)
    hook = G.flow["trade_offer"].why_not
    assert hook(s, Action("give", ("red", "log"))) is None
    assert hook(s, Action("give", ("red", "wood"))).rule == "ZM-360"
    assert hook(s, Action("give", ("red", True))).rule == "ZM-360"
    assert hook(s, Action("to", (7,))).rule == "ZM-350"
    assert "first the cards you give" in hook(s, Action("ask", ("red", "log"))).reason
    assert G.flow["upgrade"].why_not(at(s, "upgrade", 0), Action("upgrade", ("roof",))).rule == "ZM-540"
    assert G.flow["auction_bidding"].why_not(at(s, "auction_bidding", 0), Action("bid", ("purple",))).rule == "ZM-390"
