"""One kernel message per table update: the parts' changes ride on one hub widget.

A ``Table`` is about ten widgets (controls, board, actions, phase flow,
inspector, log, rule, "why not?" and end panels, extras). Each sends its own
comm message when a trait changes, so a Step used to reach the browser as
seven messages, handled in seven browser tasks with frames drawn between
them (issue 15). Inside ``one_message(hub, parts)`` the parts hold their
changes; when it ends, their changed traits (serialized exactly as their own
update message would carry them) go into the hub's ``frame`` trait, so the
hub's one update message carries everything. The hub's ES module
(``static/controls.js``) hands each part's slice to that part's model the way
the widget manager applies an update message (deserialize, then
``set_state``, queued behind the part's own messages), all in one browser
task: every panel redraws once, in the same frame.

The parts stay ordinary widgets: their traits hold the same values in Python
and in the browser as before, a part outside a table (lessons, classroom,
explorer) syncs on its own, and a newly opened page gets their full state.
docs/widgets.md says why this design. It reads ipywidgets 8's own sync
bookkeeping (``_holding_sync``, ``_states_to_send``, ``_property_lock``),
hence the ``<9`` pin in pyproject.toml; ``tests/widgets/test_one_message.py``
fails first if that bookkeeping changes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget import _remove_buffers

__all__ = ["one_message", "batched"]


@contextmanager
def one_message(hub: w.Widget, parts: Sequence[w.Widget]) -> Iterator[None]:
    """Send every change made inside, to ``hub`` and to ``parts``, as one update message of ``hub``.

    ``hub`` needs a synced ``frame`` dict trait and a module that applies it.
    Nested uses are one message (the outermost sends). A part whose changed
    traits hold binary buffers, or that is closed, is sent (or dropped) as
    before, on its own.
    """
    if getattr(hub, "_rk_framing", False):
        yield
        return
    hub._rk_framing = True
    held = [p for p in parts if not p._holding_sync]
    for part in held:
        part._holding_sync = True
    try:
        with hub.hold_sync():
            try:
                yield
            finally:
                slices = _take_changes(held)
                if slices:
                    hub._rk_frames = getattr(hub, "_rk_frames", 0) + 1
                    hub.frame = {"n": hub._rk_frames, "parts": slices}
    finally:
        hub._rk_framing = False
        for part in held:
            part._holding_sync = False


def _take_changes(parts: Sequence[w.Widget]) -> dict[str, dict[str, Any]]:
    """Each part's held changes, ``{model_id: state}``; the parts stop holding them."""
    slices: dict[str, dict[str, Any]] = {}
    for part in parts:
        part._holding_sync = False
        keys = sorted(part._states_to_send)
        part._states_to_send.clear()
        if not keys or part.comm is None:
            continue
        state = part.get_state(keys)
        for name, value in state.items():  # as send_state does: the lock follows what the browser gets
            if name in part._property_lock:
                part._property_lock[name] = value
        plain, _paths, buffers = _remove_buffers(state)
        if buffers:  # binary buffers need a message of their own
            part.send_state(keys)
        else:
            slices[part.model_id] = plain
    return slices


def batched(method: Callable) -> Callable:
    """Run a ``Table`` method inside ``self.one_message()``: whatever it changes is one message."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self.one_message():
            return method(self, *args, **kwargs)

    return wrapper
