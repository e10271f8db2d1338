"""Issue 15: every table update reaches the browser as one comm message (frames.py), no browser needed.

Messages are recorded where ipywidgets sends them (``Widget._send``); the
browser side (the hub's module hands each slice to its part) is tested in
tests/browser/test_widget_modules.py.
"""

from __future__ import annotations

import ipywidgets as w
import pytest

from rulekit.widgets import EventLog, Table

from .helpers import GAME


@pytest.fixture
def sent(monkeypatch):
    """``(widget, message)`` for every comm message sent while the test runs."""
    out: list[tuple[w.Widget, dict]] = []
    original = w.Widget._send

    def record(self, msg, buffers=None):
        out.append((self, msg))
        return original(self, msg, buffers)

    monkeypatch.setattr(w.Widget, "_send", record)
    return out


def bot_table() -> Table:
    return Table("rune_stones", players=2, seed=1, seats=["random", "random"], autoplay=False)


def only_message(table: Table, sent) -> dict:
    assert len(sent) == 1, [(type(widget).__name__, sorted(msg["state"])) for widget, msg in sent]
    widget, msg = sent[0]
    assert widget is table.controls and msg["method"] == "update"
    return msg["state"]


@pytest.mark.parametrize("how", ["step", "press step", "undo", "redo", "jump", "play", "click"])
def test_each_update_of_a_table_is_one_message_of_its_controls(sent, how):
    table = Table(GAME, players=2, seed=1, seats=["human", "human"]) if how == "click" else bot_table()
    if how != "click":
        table.step()
        table.step()
        table.undo()
    sent.clear()
    {
        "step": table.step,
        "press step": lambda: table.controls.press("step"),
        "undo": table.undo,
        "redo": table.redo,
        "jump": lambda: table.jump(0),
        "play": lambda: table.play(3),
        "click": lambda: table.click_action(table.legal_labels()[0]),
    }[how]()
    state = only_message(table, sent)
    parts = state["frame"]["parts"]
    assert table.board.model_id in parts and table.event_log.model_id in parts
    assert state["cursor"] == table.timeline.cursor


def test_a_frame_carries_what_each_part_would_have_sent_itself(sent):
    table = bot_table()
    sent.clear()
    table.step()
    parts = only_message(table, sent)["frame"]["parts"]
    by_id = {p.model_id: p for p in table._parts}
    assert set(parts) <= set(by_id)
    for model_id, state in parts.items():
        part = by_id[model_id]
        assert state == part.get_state(list(state)), type(part).__name__
    assert parts[table.board.model_id]["scene_json"] == table.board.scene_json
    assert parts[table.inspector.model_id]["changed"] == table.inspector.changed


def test_frames_are_numbered_so_each_one_is_a_change(sent):
    table = bot_table()
    table.step()
    first = table.controls.frame["n"]
    table.undo()
    table.redo()
    assert table.controls.frame["n"] == first + 2


def test_a_refused_action_is_one_message_too(sent):
    table = Table(GAME, players=2, seed=1, seats=["human", "human"])
    sent.clear()
    refusal = table.click_action("add 3")
    assert refusal is not None
    parts = only_message(table, sent)["frame"]["parts"]
    assert "rk-why-box" in parts[table.why.model_id]["value"]
    assert table.rule.model_id in parts


def test_nested_updates_are_still_one_message(sent):
    table = bot_table()
    sent.clear()
    with table.one_message():
        table.step()
        table.step()
        table.show_rule(table.event_log.rule_ids()[-1])
    parts = only_message(table, sent)["frame"]["parts"]
    assert table.rule.model_id in parts


def test_an_error_inside_still_sends_what_changed_and_releases_the_parts(sent):
    table = bot_table()
    sent.clear()
    with pytest.raises(RuntimeError), table.one_message():
        table.why.value = '<div class="rk-hint">x</div>'
        raise RuntimeError("boom")
    parts = only_message(table, sent)["frame"]["parts"]
    assert parts[table.why.model_id] == {"value": '<div class="rk-hint">x</div>'}
    assert not any(p._holding_sync for p in (*table._parts, table.controls))
    sent.clear()
    table.why.value = ""  # outside a table update a part syncs on its own again
    assert [type(widget).__name__ for widget, _ in sent] == ["HTML"]


def test_a_part_used_alone_syncs_on_its_own(sent):
    log = EventLog()
    sent.clear()
    log.rows = [{"step": 1, "label": "a", "rule": "RS-001", "text": "one"}]
    assert [(widget, sorted(msg["state"])) for widget, msg in sent] == [(log, ["rows_json"])]
