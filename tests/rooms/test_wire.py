"""Hidden information over the wire (issue 26): what a room sends a seat is the same in two
worlds with the same public history.

Every frame a room's websocket sends to a page is ``seat_message(room, seat, lang)`` as JSON
(``tests/rooms/test_server.py`` checks that of the live sockets). Here random games are played
in rooms; at sampled steps the current state is swapped for ``game.determinize(state, seat)``
(another world the seat cannot tell apart: other hands, deck order and sealed bids resampled)
and the seat's message must not change by a single character. The public view (projector,
visitors) must not change under any seat's resampling, since every seat knows it.
"""

from __future__ import annotations

import json

import pytest

import rulekit
from rulekit.engine import Dice
from rulekit.rooms import PUBLIC, TEACHER, Hub, seat_message

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SETTINGS = settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def _frame(room, seat, lang):
    return json.dumps(seat_message(room, seat, lang), sort_keys=True, ensure_ascii=False)


def _differences(room, other_seed: int) -> list[str]:
    """Seats (and the public view) whose frame changes when the current state is another possible world."""
    real, game, found = room.states[-1], room.game, []
    for seat in [PUBLIC, *range(room.players)]:
        lang = "de" if seat == 1 else "en"
        frame = _frame(room, seat, lang)
        for hidden_from in range(room.players) if seat == PUBLIC else [seat]:
            room.states[-1] = game.determinize(real, hidden_from, Dice(other_seed + hidden_from))
            try:
                if _frame(room, seat, lang) != frame:
                    found.append(f"seat {seat} (world resampled for seat {hidden_from}) at step {room.step}")
            finally:
                room.states[-1] = real
    return found


def _play(room, choices):
    """Play the room's seats by ``choices`` (an index into the legal list), yielding after each decision."""
    room.start()
    for pick in choices:
        s = room.state
        if s.is_over:
            return
        legal = s.legal_actions()
        room.act(s.to_move, str(legal[pick % len(legal)]), room.version(s.to_move))
        yield


@pytest.mark.parametrize("gid", rulekit.games())
def test_no_frame_to_a_seat_differs_between_worlds_it_cannot_tell_apart(gid):
    game = rulekit.load(gid)

    @SETTINGS
    @given(
        players=st.sampled_from(list(game.players)),
        seed=st.integers(0, 2**31),
        choices=st.lists(st.integers(0, 2**16), min_size=10, max_size=90),
        other=st.integers(0, 2**31),
    )
    def prop(players, seed, choices, other):
        room = Hub(None).create(gid, players, seed=seed)
        problems = []
        for n, _ in enumerate(_play(room, choices)):
            if n % 9 == 0:
                problems += _differences(room, other)
        problems += _differences(room, other)
        assert problems == []

    prop()


def test_the_check_sees_a_leak_when_there_is_one():
    """The teacher's frame shows every hand: resampling changes it, so the comparison above has teeth."""
    room = Hub(None).create("rune_stones", 2, seed=3)
    changed = 0
    for _ in _play(room, [0] * 30):
        real = room.states[-1]
        frame = _frame(room, TEACHER, "en")
        room.states[-1] = room.game.determinize(real, room.state.to_move or 0, Dice(99))
        changed += _frame(room, TEACHER, "en") != frame
        room.states[-1] = real
    assert changed


def test_another_seats_private_decision_is_not_in_the_log():
    """A card added to a sealed bid (Mines) is a row in its owner's log only."""
    room = Hub(None).create("mines_of_zavandor", 2, seed=1)
    room.start()
    for n in range(400):
        s = room.state
        private = [a for a in s.legal_actions() if room.game.private_decision(s, a)]
        if private:
            seat = s.to_move
            room.act(seat, str(private[0]), room.version(seat))
            mine = [r for r in seat_message(room, seat)["log"] if r.get("seat") == seat]
            theirs = [r for r in seat_message(room, 1 - seat)["log"] if r.get("seat") == seat]
            public = [r for r in seat_message(room, PUBLIC)["log"] if r.get("seat") == seat]
            assert len(mine) == len(theirs) + 1 == len(public) + 1
            return
        legal = s.legal_actions()
        room.act(s.to_move, str(legal[n * 7 % len(legal)]), None)
    pytest.fail("no private decision came up in Mines")
