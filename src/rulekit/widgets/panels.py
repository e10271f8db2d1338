"""HTML of the text panels: status line, rule panel, "why not?" box, log rows.

Pure functions of (game, state, lang) so they are tested without a browser.
"""

from __future__ import annotations

from html import escape

from ..engine import Game, IllegalAction, State
from .i18n import t
from .session import HUMAN, Session

__all__ = ["status_text", "rule_html", "phase_html", "why_html", "log_rows", "agent_text"]

#: log rows kept in the widget (older steps stay reachable through the timeline)
LOG_STEPS = 80


def agent_text(kind: str, lang: str) -> str:
    if kind == HUMAN:
        return t("human", lang)
    key = f"agent_{kind}"
    from .i18n import strings

    return t(key, lang) if key in strings() else t("agent_other", lang, name=kind)


def phase_name(game: Game, phase: str, lang: str) -> str:
    p = game.phases.get(phase)
    return p.name_in(lang) if p else phase


def status_text(session: Session, lang: str) -> str:
    """One line: game, step, phase and who decides (or the result)."""
    s, game = session.state, session.game
    title = game.title_de if lang == "de" and game.title_de else game.title
    common = {
        "title": title,
        "step": session.cursor,
        "last": len(session.timeline) - 1,
        "phase": phase_name(game, s.phase, lang),
    }
    if s.is_over:
        winners = ", ".join(str(w + 1) for w in s.winners) or "–"
        text = t("status_over", lang, scores=" / ".join(map(str, s.scores)), winners=winners, **common)
    elif s.automatic:
        text = t("status_auto", lang, **common)
    else:
        text = t("status_move", lang, n=s.to_move + 1, who=agent_text(session.seats[s.to_move], lang), **common)
    return text


def rule_html(game: Game, rule_id: str, lang: str) -> str:
    """A rule's id, phase, text and seed lines."""
    rule = game.rules.get(rule_id)
    if rule is None:
        body = t("rule_engine", lang) if rule_id == "engine" else t("rule_unknown", lang, rule=rule_id)
        return f'<div class="rk-rule-box" data-rule="{escape(rule_id)}"><b>{escape(rule_id)}</b> {escape(body)}</div>'
    seed = (
        f'<div class="rk-seed">{escape(t("seed_lines", lang, lines=rule.seed_lines))}</div>' if rule.seed_lines else ""
    )
    return (
        f'<div class="rk-rule-box" data-rule="{escape(rule.id)}"><b>{escape(rule.id)}</b>'
        f' <span class="rk-rule-phase">{escape(phase_name(game, rule.phase, lang))}</span>'
        f'<p class="rk-rule-text">{escape(rule.text_in(lang))}</p>{seed}</div>'
    )


def phase_html(game: Game, phase: str, lang: str) -> str:
    """A phase's name and the texts of its rules."""
    p = game.phases[phase]
    auto = f" <i>({escape(t('phase_auto', lang))})</i>" if p.automatic else ""
    head = f'<div class="rk-phase-head"><b>{escape(t("phase_title", lang, name=p.name_in(lang)))}</b>{auto}</div>'
    rules = [rule_html(game, rid, lang) for rid in p.rules]
    body = "".join(rules) or f"<p>{escape(t('phase_no_rules', lang))}</p>"
    return f'<div class="rk-phase-rules" data-phase="{escape(phase)}">{head}{body}</div>'


def why_html(refusal: IllegalAction | None, label: str, lang: str) -> str:
    """The "why not?" answer: reason, rule id, and that nothing changed."""
    if refusal is None:
        return f'<div class="rk-why-ok">{escape(t("why_legal", lang, action=label))}</div>'
    reason = refusal.reason_de if lang == "de" else refusal.reason
    return (
        f'<div class="rk-why-box" data-rule="{escape(refusal.rule)}">'
        f"<b>{escape(t('why_title', lang, action=label))}</b> {escape(reason)}"
        f' <span class="rk-why-rule">[{escape(refusal.rule)}]</span>'
        f" <i>{escape(t('why_unchanged', lang))}</i></div>"
    )


def log_rows(session: Session, lang: str) -> tuple[list[dict], str]:
    """Rows of the last ``LOG_STEPS`` steps up to the cursor, and a note on older ones."""
    tl, end = session.timeline, session.cursor
    first = max(0, end - LOG_STEPS + 1)
    labels = tl.labels
    rows = []
    for i in range(first, end + 1):
        label = labels[i]
        shown = t("log_setup", lang) if i == 0 else t("log_auto", lang) if label == "auto" else label
        events = tl[i].events
        for event in events:
            rows.append(
                {"step": i, "label": shown, "rule": event.rule, "text": event.text_in(lang), "current": i == end}
            )
        if not events:
            rows.append({"step": i, "label": shown, "rule": "", "text": "", "current": i == end})
    note = t("log_earlier", lang, n=first) if first else ""
    return rows, note


def describe(game: Game, label: str, lang: str) -> str:
    """A readable action text; falls back to the label."""
    try:
        from ..engine import Action

        return game.describe(Action.parse(label), lang) or label
    except Exception:
        return label


def view_of(state: State, seat: int | None) -> dict:
    return state.view(seat)
