"""Text glue: action phrases and the action space (the texts live in ``texts/*.toml``).

``describe`` turns a label into words ("move 2" -> "Move 2 spaces" /
"2 Felder ziehen") from ``texts/messages.toml``; ``action_labels`` lists
every label the decisions of ``checks.py`` can produce, which adapters use
as the action space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action

from .checks import DECISIONS

if TYPE_CHECKING:
    from rulekit.engine import Game

__all__ = ["describe", "action_labels"]


def describe(game: Game, action: Action, lang: str = "en") -> str:
    """A readable sentence for an action label, in ``lang``."""
    if action.kind == "move" and len(action.args) == 1 and isinstance(action.args[0], int):
        en, de = game.messages.format("act_move", n=action.args[0])
        return de if lang == "de" else en
    return str(action)


def action_labels() -> frozenset[str]:
    """Every label ``legal`` can produce: the labels of every kind of every decision phase.

    Coin race's labels depend on its data files only (not on the player count
    or the options), so no state is needed to list them.
    """
    return frozenset(
        str(Action(k.name, args)) for d in DECISIONS.values() for k in d.kinds for args, _ in k.labels(None)
    )
