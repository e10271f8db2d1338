"""Paying with energy cards, concentrated energy and dust; change in dust (ZS-020, ZS-430, ZS-460)."""

import pytest

from rulekit.engine import IllegalAction
from rulekit.games.scepter_of_zavandor.energy import auto_selection, split_dust

from .helpers import CFG, GAME, energy, gems, hub, labels, play, setp


def test_currency_units_zs020():
    """ZS-020: dust tokens 2/5/10, four energy decks, concentrated energy per gem."""
    assert CFG.tokens == (2, 5, 10)
    assert [len(d) for d in CFG.deck_cards] == [30, 36, 30, 30]
    assert CFG.concentrated == (20, 30, 40, 60)


def test_change_in_dust_tokens_zs020():
    """ZS-020 (rulekit's choice): change uses the fewest tokens; 1 and 3 cannot be made exactly."""
    assert split_dust(CFG, 17) == ((1, 1, 1), 0)
    assert split_dust(CFG, 6) == ((3, 0, 0), 0)
    assert split_dust(CFG, 3) == ((1, 0, 0), 1)
    assert split_dust(CFG, 1) == ((0, 0, 0), 1)


def test_pay_card_by_card_with_change():
    """ZS-430 / ZS-020: pay a sapphire 7 and a 5-token for a 10-dust opal: 2 back in dust."""
    s = setp(hub(), 0, cards=((1, 7),), dust=(0, 1, 0))
    s = s.apply("enchant opal")
    assert s.phase == "enchant_gems" and set(labels(s)) == {"pay auto", "pay card sapphire 7", "pay dust 5"}
    s = s.apply("pay card sapphire 7")
    assert s.phase == "enchant_gems" and s.data.pay.paid == 7
    s = s.apply("pay dust 5")
    assert s.phase == "player_actions" and s.data.p[0].dust == (1, 0, 0) and s.data.p[0].active[0] == 3
    assert 7 in s.data.discards[0] and GAME.invariants(s) == []


def test_pay_with_concentrated_energy():
    """ZS-430: a concentrated sapphire (20) pays for a sapphire gem exactly."""
    s = setp(hub(), 0, cards=(), dust=(0, 0, 0), conc=(1, 0, 0, 0))
    s = play(s, "enchant sapphire", "pay energy sapphire")
    assert s.data.p[0].active[1] == 2 and s.data.p[0].conc == (0, 0, 0, 0) and GAME.invariants(s) == []


def test_auto_payment_least_overpay():
    """ZS-430: 'pay auto' picks the items with the least overpay, then the fewest items."""
    p = setp(hub(), 0, cards=((1, 3), (1, 7)), dust=(1, 1, 1)).data.p[0]
    chosen = auto_selection(CFG, p, 12)
    total = sum(x[2] if x[0] == "card" else x[1] for x in chosen)
    assert total == 12 and len(chosen) == 2


def test_cannot_pay_item_not_held():
    """ZS-430: paying with a card you do not hold is refused; the state is unchanged."""
    s = setp(hub(), 0, cards=((1, 7),), dust=(0, 1, 0)).apply("enchant opal")
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("pay dust 10")
    assert err.value.rule == "ZS-430" and s.to_json() == before


def test_selling_only_when_paying_an_auction():
    """ZS-460: 'sell' during a normal purchase is refused (sell in the turn instead)."""
    s = setp(hub(), 0, cards=((1, 7),), dust=(0, 1, 0)).apply("enchant opal")
    with pytest.raises(IllegalAction) as err:
        s.apply("sell opal")
    assert err.value.rule == "ZS-460"


def test_unpayable_bid_is_handled_not_crashing():
    """ZS-460 (rulekit's choice): if a winner could still not pay, the item stays on offer and the energy paid is lost."""
    from dataclasses import replace

    from rulekit.games.scepter_of_zavandor.model import Pay

    s = setp(hub(), 0, cards=(), dust=(0, 1, 0), active=gems(), stored=gems())
    s = s.evolve(
        data=replace(s.data, pay=Pay(0, 50, ("artifact", s.data.offer[0]), can_sell=True)), phase="pay_auction"
    )
    s2 = s.apply("pay dust 5")
    assert s2.phase == "player_actions" and s.data.offer == s2.data.offer
    assert "ZS-460" in [e.rule for e in s2.events] and energy(s2, 0) == 0
    assert GAME.invariants(s2) == []
