"""Golden playthroughs (issue 9, item 5): replay each stored transcript and diff.

A failure shows the diff between the stored transcript and what the
rules do now. If the change is intended, regenerate with
``python -m rulekit.adapters.golden --game <id>`` and review the diff in git.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import rulekit
from rulekit.adapters.golden import decisions_of, golden_path, replay_transcript, transcript

from ..interop.cases import TOY, game_player_params

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*_*p.txt"))


def _game_of(path: Path):
    gid = path.stem.rsplit("_", 1)[0]
    if gid == TOY.id:
        return TOY
    if gid not in rulekit.games(examples=True):
        pytest.skip(f"{gid} is not installed")
    return rulekit.load(gid)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_transcript_replays_without_diff(path):
    stored = path.read_text(encoding="utf-8")
    now = replay_transcript(_game_of(path), stored)
    if now != stored:
        diff = "".join(difflib.unified_diff(stored.splitlines(True), now.splitlines(True), "stored", "now", n=2))
        pytest.fail(f"{path.name} changed; review and regenerate if intended:\n{diff[:6000]}")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_transcript_is_a_finished_game_with_rule_ids(path):
    text = path.read_text(encoding="utf-8")
    assert decisions_of(text), "no decisions in the transcript"
    assert "game over after" in text and "winners" in text
    assert "     [" in text, "no events with rule ids"


@pytest.mark.parametrize("game, players", game_player_params())
def test_every_game_and_player_count_has_a_golden(game, players):
    path = golden_path(HERE, game, players)
    if not path.exists():
        pytest.skip(f"no golden transcript yet: run python -m rulekit.adapters.golden --game {game.id}")
    # the seeded random game is still the same game (legal actions keep their stable order)
    assert path.read_text(encoding="utf-8") == transcript(game, players)
