"""The room model (issue 26): seats and tokens, refusals, bots, teacher controls, SQLite persistence."""

from __future__ import annotations

import pytest

from rulekit.engine import IllegalAction, RulekitError
from rulekit.rooms import Hub, RoomError, Store, seat_message
from rulekit.rooms.hub import parse_bots
from rulekit.rooms.room import CODE_LETTERS


def _first(room):
    return str(room.state.legal_actions()[0])


def test_create_checks_what_the_teacher_typed():
    hub = Hub(None, max_rooms=2)
    room = hub.create("rune_stones", 3, bots={"3": "greedy"})
    assert len(room.code) == 5 and set(room.code) <= set(CODE_LETTERS)
    assert [s.kind for s in room.seats] == ["human", "human", "greedy"]
    assert len({s.token for s in room.seats} | {room.teacher_token}) == 4
    assert hub.get(room.code.lower()) is room
    with pytest.raises(RulekitError, match="2-4 players, not 9"):
        hub.create("rune_stones", 9)
    with pytest.raises(RulekitError, match="unknown rule option"):
        hub.create("rune_stones", 2, options={"nope": 1})
    with pytest.raises(RulekitError, match="unknown agent 'clever'"):
        hub.create("rune_stones", 2, bots={"2": "clever"})
    with pytest.raises(RulekitError, match="from 1 to 2, got 5"):
        hub.create("rune_stones", 2, bots="5=random")
    hub.create("mines_of_zavandor", 2)
    with pytest.raises(RoomError, match="already hosts 2 rooms") as err:
        hub.create("mines_of_zavandor", 2)
    assert err.value.rule == "ROOM-cap" and "2 Räume" in err.value.text("de")
    with pytest.raises(RoomError, match="no room with the code ZZZZZ"):
        hub.get("ZZZZZ")


def test_parse_bots_forms():
    assert parse_bots("2=greedy, 3=mcts:50", 3) == {1: "greedy", 2: "mcts:50"}
    assert parse_bots({"1": "random"}, 2) == {0: "random"}
    assert parse_bots(["2=random"], 2) == {1: "random"}
    with pytest.raises(RulekitError, match="SEAT=SPEC"):
        parse_bots(["greedy"], 2)


def test_tokens_turns_and_refusals_in_both_languages():
    room = Hub(None).create("rune_stones", 2, seed=4)
    assert room.seat_of(room.seats[1].token) == 1 and room.seat_of("guess") is None and room.seat_of("") is None
    assert room.is_teacher(room.teacher_token) and not room.is_teacher(room.seats[0].token)
    mover = room.state.to_move
    with pytest.raises(RoomError, match="not started") as err:
        room.act(mover, _first(room), None)
    assert err.value.rule == "ROOM-status" and "nicht begonnen" in err.value.text("de")
    room.start()
    with pytest.raises(RoomError, match="not your turn") as err:
        room.act(1 - mover, _first(room), None)
    assert err.value.rule == "ROOM-turn"
    with pytest.raises(IllegalAction) as err:  # the engine's own refusal, with its rule id
        room.act(mover, "frobnicate 3", room.version(mover))
    assert err.value.rule != "ROOM-turn" and err.value.reason_de
    version = room.version(mover)
    room.act(mover, _first(room), version)
    assert room.step == 1
    if room.state.to_move == mover:  # the same page's second click for the old state is refused, not applied twice
        with pytest.raises(RoomError, match="older moment") as err:
            room.act(mover, _first(room), version)
        assert err.value.rule == "ROOM-stale" and room.step == 1


def test_bots_play_their_seats_and_stand_in_for_absent_students():
    room = Hub(None).create("mines_of_zavandor", 3, seed=2, bots={"3": "random"}, start=True)
    for _ in range(60):
        while room.bot_step():
            pass
        seat = room.state.to_move
        if seat is None:
            break
        assert room.seats[seat].bot is None
        room.act(seat, _first(room), room.version(seat))
    assert any(d.by == "bot" for d in room.decisions) and any(d.by == "human" for d in room.decisions)
    seat = room.state.to_move
    room.set_stand_in(seat, "random")
    with pytest.raises(RoomError, match="bot plays this seat"):
        room.act(seat, _first(room), room.version(seat))
    assert room.bot_step() is not None and room.decisions[-1].seat == seat
    room.set_stand_in(seat, None)
    assert room.seats[seat].bot is None
    with pytest.raises(ValueError, match="unknown agent"):
        room.set_stand_in(0, "wizard")


def test_teacher_pause_undo_end():
    room = Hub(None).create("rune_stones", 2, seed=1, bots={"2": "random"}, start=True)
    human_steps = 0
    while human_steps < 3:
        while room.bot_step():
            pass
        room.act(0, _first(room), room.version(0))
        human_steps += 1
    before_undo = room.step
    last_human = max(i for i, d in enumerate(room.decisions) if d.by == "human")
    version = room.version(0)
    taken = room.undo()
    assert taken == before_undo - last_human and room.step == last_human and room.undos == 1
    assert room.version(0) != version  # a click from before the undo is stale now
    room.pause()
    with pytest.raises(RoomError, match="paused"):
        room.act(0, _first(room), room.version(0))
    room.start()
    room.end()
    assert room.status == "ended" and room.bot_step() is None
    with pytest.raises(RoomError, match="ended"):
        room.act(0, _first(room), None)
    with pytest.raises(RoomError, match="nothing|no decision"):
        Hub(None).create("rune_stones", 2).undo()


def test_claim_gives_free_human_seats_only():
    room = Hub(None).create("rune_stones", 3, bots={"2": "random"})
    assert room.claim().seat == 0 and room.claim().seat == 2
    with pytest.raises(RoomError, match="Every seat"):
        room.claim()


def test_the_store_restores_every_room_at_the_same_step(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    hub = Hub(Store(path))
    rooms = [
        hub.create(gid, 2, seed=5, bots={"2": "random"}, start=True) for gid in ("rune_stones", "mines_of_zavandor")
    ]
    for room in rooms:
        for _ in range(12):
            while room.bot_step():
                pass
            seat = room.state.to_move
            if seat is None:
                break
            room.act(seat, _first(room), room.version(seat))
    rooms[0].undo()
    rooms[1].pause()
    rooms[1].set_stand_in(0, "greedy")
    claimed = rooms[0].claim()
    again = Hub(Store(path))
    assert again.problems == []
    for room in rooms:
        back = again.get(room.code)
        assert back.step == room.step and back.state == room.state and back.undos == room.undos
        assert back.status == room.status and [s.to_dict() for s in back.seats] == [s.to_dict() for s in room.seats]
        assert back.teacher_token == room.teacher_token and back.decisions == room.decisions
        assert seat_message(back, 0) == seat_message(room, 0)
    assert again.get(rooms[0].code).seats[claimed.seat].claimed
    again.remove(rooms[1].code)
    assert [r.code for r in Hub(Store(path))] == [rooms[0].code]


def test_a_damaged_room_is_reported_not_fatal(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store = Store(path)
    hub = Hub(store)
    good, bad = hub.create("rune_stones", 2, start=True), hub.create("rune_stones", 2, start=True)
    bad.act(bad.state.to_move, _first(bad), None)
    store.db.execute("UPDATE decisions SET label = 'fly away' WHERE code = ?", (bad.code,))
    again = Hub(Store(path))
    assert [r.code for r in again] == [good.code]
    assert len(again.problems) == 1 and bad.code in again.problems[0] and "fly away" in again.problems[0]


def test_store_path_errors_are_clear(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(RulekitError, match="cannot create the rooms folder"):
        Store(tmp_path / "file" / "sub" / "rooms.sqlite3")
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 100)
    with pytest.raises(RulekitError, match="cannot be used"):
        Store(tmp_path / "junk.sqlite3")
