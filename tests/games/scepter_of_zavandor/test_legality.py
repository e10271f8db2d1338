"""Issue 16: ``legal`` and ``why_not`` are built from the same small checks (checks.py), so
every action label is either legal (its phase's ``why_not`` answers None) or refused with a rule
of the ledger; and the checks' rule ids are the ones the refusals cite."""

import pytest

from rulekit.engine import Action, Dice

from .helpers import GAME, gems, hub, know, play, setp

PHASES_WITH_CHOICES = {"player_actions", "enchant_gems", "extend_knowledge", "auction", "pay_auction"}


def _states(players: int, seed: int, picks: int = 10) -> list:
    """Decision states of a random game (round limit 8): the first of each phase, then a few at random."""
    s = GAME.new(players=players, seed=seed, round_limit=8)
    dice = Dice(seed * 31 + players)
    seen, out, k = set(), [], 0
    while not s.is_over:
        if s.phase not in seen or dice.below(40) == 0:
            seen.add(s.phase)
            out.append(s)
        legal = s.legal_actions()
        s = s.apply(legal[dice.below(len(legal))])
        k += 1
    return out[: len(seen) + picks]


def _assert_agree(s, labels: list) -> None:
    legal = set(s.legal_actions())
    why_not = GAME.flow[s.phase].why_not
    for a in labels:
        refusal = why_not(s, a)
        if a in legal:
            assert refusal is None, f"{s.phase}: legal {a} refused: {refusal}"
        else:
            assert refusal is not None, f"{s.phase}: {a} is not legal but why_not has no reason"
            assert refusal.rule in GAME.rules, f"{s.phase}: {a} refused with {refusal.rule}"
            assert refusal.reason and refusal.reason_de


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_label_is_legal_or_refused_with_a_ledger_rule(players):
    """For random states: a label in ``action_labels`` is legal exactly when the phase's why_not
    returns None; otherwise the refusal cites a rule of game.rules and gives a reason (EN and DE)."""
    labels = [Action.parse(x) for x in sorted(GAME.action_labels(players))]
    phases = set()
    for seed in range(3):
        for s in _states(players, seed):
            phases.add(s.phase)
            _assert_agree(s, labels)
    assert phases >= PHASES_WITH_CHOICES


def test_labels_agree_when_giving_up_a_gem_and_discarding_zs903_zs490():
    """The same for the rarer decision phases: Mirror losers (ZS-903) and the hand limit (ZS-490, ZS-510)."""
    from .test_auction import table
    from .test_phase4 import phase4

    labels = [Action.parse(x) for x in sorted(GAME.action_labels(3))]
    s = play(table(), "auction magic_mirror", "bid 40", "pass", "pass", "pay auto")
    assert s.phase == "lose_gem"
    _assert_agree(s, labels)
    s = phase4(hub(), 0, cards=((1, 3), (1, 4), (1, 5), (1, 6), (1, 7)), dust=(5, 2, 0), know=know(fire=1)).settle()
    assert s.phase == "check_hand_limit" and {"exchange 2", "exchange 5"} <= {str(a) for a in s.legal_actions()}
    _assert_agree(s, labels)


def test_refusals_name_the_checks_rule():
    """The refusal of each hub action cites the rule its check returns (ZS-910, ZS-230, ZS-040, ZS-370)."""
    s = setp(hub(2), 0, active=gems(5), stored=gems(0, 1), dust=(0, 0, 0), cards=(), markers=(), prepaid=0)
    cases = {
        "enchant opal": "ZS-230",  # no energy
        "activate sapphire": "ZS-040",  # five active gems fill the spiral
        "learn fire": "ZS-370",  # a new area without a knowledge stone
        "buy_stone": "ZS-370",
        "exchange 2": "ZS-190",
        "free_step fire": "ZS-360",
    }
    for label, rule in cases.items():
        assert GAME.flow["player_actions"].why_not(s, Action.parse(label)).rule == rule, label
    assert GAME.flow["player_actions"].why_not(s, Action.parse("deactivate opal")) is None


def test_learn_without_a_stone_is_refused_not_a_crash_zs370():
    """ZS-370: with every stone bought and placed, opening a new area is refused with the rule
    (the old refusal asked for the next stone's price and failed)."""
    s = setp(hub(2), 0, know=know(gems=1, energy_flow=1, fire=1, nine_sages=1, artifacts=1), markers=(), prepaid=0)
    s = setp(s, 0, dust=(0, 0, 9))
    with pytest.raises(Exception) as err:
        s.apply("learn accumulation")
    assert err.value.rule == "ZS-370"
    assert play(s, "learn fire").data.pay is not None  # a next level of an open area is still possible
