"""Where the template game coin_race shows up: loadable and tested, never a page for learners.

A file of its own (not in tests/games/coin_race/, which a new game copies).

Coin race is an example game (``EXAMPLES`` in ``rulekit/games/__init__.py``):
``rulekit.load`` opens it and the contract suites run on it through
``rulekit.games(examples=True)``, while ``rulekit.games()`` (notebooks, the
gallery, the classroom menu, rooms, the static site) lists only the five
games. A copy of the template goes into ``REGISTRY`` instead
(docs/adding-a-game.md).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import rulekit
from rulekit.games import EXAMPLES, REGISTRY

NOTEBOOKS = Path(rulekit.__file__).parent / "notebooks"


def test_the_template_is_loadable_but_not_among_the_games_for_learners():
    assert "coin_race" in EXAMPLES and "coin_race" not in REGISTRY
    assert "coin_race" not in rulekit.games()
    assert rulekit.games(examples=True) == [*rulekit.games(), "coin_race"]
    assert rulekit.load("coin_race").id == "coin_race"


def test_the_template_has_no_notebook_gallery_entry_or_site_page():
    assert not (NOTEBOOKS / "coin_race.ipynb").exists()
    gallery = tomllib.loads((NOTEBOOKS / "gallery.toml").read_text(encoding="utf-8"))
    assert "coin_race" not in gallery


def test_the_five_games_are_still_every_suites_games():
    """Listing the example game must never drop a real game from a suite (games(examples=True) adds, never replaces)."""
    assert set(REGISTRY) <= set(rulekit.games(examples=True))
    assert rulekit.games() == list(REGISTRY)
