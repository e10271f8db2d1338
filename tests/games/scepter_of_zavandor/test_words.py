"""Issue 14 and 18: words a class can read, and the exact action space.

Every legal action of seeded games has a short English and German sentence
without raw ids; every legal label is in ``action_labels`` (computed from data).
"""

from __future__ import annotations

import re

import pytest

from rulekit.engine import Action, Dice

from .helpers import CFG, GAME, hub, play, setp
from .test_flow import _pick

IDS = {*CFG.artifact_ids, *CFG.sentinel_ids, "energy_flow", "nine_sages", "accumulation", "free_step", "buy_stone"}


def _games(players: int, seeds: range, biased: bool):
    """(state, legal actions) along seeded games: uniform random or the flow test's biased player."""
    for seed in seeds:
        s = GAME.new(players=players, seed=seed, round_limit=25)
        dice = Dice(seed + 101)
        while not s.is_over:
            legal = s.legal_actions()
            yield s, legal
            s = s.apply(_pick(s, dice) if biased else legal[dice.below(len(legal))])


def _raw_ids(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z_]+", text) if w in IDS or "_" in w}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_legal_action_reads_as_a_sentence_in_english_and_german(players):
    """describe(action, lang): a sentence in EN and DE for every action kind, no raw ids, EN != DE."""
    kinds = set()
    for _, legal in _games(players, range(2), biased=True):
        for a in legal:
            en, de = GAME.describe(a, "en"), GAME.describe(a, "de")
            kinds.add(a.kind)
            assert en != str(a) and de != str(a), a
            assert en != de, a
            assert not _raw_ids(en) and not _raw_ids(de), (a, en, de)
    assert {"enchant", "learn", "auction", "bid", "pass", "pay", "end"} <= kinds


def test_describe_examples_zs_230_zs_320_zs_400():
    """ZS-230 / ZS-320 / ZS-400: the sentences name gems, areas and items in the learner's language."""
    assert GAME.describe(Action("enchant", ("sapphire",)), "de") == "Einen Saphir verzaubern"
    assert GAME.describe(Action("enchant", ("sapphire",))) == "Enchant one sapphire"
    assert GAME.describe(Action.parse("learn energy_flow")) == "Learn Knowledge of Energy Flow: one level up"
    assert GAME.describe(Action.parse("learn energy_flow"), "de") == "Wissen des Energieflusses um eine Stufe erweitern"
    assert GAME.describe(Action.parse("auction spellbook"), "de") == "Das Artefakt Zauberbuch versteigern"
    assert GAME.describe(Action.parse("auction fox")) == "Auction the sentinel Fox"
    assert GAME.describe(Action.parse("pay card sapphire 5")) == "Pay a sapphire energy card worth 5"
    assert GAME.describe(Action.parse("discard dust 10"), "de") == "Abwerfen: ein 10er-Staubplättchen"


def test_payment_events_name_items_in_words_zs_430():
    """ZS-430: the payment event says what was handed over in words, in both languages."""
    s = setp(hub(), 0, dust=(0, 0, 2), cards=((1, 5),))
    s = play(s, "enchant opal", "pay dust 10")
    paid = next(e for e in s.events if e.key == "paid")
    assert "a 10-dust token" in paid.text and "ein 10er-Staubplättchen" in paid.text_de
    assert "dust 10" not in paid.text


@pytest.mark.parametrize("players", list(GAME.players))
def test_zs_400_action_labels_cover_every_legal_label(players):
    """Issue 18: every label legal() produces in long seeded games is in action_labels (from data)."""
    labels = GAME.action_labels(players)
    seen = set()
    for _, legal in _games(players, range(2), biased=True):
        seen.update(map(str, legal))
    for _, legal in _games(players, range(2), biased=False):
        seen.update(map(str, legal))
    assert seen - labels == set()
    assert "auction elixir" in labels and "bid 120" in labels and "pay energy ruby" in labels


def test_action_labels_are_a_data_fact():
    """The set depends only on player count and options, not on any game played."""
    assert GAME.action_labels(3) == GAME.action_labels(3, {})
    assert all(isinstance(x, str) for x in GAME.action_labels(2))
