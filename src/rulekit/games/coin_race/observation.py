"""What a Coin race view can hold (``Game.observation_schema``), for the adapters.

Adapters lay out observation vectors by it, losslessly (docs/interop.md).
Keep it next to ``views.view``: a new view key needs a line here
(``tests/interop/test_encoding.py`` fails otherwise).
"""

from __future__ import annotations

from rulekit.engine.schema import Dict, Int, List, Opt, Seq, Str

from .tables import tables


def schema(game, players: int, options: dict) -> Dict:
    t = tables()
    cards = len(t.spaces)
    return Dict(
        {
            "finish": Int(),
            "spaces": List(Int(), players, players),
            "mover": Int(),
            "coin": Opt(Str(t.coin)),
            "secret": List(Opt(Int()), players, players),
            "pile": Int(),
            "pile_order": Opt(List(Int(), cards)),
            "shown": Seq(t.spaces),
            "winner": Opt(Int()),
        }
    )
