"""The text summary ``rulekit simulate`` prints: what a designer can trust from a run.

A competitive game: win rates by seat (or by agent when seats rotate), the
first seat against its fair share (measured seed by seed with ``--paired``),
game length, every game that did not reach the printed end by reason, and
how large a difference this many games can show. A cooperative game: the
team's win rate with the rule that ended each lost game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .outcomes import is_cooperative, seat_advantage, team_results, unfinished
from .stats import detectable_difference, games_needed
from .sweeps import first_player_advantage, game_length, win_rates

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["report_lines"]


def report_lines(
    frame: pd.DataFrame, game: str, bots: str, seed: int, rotate: bool = False, detect: float | None = None
) -> list[str]:
    """The lines of the summary of a ``simulate`` table (see the module docstring)."""
    games = frame["game_id"].nunique()
    seeds = frame["seed"].nunique()
    lines = [f"{game}: {games} games, bots {bots}, seeds {seed}..{seed + seeds - 1}"]
    if is_cooperative(frame):
        lines += _team(frame)
    else:
        lines += _seats(frame, rotate)
    length = game_length(frame).iloc[0]
    lines.append(
        f"turns per game: mean {length['turns_mean']:.1f}, median {length['turns_median']:.0f}; "
        f"decisions mean {length['decisions_mean']:.1f}"
    )
    lines.append(_unfinished(frame))
    lines.append(_power(frame, detect))
    return lines


def _team(frame: pd.DataFrame) -> list[str]:
    team = team_results(frame).iloc[0]
    out = [
        f"cooperative: the team won {team['won']} of {team['games']} games, win rate {team['rate']:.3f} "
        f"(95% CI {team['ci_low']:.3f}-{team['ci_high']:.3f}); lost {team['lost']}"
        + (f" ({team['losses']})" if team["losses"] else "")
    ]
    out.append("seats: not compared (every seat wins or loses together)")
    return out


def _seats(frame: pd.DataFrame, rotate: bool) -> list[str]:
    paired = bool(len(seat_advantage(frame))) and bool(seat_advantage(frame)["paired"].all())
    by = "agent" if rotate or paired else "seat"
    rates = win_rates(frame, by=by) if by == "agent" else win_rates(frame)
    cols = [by, "games", "wins", "rate", "ci_low", "ci_high", "expected"]
    out = [rates[cols].to_string(index=False, float_format=lambda x: f"{x:.3f}")]
    if paired:
        adv = seat_advantage(frame)
        first = adv[adv["seat"] == 0].iloc[0]
        verdict = "clear" if first["clear"] else "not clear at 95%"
        out.append(
            f"first seat (paired: every seed in every rotation): win rate {first['rate']:.3f} "
            f"(95% CI {first['ci_low']:.3f}-{first['ci_high']:.3f}) vs fair {first['expected']:.3f} ({verdict})"
        )
        return out
    fpa = first_player_advantage(frame).iloc[0]
    if not fpa["comparable"]:
        out.append("first seat: not measured: the seats have different agents (use one agent, --rotate or --paired)")
    else:
        verdict = "clear" if fpa["clear"] else "not clear at 95%"
        out.append(f"first seat: win rate {fpa['rate']:.3f} vs fair {fpa['expected']:.3f} ({verdict})")
    return out


def _unfinished(frame: pd.DataFrame) -> str:
    stops = unfinished(frame).iloc[0]
    n = int(stops["unfinished"])
    reasons = [f"{k} {int(stops[k])}" for k in stops.index if k not in ("games", "unfinished") and stops[k]]
    if not n:
        return "unfinished 0 (every game reached the printed end)"
    return f"unfinished {n} of {int(stops['games'])} (no printed end reached: {', '.join(reasons)})"


def _power(frame: pd.DataFrame, detect: float | None) -> str:
    """How big a difference another run of as many games could tell apart (and, with ``detect``,
    how many games that difference needs)."""
    n = frame["seed"].nunique()
    base = float(team_results(frame)["rate"].iloc[0]) if is_cooperative(frame) else 0.5
    if not is_cooperative(frame):
        first = frame[frame["seat"] == 0]
        base = float(first["winner"].mean()) if len(first) else 0.5
    text = (
        f"sample size: with {n} games per variant a change of win rate of about "
        f"{detectable_difference(n, base):.2f} or more shows (95%, power 80%)"
    )
    if detect:
        other = min(0.999, base + detect) if base + detect <= 1 else max(0.001, base - detect)
        text += f"; to detect {detect:.2f} near {base:.2f}: {games_needed(base, other):,} games per variant"
    return text
