"""How sure a win rate is: intervals, the games a difference needs, a sequential stop.

A designer asks "does this rule change make the first seat stronger?" or
"is the cooperative game won at least 30% of the time?". These functions
say how many games such a question needs before the answer is more than
noise, and when a run may stop early because the answer is already clear.
"""

from __future__ import annotations

import math
from statistics import NormalDist

__all__ = ["wilson", "games_needed", "detectable_difference", "sprt"]


def _z(p: float) -> float:
    return NormalDist().inv_cdf(p)


def wilson(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Better than the normal approximation near 0 and 1 and for few games.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def games_needed(rate_a: float, rate_b: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Games per variant to tell win rates ``rate_a`` and ``rate_b`` apart (two-sided test of two
    proportions at level ``alpha`` with probability ``power``).

    >>> games_needed(0.5, 0.6)
    388
    >>> games_needed(0.5, 0.55)
    1565
    """
    for name, p in (("rate_a", rate_a), ("rate_b", rate_b)):
        if not 0 <= p <= 1:
            raise ValueError(f"{name} must be a win rate from 0 to 1, got {p!r}")
    if not 0 < alpha < 1 or not 0 < power < 1:
        raise ValueError(f"alpha and power must lie between 0 and 1, got {alpha!r} and {power!r}")
    diff = abs(rate_a - rate_b)
    if diff == 0:
        raise ValueError("the two win rates are equal: no number of games can tell them apart")
    mean = (rate_a + rate_b) / 2
    za, zb = _z(1 - alpha / 2), _z(power)
    top = za * math.sqrt(2 * mean * (1 - mean)) + zb * math.sqrt(rate_a * (1 - rate_a) + rate_b * (1 - rate_b))
    return math.ceil((top / diff) ** 2)


def detectable_difference(games: int, rate: float = 0.5, alpha: float = 0.05, power: float = 0.8) -> float:
    """The smallest difference in win rate between two variants of ``games`` games each that a
    two-sided test at level ``alpha`` finds with probability ``power`` (near ``rate``).

    >>> round(detectable_difference(200), 3)
    0.14
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games!r}")
    rate = min(max(rate, 0.1), 0.9)  # the normal approximation says little closer to 0 or 1
    return (_z(1 - alpha / 2) + _z(power)) * math.sqrt(2 * rate * (1 - rate) / games)


def sprt(wins: int, games: int, low: float, high: float, alpha: float = 0.05, beta: float = 0.05) -> str:
    """Wald's sequential test of "the win rate is ``low``" against "it is ``high``" after ``games``
    games with ``wins``: ``"high"`` or ``"low"`` once the evidence is clear (errors at most ``alpha``
    and ``beta``), else ``"continue"``. Chess engine testing stops matches this way; a run can
    stop as soon as the answer is clear instead of playing a fixed number of games.

    >>> sprt(30, 40, 0.3, 0.5), sprt(5, 40, 0.3, 0.5), sprt(8, 20, 0.3, 0.5)
    ('high', 'low', 'continue')
    """
    if not 0 < low < high < 1:
        raise ValueError(f"need 0 < low < high < 1, got low={low!r}, high={high!r}")
    if not 0 <= wins <= games:
        raise ValueError(f"wins must lie from 0 to games ({games}), got {wins!r}")
    llr = wins * math.log(high / low) + (games - wins) * math.log((1 - high) / (1 - low))
    if llr >= math.log((1 - beta) / alpha):
        return "high"
    if llr <= math.log(beta / (1 - alpha)):
        return "low"
    return "continue"
