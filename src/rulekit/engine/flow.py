"""Phases of a game, the hooks that run them, and the phase-flow graph.

A game declares its phases as data (``data/phases.toml``, refined from the
ledger's ``[[phase]]`` entries) and one ``PhaseHooks`` per phase in
``Game.flow``. The engine dispatches every step through that table and
checks each step against the data (``check_step``), so the graph the
widgets draw is the flow the code runs: a step into a phase that is not a
declared ``next`` raises ``FlowError`` at once, in every run. A phase that
repeats (one bid after another) lists itself in ``next``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import networkx as nx

from .errors import FlowError

if TYPE_CHECKING:
    from .actions import Action
    from .errors import IllegalAction
    from .state import State

__all__ = ["FlowError", "Phase", "PhaseHooks", "check_flow_table", "flow_steps", "load_phases", "phase_graph"]


@dataclass(frozen=True, slots=True)
class PhaseHooks:
    """What one phase does: the hooks the engine calls in it.

    A decision phase has ``legal``, ``play`` and ``why_not``; an automatic
    phase (``automatic = true`` in phases.toml) has only ``auto``.

    ``why_not(state, action)`` explains a refusal with an ``IllegalAction``
    citing the rule that forbids the action, or returns None when it is legal.
    Write ``legal`` and ``why_not`` from the same small checks so they can never
    disagree: a game's ``checks.DECISIONS[p].legal`` and ``REFUSALS.why_not``.

    Parameters
    ----------
    legal : callable, optional
        ``legal(state) -> list[Action]``: the decisions open now (decision phases).
    play : callable, optional
        ``play(state, action) -> State``: carry out a legal decision (decision phases).
    auto : callable, optional
        ``auto(state) -> State``: one automatic step (automatic phases).
    why_not : callable, optional
        ``why_not(state, action) -> IllegalAction | None``: the refusal of an illegal decision.

    Examples
    --------
    >>> hooks = PhaseHooks(auto=lambda state: state)
    >>> hooks.legal is None and hooks.auto is not None
    True
    """

    legal: Callable[[State], list[Action]] | None = None
    play: Callable[[State, Action], State] | None = None
    auto: Callable[[State], State] | None = None
    why_not: Callable[[State, Action], IllegalAction | None] | None = None


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase: where it may lead and which rules govern it.

    Read from ``data/phases.toml``; the widgets draw the flow graph from these
    and the engine checks every step against ``next``.

    Parameters
    ----------
    id : str
        The phase id the state's ``phase`` holds.
    name : str
        Its name in English.
    name_de : str
        Its name in German.
    next : tuple of str
        The phases a step from here may lead to (itself when it repeats).
    rules : tuple of str
        The ledger ids of the rules that govern it.
    automatic : bool, optional
        True when its steps need no decision.

    Examples
    --------
    >>> bid = Phase("bid", "Bidding", "Bieten", ("bid", "pay"), ("X-10",))
    >>> bid.next, bid.automatic
    (('bid', 'pay'), False)
    """

    id: str
    name: str
    name_de: str
    next: tuple[str, ...]
    rules: tuple[str, ...]
    automatic: bool = False

    def name_in(self, lang: str = "en") -> str:
        """The phase's name in ``lang``, for the screen in that language.

        Parameters
        ----------
        lang : str, optional
            ``"de"`` for German; anything else gives English.

        Returns
        -------
        str
            The name.

        Examples
        --------
        >>> Phase("bid", "Bidding", "Bieten", (), ()).name_in("de")
        'Bieten'
        """
        return self.name_de if lang == "de" else self.name


def load_phases(table: dict) -> dict[str, Phase]:
    """Read ``[[phase]]`` entries and check that every ``next`` is declared.

    Parameters
    ----------
    table : dict
        A parsed ``phases.toml``: ``{"phase": [{"id": ..., "name": ..., "next": [...], ...}, ...]}``.

    Returns
    -------
    dict of str to Phase
        Phase id -> phase, in file order.

    Raises
    ------
    ValueError
        When a phase leads to a phase the table does not declare.

    Examples
    --------
    >>> phases = load_phases({"phase": [
    ...     {"id": "bid", "name": "Bidding", "name_de": "Bieten", "next": ["bid", "over"]},
    ...     {"id": "over", "name": "Game over", "automatic": True},
    ... ]})
    >>> phases["bid"].next, phases["over"].name_de, phases["over"].automatic
    (('bid', 'over'), 'Game over', True)
    """
    phases = {
        p["id"]: Phase(
            id=p["id"],
            name=p["name"],
            name_de=p.get("name_de", p["name"]),
            next=tuple(p.get("next", ())),
            rules=tuple(p.get("rules", ())),
            automatic=bool(p.get("automatic", False)),
        )
        for p in table["phase"]
    }
    for phase in phases.values():
        unknown = [n for n in phase.next if n not in phases]
        if unknown:
            raise ValueError(f"phase {phase.id!r} leads to undeclared phases {unknown}")
    return phases


def phase_graph(phases: dict[str, Phase]) -> nx.DiGraph:
    """The flow of a game as a DiGraph; nodes carry name, name_de, rules, automatic.

    The widgets draw it and the tests walk it (every phase reachable).

    Parameters
    ----------
    phases : dict of str to Phase
        The game's phases.

    Returns
    -------
    networkx.DiGraph
        One node per phase and an edge to each of its ``next`` phases.

    Examples
    --------
    >>> graph = phase_graph({"bid": Phase("bid", "Bidding", "Bieten", ("bid", "pay"), ("X-10",)),
    ...                      "pay": Phase("pay", "Paying", "Zahlen", (), (), True)})
    >>> sorted(graph.edges), graph.nodes["pay"]["automatic"]
    ([('bid', 'bid'), ('bid', 'pay')], True)
    """
    graph = nx.DiGraph()
    for p in phases.values():
        graph.add_node(p.id, name=p.name, name_de=p.name_de, rules=p.rules, automatic=p.automatic)
    graph.add_edges_from((p.id, n) for p in phases.values() for n in p.next)
    return graph


def check_flow_table(game_id: str, phases: dict[str, Phase], flow: dict[str, PhaseHooks]) -> None:
    """Raise ``FlowError`` unless ``flow`` has exactly the declared phases, each with the right hooks.

    A decision phase needs ``legal``, ``play`` and ``why_not`` and no ``auto``; an
    automatic phase needs ``auto`` alone; a final phase (no ``next``) may have no
    hooks. ``Game.new`` runs it once per game class, before any play. The ``setup``
    phase is the engine's (``Game.leave_setup``): the table needs no entry for it.

    Parameters
    ----------
    game_id : str
        The game's id, for the message.
    phases : dict of str to Phase
        The declared phases.
    flow : dict of str to PhaseHooks
        The game's flow table.

    Raises
    ------
    FlowError
        Naming the phase and what it lacks.

    Examples
    --------
    >>> phases = {"roll": Phase("roll", "Roll", "Würfeln", ("roll",), (), True)}
    >>> check_flow_table("demo", phases, {"roll": PhaseHooks(auto=lambda state: state)})
    >>> check_flow_table("demo", phases, {"roll": PhaseHooks(legal=lambda state: [])})
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.FlowError: demo: automatic phase 'roll' needs auto and no legal/play hooks
    """
    missing, extra = sorted(set(phases) - set(flow) - {"setup"}), sorted(set(flow) - set(phases))
    if missing or extra:
        raise FlowError(f"{game_id}: flow table and phases.toml differ: missing {missing}, undeclared {extra}")
    for pid, hooks in flow.items():
        if not phases[pid].next and hooks == PhaseHooks():
            continue  # the end of the game: nothing runs there
        if phases[pid].automatic and (hooks.auto is None or hooks.legal or hooks.play):
            raise FlowError(f"{game_id}: automatic phase {pid!r} needs auto and no legal/play hooks")
        if not phases[pid].automatic and (hooks.legal is None or hooks.play is None or hooks.auto):
            raise FlowError(f"{game_id}: decision phase {pid!r} needs legal and play hooks and no auto hook")
        if not phases[pid].automatic and hooks.why_not is None:
            raise FlowError(f"{game_id}: decision phase {pid!r} needs a why_not hook (its REFUSALS.why_not)")


def flow_steps(phases: dict[str, Phase]) -> tuple[frozenset, frozenset]:
    """Every step the flow allows, as ``(phase, next phase)`` pairs: (decisions, automatic steps).

    The engine checks each step with one set lookup here (a hot path: every
    decision and every automatic step) and calls ``check_step`` only for a
    step outside these sets, to word the ``FlowError``: the same check as
    ``check_step``, worked out once per game (``Game.flow_steps``).

    Parameters
    ----------
    phases : dict of str to Phase
        The game's phases.

    Returns
    -------
    tuple of frozenset
        The ``(phase, next)`` edges leaving the decision phases, then those leaving the automatic phases.

    Examples
    --------
    >>> decisions, automatic = flow_steps({"bid": Phase("bid", "Bidding", "Bieten", ("bid", "pay"), ()),
    ...                                    "pay": Phase("pay", "Paying", "Zahlen", ("bid",), (), True)})
    >>> sorted(decisions), sorted(automatic)
    ([('bid', 'bid'), ('bid', 'pay')], [('pay', 'bid')])
    """
    edges = {True: set(), False: set()}
    for p in phases.values():
        edges[p.automatic].update((p.id, n) for n in p.next)
    return frozenset(edges[False]), frozenset(edges[True])


def check_step(phases: dict[str, Phase], before: State, after: State, automatic: bool) -> None:
    """Raise ``FlowError`` when a step from ``before`` to ``after`` leaves the declared flow.

    Every step is an edge of the graph, staying in a phase too (a declared
    self-loop, drawn as "repeats"). An automatic step may only run in an automatic phase, and a
    decision only in a decision phase (``automatic`` says which ran).
    """
    phase = phases.get(before.phase)
    if phase is None:
        raise FlowError(f"{before.game.id}: phase {before.phase!r} is not declared in phases.toml")
    if phase.automatic is not automatic:
        kind = "an automatic step" if automatic else "a decision"
        raise FlowError(f"{before.game.id}: {kind} ran in phase {phase.id!r}, declared automatic={phase.automatic}")
    if after.phase not in phase.next:
        raise FlowError(
            f"{before.game.id}: step {before.step} went {phase.id!r} -> {after.phase!r}, "
            f"not an edge of the phase graph (next: {list(phase.next)})"
        )
