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
        return self._states[self.cursor]

    def __len__(self) -> int:
        return len(self._states)

    def __getitem__(self, index: int) -> State:
        return self._states[index]

    def past(self) -> list[State]:
        """The states up to and including the cursor (what has happened so far)."""
        return self._states[: self.cursor + 1]

    @property
    def labels(self) -> list[str]:
        """What each step was: an action label, or "auto" for an automatic step."""
        return list(self._labels)

    def _push(self, state: State, label: str) -> State:
        del self._states[self.cursor + 1 :], self._labels[self.cursor + 1 :]
        self._states.append(state)
        self._labels.append(label)
        self.cursor += 1
        return state

    def play(self, action: Action | str) -> State:
        """One decision (no automatic steps after it); later steps are cut off."""
        state = self.state.apply(action, settle=False)
        return self._push(state, str(state.actions[-1]))

    def advance(self) -> State:
        """One automatic step."""
        return self._push(self.state.advance(), "auto")

    def step(self, action: Action | str | None = None) -> State:
        """A decision if one is pending (``action`` needed), else an automatic step."""
        if self.state.automatic:
            return self.advance()
        if action is None:
            raise ValueError("a seat must decide now: pass an action")
        return self.play(action)

    def settle(self) -> State:
        while self.state.automatic:
            self.advance()
        return self.state

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self._states) - 1

    def undo(self) -> State:
        if not self.can_undo:
            raise IndexError("nothing to undo: this is the start of the game")
        self.cursor -= 1
        return self.state

    def redo(self) -> State:
        if not self.can_redo:
            raise IndexError("nothing to redo")
        self.cursor += 1
        return self.state

    def jump(self, index: int) -> State:
        """Go to step ``index`` (negative counts from the end)."""
        if not -len(self._states) <= index < len(self._states):
            raise IndexError(f"step {index} is outside 0..{len(self._states) - 1}")
        self.cursor = index % len(self._states)
        return self.state

    def record(self) -> Record:
        return self.state.record()
