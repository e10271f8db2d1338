"""A summary in words: a table with column titles in words, and two SVG charts (Explorer and ``study``).

The summary rows come from ``sweeps.summarize`` on a server and from
``explore.plain.summary`` in the browser; both name their columns with the
same codes (``seat0_win_rate``, ``turns_median``, ...). Here the codes
become words (English or German, ``texts/explorer.toml``), rates become
percentages, an interval becomes one "41%-59%" cell, and the table wraps
its titles so it fits a 1024-pixel screen.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from html import escape
from importlib import resources
from typing import Any

from .svgplots import interval_chart

__all__ = ["results_table", "charts", "column_title", "shown_columns", "TABLE_CSS"]

#: codes shown as percentages
_RATES = {"seat0_win_rate", "rate", "expected", "advantage", "shared_or_no_winner", "detectable"}
#: codes folded into another cell (an interval is one cell) or left out to fit 1024 pixels (the median says it)
_FOLDED = {
    "seat0_ci_low",
    "seat0_ci_high",
    "ci_low",
    "ci_high",
    "turns_p10",
    "turns_p90",
    "turns_mean",
    "decisions_mean",
}

TABLE_CSS = """<style>
.rk-explore-table {border-collapse: collapse; font-size: 14px; max-width: 100%; table-layout: auto}
.rk-explore-table th {font-weight: 600; text-align: left; vertical-align: bottom; padding: 4px 8px;
  border-bottom: 2px solid #888; white-space: normal; max-width: 9em}
.rk-explore-table td {padding: 4px 8px; border-bottom: 1px solid #ddd; white-space: nowrap}
.rk-explore-table td.rk-variant {white-space: normal; max-width: 14em}
.rk-explore-charts {display: flex; flex-wrap: wrap; gap: 12px; margin-top: 10px}
.rk-explore-scroll {max-width: 100%; overflow-x: auto}
.rk-explore-scroll:focus-visible {outline: 3px solid #1a1a1a; outline-offset: 2px; box-shadow: 0 0 0 5px #fff}
</style>"""


@cache
def _texts() -> dict[str, Any]:
    with resources.files(__package__).joinpath("texts/summary_html.toml").open("rb") as f:
        return tomllib.load(f)


def _t(key: str, lang: str) -> str:
    entry = _texts()[key]
    return entry.get(lang, entry["en"])


def column_title(code: str, lang: str = "en", cooperative: bool = False) -> str:
    """A column's title in words; an unknown code reads as its words ("score_mean" -> "score mean")."""
    columns = _texts()["columns"]
    if cooperative and code == "seat0_win_rate":
        code = "seat0_win_rate_team"
    entry = columns.get(code)
    if entry is None:
        return code.replace("_", " ")
    return entry.get(lang, entry["en"])


def _cell(code: str, value: Any, lang: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return _t("yes" if value else "no", lang)
    if code in _RATES:
        return f"{float(value):.0%}" if lang == "en" else f"{float(value):.0%}".replace("%", " %")
    if isinstance(value, float) or type(value).__name__.startswith("float"):
        text = f"{float(value):,.1f}"
        return text if lang == "en" else text.replace(",", " ").replace(".", ",")
    return escape(str(value))


def _stops(value: Any, lang: str) -> str:
    """``"stalemate 3, decision_limit 1"`` in words ("stalemate 3, step limit 1"); "–" for none."""
    if not value:
        return "–"
    words = _texts().get("stop_words", {})
    parts = []
    for part in str(value).split(", "):
        reason, _, count = part.rpartition(" ")
        entry = words.get(reason)
        parts.append(f"{entry.get(lang, entry['en']) if entry else reason} {count}")
    return escape(", ".join(parts))


def shown_columns(rows: list[dict], cooperative: bool = False) -> list[str]:
    codes = list(rows[0])
    shown = []
    for code in codes:
        if code in _FOLDED or (cooperative and code in ("expected", "advantage", "comparable", "clear")):
            continue
        shown.append(code)
        if code == "seat0_win_rate" and "seat0_ci_low" in codes:
            shown.append("seat0_ci")
        if code == "rate" and "ci_low" in codes:
            shown.append("ci")
        if code == "turns_median" and "turns_p10" in codes:
            shown.append("turns_range")
    return shown


def results_table(rows: list[dict], lang: str = "en", cooperative: bool = False) -> str:
    """The summary rows as an HTML table, titles in words."""
    if not rows:
        return ""
    codes = shown_columns(rows, cooperative)
    head = "".join(f'<th scope="col">{escape(column_title(c, lang, cooperative))}</th>' for c in codes)
    body = []
    for row in rows:
        cells = []
        for code in codes:
            if code in ("seat0_ci", "ci"):
                prefix = "seat0_" if code == "seat0_ci" else ""
                low, high = row[f"{prefix}ci_low"], row[f"{prefix}ci_high"]
                text = f"{_cell('rate', low, lang)}–{_cell('rate', high, lang)}"
            elif code == "stops":
                text = _stops(row.get(code), lang)
            elif code == "turns_range":
                text = f"{row['turns_p10']:.0f}–{row['turns_p90']:.0f}"
            else:
                text = _cell(code, row.get(code), lang)
            css = ' class="rk-variant"' if code == "variant" else ""
            cells.append(f"<td{css}>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    # a table wider than the screen scrolls in its own box, which the keyboard can reach (tabindex) and a
    # screen reader names (issue 27, WCAG 2.1.1; axe `scrollable-region-focusable`), not the whole output
    # named by its variants: a scrolling box a screen reader says (a group, not a landmark: the notebook and
    # the Explorer may show the same variants twice, and a page has few landmarks)
    label = escape(f"{_t('table_label', lang)}: {', '.join(str(r.get('variant', '')) for r in rows)}")
    return (
        f'{TABLE_CSS}<div class="rk-explore-scroll" role="group" tabindex="0" aria-label="{label}">'
        f'<table class="rk-explore-table"><tr>{head}</tr>{"".join(body)}</table></div>'
    )


def charts(rows: list[dict], lang: str = "en", cooperative: bool = False) -> str:
    """Win rate and game length per variant, as two SVG charts side by side."""
    if not rows:
        return ""
    labels = [str(r["variant"]) for r in rows]
    expected = rows[0].get("expected")
    prefix = "seat0_" if "seat0_win_rate" in rows[0] else ""  # a cooperative summary: the team's "rate"
    win = interval_chart(
        labels,
        [r["seat0_win_rate" if prefix else "rate"] for r in rows],
        [r[f"{prefix}ci_low"] for r in rows],
        [r[f"{prefix}ci_high"] for r in rows],
        title=_t("chart_win_team" if cooperative else "chart_win", lang),
        axis=_t("chart_win_axis", lang),
        reference=None if cooperative or expected is None else float(expected),
        reference_label=_t("fair_share", lang),
        percent=True,
    )
    length = interval_chart(
        labels,
        [r["turns_median"] for r in rows],
        [r["turns_p10"] for r in rows],
        [r["turns_p90"] for r in rows],
        title=_t("chart_length", lang),
        axis=_t("chart_length_axis", lang),
    )
    return f'<div class="rk-explore-charts">{win}{length}</div>'
