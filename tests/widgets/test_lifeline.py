"""A table that outlives its kernel (issue 24, item 8), no browser needed.

The board carries the table's trail (``widgets/lifeline.py``); the browser keeps
it and, after Reconnect, hands it to the fresh table of a new kernel. Here a
trail goes through JSON (as it does through the browser) into a fresh table,
which must stand where the old one stood; a trail that does not fit (another
game, an illegal step, too many steps, wrong types) is refused with the reason
shown and changes nothing. The browser half is tests/browser/test_kernel_lifeline.py.
"""

from __future__ import annotations

import json

import pytest

from rulekit.session import MAX_STEPS
from rulekit.widgets import Table
from rulekit.widgets.lifeline import words


def _through_the_browser(table: Table) -> dict:
    return json.loads(json.dumps(table.board.trail))


def _played() -> Table:
    table = Table("rune_stones", players=2, seed=3, seats=["human", "random"], options={"end_threshold": 40})
    for _ in range(6):
        table.click_action(table.legal_labels()[0]) if table.legal_labels() else table.step()
    table.play(5)
    table.undo()  # the cursor is not at the end: redo must still work after the restore
    table.set_view(0)
    table.set_lang("de")
    return table


def test_a_fresh_table_stands_where_the_dead_one_stood():
    old = _played()
    new = Table("rune_stones", players=2, seed=3, seats=["human", "random"])
    assert new.restore(_through_the_browser(old)) is True
    assert (new.timeline.cursor, len(new.timeline)) == (old.timeline.cursor, len(old.timeline))
    assert new.state == old.state and new.timeline.labels == old.timeline.labels
    assert new.controls.status == old.controls.status and new.status.value == old.status.value
    assert (new.lang, new.view_seat, new.seats, new.session.options) == ("de", 0, old.seats, old.session.options)
    assert f"Schritt {old.timeline.cursor}" in new.why.value
    assert new.board.trail == old.board.trail | {"slot": new.slot}
    new.redo()
    old.redo()
    assert new.state == old.state


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        ({"game": "spellbound"}, "another game"),
        ({"players": 3}, "another game"),
        ({"version": 99}, "version"),
        ({"labels": ["auto", "auto", "forge 99"], "cursor": 0}, "does not replay"),
        ({"labels": ["auto"] * (MAX_STEPS + 1)}, "at most"),
        ({"labels": "auto"}, "labels"),
        ({"cursor": 10_000}, "outside"),
        ({"cursor": True}, "cursor"),
        ({"seats": ["human", "os:system"]}, "does not replay"),
        ({"options": {"end_threshold": 10**12}}, "does not replay"),
        ({"lang": "fr"}, "language"),
    ],
)
def test_a_trail_that_does_not_fit_is_refused_and_changes_nothing(edit, why):
    trail = _through_the_browser(_played()) | edit
    table = Table("rune_stones", players=2, seed=3, seats=["human", "random"])
    before = (table.state, table.timeline.cursor, table.lang, table.controls.status)
    assert table.restore(trail) is False
    assert (table.state, table.timeline.cursor, table.lang, table.controls.status) == before
    assert why in table.why.value


def test_a_trail_that_is_not_a_dict_is_refused():
    table = Table("rune_stones", players=2, seed=3)
    for junk in (None, [], "x", 7):
        assert table.restore(junk) is False


def test_the_notice_speaks_both_languages():
    said = words()
    assert set(said) == {"en", "de"} and said["en"].keys() == said["de"].keys()
    assert said["de"]["reconnect"] == "Neu verbinden" and all(said["en"].values())


def test_the_board_message_restores_through_the_table():
    old = _played()
    new = Table("rune_stones", players=2, seed=3, seats=["human", "random"])
    new.board._on_restore({"event": "restore", "trail": _through_the_browser(old)})
    assert new.timeline.cursor == old.timeline.cursor and new.state == old.state
