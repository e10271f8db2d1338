"""What a Spellbound view can hold (``Game.observation_schema``), from the card, map and track data.

Adapters lay out observation vectors by it, losslessly (issue 18): every
pile of cards (display, tower, discard, deck, wicked pile, demons) keeps
its order as one position slot per card of the catalogue, mages and the
watchman stand on spaces of the map, villages and tracks are those of the
data. Keep it next to ``views.view``: a new view key needs a line here
(``tests/interop/test_encoding.py`` fails otherwise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine.schema import Bool, Dict, Int, List, Opt, Seq, Str

from .model import CAUGHT, HELD, ON_TRACK

if TYPE_CHECKING:
    from .rules import Spellbound

#: how a game ends (``Data.result``)
RESULTS = ("won", "lost")


def schema(g: Spellbound, players: int, options: dict) -> Dict:
    cat = g.cat
    cards = Seq(f"{c.id}:{c.key}" for c in cat.cards)
    # the wicked pile and the adversaries just drawn hold adversary cards only, the demon pile demons only
    adversaries = Seq(f"{c.id}:{c.key}" for c in cat.cards if c.type == "adversary")
    demons = Seq(f"{c.id}:{c.key}" for c in cat.cards if c.type == "demon")
    spaces = tuple(cat.spaces)
    bag = Dict({"moon": Int(), "sun": Int()})
    return Dict(
        {
            "result": Opt(Str(RESULTS)),
            "end_rule": Opt(Str(g.rules)),
            "active": Int(),
            "display": cards,
            "new_wicked": adversaries,
            "tower": cards,
            "discard": cards,
            "deck": Opt(cards),
            "deck_size": Int(),
            "wicked_top": adversaries,
            "wicked": Opt(adversaries),
            "wicked_size": Int(),
            "demons": demons,
            "box_size": Int(),
            "villages": Dict(
                {
                    v: Dict(
                        {"card": Opt(Str(sorted({c.key for c in cat.cards}))), "revealed": Bool(), "supply": Opt(Int())}
                    )
                    for v in cat.villages
                }
            ),
            "mages": List(Str(spaces), players, players),
            "wands": List(Str(("charged", "empty")), players, players),
            "wand_used": Bool(),
            "influence": List(Int(), players, players),
            "movement": Int(),
            "moved": Bool(),
            "tracks": Dict(
                {
                    t.id: Dict(
                        {
                            "book": Int(),
                            "status": Str((ON_TRACK, HELD, CAUGHT)),
                            "pursuer": Int(),
                            "book_goal": Int(),
                            "pursuer_goal": Int(),
                        }
                    )
                    for t in cat.tracks
                }
            ),
            "watchman": Opt(Str(spaces)),
            "witch": Int(),
            "base_strength": Int(),
            "bag": bag,
            "supply": bag,
            "drawn": bag,
            "missing_stones": Int(),
            "books_used": Int(),
            "battle_suns": Int(),
        }
    )
