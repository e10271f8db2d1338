"""Kernels that a page can always use, and a cap on how many run.

Voila keeps one preheated kernel per notebook that has already run the
notebook. Two things went wrong with idle culling on: the kernel's last
activity is the moment it ran the notebook, so a kernel handed to a page
after a quiet spell was culled before the page connected ("Kernel never
reached an 'alive' state", the page stayed at "Loading widget..."); and a
pooled kernel that died was still handed out. Here a kernel is checked
when it leaves the pool, its activity clock starts again, and it is not
culled until its page has connected (or ``GRACE`` seconds passed).

``max_kernels`` caps live kernels (each costs 70-200 MB), the preheated ones
included (Voila's startup preheating is trimmed to it): the pool is not
refilled past it, and a visitor beyond it gets a page saying so. At the cap,
``_make_room`` shuts an idle preheated kernel of another notebook for a
visitor (preheating yields; #24 item 5), whether the visitor's notebook had a
pool (``get_rendered_notebook``) or not (Voila's handler then calls
``start_kernel`` on this class; pool fills start theirs below it).
"""

from __future__ import annotations

import inspect
import time
from typing import Any

__all__ = ["GRACE", "FULL_MESSAGE", "pool_safe", "kernel_alive", "pooled_kernels"]

#: seconds a kernel handed to a page may wait for that page to connect before idle rules apply again
GRACE = 600
#: what a visitor sees when the server already runs ``max_kernels`` kernels
FULL_MESSAGE = (
    "This dashboard server already runs {limit} notebooks, its limit. Close a tab you no longer need, "
    "or try again in a few minutes; the teacher can raise the limit with --max-kernels. / "
    "Dieser Server führt schon {limit} Notebooks aus, seine Grenze. Schließe einen nicht mehr gebrauchten "
    "Tab oder versuche es in ein paar Minuten wieder; die Lehrkraft kann die Grenze mit --max-kernels erhöhen."
)


def kernel_alive(manager: Any, kernel_id: str) -> bool:
    """A kernel the manager still holds whose process is running (checked without waiting)."""
    kernel = manager._kernels.get(kernel_id)
    if kernel is None or getattr(kernel, "execution_state", None) == "dead":
        return False
    process = getattr(getattr(kernel, "provisioner", None), "process", None)
    return process is None or process.poll() is None


def drop_unstarted(task: Any) -> None:
    """Cancel a preheat task that has not run yet, and close the kernel start it was waiting to
    run (Voila wraps it as ``wait_before(delay, aw)``): cancelling only the task left ``aw`` never
    awaited, and Python warned "coroutine '_initialize' was never awaited" for each."""
    frame = getattr(task.get_coro(), "cr_frame", None)
    inner = frame.f_locals.get("aw") if frame is not None else None
    if inspect.iscoroutine(inner) and inspect.getcoroutinestate(inner) == inspect.CORO_CREATED:
        inner.close()
    task.cancel()


def pooled_kernels(manager: Any) -> set[str]:
    """Ids of the preheated kernels waiting in Voila's pools (not yet given to a page)."""
    ids = set()
    for pool in getattr(manager, "_pools", {}).values():
        for item in pool:
            if item.done() and not item.cancelled() and item.exception() is None:
                ids.add(item.result()["kernel_id"])
    return ids


def pool_safe(base: type, max_kernels: int = 0) -> type:
    """Voila's kernel manager class ``base`` with pool-safe culling, checked hand-out and a kernel cap."""
    from jupyter_server._tz import utcnow
    from tornado import web

    class RulekitKernelManager(base):
        _rulekit_max = max_kernels

        def _handed(self) -> dict[str, float]:
            if not hasattr(self, "_rulekit_handed"):
                self._rulekit_handed = {}
            return self._rulekit_handed

        def _prune(self, notebook_name: str) -> None:
            """Drop pool entries that failed or whose kernel is gone, so none is handed out."""
            pool = self._pools.get(notebook_name, [])
            for item in list(pool):
                if not item.done():
                    continue
                if item.cancelled() or item.exception() is not None:
                    pool.remove(item)
                    continue
                kernel_id = item.result()["kernel_id"]
                if not kernel_alive(self, kernel_id):
                    pool.remove(item)
                    self.log.warning("rulekit: a preheated kernel of %s had died; starting a new one", notebook_name)

        def _live(self) -> int:
            pools = getattr(self, "_pools", {})  # none without preheating
            pending = sum(1 for pool in pools.values() for item in pool if not item.done())
            return len(self._kernels) + pending

        def get_pool_size(self, notebook_name: str) -> int:
            if hasattr(self, "_pools"):
                self._prune(notebook_name)
            return super().get_pool_size(notebook_name)

        def trim_pools(self) -> None:
            """Cancel the startup preheating beyond the cap: Voila's manager queues one kernel per
            notebook in its ``__init__``, before this class is put in place; none of them has run yet."""
            limit = self._rulekit_max
            if not limit:
                return
            kept = len(self._kernels)
            for name, pool in getattr(self, "_pools", {}).items():
                for item in list(pool):
                    if item.done():
                        continue
                    if kept < limit:
                        kept += 1
                        continue
                    drop_unstarted(item)
                    pool.remove(item)
                    self.log.info("rulekit: %d kernels is the limit; %s is not preheated", limit, name)

        async def _make_room(self, notebook_name: str) -> None:
            """At the cap, shut down one idle preheated kernel of another notebook (preheating yields
            to a visitor; one still starting is waited for); with none to spare, the visitor gets the
            "server is full" page."""
            import asyncio

            limit = self._rulekit_max
            if not limit or self._live() < limit:
                return
            for _ in range(2):
                others = [(n, item) for n, pool in self._pools.items() if n != notebook_name for item in pool]
                for name, item in others:
                    if item.done() and not item.cancelled() and item.exception() is None:
                        self._pools[name].remove(item)
                        self.log.info("rulekit: at the kernel limit a preheated kernel of %s makes room", name)
                        await self.shutdown_kernel(item.result()["kernel_id"], now=True)
                        return
                starting = [item for _, item in others if not item.done()]
                if not starting:
                    break
                await asyncio.wait(starting, timeout=GRACE / 5, return_when=asyncio.FIRST_COMPLETED)
            self.log.warning("rulekit: kernel limit reached (%d live kernels): a visitor was turned away", limit)
            raise web.HTTPError(503, reason="Kernel limit reached", log_message=FULL_MESSAGE.format(limit=limit))

        async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict = {}, **kwargs):  # noqa: B006 - Voila's signature
            self._prune(notebook_name)
            if not self._pools.get(notebook_name):
                # nothing preheated for this page (or every pooled kernel was dead): start one at once
                await self._make_room(notebook_name)
                self.fill_if_needed(delay=0, notebook_name=notebook_name, force=True)
            result = await super().get_rendered_notebook(notebook_name, extra_kernel_env_variables, **kwargs)
            kernel_id = result[2]
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                # its clock starts now, not when it ran the notebook in the pool
                kernel.last_activity = utcnow()
            self._handed()[kernel_id] = time.monotonic()
            return result

        def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables={}, force=False, **kwargs):  # noqa: B006
            limit = self._rulekit_max
            if limit and not force and self._live() >= limit:
                self.log.info(
                    "rulekit: %d kernels run (the limit); %s is not preheated again yet", limit, notebook_name
                )
                return None
            return super().fill_if_needed(delay, notebook_name, extra_kernel_env_variables, **kwargs)

        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
            """A kernel for a visitor whose notebook has nothing preheated (Voila's handler starts it
            here; pool fills start theirs below this class): at the cap an idle preheated kernel of
            another notebook makes room, else the visitor gets the "server is full" page."""
            if self._rulekit_max and hasattr(self, "_pools"):
                await self._make_room(None)
            elif self._rulekit_max and len(self._kernels) >= self._rulekit_max:
                limit = self._rulekit_max
                self.log.warning("rulekit: kernel limit reached (%d live kernels): a visitor was turned away", limit)
                raise web.HTTPError(503, reason="Kernel limit reached", log_message=FULL_MESSAGE.format(limit=limit))
            return await super().start_kernel(*args, **kwargs)

        async def cull_kernel_if_idle(self, kernel_id: str):
            handed = self._handed()
            if kernel_id in handed:
                if self._kernel_connections.get(kernel_id, 0) > 0:
                    del handed[kernel_id]  # its page is connected: the usual idle rules from now on
                elif time.monotonic() - handed[kernel_id] < GRACE:
                    return None  # on its way to a page that is still loading
                else:
                    del handed[kernel_id]
            if kernel_id in pooled_kernels(self):
                return None
            kernel = self._kernels.get(kernel_id)
            if kernel is None:
                return None
            values = getattr(kernel, "_trait_values", None)
            if (
                isinstance(values, dict)
                and "last_activity" in type(kernel).class_trait_names()
                and "last_activity" not in values
            ):
                return None  # still starting: jupyter_server's culler would log a traceback for it
            return await super().cull_kernel_if_idle(kernel_id)

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any):
            self._handed().pop(kernel_id, None)
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    RulekitKernelManager.__name__ = RulekitKernelManager.__qualname__ = "Rulekit" + base.__name__
    return RulekitKernelManager
