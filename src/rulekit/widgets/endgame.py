"""The end-of-game panel: final scores by scoring rule, the outcome in words, the tie-break cited.

A pure function of the final state (``Game.score_breakdown``,
``Game.tiebreak_rule``, ``State.unfinished``), tested without a browser.
"""

from __future__ import annotations

from html import escape

from ..engine import State
from .i18n import t
from .panels import result_text, unfinished_key

__all__ = ["end_html"]


def end_html(state: State, lang: str) -> str:
    """The panel's HTML once ``state`` is over; empty before that."""
    if not state.is_over:
        return ""
    game = state.game
    seats = range(state.players)
    head = "".join(f"<th>{escape(t('seat', lang, n=i + 1))}</th>" for i in seats)
    lines = game.score_breakdown(state)
    body = "".join(
        f'<tr data-rule="{escape(line.rule)}"><td>{escape(line.name_in(lang))}'
        f"{_rule_ref(game, line.rule)}</td>" + "".join(f"<td>{p}</td>" for p in line.points) + "</tr>"
        for line in lines
    )
    totals = "".join(f"<td><b>{p}</b></td>" for p in state.scores)
    table = (
        f'<table class="rk-end-scores"><tr><th>{escape(t("end_rule", lang))}</th>{head}</tr>{body}'
        f'<tr class="rk-end-total"><td><b>{escape(t("end_total", lang))}</b></td>{totals}</tr></table>'
    )
    parts = [f'<h4 class="rk-panel-title">{escape(t("end_title", lang))}</h4>']
    outcome = escape(result_text(state, lang))
    parts.append(f'<div class="rk-end-result">{outcome}</div>')
    if state.unfinished:
        parts.append(f'<div class="rk-end-note">{escape(t(unfinished_key("end", state), lang))}</div>')
    parts.append(table)
    rule = None if state.unfinished else game.tiebreak_rule(state)
    if rule:
        known = game.rules.get(rule)
        text = known.text_in(lang) if known else rule
        parts.append(
            f'<div class="rk-end-tiebreak" data-rule="{escape(rule)}">'
            f"{escape(t('end_tiebreak', lang, rule=rule, text=text))}</div>"
        )
    return f'<div class="rk-end">{"".join(parts)}</div>'


def _rule_ref(game, rule: str) -> str:
    return f' <span class="rk-end-rule-id">[{escape(rule)}]</span>' if rule in game.rules else ""
