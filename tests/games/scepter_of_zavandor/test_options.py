"""Issue 17: the gap choices rulekit made are rule options; the default is the reading closest to
the printed text (behaviour unchanged), and each other choice is shown to change the rule here."""

import pytest

from rulekit.engine import Dice, IllegalAction
from rulekit.games.scepter_of_zavandor import income

from .helpers import GAME, energy, gems, hub, new, play, setp, settable

NON_DEFAULT = {
    "empty_energy_deck": "none",
    "change": "none",
    "opener_must_bid": False,
    "bids_count_gem_sales": False,
    "new_gem": "pentagon",
    "gem_supply": "unlimited",
}


def _income(**options):
    """Seat 0 first in turn order with one active sapphire, its deck empty and all cards discarded."""
    s = setp(new(2, **options), 0, active=gems(0, 1), dust=(0, 0, 0), cards=())
    t = s.data
    s = settable(
        s, order=(0, 1), cur=0, decks=((),) + t.decks[1:], discards=(t.decks[0] + t.discards[0],) + t.discards[1:]
    )
    return s.evolve(phase="income_gem_cards", to_move=None)


def test_zs906_empty_deck_reshuffles_by_default():
    """ZS-906 (gap), default ``reshuffle``: the discards become the deck and the card is paid."""
    s = income.income_cards(_income())
    assert len(s.data.p[0].cards) == 1 and s.data.discards[0] == () and GAME.invariants(s) == []


def test_zs906_empty_deck_without_reshuffle_pays_no_card():
    """ZS-906, ``empty_energy_deck = none``: no card while the deck is empty; the discards stay (event)."""
    before = _income(empty_energy_deck="none")
    s = income.income_cards(before)
    assert s.data.p[0].cards == () and s.data.discards[0] == before.data.discards[0]
    assert "ZS-906" in [e.rule for e in s.events] and GAME.invariants(s) == []


def _overpay(change: str, dust_card: int):
    """Seat 0 enchants an opal (10) paying a sapphire card and a 5-token: overpays by card + 5 - 10."""
    s = setp(hub(2, change=change), 0, cards=((1, dust_card),), dust=(0, 1, 0))
    return play(s, "enchant opal", f"pay card sapphire {dust_card}", "pay dust 5")


def test_zs020_change_lose_odd_by_default():
    """ZS-020, default ``lose_odd``: change 2 comes as a 2-token, change 1 is lost (no token that small)."""
    assert _overpay("lose_odd", 7).data.p[0].dust == (1, 0, 0)
    s = _overpay("lose_odd", 6)
    assert s.data.p[0].dust == (0, 0, 0) and "change_lost" in [e.key for e in s.events]


def test_zs020_change_round_up():
    """ZS-020, ``change = round_up``: a change of 1 is rounded up to a 2-token by the bank."""
    s = _overpay("round_up", 6)
    assert s.data.p[0].dust == (1, 0, 0) and GAME.invariants(s) == []
    assert _overpay("round_up", 7).data.p[0].dust == (1, 0, 0)


def test_zs020_no_change():
    """ZS-020, ``change = none``: overpaying gives nothing back."""
    s = _overpay("none", 7)
    assert s.data.p[0].dust == (0, 0, 0) and "no_change" in [e.key for e in s.events]
    assert s.data.p[0].active[0] == 3 and GAME.invariants(s) == []


def _auction_table(**options):
    s = hub(2, **options)
    deck = list(s.data.art_deck) + list(s.data.offer)
    deck.remove("spellbook")
    s = settable(s, offer=("spellbook",), art_deck=tuple(deck))
    return setp(setp(s, 0, dust=(0, 0, 2), cards=(), active=gems(2, 1)), 1, dust=(0, 0, 2), cards=())


def test_zs914_opener_may_withdraw():
    """ZS-914 (gap), ``opener_must_bid = false``: the opener may pass at once; no sale, the item stays."""
    with pytest.raises(IllegalAction) as err:
        _auction_table().apply("auction spellbook").apply("pass")
    assert err.value.rule == "ZS-410"
    s = play(_auction_table(opener_must_bid=False), "auction spellbook", "pass")
    assert s.phase == "player_actions" and s.to_move == 0 and s.data.auction is None
    assert s.data.offer == ("spellbook",) and energy(s, 0) == 20


def test_zs460_bids_from_energy_only():
    """ZS-460 (gap), ``bids_count_gem_sales = false``: bids are limited by the energy in hand, not
    by energy plus the sale value of the gems (20 dust + 2 opals and a sapphire worth 20)."""
    bids = [str(a) for a in play(_auction_table(), "auction spellbook").legal_actions()]
    assert {"bid 20", "bid 25", "bid 30", "bid 40"} <= set(bids)
    s = play(_auction_table(bids_count_gem_sales=False), "auction spellbook")
    assert [str(a) for a in s.legal_actions()] == ["bid 20"]
    with pytest.raises(IllegalAction) as err:
        s.apply("bid 25")
    assert err.value.rule == "ZS-460"


def test_zs230_new_gem_into_the_pentagon():
    """ZS-230 / rulekit's choice, ``new_gem = pentagon``: an enchanted gem waits in the pentagon even
    with a free slot (default: it goes to the free active slot)."""
    s = setp(hub(2), 0, active=gems(2, 1), dust=(0, 0, 1), cards=())
    assert play(s, "enchant opal", "pay auto").data.p[0].active == gems(3, 1)
    s = setp(hub(2, new_gem="pentagon"), 0, active=gems(2, 1), dust=(0, 0, 1), cards=())
    s = play(s, "enchant opal", "pay auto")
    assert s.data.p[0].active == gems(2, 1) and s.data.p[0].stored == gems(1)
    assert "activate opal" in [str(a) for a in s.legal_actions()]


def test_zs910_unlimited_gem_supply():
    """ZS-910 (gap), ``gem_supply = unlimited``: an empty supply does not stop enchanting (default: refused)."""
    s = setp(hub(2), 0, dust=(0, 0, 3), cards=())
    s = setp(s, 1, stored=gems(s.data.supply[0]))  # P2 holds every opal left: the supply is empty
    assert s.data.supply[0] == 0
    with pytest.raises(IllegalAction) as err:
        s.apply("enchant opal")
    assert err.value.rule == "ZS-910"
    s = setp(hub(2, gem_supply="unlimited"), 0, dust=(0, 0, 3), cards=())
    s = setp(s, 1, stored=gems(s.data.supply[0]))
    s = play(s, "enchant opal", "pay auto")
    assert s.data.supply[0] == -1 and GAME.invariants(s) == []  # the bank's count runs below zero


@pytest.mark.parametrize("players", [2, 4, 6])
def test_action_labels_stay_exact_under_every_choice(players):
    """Issue 18: with every non-default choice, every legal label of random games is in action_labels."""
    labels = GAME.action_labels(players, NON_DEFAULT)
    for seed in range(2):
        s = GAME.new(players=players, seed=seed, round_limit=20, **NON_DEFAULT)
        dice = Dice(seed + 7)
        while not s.is_over:
            legal = s.legal_actions()
            assert {str(a) for a in legal} <= labels
            s = s.apply(legal[dice.below(len(legal))])
        assert GAME.invariants(s) == []
