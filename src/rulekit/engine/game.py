"""The ``Game`` base class: a stateless rules definition.

A game package subclasses ``Game``, declares its facts (id, titles, player
counts, options) at the top, ships its phases, rule texts and messages as
data, and fills in the hooks ``setup``, ``legal``, ``play`` (and ``auto``
for automatic steps), ``why_not``, ``view``, ``scores`` and ``winners``.
The engine calls the hooks in one fixed order (``State.apply``).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

import networkx as nx

from .actions import Action
from .errors import ArgumentError, FlowError, IllegalAction, SaveFileError, SetupError
from .flow import Phase, PhaseHooks, check_flow_table, flow_steps, load_phases, phase_graph
from .options import Option, Options, frozen_options
from .record import Record
from .rng import Dice, seed_state
from .rules import Event, Messages, Rule, load_rules, read_toml
from .state import State

__all__ = ["Game", "MAX_SEED", "ScoreLine", "encode"]

#: ``Game.say`` fills an ``Event``'s slots itself (its ``__init__`` stays the way for everyone else)
_new_event = object.__new__

#: seeds are 63-bit: larger ones would wrap around and replay another game
MAX_SEED = 2**63 - 1


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One scoring rule's share of the final score, for the end-of-game panel.

    Parameters
    ----------
    rule : str
        The ledger id of the scoring rule.
    name : str
        What the points are for, in English.
    name_de : str
        The same in German.
    points : tuple of int
        The points per seat.

    Examples
    --------
    >>> line = ScoreLine("RS-192", "Leftover gems", "Übrige Edelsteine", (2, 5))
    >>> line.points[1], line.name_in("de")
    (5, 'Übrige Edelsteine')
    """

    rule: str
    name: str
    name_de: str
    points: tuple[int, ...]

    def name_in(self, lang: str = "en") -> str:
        """The line's name in ``lang`` (English when no German name is given).

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
        >>> ScoreLine("X-1", "Points", "", (1, 2)).name_in("de")
        'Points'
        """
        return self.name_de if lang == "de" and self.name_de else self.name


class Game:
    """Base class of every game: a stateless rules definition; see DESIGN.md for the contract.

    A game is one object per rule set, shared by all its states; ``new``
    starts a game and ``State.apply`` runs it through the hooks below.

    Examples
    --------
    >>> import rulekit
    >>> game = rulekit.load("rune_stones")
    >>> isinstance(game, Game), game.id, game.players
    (True, 'rune_stones', range(2, 5))
    """

    id: ClassVar[str]
    title: ClassVar[str]
    title_de: ClassVar[str] = ""
    players: ClassVar[range]
    #: cooperative games are won or lost together: on a defeat ``winners`` is empty
    cooperative: ClassVar[bool] = False
    #: the ledger rule that says nothing is played after the end (``State.apply`` cites it)
    over_rule: ClassVar[str] = ""
    option_list: ClassVar[tuple[Option, ...]] = ()
    #: package that holds ``data/`` and ``texts/`` (defaults to the subclass's package)
    package: ClassVar[str] = ""
    #: phase id -> hooks; the engine dispatches through it and checks every step
    #: against ``phases`` (see ``rulekit.engine.flow``). Every game fills it in.
    flow: ClassVar[dict[str, PhaseHooks]] = {}
    #: True when the game overrides ``private_decision`` (set for each subclass): ``apply`` asks the
    #: hook only then, one call less per decision in the other games
    has_private_decisions: ClassVar[bool] = False
    #: True when the game keeps ``Game``'s own ``legal``, ``play`` and ``auto`` (each a lookup in
    #: ``checked_flow``; every game does): ``State`` then calls the phase's hooks itself, one call
    #: less per step. Set for each subclass.
    flow_dispatch: ClassVar[bool] = True
    #: True when an automatic hook reads ``state.history`` (Spellbound: the refill before the first
    #: decision is the opening one, SB-060). ``apply`` then runs the automatic steps after a decision
    #: on the decision's bookkeeping copy, as ``advance`` does; other games save that copy.
    autos_read_history: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.has_private_decisions = cls.private_decision is not Game.private_decision
        cls.flow_dispatch = cls.legal is Game.legal and cls.play is Game.play and cls.auto is Game.auto

    # -- data shipped with the game -------------------------------------

    @cached_property
    def _package(self) -> str:
        return self.package or type(self).__module__.rsplit(".", 1)[0]

    def data_file(self, name: str) -> dict:
        """A TOML table from the game's ``data/`` folder (cards, maps, tables, phases, options).

        Parameters
        ----------
        name : str
            The file name inside ``data/`` (``"phases.toml"``).

        Returns
        -------
        dict
            The parsed table.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> "phase" in game.data_file("phases.toml")
        True
        """
        return read_toml(self._package, f"data/{name}")

    @cached_property
    def rules(self) -> dict[str, Rule]:
        """``{rule id: Rule}`` in the ledger's order: the texts every refusal and event cites.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> game.rules["RS-061"].phase
        'choose_action'
        """
        return load_rules(self._package)

    @cached_property
    def phases(self) -> dict[str, Phase]:
        """``{phase id: Phase}`` from ``data/phases.toml``: the flow the engine checks every step against.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> phase = game.phases["choose_action"]
        >>> phase.automatic, "summon" in phase.next
        (False, True)
        """
        return load_phases(self.data_file("phases.toml"))

    @cached_property
    def messages(self) -> Messages:
        """The event and refusal texts (``texts/messages.toml``) over the engine's own.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> game.messages.format("start_turn", player="P1")
        ("P1's turn.", 'P1 ist am Zug.')
        """
        return Messages.load(self._package)

    @cached_property
    def options(self) -> dict[str, Option]:
        """Rule parameters and variants with their defaults (a game's ``data/options.toml``).

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> option = game.options["end_threshold"]
        >>> option.default, option.rule, option.bounds()
        (65, 'RS-190', '10..200')
        """
        return {o.name: o for o in self.option_list}

    @cached_property
    def default_options(self) -> Options:
        """The options of a game started without any (``resolve_options({})``), worked out once.

        ``new`` without options (random play and bot searches start a game every few dozen
        decisions) would check the same defaults every time; its states share this one frozen
        ``Options`` instead, so the games' caches keyed by its identity hold across games.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> game.default_options == game.resolve_options({}), game.new().options is game.default_options
        (True, True)
        """
        return self.resolve_options({})

    @cached_property
    def checked_flow(self) -> dict[str, PhaseHooks]:
        """``flow``, checked once against ``phases`` (every phase but the engine's ``setup``, the right hooks).

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> sorted(game.checked_flow) == sorted(set(game.phases) - {"setup"})
        True
        """
        check_flow_table(self.id, self.phases, self.flow)
        return self.flow

    @cached_property
    def flow_steps(self) -> tuple[frozenset, frozenset] | None:
        """The steps ``phases`` allows: (decision steps, automatic steps) as ``(phase, next)`` pairs.

        None for a game without a flow table (its steps are not checked).
        ``State.apply``, ``advance`` and ``settle`` check every step with one set lookup
        here and word the refusal with ``check_step`` (``rulekit.engine.flow.flow_steps``).

        Examples
        --------
        >>> import rulekit
        >>> decisions, automatic = rulekit.load("rune_stones").flow_steps
        >>> ("choose_action", "summon") in decisions, ("choose_action", "summon") in automatic
        (True, False)
        """
        return flow_steps(self.phases) if self.flow else None

    @cached_property
    def routes(self) -> tuple[dict[str, tuple], dict[str, tuple]] | None:
        """The hot path's dispatch: per phase its hook and the phases it may lead to.

        Two dicts: decision phase -> ``(play hook, next phases)``, automatic phase ->
        ``(auto hook, next phases)``. ``State.apply`` and ``settle`` run every step with one dict lookup here and check it with one
        set lookup of the phase it reached (``flow_steps`` holds the same edges as pairs). A step from a
        phase not listed (the engine's ``setup``, a decision in an automatic phase) takes the plain
        path, which checks it with ``check_step``. None for a game that overrides ``legal``, ``play``
        or ``auto`` (``flow_dispatch`` false) or has no flow table.

        Examples
        --------
        >>> import rulekit
        >>> decide, automatic = rulekit.load("rune_stones").routes
        >>> play, nexts = decide["choose_action"]
        >>> "summon" in nexts, "choose_action" in automatic
        (True, False)
        """
        if not self.flow or not self.flow_dispatch:
            return None
        flow, decide, automatic = self.checked_flow, {}, {}
        for pid, phase in self.phases.items():
            hooks = flow.get(pid)
            if hooks is not None and phase.automatic and hooks.auto is not None:
                automatic[pid] = (hooks.auto, frozenset(phase.next))
            elif hooks is not None and not phase.automatic and hooks.play is not None:
                decide[pid] = (hooks.play, frozenset(phase.next))
        return decide, automatic

    def phase_graph(self) -> nx.DiGraph:
        """The flow of a round as a DiGraph built from the declared phases (what the widgets draw).

        Returns
        -------
        networkx.DiGraph
            One node per phase, an edge per declared ``next``.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> graph = game.phase_graph()
        >>> graph.has_edge("choose_action", "summon"), graph.number_of_nodes() == len(game.phases)
        (True, True)
        """
        return phase_graph(self.phases)

    # -- the contract ----------------------------------------------------

    def new(self, players: int | None = None, seed: int = 0, settle: bool = True, **options: Any) -> State:
        """Set up a game: the first state, from the player count, the seed and the rule options.

        Parameters
        ----------
        players : int, optional
            How many seats (default: the fewest the game allows).
        seed : int, optional
            0..2**63-1; the same seed and decisions replay the same game.
        settle : bool, optional
            Run the automatic steps after setup until a seat must decide (default).
        **options
            Rule options by name (see ``options``).

        Returns
        -------
        State
            The first state.

        Raises
        ------
        SetupError
            For a player count, seed or option value the game does not allow
            (``OptionError`` names the option).

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=3, seed=7, end_threshold=30)
        >>> state.players, state.seed, state.options.end_threshold, state.to_move is not None
        (3, 7, 30, True)
        >>> game.new(players=2, end_treshold=30)
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.OptionError: option end_treshold: unknown rule option(s) ['end_treshold'] for rune_stones; ...
        """
        players = self.players.start if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.players:
            raise SetupError(
                f"{self.title} is played by {self.players.start}-{self.players.stop - 1} players, not {players!r}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"the seed must be an int, got {seed!r}")
        if not 0 <= seed <= MAX_SEED:
            raise SetupError(f"the seed must be in 0..2**63-1, got {seed if abs(seed) < 10**30 else 'a huge number'}")
        opts = self.default_options if not options else self.resolve_options(options)
        if self.flow:
            self.checked_flow  # noqa: B018 - a game with a broken flow table fails here, before any play
        blank = State(self, players, opts, seed, None, "setup", None, seed_state(seed))
        state = self.leave_setup(self.setup(blank))
        return state.settle() if settle else state

    def leave_setup(self, state: State) -> State:
        """The first position, out of the ``setup`` phase: what setup means, once for every game.

        ``Game.new`` makes a blank state in phase ``setup`` and calls the game's ``setup`` hook
        once; the hook builds the first position (data, dice, events) and may name the phase it
        leads to, one of the ``setup`` phase's ``next``. A state the hook leaves in ``setup`` is
        moved by the engine along the ``setup`` phase's only edge. No game writes a ``setup``
        phase hook: the flow table has no ``setup`` entry (a game that still has one runs it as an
        automatic step, as before, until it is converted).

        Parameters
        ----------
        state : State
            What the game's ``setup`` hook returned.

        Returns
        -------
        State
            The first position, in a phase the ``setup`` phase leads to (not settled).

        Raises
        ------
        FlowError
            When the hook went elsewhere, left the choice among several next phases open, or
            left a seat to move in an automatic phase (none in a decision phase).

        Examples
        --------
        >>> import rulekit
        >>> from rulekit.engine.rng import seed_state
        >>> game = rulekit.load("mines_of_zavandor")
        >>> blank = State(game, 2, game.resolve_options({}), 1, None, "setup", None, seed_state(1))
        >>> built = game.setup(blank)
        >>> built.phase, game.leave_setup(built).phase
        ('setup', 'income_base')
        """
        phase = self.phases.get("setup")
        if phase is None or (self.flow and "setup" in self.flow):
            return state
        if state.phase == "setup":
            if len(phase.next) != 1:
                raise FlowError(
                    f"{self.id}: the setup phase leads to {list(phase.next)}: the setup hook must name one of them"
                )
            state = state.evolve(phase=phase.next[0])
        elif state.phase not in phase.next:
            raise FlowError(f"{self.id}: setup went to {state.phase!r}, not a next phase of setup {list(phase.next)}")
        first = self.phases[state.phase]
        if first.automatic is not (state.to_move is None):
            who = "a seat to move" if state.to_move is not None else "no seat to move"
            raise FlowError(f"{self.id}: setup left {who} in phase {first.id!r} (automatic={first.automatic})")
        return state

    def resolve_options(self, given: dict[str, Any]) -> Options:
        """Check the rule options a game is started with and freeze them.

        The defaults overridden by ``given``, each checked against its declared
        bounds; an unknown name or a value out of bounds raises ``OptionError``
        naming the option and what it allows.

        Parameters
        ----------
        given : dict
            Option name -> value, for the options that differ from their defaults.

        Returns
        -------
        Options
            Every declared option with its value.

        Raises
        ------
        OptionError
            For an undeclared name or a value outside the option's bounds.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> options = game.resolve_options({"end_threshold": 30})
        >>> options.end_threshold, options["slot_costs"] == game.options["slot_costs"].default
        (30, True)
        >>> game.resolve_options({"end_threshold": 5})
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.OptionError: option end_threshold (RS-190): 5 is outside 10..200
        """
        return frozen_options(self.option_list, given, self.id)

    def from_json(self, text: str) -> State:
        """Rebuild a state from ``State.to_json`` by replaying it exactly.

        Parameters
        ----------
        text : str
            A save file's JSON.

        Returns
        -------
        State
            The state the file was saved from.

        Raises
        ------
        SaveFileError
            When the file cannot be read, is for another game, or does not replay.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> later = state.apply(state.legal_actions()[0])
        >>> game.from_json(later.to_json()) == later
        True
        """
        return self.from_record(Record.from_json(text))

    def from_record(self, record: Record) -> State:
        """Replay a loaded save file and check it against its snapshot.

        The snapshot is what the file's writer saw; a replay that ends
        elsewhere means the actions or the snapshot were edited.

        Parameters
        ----------
        record : Record
            A loaded save file (``Record.load``, ``Record.from_json``).

        Returns
        -------
        State
            The replayed state.

        Raises
        ------
        SaveFileError
            When the record is for another game, its checksum fails, or it does not replay to its snapshot.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> later = state.apply(state.legal_actions()[0])
        >>> game.from_record(Record.from_json(later.to_json())) == later
        True
        """
        if record.game != self.id:
            raise SaveFileError(f"this save file is for {record.game!r}, not {self.id!r}")
        if record.sealed is False:
            raise SaveFileError(
                "the save file's checksum does not match its content (setup, actions or snapshot): "
                "it was cut short or changed after saving"
            )
        state = self.replay(record)
        snapshot = record.extra.get("snapshot")
        if snapshot is not None and not self._snapshot_matches(snapshot, state):
            raise SaveFileError("the save file's snapshot does not match its replay: the file was changed")
        return state

    def _snapshot_matches(self, snapshot: Any, state: State) -> bool:
        """True when a save file's snapshot is ``state``'s. A snapshot written while the game kept its
        state in NamedTuples holds each record as the list of its fields in order (``encode`` of a
        tuple); such a file still loads when those lists are the dataclasses' fields, value by value."""
        if snapshot == json.loads(json.dumps(self.snapshot(state))):
            return True
        if not isinstance(snapshot, dict) or not isinstance(snapshot.get("data"), list):
            return False
        return snapshot == json.loads(
            json.dumps({**self.snapshot(state), "data": encode(state.data, by_position=True)})
        )

    def replay(self, record: Record) -> State:
        """Play a record's actions from its setup; errors name the bad step.

        Parameters
        ----------
        record : Record
            The game to replay.

        Returns
        -------
        State
            The state after the record's actions (and its pending automatic steps).

        Raises
        ------
        SaveFileError
            When the setup is invalid or an action is not legal where it comes.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> later = state.apply(state.legal_actions()[1])
        >>> game.replay(later.record()).actions == later.actions
        True
        """
        try:
            state = self.new(record.players, record.seed, **record.options)
        except SetupError as err:
            raise SaveFileError(f"the save file's setup is invalid: {err}") from None
        for i, action in enumerate(record.actions):
            try:
                state = state.apply(action)
            except IllegalAction as err:
                raise SaveFileError(f"action {i + 1} of the save file ({action}) is not legal: {err}") from None
        if record.auto_steps is not None:
            state = self._rewind_autos(state, record)
        return state

    def _rewind_autos(self, state: State, record: Record) -> State:
        if not record.actions:
            state = self.new(record.players, record.seed, settle=False, **record.options)
        else:
            prev = self.replay(dataclasses.replace(record, actions=record.actions[:-1], auto_steps=None))
            state = prev.apply(record.actions[-1], settle=False)
        for _ in range(record.auto_steps):
            if not state.automatic:
                raise SaveFileError("the save file asks for more automatic steps than there are")
            state = state.advance()
        return state

    # -- helpers for game hooks -----------------------------------------

    def say(self, rule: str, key: str, *, private_to: tuple[int, ...] | None = None, **args: Any) -> Event:
        """An event citing ``rule`` with text from ``texts/messages.toml``.

        ``private_to`` limits it to those seats (hidden information).

        Parameters
        ----------
        rule : str
            The ledger id of the rule that made it happen.
        key : str
            The message key.
        private_to : tuple of int, optional
            The seats that may see the event (None: everyone).
        **args
            The message's placeholders.

        Returns
        -------
        Event
            The event; its text is formatted when first read.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> event = game.say("RS-060", "start_turn", player="P1")
        >>> str(event), event.text_de
        ("[RS-060] P1's turn.", 'P1 ist am Zug.')
        """
        # A hot call (a few events per decision, most never read): ``rules.later_event`` inlined (one
        # Python call less), the event filled in without ``Event.__init__``; its text is formatted on first read.
        event = _new_event(Event)
        event.rule, event.key = rule, key
        event.seats = None if private_to is None else tuple(private_to)
        event._messages, event._args = self.messages, args
        return event

    def refuse(self, rule: str, key: str, action: Action | None = None, **args: Any) -> IllegalAction:
        """An ``IllegalAction`` citing ``rule``; the reason comes from the messages.

        Parameters
        ----------
        rule : str
            The ledger id of the rule that forbids the action.
        key : str
            The message key of the reason.
        action : Action, optional
            What was tried.
        **args
            The message's placeholders.

        Returns
        -------
        IllegalAction
            The refusal, in English and German.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> game.refuse("RS-214", "rune_limit", player="P1").text()
        'P1 already has 4 rune stones: power points only. [RS-214]'
        """
        en, de = self.messages.format(key, **args)
        return IllegalAction(rule, en, action, de)

    # -- hooks -----------------------------------------------------------

    def setup(self, state: State) -> State:
        """Return the first position from a blank state (no data, dice seeded, phase ``setup``).

        ``Game.new`` runs it once; the engine then leaves the ``setup`` phase (``leave_setup``).

        Parameters
        ----------
        state : State
            The blank state ``new`` builds: players, options, seed and dice set, no game data.

        Returns
        -------
        State
            The first position.

        Examples
        --------
        >>> import rulekit
        >>> from rulekit.engine.rng import seed_state
        >>> game = rulekit.load("rune_stones")
        >>> blank = State(game, 2, game.resolve_options({}), 1, None, "setup", None, seed_state(1))
        >>> first = game.setup(blank)
        >>> blank.data is None, first.data is not None
        (True, True)
        """
        raise NotImplementedError

    def legal(self, state: State) -> list[Action]:
        """The legal decisions of ``state.to_move`` in a stable order (the phase's ``legal`` hook).

        Call ``State.legal_actions`` instead: it computes the list once per state.

        Parameters
        ----------
        state : State
            A state where a seat must decide.

        Returns
        -------
        list of Action
            The legal decisions.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> [str(a) for a in game.legal(state)]
        ['action summon', 'action abilities', 'action forge']
        """
        return self.checked_flow[state.phase].legal(state)

    def play(self, state: State, action: Action) -> State:
        """Apply a legal decision, already checked against ``legal`` (the phase's ``play`` hook).

        Call ``State.apply`` instead: it checks the action, counts the step and runs the automatic steps.

        Parameters
        ----------
        state : State
            The state to decide in.
        action : Action
            One of ``legal(state)``.

        Returns
        -------
        State
            The state right after the decision.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.play(state, Action.parse("action summon")).phase
        'summon'
        """
        return self.checked_flow[state.phase].play(state, action)

    def auto(self, state: State) -> State:
        """Run one automatic step, ``state.to_move`` is None (the phase's ``auto`` hook).

        Call ``State.advance`` instead: it checks the step against the flow and counts it.

        Parameters
        ----------
        state : State
            A state whose next step is automatic.

        Returns
        -------
        State
            The state after the step.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1, settle=False)
        >>> state.automatic, game.auto(state).phase in game.phases[state.phase].next
        (True, True)
        """
        return self.checked_flow[state.phase].auto(state)

    def why_not(self, state: State, action: Action) -> IllegalAction:
        """Explain why ``action`` is not legal: the phase's ``why_not`` hook (the game's ``REFUSALS``).

        There is no fallback to a rule of the phase: after the end the answer cites ``over_rule``,
        before an automatic step and for an action no hook explains (a kind the game does not have)
        it cites ``engine``. Every decision phase has a ``why_not`` hook (``check_flow_table``).

        ``action`` may be a label (``"add 2"``); anything that is no action is a ``ArgumentError``.

        Parameters
        ----------
        state : State
            The state the action was tried in.
        action : Action or str
            The action tried, or its label.

        Returns
        -------
        IllegalAction
            The refusal, citing the rule that forbids the action.

        Raises
        ------
        ArgumentError
            When ``state`` is no State, ``action`` no action, or ``action`` legal now.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.why_not(state, "summon 3").rule
        'RS-061'
        >>> game.why_not(state, "fly away").rule
        'engine'
        """
        if not isinstance(state, State):
            raise ArgumentError(
                f"why_not(state, action): state must be a State of {self.id}, got {type(state).__name__}"
            )
        try:
            action = Action.coerce(action)
        except (ValueError, TypeError) as err:
            raise ArgumentError(f"why_not(state, action): {action!r} is no action label ({err})") from None
        if state.is_over:  # as ``State.apply`` answers: the game's rule that nothing follows the end
            return IllegalAction(
                self.over_rule or "engine",
                "the game is over; no more moves",
                action,
                "Das Spiel ist vorbei; kein Zug mehr.",
            )
        if state.to_move is None:
            return IllegalAction(
                "engine",
                "an automatic step comes first; advance the game",
                action,
                "Zuerst kommt ein automatischer Schritt.",
            )
        hooks = self.flow.get(state.phase) if self.flow else None
        refusal = hooks.why_not(state, action) if hooks is not None and hooks.why_not is not None else None
        if refusal is not None:
            return refusal
        legal = state.legal_actions()
        if action in legal:
            raise ArgumentError(f"why_not(state, action): {action} is legal now; there is no refusal to explain")
        # No phase-level fallback rule: a game whose hook cannot say which rule forbids the action has
        # no rule for it here, so the answer is the engine's (``rulekit.testing.check_game`` holds a game
        # to its own rules for every kind of action it has).
        phase = self.phases.get(state.phase)
        name, name_de = (phase.name, phase.name_de) if phase else (state.phase, state.phase)
        return IllegalAction(
            "engine",
            f"'{self.phrase(action)}' is not possible now ({name}); possible: {self.phrases(legal)}",
            action,
            f"'{self.phrase(action, 'de')}' ist jetzt nicht möglich ({name_de}); möglich: {self.phrases(legal, 'de')}",
        )

    def view(self, state: State, seat: int | None) -> dict:
        """The game data that ``seat`` may see (None: everything): the game's part of ``State.view``.

        Parameters
        ----------
        state : State
            The state to show.
        seat : int or None
            The seat looking, or None for the teacher's full view.

        Returns
        -------
        dict
            JSON-ready data; its keys must not be the engine's (``VIEW_KEYS``).

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> view = game.view(state, 0)
        >>> isinstance(view, dict) and not set(view) & {"phase", "to_move", "scores"}
        True
        """
        return {"data": encode(state.data)}

    def snapshot(self, state: State) -> dict:
        """Everything of a state, JSON-ready, for save-file checks and inspectors.

        Parameters
        ----------
        state : State
            The state.

        Returns
        -------
        dict
            Phase, seat to move, generator state and the game's data, encoded.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> snap = game.snapshot(state)
        >>> snap["phase"], snap["to_move"] == state.to_move, snap["rng"] == state.rng
        ('choose_action', True, True)
        """
        return {"phase": state.phase, "to_move": state.to_move, "rng": state.rng, "data": encode(state.data)}

    def scores(self, state: State) -> tuple[int, ...]:
        """The score of every seat now (the engine's view shows it; ``winners`` ranks by it).

        Parameters
        ----------
        state : State
            The state.

        Returns
        -------
        tuple of int
            One score per seat.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.scores(state)
        (0, 0)
        """
        return tuple(0 for _ in range(state.players))

    def winners(self, state: State) -> tuple[int, ...]:
        """Seats with the best score; games with tie-breaks override this.

        Parameters
        ----------
        state : State
            A finished game's state (``State.winners`` asks only then).

        Returns
        -------
        tuple of int
            The winning seats (several on a shared victory).

        Examples
        --------
        >>> import rulekit
        >>> from rulekit.agents import RandomAgent
        >>> game = rulekit.load("rune_stones")
        >>> state, bot = game.new(players=2, seed=3), RandomAgent(seed=3)
        >>> while not state.is_over:
        ...     state = state.apply(bot.choose(state))
        >>> best = max(state.scores)
        >>> all(state.scores[seat] == best for seat in game.winners(state))
        True
        """
        scores = self.scores(state)
        best = max(scores)
        return tuple(i for i, s in enumerate(scores) if s == best)

    def score_breakdown(self, state: State) -> list[ScoreLine]:
        """The final score split by scoring rule, for the end-of-game panel.

        Games with several sources of points override this. The lines add up to ``scores``.

        Parameters
        ----------
        state : State
            The state to score.

        Returns
        -------
        list of ScoreLine
            One line per scoring rule.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> lines = game.score_breakdown(state)
        >>> [sum(points) for points in zip(*(line.points for line in lines))] == list(state.scores)
        True
        """
        return [ScoreLine("engine", "Points", "Punkte", tuple(self.scores(state)))]

    def tiebreak_rule(self, state: State) -> str | None:
        """The rule id of the tie-break that decided the winners, for the end panel to cite.

        None when the best score alone decided.

        Parameters
        ----------
        state : State
            A finished game's state.

        Returns
        -------
        str or None
            The tie-break's rule id.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.tiebreak_rule(state) is None
        True
        """
        return None

    def stopped(self, state: State) -> bool:
        """True when the game ended by a limit the rulebook does not print.

        A round limit set for bots or tests: the game is unfinished and has no winners.

        Parameters
        ----------
        state : State
            The state.

        Returns
        -------
        bool
            Whether the game was stopped rather than finished.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.stopped(state)
        False
        """
        return False

    def end_rule(self, state: State) -> str:
        """Why a finished game ended, for exploration reports that count endings.

        The rule id of the printed end it reached (the
        last event's rule by default), or for a game ``stopped`` unfinished the key of
        the stop's event (``round_limit``, ``stalemate``). Exploration reports count
        endings by it; games whose closing event cites a general rule (a cooperative
        defeat, SB-600) override it to name the condition that held.

        Parameters
        ----------
        state : State
            A finished game's state.

        Returns
        -------
        str
            A rule id, a stop key, or ``"over"`` when there are no events.

        Examples
        --------
        >>> import rulekit
        >>> from rulekit.agents import RandomAgent
        >>> game = rulekit.load("rune_stones")
        >>> state, bot = game.new(players=2, seed=3), RandomAgent(seed=3)
        >>> while not state.is_over:
        ...     state = state.apply(bot.choose(state))
        >>> game.end_rule(state) == state.events[-1].rule
        True
        """
        if not state.events:
            return "over"
        last = state.events[-1]
        return (last.key or last.rule) if self.stopped(state) else last.rule

    def action_labels(self, players: int, options: dict[str, Any] | None = None) -> frozenset[str]:
        """Every action label this game can ever produce, for adapters to index actions by.

        Computed from the game's data for ``players`` and ``options``.

        Parameters
        ----------
        players : int
            The player count.
        options : dict, optional
            Rule options that differ from their defaults.

        Returns
        -------
        frozenset of str
            The labels.

        Raises
        ------
        NotImplementedError
            For a game that does not declare them.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> labels = game.action_labels(2)
        >>> {str(a) for a in state.legal_actions()} <= labels
        True
        """
        raise NotImplementedError(f"{self.id} does not declare its action labels")

    def observation_schema(self, players: int, options: dict[str, Any] | None = None) -> Any:
        """What the game's part of ``view`` can hold, for lossless observation vectors.

        A ``rulekit.engine.schema.Dict`` built
        from its data (card ids, colours, bounds); adapters turn views into fixed-length vectors
        by it, losslessly. Default: ``schema(game, players, options)`` of the module
        ``observation`` next to the game's rules (``games/<id>/observation.py``), so the
        declaration sits beside the view code; NotImplementedError when there is none.

        Parameters
        ----------
        players : int
            The player count.
        options : dict, optional
            Rule options that differ from their defaults.

        Returns
        -------
        rulekit.engine.schema.Dict
            The schema of the game's part of the view.

        Raises
        ------
        NotImplementedError
            For a game without an ``observation`` module.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> schema = game.observation_schema(2)
        >>> set(schema.fields) == set(game.view(state, 0))
        True
        """
        name = f"{self._package}.observation"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            raise NotImplementedError(f"{self.id} does not declare its observation schema ({name})") from None
        return module.schema(self, players, dict(options or {}))

    def private_decision(self, state: State, action: Action) -> bool:
        """True when only the deciding seat may know that ``action`` was taken.

        One card added to a sealed bid, say. Other seats' ``view(seat)["step"]``
        does not count such decisions, so the number of steps does not reveal
        the secret (how many cards a bid holds).

        Parameters
        ----------
        state : State
            The state the decision is made in.
        action : Action
            The decision.

        Returns
        -------
        bool
            Whether other seats must not learn of it.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.private_decision(state, state.legal_actions()[0])
        False
        """
        return False

    def invariants(self, state: State) -> list[str]:
        """Broken conservation laws (cards, gems, ...); empty when all hold.

        The conformance tests check them after every step of random games.

        Parameters
        ----------
        state : State
            The state to check.

        Returns
        -------
        list of str
            One message per broken law.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.invariants(state)
        []
        """
        return []

    def determinize(self, state: State, seat: int, dice: Dice) -> State:
        """A state that ``seat`` cannot tell apart from ``state``, for search bots.

        Every part hidden
        from ``seat`` (other hands, deck order, sealed bids) resampled with ``dice``.
        Search bots plan on these instead of the true state. Perfect-information
        games keep the default.

        Parameters
        ----------
        state : State
            The true state.
        seat : int
            The seat whose knowledge is kept.
        dice : Dice
            The generator for the resampling.

        Returns
        -------
        State
            A state equally likely from ``seat``'s point of view.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> world = game.determinize(state, 0, Dice(5))
        >>> game.view(world, 0) == game.view(state, 0)
        True
        """
        return state

    def redeal_unseen(self, state: State, dice: Dice) -> State:
        """``state`` with what no seat can see dealt again, so search cannot read the coming draws.

        The order of a face-down draw pile, say, dealt again
        with ``dice``. The game is the same in distribution, so
        adapters put a chance node here and search cannot read the coming draws
        from the state. Games without such parts keep the default.

        Parameters
        ----------
        state : State
            The state.
        dice : Dice
            The generator for the new order.

        Returns
        -------
        State
            The state with its unseen parts dealt again.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> again = game.redeal_unseen(state, Dice(5))
        >>> game.view(again, None)["data"]["display"] == game.view(state, None)["data"]["display"]
        True
        """
        return state

    def evaluate(self, state: State, seat: int) -> float:
        """A cheap heuristic value of ``state`` for ``seat`` (greedy and search bots).

        Parameters
        ----------
        state : State
            The state to rate.
        seat : int
            The seat it is rated for.

        Returns
        -------
        float
            Higher is better for ``seat`` (default: its lead over the best other seat).

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.evaluate(state, 0)
        0.0
        """
        scores = self.scores(state)
        others = [s for i, s in enumerate(scores) if i != seat]
        return float(scores[seat] - (max(others) if others else 0))

    def finish_actions(self, state: State, legal: list[Action]) -> list[Action]:
        """The actions a bot's random finish of a turn picks among (``agents``): by default all of ``legal``.

        Greedy and search bots rate a choice by finishing the turn at random
        a few times. Where a game offers a one-step shortcut for a chain of
        atomic choices that a random finish would only make worse (Scepter's
        ``pay auto`` instead of paying item by item), it may narrow the
        finish to it: a finish then costs fewer steps and rates what a
        player would reach. Random play and the legal list are unchanged.

        Parameters
        ----------
        state : State
            A state inside a random finish, the finishing seat to move.
        legal : list of Action
            ``state.legal_actions()``.

        Returns
        -------
        list of Action
            A non-empty sub-list of ``legal`` (the same objects).

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> legal = state.legal_actions()
        >>> state.game.finish_actions(state, legal) is legal
        True
        """
        return legal

    def scene(self, state: State, seat: int | None = None, lang: str = "en") -> dict:
        """The board as data (docs/scene.md) for the generic SVG board widget.

        Parameters
        ----------
        state : State
            The state to draw.
        seat : int, optional
            The seat looking (None: the teacher, who sees all).
        lang : str, optional
            ``"en"`` or ``"de"``.

        Returns
        -------
        dict
            ``{"width", "height", "items", ...}``.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> board = game.scene(state, seat=0)
        >>> board["width"] > 0 and len(board["items"]) > 0
        True
        """
        return {
            "width": 400,
            "height": 60,
            "items": [{"type": "text", "x": 10, "y": 30, "text": f"{self.title}: {state.phase}"}],
        }

    def describe(self, action: Action, lang: str = "en") -> str:
        """A readable label of an action (defaults to its text label).

        Parameters
        ----------
        action : Action
            An action of this game.
        lang : str, optional
            ``"en"`` or ``"de"``.

        Returns
        -------
        str
            The action in words.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> game.describe(Action.parse("action summon"))
        'Choose the action: Summon creatures'
        """
        return str(action)

    def phrase(self, action: Action, lang: str = "en") -> str:
        """``describe`` for any action, also one the game does not know (a typo in a refusal).

        Those keep their label, since there is nothing to say them with.

        Parameters
        ----------
        action : Action
            Any action.
        lang : str, optional
            ``"en"`` or ``"de"``.

        Returns
        -------
        str
            The action in words, or its label.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> game.phrase(Action.parse("action summon"), "de"), game.phrase(Action.parse("fly 3"))
        ('Aktion wählen: Kreaturen beschwören', 'fly 3')
        """
        try:
            return self.describe(action, lang)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            return str(action)

    def phrases(self, actions: list[Action], lang: str = "en", most: int = 8) -> str:
        """The first ``most`` actions as sentences, for "possible now: ..." in refusals.

        Parameters
        ----------
        actions : list of Action
            The actions to name.
        lang : str, optional
            ``"en"`` or ``"de"``.
        most : int, optional
            How many to name.

        Returns
        -------
        str
            The phrases joined by "; ".

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> state = game.new(players=2, seed=1)
        >>> game.phrases(state.legal_actions(), most=2)
        'Choose the action: Summon creatures; Choose the action: Use abilities'
        """
        return "; ".join(self.phrase(a, lang) for a in actions[:most])

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.title}, {self.players.start}-{self.players.stop - 1} players>"


def encode(value: Any, by_position: bool = False) -> Any:
    """Frozen dataclasses, tuples and frozensets to JSON-ready dicts and lists.

    Views and snapshots run it over whole states (bots compare views on every
    decision), so plain values return at once and each dataclass's field names
    are looked up once per class (``_field_names``). ``by_position`` writes a
    dataclass as the list of its field values, as a NamedTuple with the same
    fields was written (older save files' snapshots, ``Game.from_record``).

    Parameters
    ----------
    value : object
        A game's data or any part of it.
    by_position : bool, optional
        Dataclasses as lists of their field values instead of dicts.

    Returns
    -------
    object
        Dicts, lists, ints, strings, floats, bools and None only (sets sorted, dataclasses as dicts).

    Examples
    --------
    >>> encode((ScoreLine("X-1", "Points", "Punkte", (1, 2)), frozenset({3, 1}), {4: None}))
    [{'rule': 'X-1', 'name': 'Points', 'name_de': 'Punkte', 'points': [1, 2]}, [1, 3], {'4': None}]
    >>> encode(ScoreLine("X-1", "Points", "Punkte", (1, 2)), by_position=True)
    ['X-1', 'Points', 'Punkte', [1, 2]]
    """
    cls = type(value)
    if cls is int or cls is str or value is None or cls is bool or cls is float:
        return value
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _field_names(cls)
    if names is not False:
        if by_position:
            return [encode(getattr(value, name), True) for name in names]
        return {name: encode(getattr(value, name)) for name in names}
    if isinstance(value, tuple | list):
        return [encode(v, by_position) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(encode(v, by_position) for v in value)
    if isinstance(value, dict):
        return {str(k): encode(v, by_position) for k, v in value.items()}
    return value


#: class -> its dataclass field names, False for a class that is no dataclass (``encode``)
_FIELD_NAMES: dict[type, tuple[str, ...] | bool] = {}


def _field_names(cls: type) -> tuple[str, ...] | bool:
    names = tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else False
    _FIELD_NAMES[cls] = names
    return names
