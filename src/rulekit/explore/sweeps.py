"""Rule-variant sweeps and the summaries a designer reads from them.

``sweep`` plays the same seeded games for every combination of a grid of
rule options (and optionally agent mixes and player counts) in one batch
on one executor, so differences between variants are not noise from
different deals (common random numbers). The summaries turn the tidy
table of ``simulate``/``sweep`` into win rates by seat (first-player
advantage) with Wilson confidence intervals, score spread and game
length.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Game
from .outcomes import is_cooperative, per_game, stop_counts, team_results, unfinished
from .simulate import MAX_DECISIONS, game_ref, make_jobs, resolve_game, run_jobs
from .stats import detectable_difference, wilson

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "sweep",
    "wilson",
    "win_rates",
    "first_player_advantage",
    "score_spread",
    "game_length",
    "summarize",
]

#: grid keys that are not rule options
_SPECIAL = ("agents", "players")


def sweep(
    game: Game | str,
    grid: Mapping[str, Sequence[Any]],
    agents: str | Sequence[str] = "random",
    games: int = 200,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    executor: Any = None,
    progress: bool = True,
    workers: int | None = None,
    chunksize: int | None = None,
    rotate: bool = False,
    max_decisions: int = MAX_DECISIONS,
    paired: bool = False,
) -> pd.DataFrame:
    """Play ``games`` games for every combination in ``grid``.

    Parameters
    ----------
    grid : dict
        ``{option name: values}``; the keys ``"agents"`` (lineups such as
        ``"greedy,random"``) and ``"players"`` vary the agent mix and the
        player count. Example: ``{"end_threshold": [5, 6, 7],
        "agents": ["random", "greedy,random"]}``.
    agents, players, options :
        Used where the grid does not set them; ``options`` are fixed rule
        options for every variant.
    Other parameters as in ``simulate``.

    Returns
    -------
    pandas.DataFrame
        The ``simulate`` columns plus one column per grid option and
        ``variant``, a readable label of the combination. Every variant
        uses seeds ``seed .. seed + games - 1``.
    """
    if not isinstance(grid, Mapping) or not grid:
        raise ValueError("grid must be a non-empty dict such as {'end_threshold': [5, 6, 7]}")
    for key, values in grid.items():
        if isinstance(values, str) or not isinstance(values, Sequence) or not values:
            raise ValueError(f"grid[{key!r}] must be a non-empty list of values, got {values!r}")
    import pandas as pd

    ref = game_ref(game)
    known = set(resolve_game(ref).options) | set(_SPECIAL)
    unknown = sorted(set(grid) - known)
    if unknown:
        raise ValueError(f"unknown grid key(s) {unknown} for {ref}; known: {', '.join(sorted(known))}")
    jobs, labels = [], []
    keys = list(grid)
    for combo in itertools.product(*(grid[k] for k in keys)):
        chosen = dict(zip(keys, combo, strict=True))
        opts = {**(options or {}), **{k: v for k, v in chosen.items() if k not in _SPECIAL}}
        tags = {k: v for k, v in chosen.items() if k not in _SPECIAL}
        tags["variant"] = ", ".join(f"{k}={v}" for k, v in chosen.items())
        labels.append(tags["variant"])
        jobs += make_jobs(
            ref,
            chosen.get("agents", agents),
            games=games,
            seed=seed,
            options=opts,
            players=chosen.get("players", players),
            rotate=rotate,
            max_decisions=max_decisions,
            first_id=len(jobs),
            tags=tags,
            paired=paired,
        )
    frame = run_jobs(jobs, executor=executor, progress=progress, workers=workers, chunksize=chunksize, desc="sweep")
    # grid order, not alphabetical order, in every summary and plot ("rounds=8" before "rounds=10")
    frame["variant"] = pd.Categorical(frame["variant"], categories=list(dict.fromkeys(labels)), ordered=True)
    return frame


# -- summaries ----------------------------------------------------------------


def _by(frame: pd.DataFrame, extra: str | Sequence[str] | None) -> list[str]:
    if extra is None:
        return ["variant"] if "variant" in frame else []
    return [extra] if isinstance(extra, str) else list(extra)


def win_rates(frame: pd.DataFrame, by: str | Sequence[str] | None = None, z: float = 1.96) -> pd.DataFrame:
    """Win rate per seat (or per ``by`` columns, e.g. ``"agent"``) with a Wilson interval.

    Shared wins (ties, cooperative victories) count as a win for every
    winner. ``expected`` is the fair share ``1 / players``. ``games``
    counts rows: by seat that is one per game; by agent, an agent in
    several seats of one game counts once per seat (rotate mixed lineups,
    or use seat 0 only, for independent counts).
    """
    keys = _by(frame, None) + ["seat"] if by is None else _by(frame, by)
    grouped = frame.groupby(keys, sort=True, observed=True)
    out = grouped.agg(games=("winner", "size"), wins=("winner", "sum"), players=("players", "mean")).reset_index()
    out["wins"] = out["wins"].astype(int)
    out["rate"] = out["wins"] / out["games"]
    bounds = [wilson(w, n, z) for w, n in zip(out["wins"], out["games"], strict=True)]
    out["ci_low"] = [b[0] for b in bounds]
    out["ci_high"] = [b[1] for b in bounds]
    out["expected"] = 1 / out["players"]
    return out.drop(columns="players")


def first_player_advantage(frame: pd.DataFrame, by: str | Sequence[str] | None = None, z: float = 1.96) -> pd.DataFrame:
    """Seat 0's win rate against its fair share, per variant.

    ``advantage`` is the rate minus ``1 / players``. ``comparable`` is True
    only when the seats are compared fairly: the same agent in every seat,
    or agents rotated so each sat first equally often; otherwise a
    difference in skill would pass for a seat advantage. ``clear`` is True
    when the seats are comparable and the whole confidence interval lies
    on one side of the fair share. A cooperative game is never comparable
    (``outcomes.team_results`` is its summary). Rotated or paired lineups
    are measured seed by seed in ``outcomes.seat_advantage``.
    """
    keys = _by(frame, by)
    rates = win_rates(frame[frame["seat"] == 0], by=keys + ["seat"], z=z)
    rates["advantage"] = rates["rate"] - rates["expected"]
    if keys:
        fair = frame.groupby(keys, sort=True, observed=True).apply(_seats_comparable, include_groups=False)
        rates["comparable"] = [bool(fair.loc[tuple(row) if len(keys) > 1 else row[0]]) for row in rates[keys].values]
    else:
        rates["comparable"] = _seats_comparable(frame)
    if is_cooperative(frame):  # every seat wins or loses together: no seat has an advantage to measure
        rates["comparable"] = False
    outside = (rates["ci_low"] > rates["expected"]) | (rates["ci_high"] < rates["expected"])
    rates["clear"] = outside & rates["comparable"]
    return rates.drop(columns="seat")


def _seats_comparable(games: pd.DataFrame) -> bool:
    """One agent everywhere, or every agent first (seat 0) about equally often."""
    agents = games["agent"].unique()
    if len(agents) == 1:
        return True
    first = games.loc[games["seat"] == 0, "agent"].value_counts()
    return len(first) == len(agents) and int(first.max() - first.min()) <= 1


def score_spread(frame: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Score statistics per seat (or ``by``): mean, std, min, quartiles, max."""
    keys = _by(frame, None) + ["seat"] if by is None else _by(frame, by)
    stats = frame.groupby(keys, sort=True, observed=True)["score"].describe()
    return stats.rename(columns={"25%": "q25", "50%": "median", "75%": "q75"}).reset_index()


def game_length(frame: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Turns and decisions per game: mean, median, 10th and 90th percentile, ``unfinished``:
    games that did not reach the printed end for any reason, and ``stops``: those games by
    reason in one cell (``outcomes.stop_counts``; ``outcomes.unfinished`` has a column each)."""
    keys = _by(frame, by)
    games = per_game(frame)
    grouped = games.groupby(keys, sort=True, observed=True) if keys else games.groupby(lambda _: "all")
    out = grouped.agg(
        games=("game_id", "size"),
        turns_mean=("turns", "mean"),
        turns_median=("turns", "median"),
        turns_p10=("turns", lambda s: s.quantile(0.1)),
        turns_p90=("turns", lambda s: s.quantile(0.9)),
        decisions_mean=("decisions", "mean"),
    )
    out = out.reset_index(drop=not keys)
    stops = unfinished(frame, by=keys)
    out["unfinished"] = stops["unfinished"].to_numpy()
    out["stops"] = grouped["stop_reason"].agg(stop_counts).to_numpy()
    return out


def summarize(frame: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """One row per variant: first-seat win rate with interval, scores, length, margins,
    unfinished games and ``detectable`` (the smallest change of the first seat's rate another
    variant of as many games could show, 95%, power 80%).

    A cooperative game is summarised as the team's record instead (``outcomes.team_results``:
    won, lost with the rule of each loss, unfinished, the rate and its interval) with its length.
    """
    keys = _by(frame, by)
    if is_cooperative(frame):
        team = team_results(frame, by=keys)
        length = game_length(frame, by=keys).drop(columns=["games", "unfinished", "stops"])
        return _concat_columns([team, length]) if not keys else team.merge(length, on=keys)
    fpa = first_player_advantage(frame, by=keys)
    length = game_length(frame, by=keys)
    top = frame.groupby("game_id")["score"].nlargest(2).groupby(level=0).agg(lambda s: s.iloc[0] - s.iloc[-1])
    per_game = frame.drop_duplicates("game_id").set_index("game_id")
    per_game = per_game.assign(margin=top, shared=frame.groupby("game_id")["winner"].sum() != 1)
    grouped = per_game.groupby(keys, sort=True) if keys else per_game.groupby(lambda _: "all")
    extra = grouped.agg(score_margin=("margin", "mean"), shared_or_no_winner=("shared", "mean"))
    extra = extra.reset_index(drop=not keys)
    fpa = fpa.rename(columns={"rate": "seat0_win_rate", "ci_low": "seat0_ci_low", "ci_high": "seat0_ci_high"})
    fpa["detectable"] = [detectable_difference(n, r) for n, r in zip(fpa["games"], fpa["seat0_win_rate"], strict=True)]
    parts = [fpa.drop(columns=["wins"]), length.drop(columns=["games"]), extra]
    if not keys:
        return _concat_columns(parts)
    out = parts[0]
    for part in parts[1:]:
        out = out.merge(part, on=keys)
    return out


def _concat_columns(parts: list[pd.DataFrame]) -> pd.DataFrame:
    import pandas as pd

    return pd.concat([p.reset_index(drop=True) for p in parts], axis=1)
