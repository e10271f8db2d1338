"""How games ended: the team's record in a cooperative game, unfinished games by
reason, and the seat advantage measured on paired seeds.

These read the tidy table of ``simulate`` / ``sweep`` (one row per game and
seat) and return small DataFrames, one row per variant (or per ``by``
group), for the CLI, notebooks and the Explorer panel to show.

A cooperative game (Spellbound) has no first-seat advantage: every seat
wins or loses together, so it is summarised as the team's win rate with
the rule that ended each lost game. A game that did not reach its printed
end (stopped by ``simulate``'s decision cap, a round limit or a stalemate
stop) has no winner by the rules and is counted as unfinished, by reason;
in a cooperative game it is neither won nor lost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .stats import detectable_difference, wilson

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "is_cooperative",
    "per_game",
    "team_results",
    "loss_reasons",
    "unfinished",
    "stop_counts",
    "seat_advantage",
]


def _keys(frame: pd.DataFrame, by: str | Sequence[str] | None) -> list[str]:
    if by is None:
        return ["variant"] if "variant" in frame else []
    return [by] if isinstance(by, str) else list(by)


def _groups(frame: pd.DataFrame, keys: list[str]):
    return frame.groupby(keys, sort=True, observed=True) if keys else frame.groupby(lambda _: "all")


def is_cooperative(frame: pd.DataFrame) -> bool:
    """True when the table holds games of a cooperative game (column ``cooperative``)."""
    return "cooperative" in frame and len(frame) > 0 and bool(frame["cooperative"].all())


def per_game(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per game (seat 0's row), with ``finished`` and ``stop_reason`` filled in for
    tables written before those columns existed (only the decision cap was known then)."""
    games = frame[frame["seat"] == 0].copy()
    if "stop_reason" not in games:
        limit = games["end_reason"] == "decision_limit"
        games["stop_reason"] = limit.map({True: "decision_limit", False: ""})
        games["finished"] = ~limit
    return games


def stop_counts(stop_reasons) -> str:
    """Unfinished games by reason in one cell, most frequent first: ``"stalemate 3, decision_limit 1"``
    ("" when every game reached the printed end). ``stop_reasons`` is the ``stop_reason`` of each game
    ("" for a finished one)."""
    counts: dict[str, int] = {}
    for reason in stop_reasons:
        if reason:
            counts[str(reason)] = counts.get(str(reason), 0) + 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{reason} {count}" for reason, count in ranked)


def team_results(frame: pd.DataFrame, by: str | Sequence[str] | None = None, z: float = 1.96) -> pd.DataFrame:
    """The team's record per variant in a cooperative game.

    Columns: ``games``, ``won``, ``lost`` and ``unfinished`` (the three add up), ``stops`` (the
    unfinished games by reason, ``stop_counts``), ``rate`` (won
    of all games) with Wilson interval ``ci_low`` / ``ci_high``, ``detectable`` (the smallest
    change of the rate that another variant of as many games could show, 95%, power 80%)
    and ``losses``: the rules that ended the lost games, most frequent first
    (``"SB-610 12, SB-620 3"``).
    """
    keys = _keys(frame, by)
    games = per_game(frame)
    rows = []
    for key, group in _groups(games, keys):
        n = len(group)
        won = int(group["winner"].sum())
        unfinished_n = int((~group["finished"].astype(bool)).sum())
        lost = group[~group["winner"] & group["finished"].astype(bool)]
        low, high = wilson(won, n, z)
        counts = lost["end_reason"].value_counts()
        row = dict(zip(keys, key if isinstance(key, tuple) else (key,), strict=False)) if keys else {}
        row |= {
            "games": n,
            "won": won,
            "lost": len(lost),
            "unfinished": unfinished_n,
            "stops": stop_counts(group["stop_reason"]),
            "rate": won / n if n else math.nan,
            "ci_low": low,
            "ci_high": high,
            "detectable": detectable_difference(n, won / n if n else 0.5),
            "losses": ", ".join(f"{reason} {count}" for reason, count in counts.items()),
        }
        rows.append(row)
    import pandas as pd

    return pd.DataFrame(rows)


def loss_reasons(frame: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Lost games by the rule that ended them, one row per variant and rule (tidy, for plots):
    ``end_reason``, ``games`` and ``share`` (of all games of the variant)."""
    keys = _keys(frame, by)
    games = per_game(frame)
    total = _groups(games, keys).size()
    lost = games[~games["winner"] & games["finished"].astype(bool)]
    out = lost.groupby([*keys, "end_reason"], sort=True, observed=True).size().rename("games").reset_index()
    if keys:
        out["share"] = [
            n / total.loc[tuple(r) if len(keys) > 1 else r[0]]
            for n, r in zip(out["games"], out[keys].values, strict=True)
        ]
    else:
        out["share"] = out["games"] / (total.iloc[0] if len(total) else 1)
    return out


def unfinished(frame: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Games that did not reach the printed end, per variant: ``games``, ``unfinished`` and one
    column per reason (``decision_limit``: simulate's cap; ``round_limit``, ``stalemate``: the
    game's own stops), each a count of games."""
    keys = _keys(frame, by)
    games = per_game(frame)
    grouped = _groups(games, keys)
    out = grouped.agg(games=("game_id", "size"), unfinished=("finished", lambda s: int((~s.astype(bool)).sum())))
    reasons = sorted(r for r in games["stop_reason"].unique() if r)
    for reason in reasons:
        out[reason] = grouped["stop_reason"].agg(lambda s, r=reason: int((s == r).sum()))
    return out.reset_index(drop=not keys)


def seat_advantage(frame: pd.DataFrame, by: str | Sequence[str] | None = None, z: float = 1.96) -> pd.DataFrame:
    """Win rate of each seat against its fair share, measured on paired seeds.

    When every seed was played with the lineup in every rotation (``simulate(..., paired=True)``),
    each seed gives every agent every seat once, so skill cancels seed by seed and the seats
    differ only by their place at the table (and the deal is the same for all of them). The
    interval then comes from the spread of the per-seed results (a paired estimate). Columns:
    ``seat``, ``games``, ``rate``, ``ci_low``, ``ci_high``, ``expected`` (1 / players),
    ``advantage``, ``paired`` and ``clear`` (the interval excludes the fair share). Without
    pairing, seats are compared only when one agent sits everywhere (``paired`` False).
    A cooperative game has no seat advantage: empty table.
    """
    import pandas as pd

    keys = _keys(frame, by)
    if is_cooperative(frame):
        return pd.DataFrame(columns=[*keys, "seat", "games", "rate", "ci_low", "ci_high", "expected", "advantage"])
    done = frame[frame["finished"].astype(bool)] if "finished" in frame else frame
    rows = []
    for key, group in _groups(done, keys):
        players = int(group["players"].iloc[0])
        paired = _is_paired(group)
        same_agent = group["agent"].nunique() == 1
        for seat, seat_rows in group.groupby("seat"):
            n = len(seat_rows)
            rate = float(seat_rows["winner"].mean()) if n else math.nan
            if paired:
                per_seed = seat_rows.groupby("seed")["winner"].mean()
                spread = float(per_seed.std(ddof=1)) if len(per_seed) > 1 else math.nan
                half = z * spread / math.sqrt(len(per_seed)) if len(per_seed) > 1 else math.inf
                low, high = max(0.0, rate - half), min(1.0, rate + half)
            else:
                low, high = wilson(int(seat_rows["winner"].sum()), n, z)
            row = dict(zip(keys, key if isinstance(key, tuple) else (key,), strict=False)) if keys else {}
            fair = 1 / players
            row |= {
                "seat": int(seat),
                "games": n,
                "rate": rate,
                "ci_low": low,
                "ci_high": high,
                "expected": fair,
                "advantage": rate - fair,
                "paired": paired,
                "clear": bool((paired or same_agent) and (low > fair or high < fair)),
            }
            rows.append(row)
    return pd.DataFrame(rows)


def _is_paired(games: pd.DataFrame) -> bool:
    """Every seed was played once in every rotation of one lineup (and there are several agents)."""
    if games["agent"].nunique() < 2:
        return False
    lineups = games[games["seat"] == 0].groupby("seed")["lineup"].agg(lambda s: frozenset(s))
    first = games[games["seat"] == 0]["lineup"].iloc[0].split(",")
    rotations = frozenset(",".join(first[k:] + first[:k]) for k in range(len(first)))
    return bool(len(lineups)) and all(set_ == rotations for set_ in lineups)
