"""Lesson, quiz and classroom widgets, driven from Python as a click would."""

import pytest

import rulekit
from rulekit.teaching import lessons
from rulekit.widgets import Classroom, LessonView, QuizPanel, Table

GAMES_WITH_LESSONS = [g for g in rulekit.games() if lessons(rulekit.load(g))]


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_every_lesson_can_be_finished_by_clicks(game_id):
    for lesson in lessons(rulekit.load(game_id)).values():
        view = LessonView(lesson)
        while not view.run.done:
            step = view.run.step
            right = step.accept[0] if step.kind == "action" else next(c for c in step.choices if _legal(view, c))
            if right in view.board.actions(enabled=True):
                view.board.click(right)
            else:
                view.choices.click(right)
        assert "rk-done" in view.task.value and view.progress_bar.value == len(lesson.steps)


def _legal(view, label):
    try:
        view.run.state.apply(label)
    except (rulekit.IllegalAction, ValueError):
        return False
    return True


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_a_wrong_answer_is_explained_with_a_rule_and_changes_nothing(game_id):
    lesson = next(iter(lessons(rulekit.load(game_id)).values()))
    view = LessonView(lesson, lang="de")
    before = view.run.state
    feedback = view.answer("no_such_move 1")
    assert not feedback.ok and view.run.state is before and "rk-why-box" in view.feedback.value
    illegal = view.answer("end") if "end" not in view.run.options() else None
    if illegal is not None and illegal.rule:
        assert illegal.rule in view.rule.value


def test_lesson_progress_resumes_and_restarts():
    game = rulekit.load(GAMES_WITH_LESSONS[0])
    lesson = next(iter(lessons(game).values()))
    view = LessonView(lesson)
    step = view.run.step
    view.answer(step.accept[0] if step.kind == "action" else step.choices[0])
    saved = view.progress()
    again = LessonView(lesson, resume=saved)
    assert again.run.index == view.run.index and again.run.state == view.run.state
    view.restart()
    assert view.run.index == 0
    assert view.show_hint()


@pytest.mark.parametrize("game_id", rulekit.games())
def test_quiz_predicts_and_reveals_on_the_table(game_id):
    game = rulekit.load(game_id)
    table = Table(game, seed=2, seats=["random"] * game.players.start, autoplay=False)
    quiz = QuizPanel(table)
    for _ in range(4):
        step_before = table.timeline.cursor
        q = quiz.ask()
        assert q is not None and len(quiz.buttons.children) == len(q.choices)
        quiz.answer(q.answer)
        assert table.timeline.cursor == step_before + 1
        assert "rk-why-ok" in quiz.result.value
    assert quiz.session.score == "4/4"
    with pytest.raises(ValueError):
        quiz.answer(0)


def test_classroom_switches_game_lesson_and_language():
    room = Classroom(GAMES_WITH_LESSONS[0])
    assert room.lesson_view is not None and room.tabs.titles[1] == "Predict"
    room.set_lang("de")
    assert room.tabs.titles[1] == "Vorhersagen" and room.table.lang == "de"
    assert repr(room).startswith("<Classroom")


def test_quiz_choices_are_whole_and_rules_are_shown_in_words():
    game = rulekit.load("rune_stones")
    table = Table(game, seed=2, seats=["random"] * 2, autoplay=False)
    quiz = QuizPanel(table)
    seen_rule = False
    for _ in range(12):
        q = quiz.ask()
        texts = [b.description for b in quiz.buttons.children]
        if q.kind == "phase":
            assert texts == [game.phases[c].name_in("en") for c in q.choices]  # never cut
        if q.kind == "rule":
            seen_rule = True
            for choice, text in zip(q.choices, texts, strict=True):
                assert text == f"{game.rules[choice].text} ({choice})"
        assert all(b.layout.height == "auto" for b in quiz.buttons.children)
        quiz.answer(q.answer)
    assert seen_rule
    assert "seat 0" not in QuizPanel(table).table.game.title


def test_class_progress_saves_to_a_file_and_resumes(tmp_path):
    room = Classroom(GAMES_WITH_LESSONS[0])
    view = room.lesson_view
    step = view.run.step
    view.answer(step.accept[0] if step.kind == "action" else step.choices[0])
    q = room.quiz.ask()
    room.quiz.answer(q.answer)
    path = room.save_progress(tmp_path)
    assert path.exists() and "rk-progress-download" in room.progress_note.value
    other = Classroom(GAMES_WITH_LESSONS[-1], lang="de")
    other.resume(path.read_text(encoding="utf-8"))
    assert other.game_pick.value == GAMES_WITH_LESSONS[0]
    assert other.lesson_view.run.index == 1 and other.quiz.session.score == "1/1"
    assert "Fortgesetzt" in other.progress_note.value
    other._on_upload({"new": ({"name": "x.json", "content": memoryview(b"not json")},)})
    assert "lässt sich nicht fortsetzen" in other.progress_note.value and other.lesson_view.run.index == 1
    with pytest.raises(ValueError, match="format"):
        other.resume('{"game": "rune_stones"}')


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_lesson_tasks_do_not_give_the_answer_away(game_id):
    from rulekit.teaching import giveaways

    found = [g for lesson in lessons(rulekit.load(game_id)).values() for g in giveaways(lesson)]
    assert found == [], "\n".join(found)
