"""Preheats dropped at the kernel cap leave no coroutine that was never awaited.

Voila queues each preheat as ``wait_before(delay, _initialize(...))``; the cap
(``serve/kernels.py``, ``trim_pools``) cancels the ones beyond it. Cancelling
only the task left the inner ``_initialize`` coroutine unawaited, and Python
warned once per dropped preheat in the server log.
"""

from __future__ import annotations

import asyncio
import gc
import warnings
from concurrent.futures import ThreadPoolExecutor

from voila.voila_kernel_manager import wait_before

from rulekit.serve.kernels import drop_unstarted


async def _initialize() -> str:
    return "kernel-id"


async def _drop_two() -> list[bool]:
    loop = asyncio.get_running_loop()
    sleeping = loop.create_task(wait_before(5, _initialize()))
    await asyncio.sleep(0.01)  # the task waits in its delay
    fresh = loop.create_task(wait_before(5, _initialize()))  # the task has not run at all
    cancelled = []
    for task in (sleeping, fresh):
        drop_unstarted(task)
        try:
            await task
        except asyncio.CancelledError:
            cancelled.append(True)
    return cancelled


def test_a_dropped_preheat_is_cancelled_without_an_unawaited_coroutine():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with ThreadPoolExecutor(1) as pool:  # a thread of its own: other tests may leave a loop running here
            assert pool.submit(asyncio.run, _drop_two()).result() == [True, True]
        gc.collect()
    assert not [w for w in caught if "never awaited" in str(w.message)], [str(w.message) for w in caught]
