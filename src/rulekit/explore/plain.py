"""Summaries of simulation rows in plain Python, for the browser, where pandas does not exist.

The static site runs on Pyodide, which has no pandas build on the package
indexes; ``sweeps.summarize`` needs pandas. This module reads the same rows
(``simulate.COLUMNS`` plus ``variant``) and gives, per variant, what the
Explorer shows in the browser, under the names ``summarize`` gives them:
games played and unfinished, the first seat's win rate with its Wilson
interval and the fair share (a cooperative game: the team's record, as
``outcomes.team_results``), the smallest difference the games can show,
and the game length. On a server the Explorer shows ``summarize`` itself.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence

from .outcomes import stop_counts
from .stats import detectable_difference, wilson

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


def _finished(row: dict) -> bool:
    """As ``outcomes.per_game``: the ``finished`` column, or (older tables) not stopped by the decision cap."""
    if "finished" in row:
        return bool(row["finished"])
    return row["end_reason"] != "decision_limit"


def _stop(row: dict) -> str:
    """What stopped a game before the printed end ("" if it reached it), as ``outcomes.per_game``."""
    if "stop_reason" in row:
        return str(row["stop_reason"] or "")
    return "" if _finished(row) else "decision_limit"


def summary(rows: Iterable[dict], cooperative: bool = False) -> list[dict]:
    """One dict per variant, with the keys ``sweeps.summarize`` gives for the same table.

    Competitive: ``seat0_win_rate`` (the first seat's share of the games)
    with its interval and the fair share ``expected``. Cooperative (every
    seat wins or loses together, as ``outcomes.team_results``): ``won``,
    ``lost``, ``unfinished``, the team's ``rate`` with its interval and
    ``losses`` (the rules that ended the lost games). Both: ``detectable``,
    ``unfinished`` with ``stops`` (the unfinished games by reason) and the game length.
    """
    out = []
    for variant, games in by_variant(rows).items():
        seats = [sorted(g, key=lambda r: r["seat"]) for g in games.values()]
        firsts = [g[0] for g in seats]
        n = len(firsts)
        wins = sum(1 for r in firsts if r["winner"])
        low, high = wilson(wins, n)
        turns = [r["turns"] for r in firsts]
        unfinished = sum(1 for r in firsts if not _finished(r))
        stops = stop_counts(_stop(r) for r in firsts)
        row: dict = {"variant": variant, "games": n}
        if cooperative:
            lost = [r for r in firsts if not r["winner"] and _finished(r)]
            counts: dict[str, int] = {}
            for r in lost:
                counts[r["end_reason"]] = counts.get(r["end_reason"], 0) + 1
            ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
            row |= {"won": wins, "lost": len(lost), "unfinished": unfinished, "stops": stops, "rate": wins / n}
            row |= {"ci_low": low, "ci_high": high, "detectable": detectable_difference(n, wins / n)}
            row["losses"] = ", ".join(f"{reason} {count}" for reason, count in ranked)
        else:
            players = statistics.mean(r["players"] for r in firsts)
            row |= {"seat0_win_rate": wins / n, "seat0_ci_low": low, "seat0_ci_high": high, "expected": 1 / players}
            row["detectable"] = detectable_difference(n, wins / n)
            row["unfinished"] = unfinished
            row["stops"] = stops
        row |= {
            "turns_median": quantile(turns, 0.5),
            "turns_p10": quantile(turns, 0.1),
            "turns_p90": quantile(turns, 0.9),
        }
        out.append(row)
    return out
