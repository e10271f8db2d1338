"""Summaries of simulation rows in plain Python, for the browser, where pandas does not exist.

The static site runs on Pyodide, which has no pandas build on the package
indexes; ``sweeps.summarize`` needs pandas. This module reads the same rows
(``simulate.COLUMNS`` plus ``variant``) and gives, per variant, what the
Explorer shows in the browser: games played and unfinished, the first
seat's (or, in a cooperative game, the team's) win rate with its Wilson
interval, the fair share, and the game length. On a server the Explorer
shows ``summarize`` itself.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence

from .sweeps import wilson

__all__ = ["by_variant", "summary", "quantile"]


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile with linear interpolation (pandas' default), for sorted or unsorted values.

    >>> quantile([1, 2, 3, 4], 0.5), quantile([10], 0.9)
    (2.5, 10.0)
    """
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    at = (len(ordered) - 1) * q
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (at - low))


def by_variant(rows: Iterable[dict]) -> dict[str, dict[int, list[dict]]]:
    """``{variant: {game_id: [rows by seat]}}`` in the order the variants first appear."""
    out: dict[str, dict[int, list[dict]]] = {}
    for row in rows:
        out.setdefault(str(row.get("variant", "")), {}).setdefault(row["game_id"], []).append(row)
    return out


def summary(rows: Iterable[dict], cooperative: bool = False) -> list[dict]:
    """One dict per variant (keys as in ``sweeps.summarize`` where they mean the same).

    ``seat0_win_rate`` is the first seat's share of won games; in a
    cooperative game every seat wins or loses together, so it is the team's
    win rate and there is no fair share (``expected`` is None).
    """
    out = []
    for variant, games in by_variant(rows).items():
        seats = [sorted(g, key=lambda r: r["seat"]) for g in games.values()]
        n = len(seats)
        wins = sum(1 for g in seats if g[0]["winner"])
        low, high = wilson(wins, n)
        turns = [g[0]["turns"] for g in seats]
        players = statistics.mean(g[0]["players"] for g in seats)
        out.append(
            {
                "variant": variant,
                "games": n,
                "unfinished": sum(1 for g in seats if g[0]["end_reason"] == "decision_limit"),
                "seat0_win_rate": wins / n,
                "seat0_ci_low": low,
                "seat0_ci_high": high,
                "expected": None if cooperative else 1 / players,
                "turns_median": quantile(turns, 0.5),
                "turns_p10": quantile(turns, 0.1),
                "turns_p90": quantile(turns, 0.9),
                "score_mean": statistics.mean(r["score"] for g in seats for r in g),
            }
        )
    return out
