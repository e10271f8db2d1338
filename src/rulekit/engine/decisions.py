"""Decisions: one table per decision phase that both the legal list and the refusals read.

A decision phase is a ``Decisions``: its kinds of action, in the order the
legal list shows them. A ``Kind`` has

- ``labels``: every argument tuple it can take for a player count and the
  rule options (its part of ``Game.action_labels``), each with the value its
  check reads (a card index, a seat, a colour);
- ``bad``: the refusal of arguments outside those labels;
- ``stage``: whether this kind of decision is open at this step of the phase;
- ``check``: whether this value may be chosen now;
- ``rules``: every rule id its stage and check may cite;
- ``offers`` (optional): the values that may be chosen now, in the order the
  legal list shows them, when that order is the position's (cards in the
  order they lie) or the labels are many and few are open: the check still
  runs on each, and a value left out must be one whose check fails.

A stage or check returns ``None`` (allowed) or a ``No``: the id of the rule
that forbids it and the message key that says why. ``Decisions.legal`` keeps
the labels whose checks pass and ``Decisions.refuse`` runs the very same
checks on one action, so the legal list and ``why_not`` cannot disagree; a
check that cites a rule its kind does not declare is a bug in the game
(``FlowError``), so every refusal names a rule the refused action's own
check declares, never a fallback rule of the phase.

>>> from rulekit.engine import Action
>>> def take_ok(state, n):
...     return None if n <= state else No("X-2", "too_many", {"n": state})
>>> take = Kind("take", lambda state: [((n,), n) for n in (1, 2, 3)], No("X-1", "bad_take"), check=take_ok)
>>> phase = Decisions(take, key=lambda state: 0)
>>> phase.legal(2)
[Action(kind='take', args=(1,)), Action(kind='take', args=(2,))]
>>> phase.refuse(2, Action("take", (3,)))
No(rule='X-2', key='too_many', args={'n': 2})
>>> phase.refuse(2, Action("take", (9,)))
No(rule='X-1', key='bad_take', args=None)

With ``offers`` the legal list follows the position's order:

>>> back = Kind("take", take.labels, take.bad, check=take_ok, offers=lambda state: (3, 2, 1))
>>> Decisions(back, key=lambda state: 0).legal(2)
[Action(kind='take', args=(2,)), Action(kind='take', args=(1,))]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, NamedTuple

from .actions import Action
from .errors import FlowError, IllegalAction

__all__ = ["No", "Kind", "Decisions", "Refusals"]


class No(NamedTuple):
    """Why a decision is not allowed: the rule that forbids it, the message key, the message's arguments."""

    rule: str
    key: str
    args: dict | None = None


class Kind(NamedTuple):
    """One kind of action in one phase: its labels and the checks that decide which are legal now.

    ``labels(state)`` may read only what ``Decisions.key`` reads (the player
    count and the options by default): its result is built once per key.
    ``rules`` lists the rule ids ``stage`` and ``check`` may cite besides
    ``bad.rule``; when given, ``Decisions.refuse`` holds the checks to it.
    ``offers(state)``, when given, is the sequence of values to try for the
    legal list, in its order (each must be the value of a label); it may
    leave out only values whose check fails, so ``legal`` and ``refuse``
    still agree.
    """

    name: str
    labels: Callable[[Any], Iterable[tuple[tuple, Any]]]
    bad: No
    stage: Callable[[Any], No | None] | None = None
    check: Callable[[Any, Any], No | None] | None = None
    rules: tuple[str, ...] = ()
    offers: Callable[[Any], Iterable[Any]] | None = None


_MISSING = object()


def _players_and_options(state: Any) -> Hashable:
    return (state.players, state.options)


class Decisions:
    """A decision phase: its kinds in legal-list order, and ``legal`` / ``refuse`` built on the same checks.

    Parameters
    ----------
    *kinds : Kind
        The kinds of action of the phase, in the order the legal list shows them.
    key : callable, optional
        ``key(state)``: what the label tables depend on (default: player count and options).
    """

    def __init__(self, *kinds: Kind, key: Callable[[Any], Hashable] = _players_and_options) -> None:
        self.kinds = kinds
        self.index = {k.name: i for i, k in enumerate(kinds)}
        self.key = key
        self._tables: dict[Hashable, tuple] = {}

    def declared(self, kind: str) -> frozenset[str]:
        """The rule ids a refusal of ``kind`` may cite: its ``bad`` rule and its declared ``rules``."""
        k = self.kinds[self.index[kind]]
        return frozenset((k.bad.rule, *k.rules))

    def _table(self, state: Any) -> tuple:
        """Per kind: ((action, value), ...), {args: value} and {value: action}, built once per ``key(state)``."""
        key = self.key(state)
        table = self._tables.get(key)
        if table is None:
            rows = tuple(tuple((Action(k.name, args), v) for args, v in k.labels(state)) for k in self.kinds)
            table = self._tables[key] = (
                rows,
                tuple({a.args: v for a, v in r} for r in rows),
                tuple({v: a for a, v in r} if k.offers is not None else None for k, r in zip(self.kinds, rows, strict=True)),
            )
        return table

    def legal(self, state: Any) -> list[Action]:
        """The ``legal`` hook: every label of the phase whose stage and check pass, in a stable order."""
        out: list[Action] = []
        rows_of, _, offered_of = self._table(state)
        for kind, rows, offered in zip(self.kinds, rows_of, offered_of, strict=True):
            if kind.stage is not None and kind.stage(state) is not None:
                continue
            check = kind.check
            if offered is not None:
                values = kind.offers(state)
                if not values:
                    continue
                try:
                    if check is None:
                        out.extend([offered[v] for v in values])
                    else:
                        out.extend([offered[v] for v in values if check(state, v) is None])
                except KeyError as err:
                    raise FlowError(f"{kind.name!r} offers {err.args[0]!r}, the value of none of its labels") from None
            elif check is None:
                out.extend(a for a, _ in rows)
            else:
                out.extend([a for a, v in rows if check(state, v) is None])
        return out

    def refuse(self, state: Any, action: Action) -> No | None:
        """Why ``action`` (a kind of this phase) is not allowed now, or None when it is legal."""
        i = self.index[action.kind]
        kind = self.kinds[i]
        if not all(isinstance(a, int | str) and not isinstance(a, bool) for a in action.args):
            return kind.bad
        value = self._table(state)[1][i].get(action.args, _MISSING)
        if value is _MISSING:
            return kind.bad
        no = kind.stage(state) if kind.stage is not None else None
        if no is None and kind.check is not None:
            no = kind.check(state, value)
        if no is not None and kind.rules and no.rule not in kind.rules and no.rule != kind.bad.rule:
            raise FlowError(f"the check of {action.kind!r} cites {no.rule}, which it does not declare ({kind.rules})")
        return no


class Refusals:
    """A game's ``why_not``: its decision tables, and the rule that governs each kind of action.

    An action of the current phase's kinds is refused by that kind's own
    checks (``Decisions.refuse``); an action of a kind the game has but this
    phase lacks is refused citing the rule that governs the kind (message
    key ``wrong_phase``); an action the game does not have at all is the
    engine's (``unknown_action``: no rule of the game speaks of it). There is
    no phase-level fallback rule. Every game's ``checks.py`` ends with
    ``REFUSALS = Refusals(DECISIONS, KINDS)`` and its flow table uses
    ``REFUSALS.why_not`` as every decision phase's ``why_not`` hook.

    Parameters
    ----------
    decisions : mapping of str to Decisions
        Phase id -> the phase's decisions (every decision phase of the game).
    kinds : mapping of str to str
        Action kind -> the id of the rule that governs it.
    """

    def __init__(self, decisions: Mapping[str, Decisions], kinds: Mapping[str, str]) -> None:
        missing = {k for d in decisions.values() for k in d.index} - set(kinds)
        if missing:
            raise FlowError(f"action kinds without a governing rule in KINDS: {sorted(missing)}")
        self.decisions = decisions
        self.kinds = kinds

    def declared(self, phase: str, kind: str) -> frozenset[str]:
        """The rule ids a refusal of ``kind`` in ``phase`` may cite (empty for a kind the game lacks)."""
        decisions = self.decisions.get(phase)
        if decisions is not None and kind in decisions.index:
            return decisions.declared(kind)
        return frozenset({self.kinds[kind]}) if kind in self.kinds else frozenset()

    def why_not(self, state: Any, action: Action) -> IllegalAction | None:
        """The ``IllegalAction`` naming the rule that forbids ``action`` now, or None when it is legal."""
        decisions = self.decisions.get(state.phase)
        if decisions is not None and action.kind in decisions.index:
            no = decisions.refuse(state, action)
            if no is None:
                return None
            rule, key, args = no.rule, no.key, no.args or {}
        elif action.kind in self.kinds:
            rule, key, args = self.kinds[action.kind], "wrong_phase", {}
        else:
            rule, key, args = "engine", "unknown_action", {}
        game, phase = state.game, state.game.phases[state.phase]
        legal = state.legal_actions()
        return game.refuse(
            rule,
            key,
            action,
            what=game.phrase(action),
            what_de=game.phrase(action, "de"),
            phase=phase.name,
            phase_de=phase.name_de,
            legal=game.phrases(legal),
            legal_de=game.phrases(legal, "de"),
            **args,
        )
