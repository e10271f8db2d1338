"""The Table driven from Python (no browser): build, click, step, check traits."""

from __future__ import annotations

import pytest

from rulekit.engine import IllegalAction
from rulekit.widgets import Table

from .helpers import GAME


def make(**kw) -> Table:
    kw.setdefault("players", 2)
    kw.setdefault("seed", 1)
    return Table(GAME, **kw)


def test_repr_is_stable_and_readable():
    table = make()
    assert repr(table) == "<Table toy players=2 seed=1 step 0/0 phase=add seat 0 lang=en>"
    assert repr(table.board) == "<Board 5 items, 2 legal>" and repr(table.controls) == "<ControlBar step 0/0>"
    assert "0x" not in repr(table.actions) + repr(table.phases) + repr(table.inspector) + repr(table.event_log)


def test_legal_actions_are_buttons_grouped_by_kind():
    table = make()
    assert table.actions.groups[0]["kind"] == "add"
    assert table.actions.labels(legal=True) == ["add 1", "add 2"]
    assert table.board.actions(enabled=True) == ["add 1", "add 2"]
    assert table.board.actions(enabled=False) == ["add 3"]


def test_click_legal_action_plays_it_and_logs_the_rule():
    table = make()
    assert table.click_action("add 2") is None
    assert table.timeline.cursor == 1 and table.state.data.total == 2
    assert table.event_log.rule_ids() == ["RS-002"]
    assert table.controls.last == 1 and table.controls.cursor == 1
    assert "seat 0 adds 2" in [r["text"] for r in table.event_log.rows]


def test_typed_illegal_action_shows_reason_and_rule_and_changes_nothing():
    table = make()
    before = table.state.to_json()
    refusal = table.click_action("add 3")
    assert isinstance(refusal, IllegalAction) and refusal.rule == "RS-002"
    assert 'data-rule="RS-002"' in table.why.value and "Nothing changed" in table.why.value
    assert 'data-rule="RS-002"' in table.rule.value
    assert table.state.to_json() == before and len(table.timeline) == 1


def test_garbage_label_is_refused_in_words():
    table = make()
    refusal = table.click_action("   ")
    assert refusal.rule == "engine" and "not an action label" in table.why.value
    assert len(table.timeline) == 1


def test_disabled_board_item_asks_why_not():
    table = make()
    table.board._on_click({"label": "add 3"})  # what a click in the browser sends
    assert "rk-why-box" in table.why.value and table.timeline.cursor == 0
    table.board._on_click({"label": "add 1"})
    assert table.timeline.cursor == 1


def test_greyed_buttons_are_previous_decisions_and_explain():
    table = make()
    table.click_action("add 1")
    assert table.state.automatic
    assert table.actions.labels(legal=False) == ["add 1", "add 2"]
    table.actions._on_act({"event": "act", "label": "add 1"})
    assert "automatic step comes first" in table.why.value and table.timeline.cursor == 1


def test_step_runs_automatic_step_then_waits_for_human():
    table = make()
    table.click_action("add 1")
    assert table.step() == "auto" and table.state.to_move == 1
    assert table.step() == "human" and "P2" in table.why.value and "person" in table.why.value
    assert table.controls.step_why == table.why.value.removeprefix('<div class="rk-hint">').removesuffix("</div>")
    assert table.timeline.cursor == 2


def test_bot_seat_steps_and_autoplay_answers_human():
    table = make(seats=["human", "random"])
    assert table.controls.autoplay is True
    table.click_action("add 2")
    assert table.state.to_move == 0 and table.timeline.cursor == 4  # auto, bot, auto
    manual = make(seats=["human", "random"], autoplay=False)
    manual.click_action("add 2")
    assert manual.step() == "auto" and manual.step() == "bot" and manual.state.automatic


def test_undo_redo_jump_and_slider():
    table = make()
    table.click_action("add 2")
    table.step()
    table.click_action("add 1")
    assert table.undo().step == 2 and table.redo().step == 3
    table.jump(0)
    assert table.state.data.total == 0 and table.controls.cursor == 0
    table.controls.press("jump", index=3)  # what the slider sends
    assert table.timeline.cursor == 3 and table.state.data.total == 3
    table.jump(1)
    table.step()  # a new branch cuts off later steps
    assert len(table.timeline) == 3


def test_undo_at_start_explains():
    table = make()
    table.undo()
    assert "Nothing to undo" in table.why.value and not table.controls.can_undo


def test_play_n_and_play_to_end_and_reset():
    table = make(seats=["human", "human"])
    assert table.play(3) == 3 and table.timeline.cursor == 3
    table.play_to_end()
    assert table.state.is_over and "game over" in table.controls.status
    table.reset(7)
    assert table.session.seed == 7 and len(table.timeline) == 1 and table.controls.seed == 7  # the real seed
    table.reset()
    assert table.session.seed == 8


def test_language_switch_changes_every_text():
    table = make()
    table.click_action("add 2")
    table.show_rule("RS-002")
    table.set_lang("de")
    assert table.controls.labels["step"] == "Schritt" and table.controls.labels["undo"] == "Zurück"
    assert "Platz 0 addiert 2" in [r["text"] for r in table.event_log.rows]
    assert "Text RS-002" in table.rule.value and "Addieren" in [n["name"] for n in table.phases.nodes]
    assert "Schritt 1 von 1" in table.controls.status and table.board.scene["items"][0]["text"] == "Summe 2"
    assert table.controls.lang == "de"
    table.controls.press("lang", lang="en")  # the EN button in the browser
    assert table.lang == "en" and table.controls.labels["step"] == "Step"
    with pytest.raises(ValueError, match="language"):
        table.set_lang("fr")


def test_rule_panel_from_log_and_phase_graph():
    table = make()
    table.click_action("add 1")
    table.event_log._on_rule({"event": "rule", "id": "RS-002"})
    assert "text RS-002" in table.rule.value and "Rulebook section: Add" in table.rule.value
    assert "seed lines" not in table.rule.value
    table.phases._on_phase({"event": "phase", "id": "check"})
    assert 'data-phase="check"' in table.rule.value and "RS-003" in table.rule.value
    assert table.phases.selected == "check"
    assert "rulekit" in table.show_rule("engine")
    with pytest.raises(ValueError, match="unknown phase"):
        table.show_phase("nowhere")


def test_phase_graph_lights_current_and_marks_visited():
    table = make()
    assert table.phases.current == "add" and table.phases.visited == []
    table.click_action("add 1")
    table.step()
    assert table.phases.current == "add"
    assert table.phases.visited == [["add", "check"], ["check", "add"]]
    assert {n["id"] for n in table.phases.nodes} == {"setup", "add", "check", "over"}


def test_inspector_highlights_changes_and_respects_seat_view():
    table = make(players=3)
    table.click_action("add 2")
    assert "total" in table.inspector.changed and "step" in table.inspector.changed
    assert None not in table.inspector.tree["hands"]
    table.inspector._on_view({"event": "view", "seat": 1})  # the seat selector in the browser
    assert table.view_seat == 1
    hands = table.inspector.tree["hands"]
    assert hands[1] is not None and hands[0] is None and hands[2] is None
    table.set_view(None)
    assert None not in table.inspector.tree["hands"]
    with pytest.raises(ValueError, match="seat"):
        table.set_view(5)


def test_one_human_against_bots_sees_own_view():
    table = make(players=3, seats=["random", "human", "random"])
    assert table.view_seat == 1 and table.state.to_move == 1  # the bot opened, then the human waits


def test_seat_selector_hands_seat_to_a_bot():
    table = make(autoplay=True)
    table.controls._route(None, {"event": "seat", "seat": 1, "kind": "random"}, [])
    assert table.seats == ["human", "random"]
    table.click_action("add 1")
    assert table.state.to_move == 0


def test_ui_callbacks_show_errors_instead_of_tracebacks():
    table = make()
    table._ui(table.jump, 99)
    assert "rk-error" in table.why.value and "outside" in table.why.value


def test_greyed_buttons_belong_to_the_seat_to_move():
    table = make(players=3, seats=["human", "human", "human"])
    table.click_action("add 2")
    table.step()  # seat 1 to move; its last decision is none yet
    assert table.state.to_move == 1 and table.actions.labels(legal=False) == []


def test_every_control_press_from_the_browser_reaches_the_table():
    table = make(seats=["human", "human"])
    send = table.controls._route
    send(None, {"event": "play", "n": 3}, [])
    assert table.timeline.cursor == 3
    send(None, {"event": "undo"}, [])
    send(None, {"event": "redo"}, [])
    send(None, {"event": "step"}, [])
    send(None, {"event": "jump", "index": 1}, [])
    assert table.timeline.cursor == 1 and table.controls.can_redo
    send(None, {"event": "autoplay", "on": True}, [])
    assert table.controls.autoplay and table.session.human_to_move()
    send(None, {"event": "end"}, [])
    assert table.state.is_over
    send(None, {"event": "reset", "seed": 5}, [])
    assert table.session.seed == 5 and table.timeline.cursor == 0
    send(None, {"event": "lang", "lang": "de"}, [])
    assert table.lang == "de" and table.actions.try_label == "Warum nicht?"
    send(None, {"event": "no such control"}, [])  # ignored
    with pytest.raises(ValueError, match="unknown control"):
        table.controls.press("explode")


def test_typed_action_box_in_the_browser_asks_why_not():
    table = make()
    table.actions._on_try({"event": "try", "label": " add 7 "})
    assert "rk-why-box" in table.why.value and table.timeline.cursor == 0
    table.actions._on_try({"event": "try", "label": "add 1"})
    assert table.timeline.cursor == 1


def test_bad_press_arguments_show_an_error_not_a_traceback():
    table = make()
    table.controls._route(None, {"event": "jump", "index": "x"}, [])
    assert "rk-error" in table.why.value and table.timeline.cursor == 0


def test_rules_fired_counts_cited_rules_by_phase_and_lights_the_graph():
    table = make()
    table.click_action("add 2")
    table.step()
    table.click_action("add 1")
    assert table.fired.groups == [] and table.phases.heat == {}  # closed panel: nothing computed
    fired = table.show_fired()
    assert fired.counts["RS-002"] == 2 and table.fired.counts()["RS-002"] == 2
    assert table.fired.counts()["RS-001"] == 0 and "1 of 3" in table.fired.summary
    assert table.phases.heat == {"add": 2}
    table.fired._on_rule({"event": "rule", "id": "RS-002"})
    assert 'data-rule="RS-002"' in table.rule.value
    table.undo()  # counts follow the cursor
    assert table.fired.counts()["RS-002"] == 1
    table.set_lang("de")
    assert "von 3 Regeln" in table.fired.summary


def test_rule_variants_restart_with_options_and_show_differences():
    from rulekit.engine import Option, SetupError

    class Variant(type(GAME)):
        option_list = (
            Option("goal", 10, "Total that ends the race", "Summe, die das Rennen beendet", "RS-003", low=3, high=50),
        )

    table = Table(Variant(), players=2, seed=1)
    assert [r["name"] for r in table.variants.rows] == ["goal"] and table.variants.changed == []
    table.variants._on_apply({"event": "apply", "values": {"goal": 20}})
    assert table.session.options == {"goal": 20} and table.timeline.cursor == 0
    assert table.variants.changed == ["goal: 10 → 20"] and table.state.record().options == {"goal": 20}
    with pytest.raises(SetupError, match="goal"):
        table.set_options(goal=999)
    assert table.session.options == {"goal": 20}
    table.variants._on_apply({"event": "apply", "values": {"goal": 999}})  # from the browser: shown, not raised
    assert table.variants.errors == {"goal": "Type a number from 3 to 50."} and table.session.options == {"goal": 20}
    assert table.why.value == ""  # explained next to the field, not in the play area
    table.set_lang("de")
    assert table.variants.rows[0]["title"] == "Summe, die das Rennen beendet"  # no title: the help text
    table.variants._on_apply({"event": "apply", "values": {"goal": "viele"}})
    assert table.variants.errors == {"goal": "Gib eine ganze Zahl ein."}
    table.variants._on_apply({"event": "apply", "values": {"goal": 12}})
    assert table.variants.errors == {} and table.session.options == {"goal": 12}

    class Titled(type(GAME)):
        option_list = (Option("goal", 10, "Total", "Summe", "RS-003", title="Goal", title_de="Ziel", low=3),)

    assert Table(Titled(), players=2, lang="de").variants.rows[0]["title"] == "Ziel"


def test_every_part_is_shown_in_the_table():
    table = make()

    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    shown = set(map(id, walk(table)))
    parts = (
        table.controls,
        table.board,
        table.actions,
        table.why,
        table.phases,
        table.rule,
        table.event_log,
        table.inspector,
        table.extras,
        table.fired,
        table.variants,
    )
    assert all(id(part) in shown for part in parts)
