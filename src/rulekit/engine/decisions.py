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
- ``among``: optionally, the argument tuples to consider now, in the order
  the legal list shows them (a display's cards as they lie), instead of the
  whole label table in table order;
- ``values``: optionally, for a hot legal list, the legal values themselves
  in legal-list order, computed the cheap way from the same rule functions
  as the check (which then only words the refusals);
- ``refuse_only``: a kind the phase lists only to say why it is not open
  there (a step of an action not chosen): never in the legal list, which
  then does not ask it at all.

A phase whose legal list is the hottest of its game (asked on every step of
every bot) may also give ``Decisions(values=...)``: the legal values of all
its kinds at once, from one function that shares what the kinds' rules read
(the seat, its energy) instead of one call per kind.

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

With ``among`` the legal list tries the arguments the state names, in its order:

>>> among = Kind("take", take.labels, take.bad, check=take_ok, among=lambda state: [(2,), (1,), (7,)])
>>> Decisions(among, key=lambda state: 0).legal(3)
[Action(kind='take', args=(2,)), Action(kind='take', args=(1,))]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, NamedTuple

from .actions import Action
from .errors import FlowError, IllegalAction

__all__ = ["No", "Kind", "Decisions", "Refusals"]


class No(NamedTuple):
    """Why a decision is not allowed: the rule that forbids it, the message key, the message's arguments.

    A check returns one instead of raising, so the legal list can run the
    same check on every label cheaply and only a refusal formats words.

    Parameters
    ----------
    rule : str
        The ledger id of the rule that forbids the decision (``"ZM-300"``).
    key : str
        The key of the refusal's text in the game's ``texts/messages.toml``.
    args : dict, optional
        The values the text's placeholders take.

    Examples
    --------
    >>> no = No("X-2", "too_many", {"n": 2})
    >>> no.rule, no.key, no.args
    ('X-2', 'too_many', {'n': 2})
    """

    rule: str
    key: str
    args: dict | None = None


class Kind(NamedTuple):
    """One kind of action in one phase: its labels and the checks that decide which are legal now.

    ``labels(state)`` may read only what ``Decisions.key`` reads (the player
    count and the options by default): its result is built once per key.
    ``rules`` lists the rule ids ``stage`` and ``check`` may cite besides
    ``bad.rule``; when given, ``Decisions.refuse`` holds the checks to it.

    Parameters
    ----------
    name : str
        The action kind (``Action.kind``), e.g. ``"take"``.
    labels : callable
        ``labels(state)``: every ``(args, value)`` pair this kind can take,
        ``value`` being what ``check`` reads (a card index, a seat).
    bad : No
        The refusal of arguments outside ``labels`` (a typo, a card that does not exist).
    stage : callable, optional
        ``stage(state)``: None when this kind is open at this step of the phase, else a ``No``.
    check : callable, optional
        ``check(state, value)``: None when this value may be chosen now, else a ``No``.
    rules : tuple of str, optional
        Every rule id ``stage`` and ``check`` may cite besides ``bad.rule``.
    among : callable, optional
        ``among(state)``: the argument tuples ``legal`` tries now, in the order the legal
        list shows them (a display's cards as they lie); those outside ``labels`` are
        skipped. ``refuse`` still checks any label, so the two cannot disagree.
    values : callable, optional
        ``values(state)``: the legal values now (each the value of one label), in the
        order the legal list shows them; ``legal`` takes them without running ``check``
        (for legal lists asked on every step, e.g. by bots, where a refusal made for
        every failing label costs too much). ``refuse`` asks both ``check`` and
        ``values`` for the value it is given and raises ``FlowError`` when they
        disagree, so build both from the same small rule functions.
    refuse_only : bool, optional
        True for a kind listed only for its refusals (never open in this phase, or
        open only in another way): ``legal`` leaves it out without asking its
        stage or check, ``refuse`` asks them as for any kind.

    Examples
    --------
    >>> take = Kind("take", lambda state: [((n,), n) for n in (1, 2)], No("X-1", "bad_take"), rules=("X-2",))
    >>> take.name, list(take.labels(None)), take.bad.rule
    ('take', [((1,), 1), ((2,), 2)], 'X-1')
    """

    name: str
    labels: Callable[[Any], Iterable[tuple[tuple, Any]]]
    bad: No
    stage: Callable[[Any], No | None] | None = None
    check: Callable[[Any, Any], No | None] | None = None
    rules: tuple[str, ...] = ()
    among: Callable[[Any], Iterable[tuple]] | None = None
    values: Callable[[Any], Iterable[Any]] | None = None
    refuse_only: bool = False


class _Plan(NamedTuple):
    """What ``Decisions.legal`` reads of one open kind, built once per table key (``Decisions._table``)."""

    name: str
    stage: Callable[[Any], No | None] | None
    check: Callable[[Any, Any], No | None] | None
    among: Callable[[Any], Iterable[tuple]] | None
    values: Callable[[Any], Iterable[Any]] | None
    #: every label's action, in label order
    actions: tuple[Action, ...]
    #: the (action, value) rows, in label order
    pairs: tuple[tuple[Action, Any], ...]
    #: {args: (action, value)}, for ``among``
    by_args: dict[tuple, tuple[Action, Any]]
    #: {value: action}.__getitem__, for ``values`` (None without)
    action_of: Callable[[Any], Action] | None


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
    values : callable, optional
        ``values(state)``: for a hot legal list, the legal values of all kinds at once: one
        sequence (tuple or list) per kind that ``legal`` asks (all but the ``refuse_only`` kinds), in kind
        order, each what that kind's stage and check allow now, in legal-list order. ``legal``
        then asks no stage, check or kind ``values``; ``refuse`` runs the kind's checks and
        raises ``FlowError`` when they and this answer disagree (build both from the same
        small rule functions).

    Examples
    --------
    >>> take = Kind("take", lambda state: [((n,), n) for n in (1, 2, 3)], No("X-1", "bad_take"))
    >>> done = Kind("done", lambda state: [((), None)], No("X-3", "bad_done"))
    >>> phase = Decisions(take, done, key=lambda state: 0)
    >>> [str(a) for a in phase.legal(None)]
    ['take 1', 'take 2', 'take 3', 'done']

    With ``values`` one function gives every kind's legal values (here: take up to ``state``):

    >>> fast = Decisions(take, done, key=lambda state: 0, values=lambda state: (range(1, state + 1), [None]))
    >>> [str(a) for a in fast.legal(2)]
    ['take 1', 'take 2', 'done']
    """

    def __init__(
        self,
        *kinds: Kind,
        key: Callable[[Any], Hashable] = _players_and_options,
        values: Callable[[Any], Iterable[Iterable[Any]]] | None = None,
    ) -> None:
        self.kinds = kinds
        self.index = {k.name: i for i, k in enumerate(kinds)}
        self.key = key
        #: the legal values of every kind ``legal`` asks at once (see the class docstring), or None
        self.values = values
        #: kind name -> its place among the kinds ``legal`` asks (the place of its values in ``values``)
        self._asked = {k.name: i for i, k in enumerate(k for k in kinds if not k.refuse_only)}
        self._tables: dict[Hashable, tuple] = {}
        self._last: tuple = (object(), None)  # (key, table) of the last call

    def declared(self, kind: str) -> frozenset[str]:
        """The rule ids a refusal of ``kind`` may cite: its ``bad`` rule and its declared ``rules``.

        ``tests/test_refusals.py`` holds every refusal in random play to this set.

        Parameters
        ----------
        kind : str
            An action kind of this phase.

        Returns
        -------
        frozenset of str
            The rule ids.

        Examples
        --------
        >>> take = Kind("take", lambda state: [((1,), 1)], No("X-1", "bad_take"), rules=("X-2",))
        >>> sorted(Decisions(take).declared("take"))
        ['X-1', 'X-2']
        """
        k = self.kinds[self.index[kind]]
        return frozenset((k.bad.rule, *k.rules))

    def _table(self, state: Any, key: Any = _MISSING) -> tuple:
        """The label tables and the legal list's plan, built once per ``key(state)``.

        ``(rows, by_args, plan, lookups)``: per kind its ``((action, value), ...)`` rows and
        its ``{args: value}`` (for ``refuse``), every kind of the phase; the ``_Plan`` of
        each kind ``legal`` asks (the kinds that are not ``refuse_only``), in order; and
        their ``action_of`` lookups as one tuple (for the phase's ``values``).
        ``key``: ``key(state)`` when the caller has it already.
        """
        if key is _MISSING:
            key = self.key(state)
        if key is self._last[0]:  # the very key object of the last call: no hashing
            return self._last[1]
        table = self._tables.get(key)
        if table is None:
            rows, values, plan = [], [], []
            for k in self.kinds:
                pairs = tuple((Action(k.name, args), v) for args, v in k.labels(state))
                rows.append(pairs)
                values.append({a.args: v for a, v in pairs})
                if k.refuse_only:
                    continue
                action_of = {v: a for a, v in pairs}.__getitem__ if k.values or self.values else None
                by_args = {a.args: (a, v) for a, v in pairs}
                actions = tuple(a for a, _ in pairs)
                plan.append(_Plan(k.name, k.stage, k.check, k.among, k.values, actions, pairs, by_args, action_of))
            lookups = tuple(p.action_of for p in plan)
            table = self._tables[key] = (tuple(rows), tuple(values), tuple(plan), lookups)
        self._last = (key, table)
        return table

    def legal(self, state: Any) -> list[Action]:
        """The ``legal`` hook: every label of the phase whose stage and check pass, in a stable order.

        A hot path (bots ask for a legal list on every step): one precomputed
        ``_Plan`` per kind (``_table``; unpacked as a plain tuple, the cheapest
        read), the ``refuse_only`` kinds left out of it, and the kinds with
        ``values`` look their actions up without running a check.

        Parameters
        ----------
        state : State
            The state to decide in (anything the kinds' checks and ``key`` read).

        Returns
        -------
        list of Action
            The legal actions, kind by kind in declaration order, each kind's in label order.

        Raises
        ------
        FlowError
            When a kind's ``values`` names a value without a label (a bug in the game).

        Examples
        --------
        >>> take = Kind("take", lambda state: [((n,), n) for n in (1, 2, 3)], No("X-1", "bad_take"),
        ...             check=lambda state, n: None if n <= state else No("X-2", "too_many"))
        >>> Decisions(take, key=lambda state: 0).legal(2)
        [Action(kind='take', args=(1,)), Action(kind='take', args=(2,))]
        """
        out: list[Action] = []
        # ``_table``'s shortcut for the key of the last call, inlined; an equal key (a game's key function
        # may build a new small tuple each time) is compared rather than hashed and looked up again
        key, last = self.key(state), self._last
        table = last[1] if key is last[0] or key == last[0] else self._table(state, key)
        if self.values is not None:  # every kind's legal values from one call (a phase's own fast path)
            try:
                for action_of, values in zip(table[3], self.values(state), strict=True):
                    if values:  # most kinds have none at most steps, and many one: no map made for those
                        if len(values) == 1:
                            out.append(action_of(values[0]))
                        else:
                            out += map(action_of, values)
            except KeyError as missing:  # a bug in the game
                raise FlowError(f"the legal value {missing} of the phase has no label") from None
            return out
        plan = table[2]
        for name, stage, check, among, values, actions, pairs, by_args, action_of in plan:
            if stage is not None and stage(state) is not None:
                continue
            if values is not None:  # the legal values, in their order (a hot list)
                try:
                    out += map(action_of, values(state))
                except KeyError as missing:  # a bug in the game
                    raise FlowError(f"the legal value {missing} of {name!r} has no label") from None
            elif among is not None:  # the arguments to try now, in their order (inlined: a hot loop)
                for args in among(state):
                    found = by_args.get(args)
                    if found is not None and (check is None or check(state, found[1]) is None):
                        out.append(found[0])
            elif check is None:
                out += actions
            else:
                out += [a for a, v in pairs if check(state, v) is None]
        return out

    def refuse(self, state: Any, action: Action) -> No | None:
        """Why ``action`` (a kind of this phase) is not allowed now, or None when it is legal.

        It runs the very checks ``legal`` runs, so the two cannot disagree.

        Parameters
        ----------
        state : State
            The state to decide in.
        action : Action
            An action whose kind belongs to this phase.

        Returns
        -------
        No or None
            The refusal (arguments outside the labels give the kind's ``bad``), or None.

        Raises
        ------
        FlowError
            When a check cites a rule its kind does not declare (a bug in the game).

        Examples
        --------
        >>> take = Kind("take", lambda state: [((n,), n) for n in (1, 2, 3)], No("X-1", "bad_take"),
        ...             check=lambda state, n: None if n <= state else No("X-2", "too_many"))
        >>> phase = Decisions(take, key=lambda state: 0)
        >>> phase.refuse(2, Action("take", (3,))).rule, phase.refuse(2, Action("take", (9,))).rule
        ('X-2', 'X-1')
        >>> phase.refuse(2, Action("take", (1,))) is None
        True
        """
        i = self.index[action.kind]
        kind = self.kinds[i]
        if not all(isinstance(a, int | str) and not isinstance(a, bool) for a in action.args):
            return kind.bad
        value = self._table(state)[1][i].get(action.args, _MISSING)
        if value is _MISSING:
            return kind.bad
        no = kind.stage(state) if kind.stage is not None else None
        if no is None:
            if kind.check is not None:
                no = kind.check(state, value)
            if no is None and kind.refuse_only:  # the legal list never shows it: a bug in the game
                raise FlowError(f"{action}: {action.kind!r} is listed for its refusals only, yet its checks allow it")
            # the legal list takes ``values`` without the check: both must agree. A kind closed
            # at this step (its stage refuses) is not in the legal list at all: nothing to compare.
            if kind.values is not None and (no is None) != (value in kind.values(state)):
                raise FlowError(f"{action}: its check ({no}) and the legal values of {action.kind!r} disagree")
        if self.values is not None and not kind.refuse_only:  # the phase's values decide the legal list
            listed = value in list(self.values(state))[self._asked[action.kind]]
            if (no is None) != listed:
                raise FlowError(f"{action}: its check ({no}) and the phase's legal values disagree")
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

    Raises
    ------
    FlowError
        When an action kind of ``decisions`` has no governing rule in ``kinds``.

    Examples
    --------
    >>> take = Kind("take", lambda state: [((1,), 1)], No("X-1", "bad_take"))
    >>> refusals = Refusals({"draft": Decisions(take)}, {"take": "X-1", "pass": "X-9"})
    >>> sorted(refusals.decisions), refusals.kinds["pass"]
    (['draft'], 'X-9')
    >>> Refusals({"draft": Decisions(take)}, {})
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.FlowError: action kinds without a governing rule in KINDS: ['take']
    """

    def __init__(self, decisions: Mapping[str, Decisions], kinds: Mapping[str, str]) -> None:
        missing = {k for d in decisions.values() for k in d.index} - set(kinds)
        if missing:
            raise FlowError(f"action kinds without a governing rule in KINDS: {sorted(missing)}")
        self.decisions = decisions
        self.kinds = kinds

    def declared(self, phase: str, kind: str) -> frozenset[str]:
        """The rule ids a refusal of ``kind`` in ``phase`` may cite (empty for a kind the game lacks).

        Parameters
        ----------
        phase : str
            A phase id.
        kind : str
            An action kind.

        Returns
        -------
        frozenset of str
            The kind's own rules in a phase that has it, else the rule that governs the kind.

        Examples
        --------
        >>> take = Kind("take", lambda state: [((1,), 1)], No("X-1", "bad_take"), rules=("X-2",))
        >>> refusals = Refusals({"draft": Decisions(take)}, {"take": "X-1", "pass": "X-9"})
        >>> sorted(refusals.declared("draft", "take")), sorted(refusals.declared("draft", "pass"))
        (['X-1', 'X-2'], ['X-9'])
        >>> refusals.declared("draft", "fly")
        frozenset()
        """
        decisions = self.decisions.get(phase)
        if decisions is not None and kind in decisions.index:
            return decisions.declared(kind)
        return frozenset({self.kinds[kind]}) if kind in self.kinds else frozenset()

    def why_not(self, state: Any, action: Action) -> IllegalAction | None:
        """The ``IllegalAction`` naming the rule that forbids ``action`` now, or None when it is legal.

        Every decision phase's ``why_not`` hook; the reason comes from the
        game's messages in English and German, with the legal choices listed.

        Parameters
        ----------
        state : State
            The state the action was tried in.
        action : Action
            The action tried.

        Returns
        -------
        IllegalAction or None
            The refusal, citing the refused kind's own rule (``wrong_phase``: the
            rule of a kind from another phase; ``engine``: no such kind at all).

        Examples
        --------
        >>> import rulekit
        >>> from rulekit.games.mines_of_zavandor.checks import REFUSALS
        >>> state = rulekit.load("mines_of_zavandor").new(players=2, seed=1)
        >>> [str(a) for a in state.legal_actions()]
        ['scroll metal', 'scroll gold', 'keep']
        >>> REFUSALS.why_not(state, Action.parse("keep")) is None
        True
        >>> [REFUSALS.why_not(state, Action.parse(t)).rule for t in ("scroll silver", "bid 3", "fly")]
        ['ZM-300', 'ZM-380', 'engine']
        """
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
