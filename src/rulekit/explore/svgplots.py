"""Small SVG charts of simulation summaries: readable in a dashboard, drawable without matplotlib.

The Explorer panel draws its charts with these in the browser (Pyodide has
no matplotlib) and on a server alike, so both look the same: every label
at least ``MIN_FONT`` pixels, long variant names wrapped onto several lines
instead of clipped, a chart 460 pixels wide so two fit side by side at
1024 pixels.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from html import escape

__all__ = ["interval_chart", "MIN_FONT"]

#: the smallest text in a chart, in CSS pixels
MIN_FONT = 13
#: characters per line of a variant name under its point
WRAP = 18


def interval_chart(
    labels: Sequence[str],
    values: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    *,
    title: str,
    axis: str,
    reference: float | None = None,
    reference_label: str = "",
    percent: bool = False,
    width: int = 460,
) -> str:
    """Points with whiskers (an interval each) over wrapped labels; an optional dashed reference line."""
    if not (len(labels) == len(values) == len(lows) == len(highs)) or not labels:
        raise ValueError("labels, values, lows and highs must be equally long and not empty")
    wrapped = [textwrap.wrap(str(label), WRAP) or [""] for label in labels]
    lines = max(len(w) for w in wrapped)
    left, right, top = 64, 16, 44
    plot_h = 170
    height = top + plot_h + 14 + lines * (MIN_FONT + 3) + 8
    top_value = max([*highs, *values, reference or 0]) or 1.0
    if percent:
        top_value = 1.0
    else:
        top_value *= 1.1

    def y(v: float) -> float:
        return top + plot_h - plot_h * (v / top_value)

    step = (width - left - right) / len(labels)
    fmt = (lambda v: f"{v:.0%}") if percent else (lambda v: f"{v:,.0f}")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rk-chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" style="max-width:100%;height:auto;font-family:sans-serif" '
        f'role="img" aria-label="{escape(title)}">',
        f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="{MIN_FONT + 3}" '
        f'font-weight="bold">{escape(title)}</text>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#444"/>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}" stroke="#444"/>',
        f'<text x="14" y="{top + plot_h / 2}" font-size="{MIN_FONT}" text-anchor="middle" '
        f'transform="rotate(-90 14 {top + plot_h / 2})">{escape(axis)}</text>',
    ]
    for tick in (0.0, top_value / 2, top_value):
        out.append(
            f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" font-size="{MIN_FONT}" text-anchor="end">{fmt(tick)}</text>'
        )
    if reference is not None:
        out.append(
            f'<line x1="{left}" y1="{y(reference):.1f}" x2="{width - right}" y2="{y(reference):.1f}" '
            f'stroke="#c44e52" stroke-dasharray="6 4"/>'
        )
        out.append(
            f'<text x="{width - right}" y="{y(reference) - 5:.1f}" font-size="{MIN_FONT}" text-anchor="end" '
            f'fill="#c44e52">{escape(reference_label)}</text>'
        )
    for i, (value, low, high) in enumerate(zip(values, lows, highs, strict=True)):
        x = left + step * (i + 0.5)
        out.append(f'<line x1="{x:.1f}" y1="{y(low):.1f}" x2="{x:.1f}" y2="{y(high):.1f}" stroke="#4c72b0"/>')
        for cap in (low, high):
            out.append(
                f'<line x1="{x - 6:.1f}" y1="{y(cap):.1f}" x2="{x + 6:.1f}" y2="{y(cap):.1f}" stroke="#4c72b0"/>'
            )
        out.append(
            f'<circle cx="{x:.1f}" cy="{y(value):.1f}" r="5" fill="#4c72b0"><title>{escape(fmt(value))}</title></circle>'
        )
        out.append(
            f'<text x="{x + 9:.1f}" y="{y(value) + 4:.1f}" font-size="{MIN_FONT}" fill="#223">{fmt(value)}</text>'
        )
        for j, line in enumerate(wrapped[i]):
            out.append(
                f'<text x="{x:.1f}" y="{top + plot_h + 14 + (j + 1) * (MIN_FONT + 3) - 3}" '
                f'font-size="{MIN_FONT}" text-anchor="middle">{escape(line)}</text>'
            )
    out.append("</svg>")
    return "".join(out)
