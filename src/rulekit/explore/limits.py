"""How big an Explorer job may be on a shared dashboard.

A job's size is its number of games times the bots' cost per game: 1 per
seat for ``random`` and ``greedy`` (an agent's ``cost``: 4 for the planner
``plan``), the iteration budget for ``mcts`` (a time budget counts 1,000
iterations per second). ``rulekit dashboard``
puts its ``--max-job`` in ``RULEKIT_MAX_JOB`` for the kernels; in the
static site (Pyodide) the limit is ``BROWSER_MAX_JOB``; in a notebook of
one's own (no such variable) nothing is limited.
"""

from __future__ import annotations

import os
import sys
import tomllib
from functools import cache
from pathlib import Path

from ..agents import AGENTS, parse_spec
from ..engine.plurals import fill

__all__ = ["job_size", "check_job", "job_limit"]

#: iterations a second of MCTS time budget counts as
ITERATIONS_PER_SECOND = 1000
#: the static site plays on the visitor's page, one game at a time, about three times slower than
#: CPython: 1,000 (500 two-bot random games, or 5 MCTS-100 games) keeps a run within a few minutes
BROWSER_MAX_JOB = 1000


@cache
def _texts() -> dict[str, dict[str, str]]:
    return tomllib.loads((Path(__file__).parent / "texts" / "limits.toml").read_text(encoding="utf-8"))


def t(key: str, lang: str = "en", **args: object) -> str:
    entry = _texts()[key]
    return fill(entry.get(lang, entry["en"]), lang, **args)


def job_size(games: int, bots: str, runs: int = 1) -> int:
    """Games times the bots' cost per game, over ``runs`` settings of a sweep."""
    cost = 0
    for spec in [b for b in bots.split(",") if b.strip()]:
        name, options = parse_spec(spec)
        params = AGENTS[name].params
        if "iterations" not in params:
            cost += AGENTS[name].cost
            continue
        seconds = options.get("time", params.get("time"))
        iterations = options.get("iterations", params["iterations"])
        cost += max(1, int(seconds * ITERATIONS_PER_SECOND) if seconds else int(iterations or 1))
    return max(1, games) * max(1, cost) * max(1, runs)


def job_limit() -> int:
    """The limit a dashboard set (``RULEKIT_MAX_JOB``), the browser's in the static site, else 0 (none)."""
    default = str(BROWSER_MAX_JOB) if sys.platform == "emscripten" else "0"
    try:
        return max(0, int(os.environ.get("RULEKIT_MAX_JOB", default)))
    except ValueError:
        return 0


def check_job(games: int, bots: str, runs: int = 1) -> None:
    """Raise ``ValueError`` (English and German) when the job is bigger than the dashboard's limit."""
    limit = job_limit()
    if not limit:
        return
    size = job_size(games, bots, runs)
    if size > limit:
        words = {"games": f"{games:,}", "bots": bots, "size": f"{size:,}", "limit": f"{limit:,}"}
        key = (
            "job_too_big_browser"
            if sys.platform == "emscripten" and "RULEKIT_MAX_JOB" not in os.environ
            else "job_too_big"
        )
        raise ValueError(t(key, "en", **words) + " / " + t(key, "de", **words))
