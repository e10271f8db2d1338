"""Every refusal in random play names a rule of the refused action's own check (issue 25).

Seeded random games of every game; at each decision the test tries actions
that are not legal there: a legal action with one argument changed, and
actions that were legal earlier in the game. Each must be refused by the
game's own ``why_not`` (never the engine's generic answer) with a rule of the
game's ledger; "engine" only for a kind of action the game does not have.
Games whose refusals are declared per action kind are held to the declared
rules: games on ``engine/decisions.py`` (``checks.REFUSALS``), so a rule of the
phase cannot stand in for the check that refused.
"""

from __future__ import annotations

import importlib
import random

import pytest

import rulekit
from rulekit.engine import Action, Dice, IllegalAction
from rulekit.games.rune_stones.checks import DECISIONS as RUNE_DECISIONS
from rulekit.games.rune_stones.checks import KINDS as RUNE_KINDS
from rulekit.games.rune_stones.checks import REFUSALS as RUNE_REFUSALS

#: the values a changed argument takes: neighbours of a number, or another word of the games
_WORDS = ("blue", "red", "green", "yellow", "joker", "ore", "x", "gold")


def _perturbed(action: Action, r: random.Random) -> Action | None:
    if not action.args:
        return None
    args = list(action.args)
    i = r.randrange(len(args))
    args[i] = args[i] + r.choice((-1, 1, 5)) if isinstance(args[i], int) else r.choice(_WORDS)
    return Action(action.kind, tuple(args))


def _declared(gid: str, phase: str, kind: str) -> frozenset[str] | None:
    """The rules a refusal of ``kind`` may cite, for games that declare them per kind."""
    try:
        refusals = getattr(importlib.import_module(f"rulekit.games.{gid}.checks"), "REFUSALS", None)
    except ModuleNotFoundError:
        return None
    return refusals.declared(phase, kind) or None if refusals is not None else None


def _options(game) -> dict:
    return {"round_limit": 12} if "round_limit" in game.options else {}


@pytest.mark.parametrize("gid", rulekit.games(examples=True))
def test_every_refusal_in_random_play_cites_its_own_checks_rule(gid):
    game = rulekit.load(gid)
    tried = 0
    for seed in range(3):
        players = game.players.start + seed % len(game.players)
        state = game.new(players=players, seed=seed, **_options(game))
        kinds = {label.split()[0] for label in game.action_labels(players, _options(game))}
        dice, r, pool = Dice(seed), random.Random(seed), []
        while not state.is_over and state.step < 400:
            legal = state.legal_actions()
            pool = [*pool, *r.sample(legal, min(2, len(legal)))][-50:]
            tries = [_perturbed(a, r) for a in r.sample(legal, min(3, len(legal)))] + r.sample(pool, min(4, len(pool)))
            for action in tries:
                if action is None or action in legal:
                    continue
                tried += 1
                where = f"{gid} seed {seed} step {state.step} ({state.phase}): {action}"
                with pytest.raises(IllegalAction) as err:
                    state.apply(action)
                rule = err.value.rule
                assert err.value.reason and err.value.text("de"), where
                own = game.flow[state.phase].why_not
                assert own is not None and own(state, action) is not None, f"{where}: the engine's generic refusal"
                if rule == "engine":
                    assert action.kind not in kinds, f"{where}: 'engine' for a kind of action the game has"
                    continue
                assert rule in game.rules, f"{where}: cites {rule}, no rule of the game"
                declared = _declared(gid, state.phase, action.kind)
                if declared is not None:
                    assert rule in declared, f"{where}: cites {rule}, which its check does not declare {declared}"
            state = state.apply(legal[dice.below(len(legal))])
    assert tried > 100


def test_rs_103_rs_108_rune_stones_declares_a_rule_for_every_kind_of_action():
    """RS-103, RS-108 (issue 25): no Rune Stones refusal falls back to a rule of the phase (RS-080 for
    "gem blue" was one); every kind of action names the rule of its own decision, in every phase."""
    game = rulekit.load("rune_stones")
    kinds = {label.split()[0] for label in game.action_labels(4)}
    assert kinds == set(RUNE_KINDS)
    assert set(RUNE_KINDS.values()) <= set(game.rules)
    cited = set()
    for phase in game.phases:
        for kind in kinds:
            declared = RUNE_REFUSALS.declared(phase, kind)
            assert declared and declared <= set(game.rules), (phase, kind, declared)
            cited |= declared
    assert "RS-080" not in cited
    step = RUNE_DECISIONS["ability_step"]
    assert step.declared("gem") == {"RS-103", "RS-107", "RS-214"}
    assert step.declared("give") == {"RS-108", "RS-214"}
