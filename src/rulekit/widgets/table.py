"""``Table``: everything a learner needs to play and understand one game.

It composes the board, the legal actions (grouped by kind), step-through
controls, the phase-flow graph, the state inspector, the event log, the
rule panel and the language switch, all through the engine contract. The
same methods that buttons call are public, so tests drive a Table without
a browser::

    from rulekit.widgets import Table
    table = Table("rune_stones", players=2, seed=1, seats=["human", "random"])
    table.click_action(table.legal_labels()[0]); table.undo(); table.set_lang("de")
"""

from __future__ import annotations

import functools
from typing import Any

import ipywidgets as w

from ..engine import Game, IllegalAction, State
from .actions import ActionBar
from .board import Board
from .controls import Controls
from .i18n import check_lang, t
from .inspector import Inspector
from .log import EventLog
from .panels import describe, log_rows, phase_html, rule_html, status_html, why_html
from .phase_graph import PhaseGraph, VisitedCache
from .session import HUMAN, Session

__all__ = ["Table"]


def _guarded(method):
    """For browser callbacks: show an unexpected error in the table, never a traceback."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as err:  # shown to the user instead of a traceback
            self.why.value = f'<div class="rk-error">{type(err).__name__}: {err}</div>'
            return None

    return wrapper


def _panel(title_key: str, body: w.Widget, lang: str, cls: str) -> tuple[w.VBox, w.HTML]:
    head = w.HTML(f"<h4>{t(title_key, lang)}</h4>")
    head.add_class("rk-panel-title")
    box = w.VBox([head, body])
    box.add_class("rk-panel")
    box.add_class(cls)
    return box, head


class Table(w.VBox):
    """Play and study one game: board, actions, steps, phases, state, log, rules.

    Parameters
    ----------
    game : str or Game
        A game id (``rulekit.games()``) or a ``Game``.
    players : int, optional
        Player count (the game's smallest by default).
    seed : int
        Seed of the game's randomness; the same seed replays the same game.
    seats : list of str, optional
        ``"human"`` or an agent name (``"random"``, ...) for each seat.
    lang : {"en", "de"}
    view : int, optional
        Seat whose view the board and inspector show; None (the default when
        not exactly one seat is human) shows everything (teacher view).
    autoplay : bool, optional
        Run automatic steps and bot decisions by themselves after each human
        decision; on by default when humans play against bots.
    options : dict, optional
        Rule options for ``game.new``.
    """

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        seed: int = 0,
        seats: list[str] | None = None,
        lang: str = "en",
        view: int | None = -1,
        autoplay: bool | None = None,
        options: dict[str, Any] | None = None,
    ):
        self.session = Session(game, players, seed, seats, options)
        self.game = self.session.game
        self.lang = check_lang(lang)
        seats = self.session.seats
        humans = [i for i, k in enumerate(seats) if k == HUMAN]
        self.view_seat = (humans[0] if len(humans) == 1 and len(seats) > 1 else None) if view == -1 else view
        self._syncing = True
        self._views: dict = {}
        self._visited = VisitedCache()
        self.controls = c = Controls(self.session.players, seats, seed, lang)
        c.autoplay.value = bool(humans) and len(humans) < len(seats) if autoplay is None else autoplay
        self.board = Board()
        self.actions = ActionBar()
        self.phases = PhaseGraph(self.game.phase_graph(), lang)
        self.inspector = Inspector()
        self.event_log = EventLog()
        self.rule = w.HTML()
        self.rule.add_class("rk-rule")
        self.why = w.HTML()
        self.why.add_class("rk-why")
        self.status = w.HTML()
        self.status.add_class("rk-status")
        self.title = w.HTML()
        self.title.add_class("rk-title")
        self._build(lang)
        self._wire()
        self._syncing = False
        if c.autoplay.value:
            self.session.run_bots()
        self.rule.value = f'<div class="rk-rule-empty">{t("rule_empty", lang)}</div>'
        self.refresh()

    # -- layout ------------------------------------------------------------

    def _build(self, lang: str) -> None:
        c = self.controls
        try_row = w.HBox([c.try_box, c.try_button], layout=w.Layout(flex_flow="row wrap"))
        self._panels = {}
        parts = {}
        for key, body, cls in (
            ("board_title", w.VBox([self.board, self.actions, try_row, self.why]), "rk-play-area"),
            ("rules_title", self.rule, "rk-rule-area"),
            ("log_title", self.event_log, "rk-log-area"),
            ("phases_title", self.phases, "rk-phase-area"),
            ("inspector_title", w.VBox([c.view, self.inspector]), "rk-inspector-area"),
        ):
            parts[key], self._panels[key] = _panel(key, body, lang, cls)
        left = w.VBox(
            [parts["board_title"], parts["phases_title"]], layout=w.Layout(flex="3 1 480px", min_width="320px")
        )
        right = w.VBox(
            [parts["rules_title"], parts["log_title"], parts["inspector_title"]],
            layout=w.Layout(flex="2 1 320px", min_width="280px"),
        )
        header = w.HBox([self.title, c.lang], layout=w.Layout(justify_content="space-between", align_items="center"))
        main = w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", width="100%"))
        super().__init__([header, self.status, *c.bars(), main])
        self.add_class("rk-table")

    def _wire(self) -> None:
        c = self.controls
        c.step.on_click(lambda _: self._ui(self.step))
        c.undo.on_click(lambda _: self._ui(self.undo))
        c.redo.on_click(lambda _: self._ui(self.redo))
        c.play.on_click(lambda _: self._ui(self.play, c.play_n.value))
        c.end.on_click(lambda _: self._ui(self.play_to_end))
        c.reset.on_click(lambda _: self._ui(self.reset, c.seed.value))
        c.try_button.on_click(lambda _: self._ui(self.click_action, c.try_box.value.strip()))
        c.try_box.observe(
            lambda ch: ch["new"].strip() and self._ui(self.click_action, ch["new"].strip()), names="value"
        )
        c.slider.observe(lambda ch: self._ui(self.jump, ch["new"]), names="value")
        c.lang.observe(lambda ch: self._ui(self.set_lang, ch["new"]), names="value")
        c.view.observe(lambda ch: self._ui(self.set_view, None if ch["new"] == -1 else ch["new"]), names="value")
        c.autoplay.observe(lambda ch: self._ui(self.set_autoplay, ch["new"]), names="value")
        for i, d in enumerate(c.seats):
            d.observe(functools.partial(lambda i, ch: self._ui(self.set_seat, i, ch["new"]), i), names="value")
        self.board.on_click(lambda label, _enabled: self._ui(self.click_action, label))
        self.actions.on_click(lambda label: self._ui(self.click_action, label))
        self.phases.on_select(lambda phase: self._ui(self.show_phase, phase))
        self.event_log.on_rule(lambda rule: self._ui(self.show_rule, rule))

    @_guarded
    def _ui(self, method, *args):
        if not self._syncing:
            method(*args)

    # -- reading -------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def timeline(self):
        return self.session.timeline

    @property
    def seats(self) -> list[str]:
        return list(self.session.seats)

    def legal_labels(self) -> list[str]:
        return [str(a) for a in self.state.legal_actions()]

    # -- actions (the same methods the buttons call) ---------------------------

    def click_action(self, label: str) -> IllegalAction | None:
        """Try ``label``: play it if legal, else show why not (nothing changes)."""
        refusal = self.session.try_action(label)
        if refusal is not None:
            self.why.value = why_html(refusal, label, self.lang)
            self.show_rule(refusal.rule, clear_why=False)
            return refusal
        self.why.value = ""
        if self.controls.autoplay.value:
            self.session.run_bots()
        self.refresh()
        return None

    def why_not(self, label: str) -> IllegalAction | None:
        """Show why ``label`` is not legal now without trying it."""
        refusal = self.session.why_not(label)
        self.why.value = why_html(refusal, label, self.lang)
        if refusal is not None:
            self.show_rule(refusal.rule, clear_why=False)
        return refusal

    def step(self) -> str:
        """One automatic step or one bot decision; a human seat is asked to choose."""
        done = self.session.step()
        s = self.state
        if done == "human":
            self.why.value = f'<div class="rk-hint">{t("waiting_human", self.lang, seat=s.to_move)}</div>'
        elif done == "over":
            self.why.value = f'<div class="rk-hint">{t("game_over", self.lang)}</div>'
        else:
            self.why.value = ""
            if done == "bot" and self.controls.autoplay.value:
                self.session.run_bots()
        self.refresh()
        return done

    def undo(self) -> State:
        if not self.timeline.can_undo:
            self.why.value = f'<div class="rk-hint">{t("nothing_to_undo", self.lang)}</div>'
            return self.state
        self.timeline.undo()
        self.why.value = ""
        self.refresh()
        return self.state

    def redo(self) -> State:
        if not self.timeline.can_redo:
            self.why.value = f'<div class="rk-hint">{t("nothing_to_redo", self.lang)}</div>'
            return self.state
        self.timeline.redo()
        self.why.value = ""
        self.refresh()
        return self.state

    def jump(self, index: int) -> State:
        """Go to step ``index`` of the timeline (negative counts from the end)."""
        self.timeline.jump(index)
        self.refresh()
        return self.state

    def play(self, n: int = 10) -> int:
        """Play ``n`` steps with bots (human seats by a random stand-in)."""
        done = self.session.play(n)
        self.refresh()
        return done

    def play_to_end(self) -> int:
        done = self.session.play_to_end()
        self.refresh()
        return done

    def reset(self, seed: int | None = None) -> State:
        """A new game with ``seed`` (the next seed by default), same seats."""
        self.session.reset(seed)
        self.why.value = ""
        self.controls.seed.value = self.session.seed + 1
        if self.controls.autoplay.value:
            self.session.run_bots()
        self.refresh()
        return self.state

    def set_seat(self, seat: int, kind: str) -> None:
        """Let ``"human"`` or an agent play ``seat``."""
        self.session.set_seat(seat, kind)
        if self.controls.autoplay.value:
            self.session.run_bots()
        self.refresh()

    def set_autoplay(self, on: bool) -> None:
        """Let bots and automatic steps run by themselves after each human decision."""
        self._syncing = True
        try:
            self.controls.autoplay.value = bool(on)
        finally:
            self._syncing = False
        if on:
            self.session.run_bots()
        self.refresh()

    def set_view(self, seat: int | None) -> None:
        """Show the board and inspector as ``seat`` sees them (None: everything)."""
        if seat is not None and not 0 <= seat < self.session.players:
            raise ValueError(f"seat must be in 0..{self.session.players - 1} or None, got {seat!r}")
        self.view_seat = seat
        self.refresh()

    def set_lang(self, lang: str) -> None:
        """Switch every text (UI, rules, events, phases) to ``"en"`` or ``"de"``."""
        self.lang = check_lang(lang)
        self._syncing = True
        try:
            self.controls.lang.value = lang
            self.controls.relabel(lang, self.session.seats, self.view_seat)
        finally:
            self._syncing = False
        for key, head in self._panels.items():
            head.value = f"<h4>{t(key, lang)}</h4>"
        self.phases.set_lang(lang)
        shown = self.rule.value
        if 'data-phase="' in shown and self.phases.selected:
            self.show_phase(self.phases.selected)
        elif 'class="rk-rule-box" data-rule="' in shown:
            self.show_rule(shown.split('data-rule="', 1)[1].split('"', 1)[0], clear_why=False)
        else:
            self.rule.value = f'<div class="rk-rule-empty">{t("rule_empty", lang)}</div>'
        self.why.value = ""
        self.refresh()

    def show_rule(self, rule_id: str, clear_why: bool = True) -> str:
        """Show a rule's text and seed lines in the rule panel."""
        self.rule.value = rule_html(self.game, rule_id, self.lang)
        if clear_why:
            self.why.value = ""
        return self.rule.value

    def show_phase(self, phase: str) -> str:
        """Show a phase's rules in the rule panel (what a click on the graph does)."""
        if phase not in self.game.phases:
            raise ValueError(f"unknown phase {phase!r}; phases: {', '.join(self.game.phases)}")
        self.phases.selected = phase
        self.rule.value = phase_html(self.game, phase, self.lang)
        return self.rule.value

    # -- drawing -------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw every part from the current state."""
        s, lang, tl = self.state, self.lang, self.timeline
        game = self.game
        title = game.title_de if lang == "de" and game.title_de else game.title
        self.title.value = f'<h3 class="rk-title-text">{title}</h3>'
        self.status.value = status_html(self.session, lang)
        self.board.show(s, self.view_seat, lang)
        legal = [(str(a), describe(game, str(a), lang)) for a in s.legal_actions()]
        greyed = [(str(a), describe(game, str(a), lang)) for a in self.session.previous_legal()[:12]]
        with self.actions.hold_sync():
            self.actions.empty_text = t("legal_none", lang)
            self.actions.illegal_title = t("tried_title", lang)
            self.actions.set_actions(legal, greyed)
        with self.phases.hold_sync():
            self.phases.current = s.phase
            self.phases.visited = self._visited.upto(tl)
        before = self._view(tl[tl.cursor - 1]) if tl.cursor > 0 else None
        with self.inspector.hold_sync():
            self.inspector.title = "view" if self.view_seat is None else f"view({self.view_seat})"
            self.inspector.show(self._view(s), before)
        rows, note = log_rows(self.session, lang)
        with self.event_log.hold_sync():
            self.event_log.rows, self.event_log.note = rows, note
        c = self.controls
        self._syncing = True
        try:
            c.slider.max = len(tl) - 1
            c.slider.value = tl.cursor
            c.undo.disabled = not tl.can_undo
            c.redo.disabled = not tl.can_redo
        finally:
            self._syncing = False

    def _view(self, state: State) -> dict:
        """``state.view(view_seat)``, remembered for the last few states (a step needs two)."""
        key = (id(state), self.view_seat)
        hit = self._views.get(key)
        if hit is None or hit[0] is not state:
            if len(self._views) > 8:
                self._views.clear()
            hit = self._views[key] = (state, state.view(self.view_seat))
        return hit[1]

    def __repr__(self) -> str:
        s = self.state
        who = "over" if s.is_over else ("auto" if s.automatic else f"seat {s.to_move}")
        return (
            f"<Table {self.game.id} players={self.session.players} seed={self.session.seed} "
            f"step {self.timeline.cursor}/{len(self.timeline) - 1} phase={s.phase} {who} lang={self.lang}>"
        )
