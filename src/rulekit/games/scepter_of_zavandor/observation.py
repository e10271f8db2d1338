"""What a Scepter of Zavandor view can hold (``Game.observation_schema``), from the game's data (``cfg``).

Adapters lay out observation vectors by it, losslessly (issue 18):
artifacts, sentinels, characters and gems are the ids of the data files,
energy cards positional up to the size of the decks, a player's own
entry (card values, due Sages cards, energy) and another player's
(card counts per gem) are two forms. Keep it next to ``checks.view``: a
new view key needs a line here (``tests/interop/test_encoding.py`` fails
otherwise).
"""

from __future__ import annotations

from rulekit.engine.schema import Bag, Bool, Dict, Int, List, OneOf, Opt, Seq, Str

from .tables import GEMS

#: what an open payment is for (``model.Pay.what``: its first item)
PAY_KINDS = ("gem", "stone", "learn", "artifact", "sentinel")
#: what an auction sells (``model.Auction.kind``)
AUCTION_KINDS = ("artifact", "sentinel")


def _seat_key(game, players: int) -> str:
    """The view key of the list of seats, read from a fresh view (issue 16 renames ``players``, the engine's key)."""
    view = game.view(game.new(players=players, seed=0), None)
    return next(k for k in ("seats", "players") if isinstance(view.get(k), list))


def schema(game, players: int, options: dict) -> Dict:
    cfg = game.cfg
    gems, energy_gems = len(GEMS), GEMS[1:]
    areas = len(cfg.area_names)
    deck_most = max(len(d) for d in cfg.deck_cards)
    # ZS-904: each artifact comes in copies_by_players[players] copies; a player may own several (ZS rule on copies)
    arts = Seq(cfg.artifact_ids, max(1, cfg.copies_by_players[players]))
    common = {
        "char": Int(),
        "active": List(Int(), gems, gems),
        "stored": List(Int(), gems, gems),
        "know": List(Int(), areas, areas),
        "markers": List(Int(), len(cfg.stone_costs)),
        "prepaid": Int(),
        "conc": List(Int(), len(cfg.concentrated), len(cfg.concentrated)),
        "dust": List(Int(), len(cfg.tokens), len(cfg.tokens)),
        "arts": arts,
        "sents": Seq(cfg.sentinel_ids),
        "stepped": Bool(),
        "free_steps": Int(),
        "character": Str(c["id"] for c in cfg.characters),
        "vp": Int(),
        "hand_limit": Int(),
        "hand_count": Int(),
        "capacity": Int(),
    }
    own = Dict(
        {
            **common,
            "cards": Bag(sorted({(g + 1, v) for g, deck in enumerate(cfg.deck_cards) for v in deck})),
            "sages": List(Int(), cfg.sages_cards * areas),
            "energy": Int(),
        }
    )
    other = Dict({**common, "cards": Dict({g: Int() for g in energy_gems}), "sages": Int()})
    counted = {"count": Int(), "cards": List(Int(), deck_most)}
    return Dict(
        {
            "round": Int(),
            "order": List(Int(), players, players),
            "offer": arts,
            "artifact_deck": OneOf({"count": Int(), "cards": arts}),
            "sentinels": Seq(cfg.sentinel_ids),
            "decks": List(OneOf(counted), len(energy_gems), len(energy_gems)),
            "discards": List(OneOf(counted), len(energy_gems), len(energy_gems)),
            "supply": List(Int(), gems, gems),
            _seat_key(game, players): List(OneOf({"own": own, "other": other}), players, players),
            "auction": Opt(
                Dict(
                    {
                        "kind": Str(AUCTION_KINDS),
                        "item": Str((*cfg.artifact_ids, *cfg.sentinel_ids)),
                        "opener": Int(),
                        "seats": List(Int(), players),
                        "turn": Int(),
                        "high": Int(),
                        "leader": Int(),
                        "passes": Int(),
                    }
                )
            ),
            "pay": Opt(
                Dict(
                    {
                        "seat": Int(),
                        "due": Int(),
                        "what": List(
                            OneOf({"number": Int(), "name": Str((*PAY_KINDS, *cfg.artifact_ids, *cfg.sentinel_ids))}),
                            2,
                            1,
                        ),
                        "paid": Int(),
                        "can_sell": Bool(),
                    }
                )
            ),
            "losers": List(Int(), players),
        }
    )
