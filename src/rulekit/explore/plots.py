"""Matplotlib figures for simulation results (the exploration notebook's plots).

Each function takes the tidy table of ``simulate``/``sweep`` and an
optional ``Axes`` and returns the ``Axes``, so notebooks only assemble.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .outcomes import is_cooperative, team_results
from .sweeps import first_player_advantage, game_length, win_rates

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = [
    "seat_win_rates",
    "score_distribution",
    "length_distribution",
    "sweep_win_rates",
    "sweep_lengths",
    "overview",
]


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(5, 3.2))[1]


def seat_win_rates(frame: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Bars: win rate per seat with 95% Wilson intervals; dashed line: the fair share."""
    ax = _axes(ax)
    rates = win_rates(frame, by="seat")
    low = (rates["rate"] - rates["ci_low"]).clip(lower=0)  # rounding can leave -1e-17
    high = (rates["ci_high"] - rates["rate"]).clip(lower=0)
    ax.bar(rates["seat"].astype(str), rates["rate"], yerr=[low, high], capsize=6, color="#4c72b0")
    ax.axhline(rates["expected"].iloc[0], ls="--", color="#c44e52", label="fair share")
    games = frame["game_id"].nunique()
    ax.set(xlabel="seat (0 moves first)", ylabel="win rate", title=f"Win rate by seat ({games:,} games)")
    ax.set_ylim(0, max(1.0, float(rates["ci_high"].max())) * 1.05)
    ax.legend(loc="upper right")
    return ax


def score_distribution(frame: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Box plots of final scores per seat."""
    ax = _axes(ax)
    seats = sorted(frame["seat"].unique())
    ax.boxplot([frame.loc[frame["seat"] == s, "score"] for s in seats], tick_labels=[str(s) for s in seats])
    ax.set(xlabel="seat", ylabel="final score", title="Scores by seat")
    return ax


def length_distribution(frame: pd.DataFrame, ax: Axes | None = None, column: str = "turns") -> Axes:
    """Histogram of game length (``turns`` or ``decisions``) with its median."""
    ax = _axes(ax)
    values = frame.drop_duplicates("game_id")[column]
    ax.hist(values, bins=min(40, max(5, values.nunique())), color="#55a868")
    ax.axvline(values.median(), color="black", ls=":", label=f"median {values.median():.0f}")
    ax.set(xlabel=column, ylabel="games", title="Game length")
    ax.legend(loc="upper right")
    return ax


def sweep_win_rates(frame: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Seat 0's win rate per variant with 95% intervals against the fair share (a cooperative
    game: the team's win rate per variant; its seats win or lose together)."""
    ax = _axes(ax)
    if is_cooperative(frame):
        return _team_win_rates(frame, ax)
    fpa = first_player_advantage(frame)
    labels = fpa["variant"] if "variant" in fpa else ["all"] * len(fpa)
    low = (fpa["rate"] - fpa["ci_low"]).clip(lower=0)
    high = (fpa["ci_high"] - fpa["rate"]).clip(lower=0)
    ax.errorbar(range(len(fpa)), fpa["rate"], yerr=[low, high], fmt="o", capsize=6, color="#4c72b0")
    ax.plot(range(len(fpa)), fpa["expected"], "--", color="#c44e52", label="fair share")
    ax.set_xticks(range(len(fpa)), labels, rotation=20, ha="right")
    ax.set_xlim(-0.5, len(fpa) - 0.5)
    title = "First-player advantage by variant"
    if not fpa["comparable"].all():  # different agents per seat: skill, not seat order
        title = "Seat 0 win rate (agents differ by seat: not a seat advantage)"
    ax.set(ylabel="seat 0 win rate", title=title)
    ax.legend(loc="best")
    return ax


def _team_win_rates(frame: pd.DataFrame, ax: Axes) -> Axes:
    team = team_results(frame)
    labels = team["variant"] if "variant" in team else ["all"] * len(team)
    low = (team["rate"] - team["ci_low"]).clip(lower=0)
    high = (team["ci_high"] - team["rate"]).clip(lower=0)
    ax.errorbar(range(len(team)), team["rate"], yerr=[low, high], fmt="o", capsize=6, color="#4c72b0")
    ax.set_xticks(range(len(team)), labels, rotation=20, ha="right")
    ax.set_xlim(-0.5, len(team) - 0.5)
    ax.set_ylim(-0.02, 1.02)
    ax.set(ylabel="team win rate", title="Cooperative: the team's win rate by variant")
    return ax


def sweep_lengths(frame: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Median turns per variant with the 10th-90th percentile range."""
    ax = _axes(ax)
    length = game_length(frame)
    labels = length["variant"] if "variant" in length else ["all"] * len(length)
    low = (length["turns_median"] - length["turns_p10"]).clip(lower=0)
    high = (length["turns_p90"] - length["turns_median"]).clip(lower=0)
    ax.errorbar(range(len(length)), length["turns_median"], yerr=[low, high], fmt="s", capsize=6, color="#55a868")
    ax.set_xticks(range(len(length)), labels, rotation=20, ha="right")
    ax.set_xlim(-0.5, len(length) - 0.5)
    ax.set(ylabel="turns (median, p10-p90)", title="Game length by variant")
    return ax


def overview(frame: pd.DataFrame, **fig_kw: Any):
    """Win rate by seat, scores and game length side by side; returns the Figure."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=fig_kw.pop("figsize", (14, 3.6)), **fig_kw)
    seat_win_rates(frame, axes[0])
    score_distribution(frame, axes[1])
    length_distribution(frame, axes[2])
    fig.tight_layout()
    return fig
