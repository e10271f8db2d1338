"""Game.private_decision: other seats' ``view(seat)["step"]`` leaves out decisions only the decider knows of."""

from __future__ import annotations

from .toy import Toy


class SecretToy(Toy):
    """The toy race where adding 2 is a private decision (like a card put into a sealed bid)."""

    def private_decision(self, state, action):
        return action.args == (2,)


def test_private_decisions_are_not_counted_in_other_seats_step():
    game = SecretToy()
    state = game.new(2, seed=1).apply("add 2").apply("add 1").apply("add 2")
    # seats alternate: seat 0 adds 2 (private), seat 1 adds 1, seat 0 adds 2 (private)
    assert state.view(None)["step"] == state.step
    assert state.view(0)["step"] == state.step  # seat 0 made both private decisions
    assert state.view(1)["step"] == state.step - 2
    assert state.unseen == (0, 2)


def test_games_without_private_decisions_count_every_step_for_every_seat():
    state = Toy().new(3, seed=1).apply("add 2").apply("add 2")
    assert [state.view(seat)["step"] for seat in range(3)] == [state.step] * 3 and state.unseen == ()


def test_replay_and_round_trip_keep_the_private_counts():
    game = SecretToy()
    state = game.new(2, seed=4).apply("add 2").apply("add 1")
    again = game.replay(state.record())
    assert again.unseen == state.unseen and again.view(1)["step"] == state.view(1)["step"]
