"""``LessonView``: a guided lesson on the real board.

The learner reads a task, answers by clicking the board or an action
button, and gets feedback that the engine confirms: an illegal try shows
the refusal and its rule, a legal move that misses the task shows the
hint and the rules the step teaches. Restart and resume are one click.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..teaching import Feedback, Lesson, LessonRun
from .actions import ActionBar
from .board import Board
from .i18n import check_lang, t
from .panels import describe, rule_html

__all__ = ["LessonView"]


class LessonView(w.VBox):
    """Walk a learner through ``lesson``; ``resume`` is a saved ``progress`` text."""

    def __init__(self, lesson: Lesson, lang: str = "en", resume: str | None = None):
        self.lesson = lesson
        self.lang = check_lang(lang)
        self.run = LessonRun.resume(lesson, resume) if resume else LessonRun(lesson)
        self.title = w.HTML()
        self.progress_bar = w.IntProgress(min=0, max=len(lesson.steps))
        self.task = w.HTML()
        self.task.add_class("rk-task")
        self.feedback = w.HTML()
        self.feedback.add_class("rk-feedback")
        self.board = Board()
        self.choices = ActionBar()
        self.hint = w.Button(icon="lightbulb-o")
        self.hint.add_class("rk-hint-button")
        self.restart_button = w.Button(icon="refresh")
        self.restart_button.add_class("rk-restart")
        self.rule = w.HTML()
        self.rule.add_class("rk-rule")
        self.board.on_click(lambda label, _enabled: self.answer(label))
        self.choices.on_click(self.answer)
        self.hint.on_click(lambda _: self.show_hint())
        self.restart_button.on_click(lambda _: self.restart())
        bar = w.HBox([self.progress_bar, self.hint, self.restart_button])
        # one screen: the board on the left, the task, the answers and the feedback beside it (rk-lesson-side)
        side = w.VBox([self.task, self.choices, self.feedback, self.rule])
        side.add_class("rk-lesson-side")
        self.board.add_class("rk-lesson-board")
        main = w.HBox([self.board, side])
        main.add_class("rk-lesson-main")
        super().__init__([self.title, bar, main])
        self.add_class("rk-lesson")
        self.refresh()

    # -- what the buttons do -------------------------------------------------

    def answer(self, label: str) -> Feedback:
        """Try ``label`` as the answer to the current task."""
        fb = self.run.answer(label)
        css = "rk-why-ok" if fb.ok else "rk-why-box"
        self.feedback.value = f'<div class="{css}">{escape(fb.text_in(self.lang))}</div>'
        # a right answer names its rule in the feedback already; a refusal or a miss shows the rule once below
        self.rule.value = rule_html(self.lesson.game, fb.rule, self.lang) if fb.rule and not fb.ok else ""
        self.refresh(keep_feedback=True)
        return fb

    def show_hint(self) -> str:
        step = self.run.step
        text = step.hint_in(self.lang) if step and step.hint else t("lesson_no_hint", self.lang)
        rules = "".join(rule_html(self.lesson.game, r, self.lang) for r in (step.rules if step else ()))
        self.feedback.value = f'<div class="rk-hint">{escape(text)}</div>'
        self.rule.value = rules
        return text

    def restart(self) -> None:
        self.run.restart()
        self.feedback.value = self.rule.value = ""
        self.refresh()

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self.refresh()

    def progress(self) -> str:
        """The learner's progress as text, for ``LessonView(lesson, resume=...)``."""
        return self.run.to_json()

    # -- drawing -------------------------------------------------------------

    def refresh(self, keep_feedback: bool = False) -> None:
        run, lang, game = self.run, self.lang, self.lesson.game
        self.title.value = f'<h3 class="rk-title-text">{escape(self.lesson.title_in(lang))}</h3>'
        self.progress_bar.value = run.index
        self.progress_bar.description = t("lesson_progress", lang, done=run.index, total=len(self.lesson.steps))
        self.hint.description = t("lesson_hint", lang)
        self.restart_button.description = t("lesson_restart", lang)
        state = run.state
        self.board.show(state, state.to_move, lang)
        if run.done:
            self.task.value = f'<div class="rk-task-text rk-done">{escape(t("lesson_done", lang))}</div>'
            self.choices.set_actions([])
            return
        step = run.step
        number = t("lesson_step", lang, n=run.index + 1)
        self.task.value = f'<div class="rk-task-text"><b>{escape(number)}</b> {escape(step.task_in(lang))}</div>'
        self.choices.set_actions([(label, describe(game, label, lang)) for label in run.options()])
        if not keep_feedback:
            self.feedback.value = ""

    def __repr__(self) -> str:
        return f"<LessonView {self.lesson.game.id}/{self.lesson.id} step {self.run.index}/{len(self.lesson.steps)}>"
