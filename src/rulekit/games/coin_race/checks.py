"""The decisions of Coin race: the one table that both the legal list and the refusals read.

Coin race has one decision phase, ``move``, with one kind of action,
``move n``. Its labels are every move the coin can ever allow (from
``data/cards.toml``); a label outside them is refused citing CR-030, and a
move longer than this turn's flip allows cites CR-031. ``legal`` and
``why_not`` run the same check, so they cannot disagree. This is the only
module that makes refusals (``No``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekit.engine import State
from rulekit.engine.decisions import Decisions, Kind, No, Refusals

from .tables import tables

__all__ = ["DECISIONS", "KINDS", "REFUSALS", "reach_ok"]


def _moves(state: State) -> Iterable[tuple[tuple, Any]]:
    """``move 1`` .. ``move n`` for the longest move any side of the coin allows (CR-030)."""
    return [((n,), n) for n in range(1, tables().longest + 1)]


def reach_ok(state: State, n: int) -> No | None:
    """CR-030 / CR-031: the move may be as long as the side of the coin flipped this turn allows."""
    most = tables().reach[state.data.coin]
    if n <= most:
        return None
    return No("CR-031", "tails_short", {"n": n, "most": most})


#: phase id -> its decisions (the flow table's ``legal`` hooks and ``REFUSALS.why_not`` read these)
DECISIONS: dict[str, Decisions] = {
    "move": Decisions(
        Kind("move", _moves, No("CR-030", "move_range"), check=reach_ok, rules=("CR-031",)),
        key=lambda state: None,  # the labels depend on the data files only
    ),
}

#: action kind -> the rule that governs it
KINDS: dict[str, str] = {"move": "CR-030"}

#: the game's ``why_not``: every refusal comes from the checks above
REFUSALS = Refusals(DECISIONS, KINDS)
