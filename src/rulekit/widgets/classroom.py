"""``Classroom``: pick a game and a lesson, project it, let students predict.

Two tabs: a guided lesson on the real board, and a table of bots whose
next step the class predicts before it is revealed.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import ipywidgets as w

from ..engine import RulekitError
from ..games import games, load
from ..teaching import QuizSession, lessons
from . import page_lang
from .i18n import check_lang, t
from .lesson import LessonView
from .progress import default_folder, download_link, progress_doc, read_progress
from .quiz import QuizPanel
from .table import Table

__all__ = ["Classroom"]


class Classroom(w.VBox):
    """A classroom screen for ``game`` (an id; the first game with lessons by default)."""

    def __init__(self, game: str | None = None, lesson: str | None = None, lang: str = "en", seed: int = 1):
        self.lang = check_lang(lang)
        self.seed = seed
        with_lessons = [g for g in games() if lessons(load(g))] or games()
        self.game_pick = w.Dropdown(options=self._game_options(with_lessons), value=game or with_lessons[0])
        self.game_pick.add_class("rk-classroom-game")
        self.lesson_pick = w.Dropdown()
        self.lesson_pick.add_class("rk-classroom-lesson")
        self.lang_pick = w.ToggleButtons(options=[("EN", "en"), ("DE", "de")], value=self.lang)
        self.lang_pick.add_class("rk-lang")
        self.lesson_box = w.VBox()
        self.predict_box = w.VBox()
        self.tabs = w.Tab(children=[self.lesson_box, self.predict_box])
        self.tabs.add_class("rk-classroom-tabs")
        self._relabelling = False  # a language switch renames the dropdowns' entries; it picks nothing
        self.game_pick.observe(lambda ch: self._relabelling or self.pick_game(ch["new"]), names="value")
        self.lesson_pick.observe(
            lambda ch: self._relabelling or (ch["new"] and self.pick_lesson(ch["new"])), names="value"
        )
        self.lang_pick.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        head = w.HBox([self.game_pick, self.lesson_pick, self.lang_pick])
        self.save_button = w.Button(icon="save", layout=w.Layout(width="auto"))
        self.save_button.add_class("rk-progress-save")
        self.save_button.on_click(lambda _: self._ui_save())
        self.upload = w.FileUpload(accept=".json", multiple=False, layout=w.Layout(width="auto"))
        self.upload.add_class("rk-progress-load")
        self.upload.observe(self._on_upload, names="value")
        self.progress_note = w.HTML()
        self.progress_note.add_class("rk-progress-note")
        saving = w.HBox([self.save_button, self.upload, self.progress_note])
        saving.add_class("rk-progress-row")
        super().__init__([head, self.tabs, saving])
        self.add_class("rk-classroom")
        self.pick_game(self.game_pick.value, lesson)
        page_lang.join(self)

    def pick_game(self, game_id: str, lesson: str | None = None) -> None:
        game = load(game_id)
        found = lessons(game)
        self.lesson_pick.options = [(ls.title_in(self.lang), lid) for lid, ls in found.items()]
        self.table = Table(game, seed=self.seed, seats=["random"] * game.players.start, lang=self.lang, autoplay=False)
        self.table.controls.lang_switch = False  # the classroom's own switch leads the page: one switch per page
        self.quiz = QuizPanel(self.table)
        self.predict_box.children = [self.quiz, self.table]
        if found:
            self.lesson_pick.value = lesson or next(iter(found))
            self.pick_lesson(self.lesson_pick.value)
        else:
            self.lesson_view = None
            self.lesson_box.children = [w.HTML(t("classroom_no_lessons", self.lang))]
        self._relabel()

    def _game_options(self, ids: list[str]) -> list[tuple[str, str]]:
        """(title in the page's language, id) for the game dropdown."""
        return [(load(g).title_de if self.lang == "de" and load(g).title_de else load(g).title, g) for g in ids]

    def pick_lesson(self, lesson_id: str) -> LessonView:
        lesson = lessons(load(self.game_pick.value))[lesson_id]
        self.lesson_view = LessonView(lesson, self.lang)
        self.lesson_box.children = [self.lesson_view]
        return self.lesson_view

    # -- a class's progress ------------------------------------------------------

    def progress(self) -> str:
        """The class's progress (lesson run and quiz score) as JSON text, for ``resume``."""
        view = self.lesson_view
        doc = progress_doc(
            self.game_pick.value,
            view.lesson.id if view else None,
            view.progress() if view else None,
            self.quiz.session.to_dict(),
            self.lang,
        )
        return json.dumps(doc, ensure_ascii=False, indent=1)

    def save_progress(self, folder: str | Path | None = None) -> Path:
        """Write the progress to ``folder`` (``~/rulekit-progress`` by default) and offer it as a download."""
        folder = Path(folder) if folder is not None else default_folder()
        folder.mkdir(parents=True, exist_ok=True)
        view = self.lesson_view
        name = f"{self.game_pick.value}-{view.lesson.id if view else 'quiz'}.json"
        text = self.progress()
        path = folder / name
        path.write_text(text, encoding="utf-8")
        saved = escape(t("progress_saved", self.lang, path=str(path)))
        self.progress_note.value = f"{saved} {download_link(text, name, t('progress_download', self.lang))}"
        return path

    def resume(self, text: str | bytes) -> None:
        """Continue from a saved progress text: game, lesson run and quiz score.

        A file that does not fit (another format, a lesson that no longer
        accepts its saved answers) raises ``ValueError`` and changes nothing.
        """
        try:
            doc = read_progress(text)
            game = load(doc["game"])
            lesson = lessons(game).get(doc["lesson"]) if doc.get("lesson") else None
            if doc.get("lesson") and lesson is None:
                raise ValueError(f"the game {doc['game']} has no lesson {doc['lesson']!r}")
            quiz = QuizSession.from_dict(doc.get("quiz") or {})
            view = LessonView(lesson, self.lang, resume=json.dumps(doc["run"])) if lesson and doc.get("run") else None
        except (RulekitError, KeyError, TypeError) as err:
            raise ValueError(str(err)) from None
        if self.game_pick.value != doc["game"]:
            self.game_pick.value = doc["game"]  # the dropdown's observer sets the game up
        if lesson is not None:
            self.lesson_pick.value = lesson.id
        if view is not None:
            self.lesson_view = view
            self.lesson_box.children = [view]
        self.quiz.session = quiz
        self.quiz._relabel()
        done, total = (view.run.index, len(view.lesson.steps)) if view else (0, 0)
        title = view.lesson.title_in(self.lang) if view else self.game_pick.label
        self.progress_note.value = escape(
            t("progress_resumed", self.lang, lesson=title, n=done, total=total, score=quiz.score)
        )

    def _ui_save(self) -> None:
        """The progress as a file the browser downloads (kept on the class's computer, not on the server)."""
        view = self.lesson_view
        name = f"{self.game_pick.value}-{view.lesson.id if view else 'quiz'}.json"
        link = download_link(self.progress(), name, t("progress_download", self.lang))
        self.progress_note.value = f"{escape(t('progress_ready', self.lang))} {link}"

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        content = bytes(files[0]["content"])
        try:
            self.resume(content)
        except ValueError as err:
            self.progress_note.value = f'<span class="rk-error">{escape(t("progress_bad", self.lang, why=err))}</span>'

    def set_lang(self, lang: str) -> None:
        """Switch the classroom, its lesson, quiz and table (and every other table of the page)."""
        lang = check_lang(lang)
        if self.lang_pick.value != lang:  # a switch elsewhere on the page: the toggle follows and comes back here
            self.lang_pick.value = lang
            return
        self.lang = lang
        value, lesson = self.game_pick.value, self.lesson_pick.value
        self._relabelling = True
        try:
            self.game_pick.options = self._game_options([g for _label, g in self.game_pick.options])
            self.game_pick.value = value
            found = lessons(load(value))
            self.lesson_pick.options = [(ls.title_in(lang), lid) for lid, ls in found.items()]
            if lesson in found:
                self.lesson_pick.value = lesson
        finally:
            self._relabelling = False
        if self.lesson_view is not None:
            self.lesson_view.set_lang(lang)
        self.table.set_lang(lang)
        self.quiz._relabel()
        self._relabel()
        page_lang.switched(self, lang)

    def _relabel(self) -> None:
        self.game_pick.description = t("classroom_game", self.lang)
        self.lesson_pick.description = t("classroom_lesson", self.lang)
        self.tabs.titles = (t("classroom_lessons_tab", self.lang), t("classroom_predict_tab", self.lang))
        self.save_button.description = t("progress_save", self.lang)
        self.upload.description = t("progress_load", self.lang)

    def __repr__(self) -> str:
        return f"<Classroom {self.game_pick.value}>"
