"""Watch mode of a ``Table``: bots play at a pace a class can follow.

An asyncio task on the kernel's event loop makes one step, redraws, then
sleeps ``1/pace`` seconds, so the kernel keeps answering clicks (pause,
undo, a new pace) between steps. A mixin so ``table.py`` stays about layout;
it uses the table's ``session``, ``controls``, ``why``, ``lang``, ``state``
and ``refresh``.
"""

from __future__ import annotations

import asyncio

from .frames import batched
from .i18n import t

__all__ = ["WatchMode", "REDUCED_MOTION_PACE"]

#: issue 27: with prefers-reduced-motion, Watch mode makes at most one step every two seconds
REDUCED_MOTION_PACE = 0.5


def _current_task():
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None


class WatchMode:
    """Methods of ``Table`` for watch mode."""

    _watch_task = None

    @property
    def watching(self) -> bool:
        return self.controls.watching

    def watch(self, pace: float | None = None):
        """Let bots play one step every ``1/pace`` seconds (steps per second) without
        blocking the kernel: clicks, undo and the pause button keep working.

        Stops at the end of the game or when a human seat must decide. Returns the
        asyncio task (None when no event loop runs, e.g. in a plain script:
        then use ``watch_steps``).
        """
        if pace is not None:
            if not 0 < pace <= 50:
                raise ValueError(f"pace must be between 0 and 50 steps per second, got {pace!r}")
            self.controls.pace = float(pace)
        self.pause()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        self.controls.watching = True
        if loop is None:
            self.controls.watching = False
            return None
        self._watch_task = loop.create_task(self._watch_loop())
        return self._watch_task

    def pause(self) -> None:
        """Stop watch mode (the game stays where it is)."""
        self.controls.watching = False
        task, self._watch_task = self._watch_task, None
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()

    @batched
    def watch_step(self) -> str:
        """One step of watch mode: an automatic step or a bot decision, then a redraw."""
        done = self.session.step()
        if done == "human":
            self.why.value = f'<div class="rk-hint">{t("waiting_human", self.lang, n=self.state.to_move + 1)}</div>'
        elif done == "over":
            self.why.value = ""
        self.refresh()
        return done

    def watch_pace(self) -> float:
        """Steps per second now: the chosen pace, slowed to ``REDUCED_MOTION_PACE`` for reduced motion."""
        pace = self.controls.pace
        return min(pace, REDUCED_MOTION_PACE) if self.controls.reduced_motion else pace

    async def _watch_loop(self) -> int:
        steps = 0
        try:
            while self.controls.watching:
                done = self.watch_step()
                if done in ("human", "over") or self.state.is_over:
                    break
                steps += 1
                await asyncio.sleep(1.0 / self.watch_pace())
        finally:
            self.controls.watching = False
        return steps
