"""The immutable game state and the one fixed order in which it advances.

A ``State`` keeps the engine's bookkeeping (phase, seat to move, RNG,
step count, history) apart from the game's own ``data``, a frozen
dataclass of tuples, ints and strings that the game package defines.
Nothing here knows any game: the ``Game`` hooks do the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import ArgumentError, FlowError, IllegalAction
from .flow import check_step
from .options import Options
from .record import Record
from .records import blank_of
from .rules import Event

if TYPE_CHECKING:
    from .game import Game

__all__ = ["State", "History", "VIEW_KEYS", "moved"]

#: the keys the engine puts in every view; a game's own view must not use them
VIEW_KEYS = frozenset({"game", "players", "seat", "phase", "to_move", "step", "is_over", "scores"})

#: A persistent list of the decisions that led to a state: (previous, action).
History = tuple["History | None", Action] | None


@dataclass(frozen=True, slots=True, eq=False)
class State:
    """One moment of a game. Every transition returns a new State.

    Build one with ``Game.new`` (or ``Game.from_json``), move with ``apply``;
    the game's hooks build the next states with ``evolve``.

    Parameters
    ----------
    game : Game
        The rules.
    players : int
        The player count.
    options : Options
        The rule options (a plain dict is frozen into ``Options``).
    seed : int
        The game's seed.
    data : object
        The game's own data (a frozen dataclass), None before setup.
    phase : str
        The current phase id.
    to_move : int or None
        The seat that decides now; None while an automatic step is pending or at the end.
    rng : int
        The generator state (``Dice``).
    events : tuple of Event, optional
        What the last step (with its automatic steps) did.
    is_over : bool, optional
        True once the game has ended.
    step : int, optional
        Steps taken so far, decisions and automatic steps.
    history : tuple or None, optional
        The decisions that led here, as a persistent list.
    autos : int, optional
        Automatic steps since the last decision.
    unseen : tuple of int, optional
        Per seat, the other seats' private decisions it did not see.

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> after = state.apply("action summon")
    >>> type(after) is State, after.phase, after.actions, state.actions
    (True, 'summon', [Action(kind='action', args=('summon',))], [])
    """

    game: Game
    players: int
    #: the rule options, frozen (``Game.resolve_options``): shared by every state of a game, changed by none
    options: Options
    seed: int
    data: Any
    phase: str
    to_move: int | None
    rng: int
    events: tuple[Event, ...] = ()
    is_over: bool = False
    step: int = 0
    history: History = None
    autos: int = 0
    #: per seat, the decisions it did not see (other seats' private decisions, ``Game.private_decision``)
    unseen: tuple[int, ...] = ()
    _legal: list = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:  # direct construction only (``evolve`` copies fields as they are)
        if not isinstance(self.options, Options):
            object.__setattr__(self, "options", Options(self.options))

    # -- reading ---------------------------------------------------------

    @property
    def automatic(self) -> bool:
        """True when the next step needs no decision (income, refills, checks): call ``advance``.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> game.new(players=2, settle=False).automatic, game.new(players=2).automatic
        (True, False)
        """
        return self.to_move is None and not self.is_over

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score now (``Game.scores``).

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> state.scores
        (0, 0)
        """
        return self.game.scores(self)

    @property
    def unfinished(self) -> bool:
        """True when the game was stopped by a limit the rulebook does not print (no winners then).

        Examples
        --------
        >>> import rulekit
        >>> from rulekit.agents import RandomAgent
        >>> state, bot = rulekit.load("rune_stones").new(players=2, seed=3), RandomAgent(seed=3)
        >>> while not state.is_over:
        ...     state = state.apply(bot.choose(state))
        >>> state.is_over, state.unfinished
        (True, False)
        """
        return self.is_over and self.game.stopped(self)

    @property
    def winners(self) -> tuple[int, ...]:
        """Winning seats once the game is over (several on a shared victory).

        Empty when the game was stopped unfinished.

        Examples
        --------
        >>> import rulekit
        >>> from rulekit.agents import RandomAgent
        >>> state, bot = rulekit.load("rune_stones").new(players=2, seed=3), RandomAgent(seed=3)
        >>> while not state.is_over:
        ...     state = state.apply(bot.choose(state))
        >>> len(state.winners) >= 1, state.legal_actions()
        (True, [])
        """
        return self.game.winners(self) if self.is_over and not self.game.stopped(self) else ()

    @property
    def actions(self) -> list[Action]:
        """The decisions that led here, oldest first (a save file stores these).

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> [str(a) for a in state.apply("action summon").actions]
        ['action summon']
        """
        out, node = [], self.history
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    def legal_actions(self) -> list[Action]:
        """The legal decisions in a stable order; empty when over or automatic.

        Computed once per state; the list returned is a copy the caller may change.

        Returns
        -------
        list of Action
            The decisions ``to_move`` may take.

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> [str(a) for a in state.legal_actions()]
        ['action summon', 'action abilities', 'action forge']
        """
        if self.is_over or self.to_move is None:
            return []
        return (self._legal or self._fill_legal())[:]

    def _fill_legal(self) -> list[Action]:
        """Compute the legal actions once into ``_legal`` (shared by the bookkeeping copies)."""
        game = self.game
        self._legal.extend(game.checked_flow[self.phase].legal(self) if game.flow_dispatch else game.legal(self))
        if not self._legal:
            raise RuntimeError(f"{self.game.id}: no legal action in phase {self.phase!r}")
        return self._legal

    def view(self, seat: int | None = None) -> dict:
        """What ``seat`` may see; ``None`` is the full teacher view.

        ``step`` counts the steps ``seat`` could see: another seat's private
        decisions (cards added to a sealed bid) are left out, so the count
        does not tell how big a sealed bid is.

        Parameters
        ----------
        seat : int or None, optional
            The seat looking (None: the teacher).

        Returns
        -------
        dict
            The engine's keys (``VIEW_KEYS``) and the game's own (``Game.view``), JSON-ready.

        Raises
        ------
        ArgumentError
            When ``seat`` is no seat of the game.

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> view = state.view(0)
        >>> view["game"], view["seat"], view["phase"], view["scores"]
        ('rune_stones', 0, 'choose_action', [0, 0])
        """
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players):
            raise ArgumentError(f"view(seat): seat must be a whole number 0..{self.players - 1} or None, got {seat!r}")
        own = self.game.view(self, seat)
        clash = VIEW_KEYS.intersection(own)
        if clash:  # e.g. a list of seats under "players" would hide the player count
            raise FlowError(f"{self.game.id}: the game's view uses the engine's keys {sorted(clash)}")
        return {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "phase": self.phase,
            "to_move": self.to_move,
            "step": self.step - self.unseen[seat] if seat is not None and self.unseen else self.step,
            "is_over": self.is_over,
            "scores": list(self.scores),
            **own,
        }

    # -- moving ----------------------------------------------------------

    def apply(self, action: Action | str, settle: bool = True) -> State:
        """Make one decision and return the new state; ``self`` is unchanged.

        With ``settle`` (the default) the automatic steps that follow are
        run too, and ``events`` of the result holds all of their events.

        Parameters
        ----------
        action : Action or str
            One of ``legal_actions()``, or its label.
        settle : bool, optional
            Run the automatic steps that follow.

        Returns
        -------
        State
            The state after the decision.

        Raises
        ------
        IllegalAction
            When the action is not legal now, citing the rule that forbids it.
        ArgumentError
            When ``action`` is no action at all.

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> after = state.apply("action summon")
        >>> after.phase, [event.rule for event in after.events]
        ('summon', ['RS-061'])
        >>> state.apply("summon 3")
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.IllegalAction: summon 3: ... [RS-061]
        """
        if type(action) is not Action:  # bots hand in Actions: no call for them
            try:
                action = Action.coerce(action)
            except (ValueError, TypeError) as err:
                raise ArgumentError(f"apply(action): {action!r} is no action label ({err})") from None
        if self.is_over:  # the game's own rule for "nothing after the end" (ZS-650), else the engine's
            rule = self.game.over_rule or "engine"
            raise IllegalAction(rule, "the game is over; no more moves", action, "Das Spiel ist vorbei; kein Zug mehr.")
        if self.to_move is None:
            raise IllegalAction(
                "engine",
                "an automatic step comes first; advance the game",
                action,
                "Zuerst kommt ein automatischer Schritt.",
            )
        legal = self._legal or self._fill_legal()
        # The legal list's own action must reach the history (3.0 or numpy.int64(3) equal 3 but are no
        # labels). Bots hand in that very object: an identity scan finds it without calling the Python
        # ``__eq__`` of the actions before it, and without building a list (the cheapest way per decision).
        for own in legal:
            if own is action:
                break
        else:
            try:
                action = legal[legal.index(action)]
            except ValueError:
                raise self.game.why_not(self, action) from None
        game = self.game
        # The hook gets this state as it is, as ``advance`` does (no cleaned copy: one copy less per
        # decision); a hook that sets no ``events`` hands back this state's events object: "no events".
        routes = game.routes
        route = routes[0].get(self.phase) if routes is not None else None
        if route is not None:  # the phase's play hook and where it may lead, one lookup (``Game.routes``)
            nxt = route[0](self, action)
            if nxt.phase not in route[1]:  # the flow check as one set lookup; ``check_step`` words a refusal
                check_step(game.phases, self, nxt, automatic=False)
        else:
            nxt = game.checked_flow[self.phase].play(self, action) if game.flow_dispatch else game.play(self, action)
            steps = game.flow_steps
            if steps is not None and (self.phase, nxt.phase) not in steps[0]:
                check_step(game.phases, self, nxt, automatic=False)
        events = () if nxt.events is self.events else nxt.events
        # other seats must not count a private decision (a card added to a sealed bid); most games have none
        if game.has_private_decisions and game.private_decision(self, action):
            unseen = tuple(n + (i != self.to_move) for i, n in enumerate(self.unseen or (0,) * self.players))
        else:
            unseen = nxt.unseen
        history = (self.history, action)
        if settle and nxt.to_move is None and not nxt.is_over:
            # The automatic steps run on the hook's own state and one bookkeeping copy at their end
            # carries the decision's too (one copy less per decision); a game whose automatic hooks
            # read ``history`` gets that copy first, as ``advance`` would give it.
            if game.autos_read_history:
                nxt = _stepped(nxt, events, self.step + 1, 0, history, unseen)
            return _settle(nxt, events, self.step + 1, 0, history, unseen)
        return _stepped(nxt, events, self.step + 1, 0, history, unseen)

    def advance(self) -> State:
        """Run one automatic step (see ``automatic``).

        The hook gets this state as it is (no cleaned copy: one copy less per
        step, the hot path of every game). A hook that sets no ``events`` hands
        back this state's events object, which the engine reads as "no events";
        a hook reports what its step did in ``events`` and never extends the
        incoming state's events.

        Returns
        -------
        State
            The state after the step.

        Raises
        ------
        IllegalAction
            When no automatic step is pending.

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1, settle=False)
        >>> after = state.advance()
        >>> after.step - state.step, after.phase in state.game.phases[state.phase].next
        (1, True)
        >>> state.settle().advance()
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.IllegalAction: no automatic step is pending [engine]
        """
        if not self.automatic:
            raise IllegalAction("engine", "no automatic step is pending", None, "Kein automatischer Schritt steht an.")
        game = self.game
        nxt = game.auto(self)
        steps = game.flow_steps
        if steps is not None and (self.phase, nxt.phase) not in steps[1]:
            check_step(game.phases, self, nxt, automatic=True)
        events = () if nxt.events is self.events else nxt.events
        return _stepped(nxt, events, self.step + 1, self.autos + 1, nxt.history, nxt.unseen)

    def settle(self) -> State:
        """Run automatic steps until a seat must decide or the game ends.

        Each hook gets the state the hook before it made, as it is: no bookkeeping
        copy is made between them (about 2% of every game's time), so a hook reads
        the game's fields and never ``step``, ``autos`` or ``events``; the step
        count is put right once, on the state returned. After a decision (``apply``)
        the first hook gets the decision's own state, so ``history`` and ``unseen``
        are still those before it, unless the game sets ``Game.autos_read_history``.
        The result is the one ``advance`` reaches step by step (``tests/properties``).

        Returns
        -------
        State
            The first state that needs a decision (or the end); ``events`` holds every step's events.

        Examples
        --------
        >>> import rulekit
        >>> game = rulekit.load("rune_stones")
        >>> game.new(players=2, seed=1, settle=False).settle() == game.new(players=2, seed=1)
        True
        """
        if self.to_move is not None or self.is_over:
            return self
        return _settle(self, self.events, self.step, self.autos, self.history, self.unseen)

    def evolve(self, **changes: Any) -> State:
        """A copy with some fields changed (the way game hooks build new states).

        Hot path: every transition makes a few copies. The method is replaced
        below by one generated from the field list (``_make_evolve``), with one
        keyword per field; this body documents it and is never run. A copy that
        changes only bookkeeping (events, history, step count) keeps the legal
        actions already computed: they depend on none of those.

        Parameters
        ----------
        game, players, options, seed, data, phase, to_move, rng : optional
            The fields to change (see ``State``); a game keeps its ``players``.
        events, is_over, step, history, autos, unseen : optional
            The bookkeeping fields to change.
        **unknown
            Any other name is refused.

        Returns
        -------
        State
            The copy.

        Raises
        ------
        ArgumentError
            For an unknown field, another player count or a ``to_move`` that is no seat.

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> moved = state.evolve(to_move=0, phase="summon")
        >>> (moved.to_move, moved.phase), (state.to_move, state.phase)
        ((0, 'summon'), (1, 'choose_action'))
        >>> state.evolve(colour="red")
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.ArgumentError: State has no field(s) ['colour']
        >>> state.evolve("summon")
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.ArgumentError: evolve(...): name the fields to change (evolve(phase=...)); it takes no positional values
        """
        raise NotImplementedError  # pragma: no cover - replaced by _make_evolve

    def __copy__(self) -> State:
        return self  # states never change, so a copy is the state itself

    def __deepcopy__(self, memo: dict) -> State:
        return self

    # -- saving ----------------------------------------------------------

    def record(self) -> Record:
        """The game so far as a ``Record``: game, players, options, seed and decisions.

        Returns
        -------
        Record
            What replays to this state (``Game.replay``).

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> record = state.apply("action forge").record()
        >>> record.game, record.seed, [str(a) for a in record.actions]
        ('rune_stones', 1, ['action forge'])
        """
        return Record(
            game=self.game.id,
            players=self.players,
            options=dict(self.options),
            seed=self.seed,
            actions=self.actions,
            auto_steps=None if not self.automatic else self.autos,
        )

    def to_json(self, indent: int | None = None) -> str:
        """The save file of this state, as JSON text.

        Its record, a snapshot that replay must match, and a checksum over both
        (a save cut short or edited is refused on loading).

        Parameters
        ----------
        indent : int or None, optional
            JSON indentation (None: one line).

        Returns
        -------
        str
            The save file's JSON (``Game.from_json`` reads it back).

        Examples
        --------
        >>> import rulekit
        >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
        >>> text = state.to_json()
        >>> '"game": "rune_stones"' in text, state.game.from_json(text) == state
        (True, True)
        """
        from .record import checksum

        doc = self.record().to_dict()
        doc["snapshot"] = json.loads(json.dumps(self.game.snapshot(self)))
        doc["checksum"] = checksum(doc)
        return json.dumps(doc, indent=indent, ensure_ascii=False)

    # -- comparing -------------------------------------------------------

    def _key(self) -> tuple:
        return (
            self.game.id,
            self.players,
            self.options,
            self.seed,
            self.data,
            self.phase,
            self.to_move,
            self.rng,
            self.is_over,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        who = "over" if self.is_over else ("auto" if self.to_move is None else f"seat {self.to_move}")
        return f"<State {self.game.id} step {self.step} phase={self.phase} {who}>"


def _check_seat(seat: object, players: int) -> None:
    """``to_move`` is None (an automatic step or the end) or a seat of the game."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise ArgumentError(f"evolve(to_move=...): the seat to move is None or 0..{players - 1}, got {seat!r}")


_FIELDS = tuple(f for f in State.__dataclass_fields__ if f != "_legal")

_FIELD_SET = frozenset(_FIELDS)
_BOOKKEEPING = frozenset({"events", "history", "step", "autos"})


def _unknown_fields(unknown: dict, positional: bool) -> None:
    if positional:
        raise ArgumentError("evolve(...): name the fields to change (evolve(phase=...)); it takes no positional values")
    raise ArgumentError(f"State has no field(s) {sorted(unknown)}")


def _other_players(state: State, players: object) -> None:
    raise ArgumentError(f"evolve(players=...): a game keeps its {state.players} players, got {players!r}")


def _make_evolve():
    """``State.evolve``, generated once from the field list: one keyword per field, no loops.

    A frozen dataclass can only be written through ``object.__setattr__`` or its
    slots' setters, which cost about five times a plain attribute store. The copy
    is therefore built as an instance of a class with the same slots and no
    ``__setattr__`` of its own (``blank_of``), then turned into a ``State``:
    about three times faster, and the states stay frozen to everyone else.

    The fields are ordinary parameters with defaults, not keyword-only ones: Python
    fills the defaults of the fields not given from a tuple, where keyword-only
    defaults are looked up in a dict one by one (about 17% of a copy, the commonest
    call of every hook). A first parameter ``_positional`` keeps the call keyword-only
    in effect: any positional argument lands there and is refused.
    """
    keep = object()
    blank = blank_of(State)
    # the fields whose change drops the legal actions computed, the ones hooks change most first: the
    # test below stops at the first field given (most copies change ``data``)
    often = ("data", "phase", "to_move", "rng", "is_over")
    state_only = [*often, *(f for f in _FIELDS if f not in _BOOKKEEPING and f not in often)]
    lines = [
        "def evolve(self, _positional=_keep, " + ", ".join(f"{f}=_keep" for f in _FIELDS) + ", **unknown):",
        "    if unknown or _positional is not _keep:",
        "        _unknown_fields(unknown, _positional is not _keep)",
        # the seat check of ``_check_seat``, inlined for the usual case (an int seat or None)
        "    if to_move is not _keep and to_move is not None and (type(to_move) is not int or to_move < 0"
        " or to_move >= (self.players if players is _keep else players)):",
        "        _check_seat(to_move, self.players if players is _keep else players)",
        "    if players is not _keep and players != self.players:",
        "        _other_players(self, players)",
        "    new = _new(_Blank)",
        *(f"    new.{f} = self.{f} if {f} is _keep else {f}" for f in _FIELDS),
        "    new._legal = self._legal if " + " and ".join(f"{f} is _keep" for f in state_only) + " else []",
        "    new.__class__ = State",
        "    return new",
    ]
    scope = {
        "_keep": keep,
        "_new": object.__new__,
        "_Blank": blank,
        "State": State,
        "_check_seat": _check_seat,
        "_unknown_fields": _unknown_fields,
        "_other_players": _other_players,
    }
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the dataclass's own field names
    evolve = scope["evolve"]
    evolve.__doc__ = State.evolve.__doc__
    evolve.__qualname__ = "State.evolve"
    evolve.__module__ = __name__  # so the doctest collector finds its examples
    return evolve


State.evolve = _make_evolve()  # type: ignore[method-assign]


def _make_stepped():
    """``_stepped(state, events, step, autos, history, unseen)``: the engine's own copy after every step.

    The same as ``state.evolve(events=..., step=..., autos=..., history=..., unseen=...)``
    (only bookkeeping changes, so the legal actions computed are kept), generated from
    the field list without the keyword checks: ``apply``, ``advance`` and ``settle``
    make one per step, the commonest copy of all.
    """
    return _positional_copy("stepped", ("events", "step", "autos", "history", "unseen"), "state._legal")


def _positional_copy(name: str, own: tuple[str, ...], legal: str, check: tuple[str, ...] = ()):
    """A copier ``name(state, *own)`` generated from the field list: the fields in ``own`` from its
    parameters, the others from ``state``, ``_legal`` from the expression ``legal``, after the
    lines ``check`` (``_stepped`` and ``moved``: the engine's and the hooks' hot copies)."""
    lines = [
        f"def {name}(state, " + ", ".join(own) + "):",
        *check,
        "    new = _new(_Blank)",
        *(f"    new.{f} = state.{f}" for f in _FIELDS if f not in own),
        *(f"    new.{f} = {f}" for f in own),
        f"    new._legal = {legal}",
        "    new.__class__ = State",
        "    return new",
    ]
    scope = {"_new": object.__new__, "_Blank": blank_of(State), "State": State, "_check_seat": _check_seat}
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the dataclass's own field names
    return scope[name]


_stepped = _make_stepped()


def _settle(state: State, events: tuple, step: int, autos: int, history: History, unseen: tuple) -> State:
    """``State.settle`` from ``state``, whose bookkeeping is ``events``, ``step``, ``autos``, ``history``
    and ``unseen`` (``apply`` hands over its decision's state before its bookkeeping copy: the one copy
    at the end carries both)."""
    game, events, n = state.game, list(events), 0
    routes = game.routes
    automatic = routes[1] if routes is not None else {}
    while True:  # ``advance`` inlined: one copy at the end carries every step's events and the step count
        route = automatic.get(state.phase)
        if route is not None:  # the phase's auto hook and where it may lead, one lookup (``Game.routes``)
            nxt = route[0](state)
            if nxt.phase not in route[1]:
                check_step(game.phases, state, nxt, automatic=True)
        else:
            nxt = game.checked_flow[state.phase].auto(state) if game.flow_dispatch else game.auto(state)
            steps = game.flow_steps
            if steps is not None and (state.phase, nxt.phase) not in steps[1]:
                check_step(game.phases, state, nxt, automatic=True)
        if nxt.events is not state.events:
            events += nxt.events
        n += 1
        if nxt.to_move is not None or nxt.is_over:
            return _stepped(nxt, tuple(events), step + n, autos + n, history, unseen)
        state = nxt


def _make_moved():
    """``moved(state, data, rng, phase, to_move, events, is_over)``: a hook's step to the next position.

    The same as ``state.evolve(data=data, rng=rng, phase=phase, to_move=to_move, events=events,
    is_over=is_over)``, generated from the field list with positional parameters: a game's hot
    hooks make one copy like this per step, and ``evolve``'s keyword matching and per-field tests
    cost about as much again as the copy. The seat is checked as ``evolve`` checks it; the legal
    actions are computed anew (the position changed). Pass ``state.events`` for "no events".

    Parameters
    ----------
    state : State
        The state the hook was given.
    data : Any
        The game data of the next position.
    rng : int
        The generator state after the step (``state.rng`` when no die was rolled).
    phase : str
        The next phase.
    to_move : int or None
        The seat to decide next, or None for an automatic step.
    events : tuple of Event
        The step's events (``state.events``: none).
    is_over : bool
        Whether the game has ended.

    Returns
    -------
    State
        The copy.

    Raises
    ------
    ArgumentError
        For a ``to_move`` that is no seat.

    Examples
    --------
    >>> import rulekit
    >>> state = rulekit.load("rune_stones").new(players=2, seed=1)
    >>> nxt = moved(state, state.data, state.rng, "summon", None, (), False)
    >>> nxt == state.evolve(phase="summon", to_move=None, events=())
    True
    """
    seat_check = (
        "    if to_move is not None and (type(to_move) is not int or to_move < 0 or to_move >= state.players):",
        "        _check_seat(to_move, state.players)",
    )
    moved = _positional_copy("moved", ("data", "rng", "phase", "to_move", "events", "is_over"), "[]", seat_check)
    moved.__doc__ = _make_moved.__doc__
    moved.__module__ = __name__  # so the doctest collector finds its examples
    return moved


moved = _make_moved()
