"""HTML of the text panels: status line, rule panel, "why not?" box, log rows.

Pure functions of (game, state, lang) so they are tested without a browser.
"""

from __future__ import annotations

import functools
from html import escape

from ..engine import Game, IllegalAction, State
from ..engine.seats import seat_name
from .i18n import t
from .session import HUMAN, Session

__all__ = [
    "status_text",
    "rule_html",
    "phase_html",
    "why_html",
    "log_rows",
    "agent_text",
    "result_text",
    "group_name",
    "describe",
    "previous_choices",
]

#: log rows kept in the widget (older steps stay reachable through the timeline)
LOG_STEPS = 50


def agent_text(kind: str, lang: str) -> str:
    if kind == HUMAN:
        return t("human", lang)
    key = f"agent_{kind}"
    from .i18n import strings

    return t(key, lang) if key in strings() else t("agent_other", lang, name=kind)


def phase_name(game: Game, phase: str, lang: str) -> str:
    p = game.phases.get(phase)
    return p.name_in(lang) if p else phase


def section_name(game: Game, phase: str, lang: str) -> str:
    """The rulebook section of a rule in words: its phase's name, or the ledger's
    general sections (``components``, ``any``) in the table's words."""
    if phase in game.phases:
        return phase_name(game, phase, lang)
    key = f"section_{phase}"
    from .i18n import strings

    return t(key, lang) if key in strings() else phase.replace("_", " ")


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
        text = t("status_over", lang, result=result_text(s, lang), **common)
    elif s.automatic:
        text = t("status_auto", lang, **common)
    else:
        text = t("status_move", lang, n=s.to_move + 1, who=agent_text(session.seats[s.to_move], lang), **common)
    return text


def seats_text(seats, lang: str) -> str:
    """``P1, P2 and P3`` (``und`` in German)."""
    names = [seat_name(i) for i in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {t('and', lang)} {names[-1]}"


def unfinished_key(prefix: str, state: State) -> str:
    """The text key for an unfinished game: a stalemate (no one can reach the printed end) reads
    differently from a round or step limit set for bots and tests."""
    return f"{prefix}_stalemate" if state.game.end_rule(state) == "stalemate" else f"{prefix}_unfinished"


def result_text(state: State, lang: str) -> str:
    """The outcome in words: who won, a shared or cooperative win, a cooperative loss, or unfinished."""
    if state.unfinished:
        return t(unfinished_key("result", state), lang)
    winners, game = tuple(state.winners), state.game
    if game.cooperative:
        return t("result_coop_won", lang) if winners else t("result_coop_lost", lang)
    if not winners:
        return t("result_none", lang)
    if len(winners) == 1:
        return t("result_one", lang, n=winners[0] + 1)
    return t("result_shared", lang, seats=seats_text(winners, lang))


def rule_html(game: Game, rule_id: str, lang: str) -> str:
    """A rule's id, its rulebook section (the phase it belongs to, in words) and its text."""
    rule = game.rules.get(rule_id)
    if rule is None:
        body = t("rule_engine", lang) if rule_id == "engine" else t("rule_unknown", lang, rule=rule_id)
        return f'<div class="rk-rule-box" data-rule="{escape(rule_id)}"><b>{escape(rule_id)}</b> {escape(body)}</div>'
    section = t("rule_section", lang, phase=section_name(game, rule.phase, lang))
    return (
        f'<div class="rk-rule-box" data-rule="{escape(rule.id)}"><b>{escape(rule.id)}</b>'
        f' <span class="rk-rule-phase">{escape(section)}</span>'
        f'<p class="rk-rule-text">{escape(rule.text_in(lang))}</p></div>'
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
    """The "why not?" answer: reason, rule id, and that nothing changed.

    ``label`` is what was tried, in words (``describe``) where the game can say it.
    """
    if refusal is None:
        return f'<div class="rk-why-ok">{escape(t("why_legal", lang, action=label))}</div>'
    reason = refusal.reason_de if lang == "de" else refusal.reason
    return (
        f'<div class="rk-why-box" data-rule="{escape(refusal.rule)}">'
        f"<b>{escape(t('why_title', lang, action=label))}</b> {escape(reason)}"
        f' <span class="rk-why-rule">[{escape(refusal.rule)}]</span>'
        f" <i>{escape(t('why_unchanged', lang))}</i></div>"
    )


def log_rows(session: Session, lang: str, seat: int | None = None) -> tuple[list[dict], str]:
    """Rows of the last ``LOG_STEPS`` steps up to the cursor as ``seat`` may see them, and a note on older ones.

    A decision's row says who decided what, in words (``Game.describe``);
    events meant for other seats (``Event.visible_to``: sealed bids, drawn
    cards) are left out, and another seat's decision that shows ``seat`` no
    event is said without its action: the engine does not mark actions as
    private, and a card put into a sealed bid makes no public event.
    """
    tl, end, game = session.timeline, session.cursor, session.game
    first = max(0, end - LOG_STEPS + 1)
    labels = tl.labels
    setup, auto = t("log_setup", lang), t("log_auto", lang)
    rows = []
    for i in range(first, end + 1):
        label, events = labels[i], tl[i].events
        shown = [e for e in events if e.visible_to(seat)]
        if i == 0:
            head = setup
        elif label == "auto":
            head = auto
        else:
            actor = tl[i - 1].to_move
            who = actor + 1 if actor is not None else 0
            if not shown and seat is not None and actor != seat:
                head = t("log_hidden", lang, n=who)
            else:
                head = t("log_decision", lang, n=who, action=describe(game, label, lang))
        for n, event in enumerate(shown):  # the step's words head its first row only
            text = event.text_in(lang)
            rows.append({"step": i, "label": "" if n else head, "rule": event.rule, "text": text, "current": i == end})
        if not shown and (events or label != "auto"):
            rows.append({"step": i, "label": head, "rule": "", "text": "", "current": i == end})
    note = t("log_earlier", lang, n=first) if first else ""
    return rows, note


def previous_choices(session: Session, limit: int = 6) -> list:
    """Choices the seat to move had at its decision just before, in the same
    phase, that are gone now (shown greyed, so a learner can ask "why not?").

    Only the one decision right before counts (before an automatic step: the
    decision that led to it), and at most ``limit`` of its choices, so greyed
    buttons of earlier decisions never pile up.
    """
    s, cursor = session.state, session.cursor
    if cursor == 0 or s.is_over:
        return []
    before = session.timeline[cursor - 1]
    if before.to_move is None or before.is_over:
        return []
    if s.to_move is not None and (before.to_move != s.to_move or before.phase != s.phase):
        return []
    now = set(s.legal_actions())
    return [a for a in before.legal_actions() if a not in now][:limit]


def group_name(game: Game, kind: str, lang: str) -> str:
    """A heading for the action buttons of ``kind``: the game's ``action_group.<kind>`` text, else none.

    Buttons already say the whole action in words, so a game without group
    names shows none rather than a code name.
    """
    key = f"action_group.{kind}"
    en, de = game.messages.format(key)
    if en == key:
        return ""
    return de if lang == "de" else en


@functools.lru_cache(maxsize=8192)
def describe(game: Game, label: str, lang: str) -> str:
    """A readable action text; falls back to the label.

    Cached: the log says every decision of its last 50 steps in words at each
    redraw, and a game's words for one label never change.
    """
    try:
        from ..engine import Action

        return game.describe(Action.parse(label), lang) or label
    except Exception:
        return label


def view_of(state: State, seat: int | None) -> dict:
    return state.view(seat)
