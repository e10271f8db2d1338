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

__all__ = ["State", "History", "VIEW_KEYS"]

#: the keys the engine puts in every view; a game's own view must not use them
VIEW_KEYS = frozenset({"game", "players", "seat", "phase", "to_move", "step", "is_over", "scores"})

#: A persistent list of the decisions that led to a state: (previous, action).
History = tuple["History | None", Action] | None


@dataclass(frozen=True, slots=True, eq=False)
class State:
    """One moment of a game. Every transition returns a new State."""

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
        """True when the next step needs no decision (income, refills, checks)."""
        return self.to_move is None and not self.is_over

    @property
    def scores(self) -> tuple[int, ...]:
        return self.game.scores(self)

    @property
    def unfinished(self) -> bool:
        """True when the game was stopped by a limit the rulebook does not print."""
        return self.is_over and self.game.stopped(self)

    @property
    def winners(self) -> tuple[int, ...]:
        """Winning seats once the game is over (several on a shared victory);
        none when it was stopped unfinished."""
        return self.game.winners(self) if self.is_over and not self.game.stopped(self) else ()

    @property
    def actions(self) -> list[Action]:
        """The decisions that led here, oldest first."""
        out, node = [], self.history
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    def legal_actions(self) -> list[Action]:
        """The legal decisions in a stable order; empty when over or automatic."""
        if self.is_over or self.to_move is None:
            return []
        return list(self._legal or self._fill_legal())

    def _fill_legal(self) -> list[Action]:
        """Compute the legal actions once into ``_legal`` (shared by the bookkeeping copies)."""
        self._legal.extend(self.game.legal(self))
        if not self._legal:
            raise RuntimeError(f"{self.game.id}: no legal action in phase {self.phase!r}")
        return self._legal

    def view(self, seat: int | None = None) -> dict:
        """What ``seat`` may see; ``None`` is the full teacher view.

        ``step`` counts the steps ``seat`` could see: another seat's private
        decisions (cards added to a sealed bid) are left out, so the count
        does not tell how big a sealed bid is.
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
        """
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
        try:  # the legal list's own action: 3.0 or numpy.int64(3) equal 3 but must not reach the history
            action = legal[legal.index(action)]
        except ValueError:
            raise self.game.why_not(self, action) from None
        game = self.game
        # The hook gets this state as it is, as ``advance`` does (no cleaned copy: one copy less per
        # decision); a hook that sets no ``events`` hands back this state's events object: "no events".
        nxt = game.play(self, action)
        if game.flow:
            check_step(game.phases, self, nxt, automatic=False)
        events = () if nxt.events is self.events else nxt.events
        if game.private_decision(self, action):  # other seats must not count it (a card added to a sealed bid)
            unseen = tuple(n + (i != self.to_move) for i, n in enumerate(self.unseen or (0,) * self.players))
            nxt = nxt.evolve(history=(self.history, action), autos=0, step=self.step + 1, unseen=unseen, events=events)
        else:
            nxt = nxt.evolve(history=(self.history, action), autos=0, step=self.step + 1, events=events)
        return nxt.settle() if settle and nxt.to_move is None and not nxt.is_over else nxt

    def advance(self) -> State:
        """Run one automatic step (see ``automatic``).

        The hook gets this state as it is (no cleaned copy: one copy less per
        step, the hot path of every game). A hook that sets no ``events`` hands
        back this state's events object, which the engine reads as "no events";
        a hook reports what its step did in ``events`` and never extends the
        incoming state's events.
        """
        if not self.automatic:
            raise IllegalAction("engine", "no automatic step is pending", None, "Kein automatischer Schritt steht an.")
        nxt = self.game.auto(self)
        if self.game.flow:
            check_step(self.game.phases, self, nxt, automatic=True)
        events = () if nxt.events is self.events else nxt.events
        return nxt.evolve(autos=self.autos + 1, step=self.step + 1, events=events)

    def settle(self) -> State:
        """Run automatic steps until a seat must decide or the game ends."""
        if self.to_move is not None or self.is_over:
            return self
        game, state, events = self.game, self, list(self.events)
        while True:  # ``advance`` inlined: the last step's copy carries all the events (one copy less)
            nxt = game.auto(state)
            if game.flow:
                check_step(game.phases, state, nxt, automatic=True)
            own = () if nxt.events is state.events else nxt.events
            if nxt.to_move is None and not nxt.is_over:
                events.extend(own)
                state = nxt.evolve(autos=state.autos + 1, step=state.step + 1, events=own)
            else:
                events.extend(own)
                return nxt.evolve(autos=state.autos + 1, step=state.step + 1, events=tuple(events))

    def evolve(self, **changes: Any) -> State:
        """A copy with some fields changed (the way game hooks build new states).

        Hot path: every transition makes a few copies. The method is replaced
        below by one generated from the field list (``_make_evolve``), with one
        keyword per field; this body documents it and is never run. A copy that
        changes only bookkeeping (events, history, step count) keeps the legal
        actions already computed: they depend on none of those.
        """
        raise NotImplementedError  # pragma: no cover - replaced by _make_evolve

    def __copy__(self) -> State:
        return self  # states never change, so a copy is the state itself

    def __deepcopy__(self, memo: dict) -> State:
        return self

    # -- saving ----------------------------------------------------------

    def record(self) -> Record:
        return Record(
            game=self.game.id,
            players=self.players,
            options=dict(self.options),
            seed=self.seed,
            actions=self.actions,
            auto_steps=None if not self.automatic else self.autos,
        )

    def to_json(self, indent: int | None = None) -> str:
        """The save file of this state: its record, a snapshot that replay must match, and a
        checksum over both (a save cut short or edited is refused on loading)."""
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


def _unknown_fields(unknown: dict) -> None:
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
    """
    keep = object()
    blank = blank_of(State)
    state_only = [f for f in _FIELDS if f not in _BOOKKEEPING]
    lines = [
        "def evolve(self, *, " + ", ".join(f"{f}=_keep" for f in _FIELDS) + ", **unknown):",
        "    if unknown:",
        "        _unknown_fields(unknown)",
        "    if to_move is not _keep:",
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
    return evolve


State.evolve = _make_evolve()  # type: ignore[method-assign]
