"""Issue 14 / 17: words a class can read, rule citations that fit the phase, the end-of-game panel."""

from __future__ import annotations

import re

import pytest

from rulekit.engine import Dice, IllegalAction
from rulekit.games.mines_of_zavandor.model import replace

from .helpers import G, T

#: raw ids that must never reach a sentence (colour, cart and reward ids; "clan" as a whole word)
RAW = re.compile(r"\b(" + "|".join([*T.colours, *T.carts, *T.rewards, "clan", "to", "upgrade"]) + r")\b")
#: rule ids an event may cite in any phase: the engine's own round-limit stop (not a printed rule)
ANYTIME_RULES = {"engine"}


def _steps(seed: int, players: int, **options):
    """Every state of a seeded random game, automatic steps one by one: (phase before, state after)."""
    s, dice = G.new(players=players, seed=seed, settle=False, **options), Dice(seed)
    while not s.is_over:
        before = s
        if s.automatic:
            s = s.advance()
        else:
            legal = s.legal_actions()
            s = s.apply(legal[dice.below(len(legal))], settle=False)
        yield before, s


def test_every_legal_action_has_an_english_and_a_german_sentence():
    """describe(): each legal action of seeded games reads as a sentence in EN and DE, without raw ids."""
    seen = set()
    for seed in range(6):
        for before, _ in _steps(seed, 2 + seed % 3):
            for action in before.legal_actions():
                if str(action) in seen:
                    continue
                seen.add(str(action))
                en, de = G.describe(action, "en"), G.describe(action, "de")
                assert en != str(action) and de != str(action), action
                assert en != de and not RAW.search(de), (action, de)
                assert not re.search(r"\b(vp1|vp10|card8)\b", en), (action, en)
    assert len(seen) > 60


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_cites_a_rule_of_its_phase(players):
    """Each event's rule id is one of the current phase's rules in phases.toml (or ANYTIME_RULES)."""
    for seed in range(4):
        for before, after in _steps(seed, players, round_limit=2 if seed == 0 else 0):
            for event in after.events:
                allowed = set(G.phases[before.phase].rules) | ANYTIME_RULES
                assert event.rule in allowed, (before.phase, event.rule, event.key)


def test_score_breakdown_adds_up_and_names_its_rules():
    """ZM-650 / ZM-660 / ZM-670: the end panel's lines add up to the scores, in EN and DE."""
    for seed in range(3):
        *_, (_, s) = _steps(seed, 3)
        lines = G.score_breakdown(s)
        assert [line.rule for line in lines] == ["ZM-650", "ZM-660", "ZM-670"]
        assert all(line.name and line.name_de and line.name != line.name_de for line in lines)
        assert tuple(map(sum, zip(*(line.points for line in lines), strict=True))) == s.scores


def test_zm914_tiebreak_rule_only_when_most_cards_split_a_tie():
    """ZM-914: tiebreak_rule names the rule when the option most_cards decided equal best points."""
    *_, (_, s) = _steps(1, 2)
    tied = s.evolve(
        data=replace(s.data, players=tuple(replace(p, vp=0, caves=((-1, 0),) * 6, level=1) for p in s.data.players))
    )
    assert G.tiebreak_rule(tied) is None
    most = tied.evolve(options={**tied.options, "tiebreak": "most_cards"})
    assert G.tiebreak_rule(most) == "ZM-914"
    assert G.tiebreak_rule(s) is None or s.scores.count(max(s.scores)) > 1


def test_round_limit_stops_the_game_unfinished_without_winners():
    """Option round_limit (not printed): after that round the game stops, unfinished, no winners, and its
    event cites the engine's limit, never the printed end rule ZM-630."""
    *_, (before, s) = _steps(3, 3, round_limit=1)
    assert s.is_over and s.unfinished and s.winners == () and G.stopped(s)
    assert s.data.round == 1 and before.phase == "check_game_end" and s.phase == "game_over"
    assert [e.rule for e in s.events] == ["engine"] and "limit" in s.events[0].text
    *_, (_, full) = _steps(3, 3)
    assert full.is_over and not full.unfinished and full.winners and not G.stopped(full)


def test_zm906_option_scroll_timing_first_income_cannot_keep():
    """ZM-906 (gap) option scroll_timing: any income phase (default) or the first one (no keep)."""
    s = G.new(players=2, seed=1)
    assert s.phase == "income_extra" and "keep" in [str(a) for a in s.legal_actions()]
    s = G.new(players=2, seed=1, scroll_timing="first_income")
    assert s.phase == "income_extra" and "keep" not in [str(a) for a in s.legal_actions()]
    with pytest.raises(IllegalAction) as err:
        s.apply("keep")
    assert err.value.rule == "ZM-906"


def test_zm908_option_gem_tiers_swaps_the_thresholds():
    """ZM-908 (gap) option gem_tiers: red/yellow 3/8 and green/blue 4/9 (default), or the other way round."""
    from rulekit.games.mines_of_zavandor.auction import thresholds

    assert thresholds(T, {"gem_tiers": "rare_low"}) == ((3, 3, 4, 4), (8, 8, 9, 9))
    assert thresholds(T, {"gem_tiers": "common_low"}) == ((4, 4, 3, 3), (9, 9, 8, 8))


def test_every_option_has_titles_and_help_in_both_languages():
    for option in G.option_list:
        assert option.title and option.title_de and option.help and option.help_de and option.rule in G.rules
