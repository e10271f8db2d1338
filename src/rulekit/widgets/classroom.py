"""``Classroom``: pick a game and a lesson, project it, let students predict.

Two tabs: a guided lesson on the real board, and a table of bots whose
next step the class predicts before it is revealed.
"""

from __future__ import annotations

import ipywidgets as w

from ..games import games, load
from ..teaching import lessons
from .i18n import check_lang, t
from .lesson import LessonView
from .quiz import QuizPanel
from .table import Table

__all__ = ["Classroom"]


class Classroom(w.VBox):
    """A classroom screen for ``game`` (an id; the first game with lessons by default)."""

    def __init__(self, game: str | None = None, lesson: str | None = None, lang: str = "en", seed: int = 1):
        self.lang = check_lang(lang)
        self.seed = seed
        with_lessons = [g for g in games() if lessons(load(g))] or games()
        self.game_pick = w.Dropdown(options=[(load(g).title, g) for g in with_lessons], value=game or with_lessons[0])
        self.game_pick.add_class("rk-classroom-game")
        self.lesson_pick = w.Dropdown()
        self.lesson_pick.add_class("rk-classroom-lesson")
        self.lang_pick = w.ToggleButtons(options=[("EN", "en"), ("DE", "de")], value=self.lang)
        self.lang_pick.add_class("rk-lang")
        self.lesson_box = w.VBox()
        self.predict_box = w.VBox()
        self.tabs = w.Tab(children=[self.lesson_box, self.predict_box])
        self.tabs.add_class("rk-classroom-tabs")
        self.game_pick.observe(lambda ch: self.pick_game(ch["new"]), names="value")
        self.lesson_pick.observe(lambda ch: ch["new"] and self.pick_lesson(ch["new"]), names="value")
        self.lang_pick.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        head = w.HBox([self.game_pick, self.lesson_pick, self.lang_pick])
        super().__init__([head, self.tabs])
        self.add_class("rk-classroom")
        self.pick_game(self.game_pick.value, lesson)

    def pick_game(self, game_id: str, lesson: str | None = None) -> None:
        game = load(game_id)
        found = lessons(game)
        self.lesson_pick.options = [(ls.title_in(self.lang), lid) for lid, ls in found.items()]
        self.table = Table(game, seed=self.seed, seats=["random"] * game.players.start, lang=self.lang, autoplay=False)
        self.quiz = QuizPanel(self.table)
        self.predict_box.children = [self.quiz, self.table]
        if found:
            self.lesson_pick.value = lesson or next(iter(found))
            self.pick_lesson(self.lesson_pick.value)
        else:
            self.lesson_view = None
            self.lesson_box.children = [w.HTML(t("classroom_no_lessons", self.lang))]
        self._relabel()

    def pick_lesson(self, lesson_id: str) -> LessonView:
        lesson = lessons(load(self.game_pick.value))[lesson_id]
        self.lesson_view = LessonView(lesson, self.lang)
        self.lesson_box.children = [self.lesson_view]
        return self.lesson_view

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        if self.lesson_view is not None:
            self.lesson_view.set_lang(lang)
        self.table.set_lang(lang)
        self.quiz._relabel()
        self._relabel()

    def _relabel(self) -> None:
        self.game_pick.description = t("classroom_game", self.lang)
        self.lesson_pick.description = t("classroom_lesson", self.lang)
        self.tabs.titles = (t("classroom_lessons_tab", self.lang), t("classroom_predict_tab", self.lang))

    def __repr__(self) -> str:
        return f"<Classroom {self.game_pick.value}>"
