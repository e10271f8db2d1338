"""The status line right above the actions: whose turn, what they can do, where the game is.

Pure functions of a ``Session`` (issue 22): the Table redraws the line on
every refresh, so it is always current, and tests check it at every step
of a seeded game. The line has three parts: who decides and what to do
(``rk-status-who``), where the game is (round, phase, step), and the phase
strip (the phase it came from, the current one, the phases it can go to
next), so the flow's neighbourhood is in view without opening the graph.
Words come from ``texts/ui.toml`` (keys ``status_*``, ``step_wait_*``).
"""

from __future__ import annotations

from html import escape

from ..engine import Game, State
from .i18n import t
from .panels import agent_text, phase_name, result_text
from .session import HUMAN, Session

__all__ = ["status_html", "status_parts", "step_reason", "phase_neighbours"]

_NEXT: dict[tuple[str, int], dict[str, list[str]]] = {}


def phase_neighbours(game: Game) -> dict[str, list[str]]:
    """Each phase's possible next phases (the phase graph's successors, self-loops left out)."""
    key = (game.id, id(game))
    if key not in _NEXT:
        graph = game.phase_graph()
        _NEXT[key] = {p: [q for q in graph.successors(p) if q != p] for p in graph.nodes}
    return _NEXT[key]


def came_from(session: Session) -> str | None:
    """The phase the game was in before the current one (None at the start)."""
    tl, now = session.timeline, session.state.phase
    for i in range(tl.cursor - 1, max(-1, tl.cursor - 2000), -1):
        if tl[i].phase != now:
            return tl[i].phase
    return None


def seat_name(seat: int, lang: str) -> str:
    return t("seat", lang, n=seat + 1)


def step_reason(session: Session, lang: str) -> str:
    """Why Step does nothing now ("" when it can step): a human must decide, or the game is over."""
    s = session.state
    if s.is_over:
        return t("step_wait_over", lang)
    if session.human_to_move():
        return t("step_wait_human", lang, seat=seat_name(s.to_move, lang))
    return ""


def status_parts(session: Session, lang: str) -> dict[str, str]:
    """The status line as plain texts: ``who`` (whose turn and what to do), ``where``, and the phase strip."""
    s, game = session.state, session.game
    if s.is_over:
        who = t("status_who_over", lang, result=result_text(s, lang))
    elif s.automatic:
        who = t("status_who_auto", lang, phase=phase_name(game, s.phase, lang))
    elif session.seats[s.to_move] == HUMAN:
        who = t("status_who_human", lang, seat=seat_name(s.to_move, lang))
    else:
        who = t("status_who_bot", lang, seat=seat_name(s.to_move, lang), who=agent_text(session.seats[s.to_move], lang))
    step = {"step": session.cursor, "last": len(session.timeline) - 1}
    rnd = getattr(s.data, "round", None)
    phase = phase_name(game, s.phase, lang)
    if isinstance(rnd, int) and not isinstance(rnd, bool):
        where = t("status_where_round", lang, round=rnd, phase=phase, **step)
    else:
        where = t("status_where", lang, phase=phase, **step)
    before = came_from(session)
    nexts = [] if s.is_over else phase_neighbours(game).get(s.phase, [])
    return {
        "who": who,
        "where": where,
        "from": phase_name(game, before, lang) if before else "",
        "now": phase,
        "next": ", ".join(phase_name(game, p, lang) for p in nexts),
    }


def status_html(session: Session, lang: str, view_seat: int | None = None) -> str:
    """The status line as HTML (class ``rk-status``; data attributes say the state it shows)."""
    s = session.state
    parts = status_parts(session, lang)
    strip = [f'<span class="rk-strip-now">{escape(parts["now"])}</span>']
    if parts["from"]:
        strip.insert(0, f'<span class="rk-strip-from">{escape(t("status_from", lang, phase=parts["from"]))}</span>')
    if parts["next"]:
        strip.append(f'<span class="rk-strip-next">{escape(t("status_next", lang, phases=parts["next"]))}</span>')
    kind = "over" if s.is_over else "auto" if s.automatic else ("human" if session.human_to_move() else "bot")
    to_move = "" if s.to_move is None else str(s.to_move)
    return (
        f'<div class="rk-status rk-status-{kind}" data-kind="{kind}" data-to-move="{to_move}" '
        f'data-phase="{escape(s.phase)}" data-step="{session.cursor}">'
        f'<div class="rk-status-who">{escape(parts["who"])}</div>'
        f'<div class="rk-status-where">{escape(parts["where"])} <span class="rk-phase-strip">'
        f"{' → '.join(strip)}</span></div></div>"
    )


def expected_kind(state: State, seats: list[str]) -> str:
    """What the status line must say for ``state``: over, auto, human or bot (tests use it)."""
    if state.is_over:
        return "over"
    if state.automatic:
        return "auto"
    return "human" if seats[state.to_move] == HUMAN else "bot"
