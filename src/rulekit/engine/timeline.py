"""A game's history for undo, redo and jumping to any step.

States are immutable and share their unchanged parts, so keeping every
state is cheap and a jump is a list index: no replay needed.
"""

from __future__ import annotations

from .actions import Action
from .record import Record
from .state import State

__all__ = ["Timeline"]


class Timeline:
    """Every state of one game, oldest first, with a cursor.

    Parameters
    ----------
    start : State
        The first state (labelled "setup").

    Examples
    --------
    >>> import rulekit
    >>> tl = rulekit.Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
    >>> tl.play(tl.state.legal_actions()[0]) and tl.undo() and tl.cursor
    0
    """

    def __init__(self, start: State):
        self._states: list[State] = [start]
        self._labels: list[str] = ["setup"]
        self.cursor = 0

    @property
    def state(self) -> State:
        """The state at the cursor: what the board shows.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> tl.state.phase
        'choose_action'
        """
        return self._states[self.cursor]

    def __len__(self) -> int:
        return len(self._states)

    def __getitem__(self, index: int) -> State:
        return self._states[index]

    def past(self) -> list[State]:
        """The states up to and including the cursor (what has happened so far).

        Returns
        -------
        list of State
            Oldest first.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> _ = tl.play("action summon")
        >>> _ = tl.undo()
        >>> len(tl.past()), len(tl)
        (1, 2)
        """
        return self._states[: self.cursor + 1]

    @property
    def labels(self) -> list[str]:
        """What each step was: an action label, or "auto" for an automatic step.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> _ = tl.play("action summon")
        >>> tl.labels[:2]
        ['setup', 'action summon']
        """
        return list(self._labels)

    def _push(self, state: State, label: str) -> State:
        del self._states[self.cursor + 1 :], self._labels[self.cursor + 1 :]
        self._states.append(state)
        self._labels.append(label)
        self.cursor += 1
        return state

    def play(self, action: Action | str) -> State:
        """One decision (no automatic steps after it); later steps are cut off.

        Parameters
        ----------
        action : Action or str
            A legal action or its label.

        Returns
        -------
        State
            The new state, now at the cursor.

        Raises
        ------
        IllegalAction
            When the action is not legal now.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> tl.play("action summon").phase, tl.cursor
        ('summon', 1)
        """
        state = self.state.apply(action, settle=False)
        return self._push(state, str(state.actions[-1]))

    def advance(self) -> State:
        """One automatic step (later steps are cut off).

        Returns
        -------
        State
            The new state, now at the cursor.

        Raises
        ------
        IllegalAction
            When no automatic step is pending.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1, settle=False))
        >>> tl.advance() is tl.state, tl.labels
        (True, ['setup', 'auto'])
        """
        return self._push(self.state.advance(), "auto")

    def step(self, action: Action | str | None = None) -> State:
        """A decision if one is pending (``action`` needed), else an automatic step.

        The Table's "step" button: one step forward, whatever it is.

        Parameters
        ----------
        action : Action or str, optional
            The decision, when a seat must decide.

        Returns
        -------
        State
            The new state.

        Raises
        ------
        ValueError
            When a seat must decide and no ``action`` is given.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1, settle=False))
        >>> _ = tl.step()
        >>> tl.labels
        ['setup', 'auto']
        >>> _ = tl.settle()
        >>> tl.step("action forge").phase, tl.labels[-1]
        ('forge', 'action forge')
        """
        if self.state.automatic:
            return self.advance()
        if action is None:
            raise ValueError("a seat must decide now: pass an action")
        return self.play(action)

    def settle(self) -> State:
        """Run the pending automatic steps, each kept as its own step.

        Returns
        -------
        State
            The first state that needs a decision (or the end).

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1, settle=False))
        >>> tl.settle().automatic, set(tl.labels[1:])
        (False, {'auto'})
        """
        while self.state.automatic:
            self.advance()
        return self.state

    @property
    def can_undo(self) -> bool:
        """True when there is a step before the cursor.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> before = tl.can_undo
        >>> _ = tl.play("action summon")
        >>> before, tl.can_undo
        (False, True)
        """
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        """True when the cursor is behind the last step (after an undo).

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> _ = tl.play("action summon")
        >>> _ = tl.undo()
        >>> tl.can_redo
        True
        """
        return self.cursor < len(self._states) - 1

    def undo(self) -> State:
        """Go one step back; the later steps stay for ``redo``.

        Returns
        -------
        State
            The state now at the cursor.

        Raises
        ------
        IndexError
            At the start of the game.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> start = tl.state
        >>> _ = tl.play("action summon")
        >>> tl.undo() is start
        True
        """
        if not self.can_undo:
            raise IndexError("nothing to undo: this is the start of the game")
        self.cursor -= 1
        return self.state

    def redo(self) -> State:
        """Go one step forward again after an ``undo``.

        Returns
        -------
        State
            The state now at the cursor.

        Raises
        ------
        IndexError
            When the cursor is at the last step.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> after = tl.play("action summon")
        >>> _ = tl.undo()
        >>> tl.redo() is after
        True
        """
        if not self.can_redo:
            raise IndexError("nothing to redo")
        self.cursor += 1
        return self.state

    def jump(self, index: int) -> State:
        """Go to step ``index`` (negative counts from the end): no replay, the state is kept.

        Parameters
        ----------
        index : int
            The step, 0 being the start.

        Returns
        -------
        State
            The state now at the cursor.

        Raises
        ------
        IndexError
            For a step outside the timeline.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> _ = tl.play("action summon")
        >>> tl.jump(0) is tl[0], tl.jump(-1).phase
        (True, 'summon')
        """
        if not -len(self._states) <= index < len(self._states):
            raise IndexError(f"step {index} is outside 0..{len(self._states) - 1}")
        self.cursor = index % len(self._states)
        return self.state

    def record(self) -> Record:
        """The record of the game up to the cursor (``State.record``), for saving.

        Returns
        -------
        Record
            The decisions up to the cursor.

        Examples
        --------
        >>> import rulekit
        >>> tl = Timeline(rulekit.load("rune_stones").new(players=2, seed=1))
        >>> _ = tl.play("action summon")
        >>> [str(a) for a in tl.record().actions]
        ['action summon']
        """
        return self.state.record()
