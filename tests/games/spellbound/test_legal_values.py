"""Issue 23: the fast legal lists say what the refusals say (SB-100, SB-120, SB-140, SB-150, SB-210).

The card play's kinds give their legal values directly (``checks.playable``,
``reachable``, ``wand_uses``, ...) instead of running a check per label; these
tests hold them to the checks that word the refusals, label by label, in
random play, and hold the data's own hash to its equality (a planning bot
keeps the positions it reached in a set).
"""

from __future__ import annotations

import pytest

from rulekit.engine import Dice
from rulekit.games.spellbound.checks import DECISIONS

from ...sampling import labels_by_kind
from .helpers import GAME
from .test_options import DATA_VARIANT

VARIANTS = ({}, {"wand_search": "anywhere", "magic_effect": "advance_book", "watchman_guards": "always"}, DATA_VARIANT)


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "anywhere", "data_variant"])
def test_sb_120_legal_list_is_every_label_the_checks_allow(options):
    """SB-100 to SB-220: at every decision the legal list holds exactly the labels of the phase's
    kinds that its checks allow (``Decisions.refuse`` also raises when values and checks disagree)."""
    compared = 0
    for seed in range(6):
        players = 1 + seed % 3
        labels = labels_by_kind(GAME, players, options)
        s, dice = GAME.new(players=players, seed=seed, **options), Dice(seed)
        while not s.is_over:
            decisions = DECISIONS[s.phase]
            allowed = {a for kind in decisions.index for a in labels.get(kind, ()) if decisions.refuse(s, a) is None}
            legal = s.legal_actions()
            assert set(legal) == allowed, f"phase {s.phase}, players {players}, seed {seed}, step {s.step}"
            assert len(legal) == len(allowed)  # no label twice
            compared += 1
            s = s.apply(legal[dice.below(len(legal))])
    assert compared > 100


def test_data_hash_agrees_with_equality():
    """Equal data hash alike; data that differ in any field are unequal (``Data.__hash__`` reads
    only the fields a turn changes, ``==`` all of them)."""
    s, dice, seen = GAME.new(players=2, seed=5), Dice(5), {}
    while not s.is_over and len(seen) < 200:
        d = s.data
        twin = d.but()
        assert twin == d and hash(twin) == hash(d) and twin is not d
        seen.setdefault(d, s.step)
        s = s.apply(s.legal_actions()[dice.below(len(s.legal_actions()))])
    first = next(iter(seen))
    other = first.but(witch=first.witch + 99)  # a field outside the hash: same hash, still unequal
    assert hash(other) == hash(first) and other != first and other not in seen
