"""Issue 14: words a class can read, citations that fit the phase, the end-of-game panel.

- every legal action of seeded games has an English and a German sentence
  (``describe``) that differ and show no raw ids;
- every event cites a rule of the phase whose step made it (a forced choice
  stands for the decision phase it makes the choice of);
- ``score_breakdown`` adds up to the scores; ``tiebreak_rule`` and the end
  event cite VE-091 / VE-092 when a tie-break decided (issue 14: a 37/37 tie).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from rulekit.engine import Dice

from .helpers import GAME, make

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(pick|sell|tame|pay|return|option|target|copy|take) \d")
DECISION_RULES = {r for p in GAME.phases.values() if not p.automatic for r in p.rules}


#: every option that replaces a rulekit choice with its other reading (issue 17)
VARIANTS = {
    "hydra_rewards": "four",
    "imp_cost": 1,
    "succubus_cost": 1,
    "copy_this_card": "original",
    "summon_bonus_first": False,
}


def _steps(players: int, seed: int, **options):
    """Every state of a seeded random game, step by step (automatic steps included)."""
    state = GAME.new(players=players, seed=seed, settle=False, **options)
    dice = Dice(seed)
    while not state.is_over:
        before = state
        if state.automatic:
            state = state.advance()
        else:
            legal = state.legal_actions()
            state = state.apply(legal[dice.below(len(legal))], settle=False)
        yield before, state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_has_a_sentence_in_english_and_german(players):
    """describe: a sentence per action, EN != DE, no raw ids like 'end_action_turn' or 'pick 12'."""
    seen = set()
    for seed in range(4):
        for before, _ in _steps(players, seed, forced_auto=False):
            for action in before.legal_actions():
                if str(action) in seen:
                    continue
                seen.add(str(action))
                en, de = GAME.describe(action, "en"), GAME.describe(action, "de")
                assert en and de and en != de, action
                assert not RAW.search(en) and not RAW.search(de), (action, en, de)
                assert str(action) not in (en, de)
    assert {a.split()[0] for a in seen} >= {"pick", "sell", "tame", "summon", "pay", "end", "return", "activate"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_cites_a_rule_of_its_phase(players):
    """Each event's rule belongs to the rules (phases.toml) of the phase in which its step ran."""
    for options in ({}, {"forced_auto": False}, VARIANTS):
        for seed in range(6):
            for before, after in _steps(players, seed, **options):
                allowed = set(GAME.phases[before.phase].rules)
                if before.phase == "forced_choice":
                    allowed |= DECISION_RULES
                for event in after.events:
                    assert event.rule in allowed, (before.phase, event.rule, event.key)


def _over(scores, areas, summoned=None, **options):
    s = make(
        players=len(scores),
        round=10,
        scores=list(scores),
        areas=areas,
        phase="round_end",
        to_move=None,
        stage="activation",
        **options,
    )
    if summoned is not None:
        s = s.evolve(data=replace(s.data, summoned=tuple(summoned)))
    return s.settle()


def test_ve090_no_tiebreak_when_points_decide():
    s = _over([40, 37], {0: [13], 1: [27, 44]})
    assert s.is_over and s.winners == (0,) and GAME.tiebreak_rule(s) is None
    assert s.events[-1].rule == "VE-090"


def test_ve091_tie_decided_by_creatures_cites_the_tiebreak():
    """Issue 14: a 37/37 tie is decided by the creatures in the area, and the end event cites VE-091."""
    s = _over([37, 37], {0: [13], 1: [27, 44]})
    assert s.winners == (1,) and GAME.tiebreak_rule(s) == "VE-091"
    last = s.events[-1]
    assert last.rule == "VE-091" and "37" in last.text and "37" in last.text_de and "P2" in last.text


def test_ve092_shared_win_cites_its_rule():
    s = _over([37, 37, 20], {0: [13], 1: [27]})
    assert s.winners == (0, 1) and GAME.tiebreak_rule(s) == "VE-092"
    assert s.events[-1].rule == "VE-092"


def test_ve094_count_released_changes_the_tiebreak():
    s = _over([37, 37], {0: [13], 1: [27, 44]}, summoned=[5, 2], count_released=True)
    assert s.winners == (0,) and GAME.tiebreak_rule(s) == "VE-091"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ve020_score_breakdown_adds_up(players):
    """Starting points by seat (VE-020) plus points from effects (VE-002) give the scores."""
    for seed in range(2):
        state = GAME.new(players=players, seed=seed, random_start=True)
        dice = Dice(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[dice.below(len(legal))])
        lines = GAME.score_breakdown(state)
        assert [line.rule for line in lines] == ["VE-020", "VE-002"]
        assert sorted(lines[0].points) == list(range(1, players + 1))
        totals = tuple(sum(col) for col in zip(*(line.points for line in lines), strict=True))
        assert totals == state.scores
        assert all(line.name != line.name_de for line in lines)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_action_labels_cover_every_legal_action(players):
    """Issue 18: action_labels (from the data) holds every label legal() produces in long random games."""
    assert "target 4" not in GAME.action_labels(players) and f"target {players - 1}" in GAME.action_labels(players)
    for options in ({}, {"forced_auto": False}, VARIANTS):
        labels = GAME.action_labels(players, options)
        for seed in range(8):
            for before, _ in _steps(players, seed, **options):
                for action in before.legal_actions():
                    assert str(action) in labels, action


def test_german_is_complete():
    """Issue 14: every text of the game exists in German too, in other words than the English."""
    import tomllib
    from importlib import resources

    pkg = resources.files("rulekit.games.vale_of_eternity")

    def read(name):
        return tomllib.loads(pkg.joinpath(name).read_text(encoding="utf-8"))

    for key, entry in read("texts/messages.toml").items():
        assert entry.get("de") and entry["de"] != entry["en"], key
    for rule in GAME.rules.values():
        assert rule.text_de and rule.text_de != rule.text, rule.id
    for phase in GAME.phases.values():
        assert phase.name_de and (phase.name_de != phase.name or phase.id == "game_over"), phase.id
    for option in GAME.options.values():
        assert option.title_de and option.title_de != option.title, option.name
        assert option.help_de and option.help_de != option.help, option.name
    for card in read("data/cards.toml")["card"]:
        assert card["de"] and card["de"] != card["en"], card["id"]
    for lesson in pkg.joinpath("lessons").iterdir():
        doc = tomllib.loads(lesson.read_text(encoding="utf-8"))
        assert doc.get("title_de"), lesson.name
        for step in doc.get("step", []):
            for key in ("task", "hint"):
                if key in step:
                    assert step.get(f"{key}_de") and step[f"{key}_de"] != step[key], (lesson.name, step[key])
