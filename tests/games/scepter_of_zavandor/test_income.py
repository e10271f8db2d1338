"""Phase 2: income (ZS-120..ZS-180, gaps ZS-905..ZS-908)."""

import pytest

from rulekit.games.scepter_of_zavandor import income

from .helpers import CFG, GAME, energy, gems, know, new, setp, settable

OPAL_TABLE = [0, 2, 5, 10, 12, 15, 20, 22]


def income_state(players=2, seat=0, **changes):
    """A state at phase 2a for ``seat`` (first in turn order), with the player changed."""
    s = new(players)
    s = settable(s, order=tuple((seat + k) % players for k in range(players)), cur=0)
    s = setp(s, seat, **changes)
    return s.evolve(phase="income_opals", to_move=None)


def run_income(s):
    """Run the automatic income steps of the first player in turn order."""
    first = s.data.order[0]
    while s.phase.startswith("income") and s.data.order[s.data.cur] == first and s.to_move is None:
        s = s.advance()
    return s


@pytest.mark.parametrize("n", range(8))
def test_opal_income_by_count_zs130(n):
    """ZS-130: 1..7 active opals give 2/5/10/12/15/20/22 dust (not per stone)."""
    s = income_state(active=gems(n), dust=(0, 0, 0), cards=())
    s2 = income.income_opals(s)
    assert energy(s2, 0) == OPAL_TABLE[n]
    assert s2.events[0].rule == "ZS-130"


def test_opal_income_beyond_seven_from_data_zs905():
    """ZS-905 (gap): 8..11 opals give 25/30/32/35 as configured in data/gems.toml."""
    assert CFG.opal_dust[8:12] == (25, 30, 32, 35)
    s = income_state(active=gems(8), dust=(0, 0, 0), cards=(), know=know(accumulation=4))
    assert energy(income.income_opals(s), 0) == 25


def test_one_card_per_active_gem_zs140():
    """ZS-140: 2 active sapphires -> 2 sapphire cards; ZS-120 income is logged per player."""
    s = income_state(active=gems(0, 2), dust=(0, 0, 0), cards=())
    s2 = income.income_cards(s)
    assert [g for g, _ in s2.data.p[0].cards] == [1, 1]
    assert "ZS-140" in [e.rule for e in s2.events]


def test_four_of_a_kind_gives_concentrated_energy_zs150():
    """ZS-150: 4 active sapphires -> 1 concentrated energy + 2 dust, no sapphire cards."""
    s = income_state(active=gems(0, 4), dust=(0, 0, 0), cards=())
    s2 = income.income_cards(s)
    p = s2.data.p[0]
    assert p.conc == (1, 0, 0, 0) and p.cards == () and p.dust == (1, 0, 0)
    assert GAME.invariants(s2) == []


def test_five_of_a_kind_group_plus_card_zs907():
    """ZS-907 (gap): 5 active sapphires -> 1 concentrated energy + 2 dust + 1 card."""
    s = income_state(active=gems(0, 5), dust=(0, 0, 0), cards=())
    p = income.income_cards(s).data.p[0]
    assert p.conc == (1, 0, 0, 0) and len(p.cards) == 1


def test_pentagon_gems_give_nothing_zs160():
    """ZS-160: 1 active ruby + 2 rubies in the pentagon -> exactly 1 ruby card; ZS-010 inactive gems idle."""
    s = income_state(active=gems(0, 0, 0, 0, 1), stored=gems(3, 0, 0, 0, 2), dust=(0, 0, 0), cards=())
    s2 = income.income_cards(s)
    assert [g for g, _ in s2.data.p[0].cards] == [4]
    assert energy(income.income_opals(s), 0) == 0


def test_card_value_comes_from_the_deck_zs906():
    """ZS-906 (gap): the drawn card is the top of the shuffled deck; an empty deck reuses its discards."""
    s = income_state(active=gems(0, 1), dust=(0, 0, 0), cards=())
    top = s.data.decks[0][0]
    assert income.income_cards(s).data.p[0].cards == ((1, top),)
    empty = settable(s, decks=((),) + s.data.decks[1:], discards=(s.data.decks[0],) + s.data.discards[1:])
    s2 = income.income_cards(empty)
    assert len(s2.data.p[0].cards) == 1 and GAME.invariants(s2) == []


def test_artifact_income_zs170():
    """ZS-170: Crystal of Protection brings an emerald card each income phase."""
    s = income_state(arts=("crystal_of_protection",), dust=(0, 0, 0), cards=())
    s2 = income.income_artifacts(s)
    assert [g for g, _ in s2.data.p[0].cards] == [2]
    assert s2.events[0].rule == "ZS-170"


@pytest.mark.parametrize("level,dust", [(0, 0), (1, 0), (2, 2), (3, 5), (4, 10)])
def test_energy_flow_income_zs180(level, dust):
    """ZS-180 / ZS-908: Energy Flow pays the configured dust per level (0/2/5/10)."""
    s = income_state(know=know(energy_flow=level), dust=(0, 0, 0), cards=())
    assert energy(income.income_flow(s), 0) == dust


def test_nine_sages_cards_paid_next_income_zs908():
    """ZS-908 (gap): reaching Nine Sages level 2 gives 2 emerald cards at the next income."""
    s = income_state(active=gems(2), sages=(2, 2), dust=(0, 0, 0), cards=())
    s = s.evolve(phase="income_gem_cards")
    p = income.income_cards(s).data.p[0]
    assert [g for g, _ in p.cards] == [2, 2] and p.sages == ()


def test_players_collect_income_in_turn_order_zs120():
    """ZS-120 / ZS-070: phase 2 runs player by player in turn order before phase 3 starts."""
    s = new(3, seed=4, settle=False)
    seen = []
    while s.to_move is None:
        s = s.advance()
        for e in s.events:
            if e.key == "income_opals":
                seen.append(e.text.split(":")[0])
    assert seen == [f"P{i + 1}" for i in s.data.order]
    assert s.phase == "player_actions" and s.to_move == s.data.order[0]
