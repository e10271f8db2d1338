"""Terminal rewards of a finished rulekit game for the adapters (``reward="win"``).

One rule for PettingZoo and OpenSpiel, as docs/interop.md states it:

* a sole winner gets +1, every other seat -1;
* a shared win (the game names several winners: a tie it does not break)
  gives each winner 1/k for k winners, the others -1, so a tie is worth
  less than winning alone;
* a cooperative game gives every seat +1 on a victory and -1 on a defeat;
* a game stopped unfinished (a round limit the rulebook does not print)
  gives 0 to everyone: nobody won or lost by the rules.
"""

from __future__ import annotations

from ..engine import State

__all__ = ["win_rewards"]


def win_rewards(state: State) -> list[float]:
    """The rewards above for a finished ``state`` (zeros while it is not over)."""
    n = state.players
    if not state.is_over or state.unfinished:
        return [0.0] * n
    winners = set(state.winners)
    if state.game.cooperative:
        return [1.0 if winners else -1.0] * n
    if not winners:
        return [0.0] * n
    share = 1.0 / len(winners)
    return [share if seat in winners else -1.0 for seat in range(n)]
