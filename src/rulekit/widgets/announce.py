"""What the table says aloud through a polite live region (issue 27).

A screen reader does not notice a redrawn board. After every change the
table puts one short sentence into the board's live region: whose turn it
is (with the seat's colour named), the phase, and the last event of the
step; after a refusal, what was refused and why, with the rule id. Only
the words change, so ``aria-live="polite"`` reads them when the reader is
idle and never interrupts.
"""

from __future__ import annotations

from ..engine import IllegalAction
from ..engine import scene_kit as kit
from .i18n import t
from .panels import agent_text, describe, phase_name
from .session import Session

__all__ = ["announcement", "refusal_announcement"]


def _seat(n: int, lang: str) -> str:
    """ "Player 2 (orange)": the colour is said, never only shown."""
    return t("say_seat", lang, n=n + 1, colour=kit.seat_colour_name(n, lang))


def announcement(session: Session, lang: str, seat: int | None = None) -> str:
    """Turn, phase and the last event (as ``seat`` may see it) in one or two sentences."""
    s, game = session.state, session.game
    parts = [t("say_phase", lang, phase=phase_name(game, s.phase, lang))]
    if s.is_over:
        parts.insert(0, t("say_over", lang))
    elif s.automatic:
        parts.append(t("say_auto", lang))
    else:
        who = agent_text(session.seats[s.to_move], lang)
        parts.append(t("say_turn", lang, seat=_seat(s.to_move, lang), who=who))
    shown = [e for e in s.events if e.visible_to(seat)]
    if shown and session.cursor > 0:
        parts.append(t("say_last", lang, event=shown[-1].text_in(lang).rstrip(". "), rule=shown[-1].rule))
    return " ".join(parts)


def refusal_announcement(session: Session, label: str, refusal: IllegalAction, lang: str) -> str:
    """ "Not allowed: <what> - <why> (rule RS-012). Nothing changed." """
    reason = refusal.reason_de if lang == "de" else refusal.reason
    return t("say_refused", lang, action=describe(session.game, str(label), lang), reason=reason, rule=refusal.rule)
