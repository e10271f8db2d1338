"""Issue 23: the fast legal lists say what the refusals say (VE-031, VE-043, VE-052, VE-057 .. VE-073).

The hot kinds give their legal values directly (``checks._summonable``,
``_releasable``, ``_marked``, ``_held``, ...), the legal list asks only the
kinds that can be open in a phase (``checks._Phase``), and a state's legal
list is mostly computed on the work copy of the step that made it
(``rules.close``) or on the frozen data without a copy (``rules._hand_over``).
These tests hold every one of those lists to the checks that word the
refusals, label by label, at every decision of seeded random play.
"""

from __future__ import annotations

import pytest

from rulekit.engine import Action, Dice
from rulekit.games.vale_of_eternity.checks import DECISIONS, single

from ...sampling import labels_by_kind
from .helpers import GAME

#: option sets that change the checks: the stone limit, releasing what was summoned this turn
#: (VE-068), single choices left to the players, the costs and rewards of the card list (VE-006),
#: the order of bonuses and instant effects (VE-064), and what a copied effect's "this card" is
VARIANTS = (
    {},
    {"forced_auto": False, "release_same_turn": False, "stone_limit": 3, "hydra_rewards": "four"},
    {
        "imp_cost": 1,
        "succubus_cost": 1,
        "hydra_rewards": "package",
        "copy_this_card": "original",
        "summon_bonus_first": False,
        "stone_limit": 6,
        "count_released": True,
    },
)


def _allowed(state, labels: dict[str, list[Action]]) -> set[Action]:
    """The labels of the phase's kinds that ``Decisions.refuse`` lets through (it also raises
    ``FlowError`` when a kind's legal values and its check disagree on a label)."""
    decisions = DECISIONS[state.phase]
    return {a for kind in decisions.index for a in labels.get(kind, ()) if decisions.refuse(state, a) is None}


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "strict", "card_list"])
def test_ve_062_legal_list_is_every_label_the_checks_allow(options):
    """VE-031, VE-043 .. VE-045, VE-052, VE-057 .. VE-068, VE-071 .. VE-073: at every decision the
    legal list (kept from the step that made the state) and the list computed again on the frozen
    data both hold exactly the labels the refusal checks allow, once each, in the same order."""
    compared, kinds = 0, set()
    for seed in range(6):
        players = 2 + seed % 3
        labels = labels_by_kind(GAME, players, options)
        s, dice = GAME.new(players=players, seed=seed, **options), Dice(seed)
        while not s.is_over:
            where = f"phase {s.phase}, players {players}, seed {seed}, step {s.step}"
            legal = s.legal_actions()
            again = DECISIONS[s.phase].legal(s)
            assert again == legal, where
            assert set(legal) == _allowed(s, labels), where
            assert len(set(legal)) == len(legal), where  # no label twice
            compared += 1
            kinds.update(a.kind for a in legal)
            s = s.apply(legal[dice.below(len(legal))])
    assert compared > 300
    assert {"pick", "sell", "tame", "summon", "release", "end", "pay", "return", "activate"} <= kinds
    assert {"option", "target", "discard", "take"} <= kinds  # choices inside card effects (VE-062)


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "strict", "card_list"])
def test_forced_auto_asks_for_the_only_choice_what_the_legal_list_says(options):
    """Option forced_auto asks "exactly one choice?" (``checks.single``) with a cheap test where it
    has one (payments, returns, picks): at every decision of random play it names the only action
    exactly when the legal list holds one, and a legal list it hands back is that list. Without
    forced_auto ("strict") the decisions with one choice are played, so they are compared too."""
    compared, singles = 0, 0
    for seed in range(6):
        players = 2 + seed % 3
        s, dice = GAME.new(players=players, seed=seed, **options), Dice(seed)
        while not s.is_over:
            where = f"phase {s.phase}, players {players}, seed {seed}, step {s.step}"
            legal = DECISIONS[s.phase].legal(s)
            only, acts = single(s.phase, s)
            assert only == (legal[0] if len(legal) == 1 else None), where
            assert acts is None or acts == legal, where
            compared, singles = compared + 1, singles + (only is not None)
            s = s.apply(legal[dice.below(len(legal))])
    assert compared > 300 and singles > 20


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "strict", "card_list"])
def test_forced_auto_never_makes_an_action_turn_choice(options):
    """VE-052/VE-057: the phases ``rules.NEVER_FORCED`` leaves out of forced_auto's question have,
    at every decision of random play, several choices or only one it may not make for the player."""
    from rulekit.games.vale_of_eternity.rules import NEVER_FORCED, _forceable
    from rulekit.games.vale_of_eternity.work import Work

    compared = 0
    for seed in range(6):
        players = 2 + seed % 3
        s, dice = GAME.new(players=players, seed=seed, **options), Dice(seed)
        while not s.is_over:
            legal = s.legal_actions()
            if s.phase in NEVER_FORCED:
                w = Work.peek(s.data, s.rng, s.options, s.players)
                assert len(legal) > 1 or not _forceable(w, s.to_move, legal[0]), f"seed {seed}, step {s.step}"
                compared += 1
            s = s.apply(legal[dice.below(len(legal))])
    assert compared > 100


def _assert_same_step(quick, full, where) -> None:
    """A step made without a work copy is the full step: the same position, events and legal list."""
    for field in ("data", "rng", "phase", "to_move", "events", "is_over"):
        assert getattr(quick, field) == getattr(full, field), (field, *where)
    assert quick.legal_actions() == full.legal_actions(), where


@pytest.mark.parametrize("quick_name", ["_forced_pick", "_forced_return"])
def test_forced_auto_without_a_work_copy_is_the_full_forced_step(quick_name):
    """VE-043/VE-045, VE-031: the forced last pick and the forced return of stones made without a
    work copy (``rules.FORCED_QUICK``) give the state, events and legal list that the forced step
    on a work copy (``_forced_choice``) gives, at every such forced choice of seeded random play."""
    from rulekit.games.vale_of_eternity import rules
    from rulekit.games.vale_of_eternity.rules import _forced_choice

    quick_of = getattr(rules, quick_name)
    assert quick_of in rules.FORCED_QUICK
    compared = 0
    for seed in range(6):
        players = 2 + seed % 3
        s, dice = GAME.new(players=players, seed=seed, settle=False), Dice(seed)
        while not s.is_over:
            if s.to_move is None:
                if s.phase == "forced_choice":
                    quick = quick_of(s)
                    if quick is not None:
                        full = _forced_choice(s)
                        _assert_same_step(quick, full, (seed, s.step))
                        compared += 1
                s = s.advance()
                continue
            legal = s.legal_actions()
            s = s.apply(legal[dice.below(len(legal))], settle=False)
    assert compared > 20


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "strict", "card_list"])
def test_quick_paths_give_the_full_step(options):
    """The automatic steps made without a work copy (``rules.QUICK``: selling, taming, summoning,
    releasing, the end of an action turn, an activation turn with nothing to activate) give the
    state, events and legal list that the phase's rules function on a work copy gives, at every
    such step of seeded random play."""
    from rulekit.games.vale_of_eternity.rules import QUICK, _automatic

    full_hooks = {phase: _automatic(step).auto for phase, (step, _) in QUICK.items()}
    compared = {phase: 0 for phase in QUICK}
    for seed in range(6):
        players = 2 + seed % 3
        s, dice = GAME.new(players=players, seed=seed, settle=False, **options), Dice(seed)
        while not s.is_over:
            if s.to_move is None:
                if s.phase in QUICK:
                    quick = QUICK[s.phase][1](s)
                    if quick is not None:
                        full = full_hooks[s.phase](s)
                        _assert_same_step(quick, full, (s.phase, seed, s.step))
                        compared[s.phase] += 1
                s = s.advance()
                continue
            legal = s.legal_actions()
            s = s.apply(legal[dice.below(len(legal))], settle=False)
    assert all(compared.values()), compared


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "strict", "card_list"])
def test_quick_plays_give_the_full_play(options):
    """The decisions played without a work copy (``rules.QUICK_PLAYS``: a stone that pays part of a
    summon's or a release's cost) give the state, events and legal list that the phase's rules
    function on a work copy gives, for every legal action at every such decision of seeded
    random play."""
    from rulekit.games.vale_of_eternity.rules import QUICK_PLAYS, _decision

    full_plays = {phase: _decision(phase).play for phase in QUICK_PLAYS}
    compared = 0
    for seed in range(8):
        players = 2 + seed % 3
        s, dice = GAME.new(players=players, seed=seed, **options), Dice(seed)
        while not s.is_over:
            legal = s.legal_actions()
            if s.phase in QUICK_PLAYS:
                for action in legal:
                    quick = QUICK_PLAYS[s.phase](s, action)
                    if quick is not None:
                        full = full_plays[s.phase](s, action)
                        _assert_same_step(quick, full, (s.phase, seed, s.step))
                        compared += 1
            s = s.apply(legal[dice.below(len(legal))])
    assert compared > 5, compared
