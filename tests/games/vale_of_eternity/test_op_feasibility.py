"""Every op of Vale's instant effects against empty piles, an empty hand, a full area and no points.

VE-062 (issue 25): an instant effect that cannot be carried out completely
forbids the summon. For every creature with an instant effect, in every
combination of those edge positions, the summon is either refused (citing
VE-062 when the effect is what fails) or, when legal, carrying it out
(paying, then the effect's choices, several branches of each) ends with no
step skipped or stopped. The instant effects use every op of
``data/cards.toml`` but the few listed that only active effects use (those
are held to VE-073 by the activation tests).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from rulekit.engine import IllegalAction
from rulekit.games.vale_of_eternity.effects import OP_FEASIBLE, SEQUENCE_OPS
from rulekit.games.vale_of_eternity.tables import CARDS, PROGRAMS

from .helpers import ID, labels, make

#: events that say a step of an effect was not carried out in full
INCOMPLETE = {"effect_stops", "nothing_to_choose", "draw_none"}
#: the phases a summon runs through before the turn goes on
SUMMONING = {"summon_payment", "instant_effect", "forced_choice"}
ROUND = 4  # the area holds up to 4 creatures


def _ops(pid: int) -> set[str]:
    out = set()
    for op in PROGRAMS[pid]:
        out.add(op["op"])
        for key in ("then", "else"):
            if key in op:
                out |= _ops(op[key])
        if op["op"] == "choose":
            out |= set().union(*(_ops(p) for p in op.get("options", ()) if isinstance(p, int)))
    return out


INSTANTS = sorted(c.id for c in CARDS.values() if c.instant is not None)
#: plain creatures of every element, to fill the area (some effects count elements in it)
FILLERS = sorted({c.element: c.id for c in CARDS.values() if c.instant is None and c.active is None}.values())
EXTRA = [c for c in sorted(CARDS) if c not in INSTANTS and c not in FILLERS][:3]


def _positions(card: int):
    """(description, state) for every combination of the edge positions, seat 0 to act."""
    fillers = [c for c in FILLERS if c != card]
    for empty_piles, empty_hand, full_area, poor in itertools.product((False, True), repeat=4):
        s = make(
            round=ROUND,
            hands={0: [card] if empty_hand else [card, *EXTRA]},
            areas={0: fillers[: ROUND - 1] if full_area else fillers[:1]},
            stones={0: [6, 6, 6, 6]},
            scores=[0 if poor else 30, 5],
        )
        if empty_piles:
            s = s.evolve(data=replace(s.data, deck=(), discard=()))
        flags = (empty_piles, empty_hand, full_area, poor)
        yield (
            " ".join(n for n, on in zip(("no-piles", "no-hand", "full-area", "no-points"), flags, strict=True) if on),
            s,
        )


def _carry_out(s, where: str, depth: int = 0) -> int:
    """Every decision of the summon and its effect, three branches each; the number of ends reached."""
    bad = [e for e in s.events if e.key in INCOMPLETE]
    assert not bad, f"{where}: {bad[0]}"
    if s.to_move != 0 or s.phase not in SUMMONING or depth > 10:
        return 1
    return sum(_carry_out(s.apply(a), f"{where} {a}", depth + 1) for a in s.legal_actions()[:3])


@pytest.mark.parametrize("card", INSTANTS, ids=lambda c: CARDS[c].name.replace(" ", "_"))
def test_ve_062_an_instant_effect_is_carried_out_completely_or_the_summon_is_refused(card):
    name = CARDS[card].name
    for where, s in _positions(card):
        where = f"{name} [{where}]"
        if f"summon {card}" not in labels(s):
            with pytest.raises(IllegalAction) as err:
                s.apply(f"summon {card}")
            assert err.value.rule in ("VE-062", "VE-033"), f"{where}: {err.value.rule}"
            assert err.value.text("de"), where
            continue
        assert _carry_out(s.apply(f"summon {card}"), where) >= 1


ACTIVES = sorted(c.id for c in CARDS.values() if c.active is not None)


def _activations(card: int):
    """(description, state) at the activation phase with ``card`` in seat 0's area, every edge position."""
    fillers = [c for c in FILLERS if c != card]
    for empty_piles, empty_hand, full_area, poor in itertools.product((False, True), repeat=4):
        s = make(  # seat 0 (start player) begins the activation phase; everyone else has acted
            phase="end_action_turn",
            to_move=None,
            turn=1,
            done=1,
            round=ROUND,
            hands={0: [] if empty_hand else list(EXTRA)},
            areas={0: [card, *fillers[: ROUND - 1]] if full_area else [card]},
            stones={0: [] if poor else [1, 3, 6]},
            scores=[0 if poor else 30, 5 if poor else 40],
            discard=() if empty_piles else (ID["Tengu"],),
        )
        if empty_piles:
            s = s.evolve(data=replace(s.data, deck=(), discard=()))
        flags = (empty_piles, empty_hand, full_area, poor)
        where = " ".join(n for n, on in zip(("no-piles", "no-hand", "full-area", "poor"), flags, strict=True) if on)
        yield where, s.settle()


def _effect_done(s) -> bool:
    pending = s.data.pending
    return s.to_move != 0 or not pending or pending[-1].kind == "activate"


def _carry_out_active(s, where: str, depth: int = 0) -> int:
    bad = [e for e in s.events if e.key in INCOMPLETE]
    assert not bad, f"{where}: {bad[0]}"
    if _effect_done(s) or depth > 10:
        return 1
    return sum(_carry_out_active(s.apply(a), f"{where} {a}", depth + 1) for a in s.legal_actions()[:3])


@pytest.mark.parametrize("card", ACTIVES, ids=lambda c: CARDS[c].name.replace(" ", "_"))
def test_ve_073_an_active_effect_is_carried_out_completely_or_not_offered(card):
    """VE-073: an active effect whose condition or cost fails is not activated; one that is offered
    is carried out in full (steal, take from the discard pile, pay a stone, draw ...)."""
    name = CARDS[card].name
    for where, s in _activations(card):
        where = f"{name} [{where}]"
        if s.to_move != 0 or f"activate {card}" not in labels(s):
            continue
        assert _carry_out_active(s.apply(f"activate {card}"), where) >= 1


def test_the_active_effects_use_every_op_the_instant_ones_do_not():
    used = set().union(*(_ops(CARDS[c].instant) for c in INSTANTS), *(_ops(CARDS[c].active) for c in ACTIVES))
    every = set().union(*(_ops(p) for p in range(len(PROGRAMS))))
    assert every - used <= {"summon_bonus"}  # the summon bonus program the engine adds, no card's op


#: creatures these edge positions never let act: each needs something the positions do not hold
#: (a given stone, a creature of a cost or element, a card to copy); their ops are covered by others
NEVER_SUMMONED = {"Leviathan", "Boulder", "Dragon Egg", "Scorch"}
NEVER_ACTIVATED = {"Asmodeus", "Balog", "Mimic", "Genie Exalted", "Harpy"}


def test_the_edge_positions_exercise_all_but_the_listed_creatures():
    summoned = {CARDS[c].name for c in INSTANTS if any(f"summon {c}" in labels(s) for _, s in _positions(c))}
    activated = {
        CARDS[c].name
        for c in ACTIVES
        if any(s.to_move == 0 and f"activate {c}" in labels(s) for _, s in _activations(c))
    }
    assert {CARDS[c].name for c in INSTANTS} - summoned == NEVER_SUMMONED
    assert {CARDS[c].name for c in ACTIVES} - activated == NEVER_ACTIVATED


def test_every_op_of_the_card_data_has_a_feasibility_check():
    """VE-062, VE-073: each op says whether it can be carried out completely now (``OP_FEASIBLE``),
    or is one of the ops that order the others (``SEQUENCE_OPS``); a new op without a check fails here."""
    every = set().union(*(_ops(p) for p in range(len(PROGRAMS))))
    assert every <= set(OP_FEASIBLE) | SEQUENCE_OPS, every - set(OP_FEASIBLE) - SEQUENCE_OPS
    assert not set(OP_FEASIBLE) & SEQUENCE_OPS
