"""Running a coroutine from a test, whatever else the test session runs."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_async(coro) -> Any:
    """``asyncio.run`` in a thread of its own: pytest-playwright's sync API keeps an event loop
    running in the main thread for the whole session, and ``asyncio.run`` refuses to start there."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
