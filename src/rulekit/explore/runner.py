"""Play a batch of games without blocking the page: progress as games finish, and a way to stop.

``simulate`` and ``sweep`` block until every game is played, which suits
scripts and the command line. A panel in a notebook or a dashboard must
stay responsive instead: the Run button's handler starts ``play_async`` as
a task on the kernel's event loop, which yields between games (or while a
process pool plays chunks), so the kernel keeps answering clicks on Cancel
and sends progress to the page.

In the browser (Pyodide: no processes, no threads) the games are played one
after another in the page's Python; on a server a process pool plays them
in chunks. The rows are those of ``simulate`` either way, in game order.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .simulate import Job, play_chunk, play_job, start_worker, stop_now

__all__ = ["Outcome", "in_browser", "play_async", "play_all"]

#: games per task for a process pool: small enough that progress moves and Cancel is quick
POOL_CHUNK = 10


def in_browser() -> bool:
    """True in Pyodide (the static site): no processes, no threads, no pandas."""
    return sys.platform == "emscripten"


@dataclass
class Outcome:
    """What a run left: the rows of the games that finished, and whether it was stopped early."""

    rows: list[dict] = field(default_factory=list)
    planned: int = 0
    cancelled: bool = False

    @property
    def games(self) -> int:
        return len({row["game_id"] for row in self.rows})


def play_all(jobs: Sequence[Job]) -> Outcome:
    """Play every job here and now, one after another (scripts and tests)."""
    rows = [row for job in jobs for row in play_job(job)]
    return Outcome(rows, len(jobs))


async def play_async(
    jobs: Sequence[Job],
    progress: Callable[[int, int], None],
    cancelled: Callable[[], bool],
    workers: int | None = None,
) -> Outcome:
    """Play ``jobs``, calling ``progress(done, total)`` as games finish; stop when ``cancelled()``.

    One worker (or the browser): the games run in this process, one at a
    time, with a pause for the event loop after each. More workers: a
    process pool plays chunks of ``POOL_CHUNK`` games; Cancel stops it at once.
    """
    workers = 1 if in_browser() else (workers or os.cpu_count() or 1)
    outcome = Outcome(planned=len(jobs))
    progress(0, len(jobs))
    if workers == 1 or len(jobs) <= POOL_CHUNK:
        await _one_by_one(jobs, outcome, progress, cancelled)
    else:
        await _in_pool(jobs, outcome, progress, cancelled, workers)
    outcome.rows.sort(key=lambda row: (row["game_id"], row["seat"]))
    return outcome


async def _one_by_one(jobs, outcome: Outcome, progress, cancelled) -> None:
    for done, job in enumerate(jobs, start=1):
        if cancelled():
            outcome.cancelled = True
            return
        outcome.rows.extend(play_job(job))
        progress(done, len(jobs))
        # a real pause (a timer, not only the ready queue): the browser's worker reads its messages then
        await asyncio.sleep(0.001)


async def _in_pool(jobs, outcome: Outcome, progress, cancelled, workers: int) -> None:
    chunks = [list(jobs[i : i + POOL_CHUNK]) for i in range(0, len(jobs), POOL_CHUNK)]
    pool = cf.ProcessPoolExecutor(max_workers=min(workers, len(chunks)), initializer=start_worker)
    pending = {asyncio.wrap_future(pool.submit(play_chunk, chunk)): len(chunk) for chunk in chunks}
    done_games = 0
    try:
        while pending:
            if cancelled():
                outcome.cancelled = True
                break
            finished, _ = await asyncio.wait(pending, timeout=0.2, return_when=asyncio.FIRST_COMPLETED)
            for future in finished:
                outcome.rows.extend(future.result())
                done_games += pending.pop(future)
            if finished:
                progress(done_games, len(jobs))
    finally:
        if pending:
            for future in pending:
                future.cancel()
            stop_now(pool)
        else:
            pool.shutdown()
