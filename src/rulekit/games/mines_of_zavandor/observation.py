"""What a Mines of Zavandor view can hold (``Game.observation_schema``), from the game's tables.

Adapters lay out observation vectors by it, losslessly (issue 18): cave
cards carry their names from the card data (the names the view shows),
clans, carts and colours come from the tables, card piles are positional
up to the number of cards of their cart type. Keep it next to
``views.view``: a new view key needs a line here
(``tests/interop/test_encoding.py`` fails otherwise).
"""

from __future__ import annotations

from rulekit.engine.schema import Bool, Dict, Int, List, Opt, Seq, Str

from .tables import tables

#: the decision an auction or trade waits for (``model.Mines.step``)
STEPS = ("", "reward", "remove", "king", "ask")
#: a seat's bids (``views.bid_status``)
BID_STATUS = ("open", "sealed", "revealed")
#: rulekit_choice: the most colours a bank trade lists before it is done (ZM-320)
BANK_MOST = 8


def _seat_key(game, players: int) -> str:
    """The view key of the list of seats, read from a fresh view (issue 16 renames ``players``, the engine's key)."""
    view = game.view(game.new(players=players, seed=0), None)
    return next(k for k in ("by_seat", "players") if isinstance(view.get(k), list))


def schema(game, players: int, options: dict) -> Dict:
    t = tables()
    options = game.resolve_options(options)
    carts, colours, kinds = len(t.carts), len(t.colours), len(t.deck)
    per_cart = kinds // carts
    pile_most = max(sum(t.deck[c * per_cart : (c + 1) * per_cart]) for c in range(carts))
    card_ids = range(len(t.cards))
    cave = Dict(
        {
            "card": Int(),
            "name": Str(c.en for c in t.cards),
            "kind": Str(sorted({c.kind for c in t.cards})),
            "cubes": Int(),
            "spaces": Int(),
        }
    )
    player = Dict(
        {
            "seat": Int(),
            "clan": Str(b["id"] for b in t.boards),
            "side": Str(("normal", "pro")),
            "clan_cart": Str(t.carts),
            "level": Int(),
            "levels": Int(),
            "caves": List(Opt(cave), int(options["cave_spaces"])),
            "vp": Int(),
            "score": Int(),
            "upgraded": Int(),
            "hand": Opt(List(Int(), kinds, kinds)),
            "cards_by_cart": List(Int(), carts, carts),
            "bid": Opt(List(Int(), kinds, kinds)),
            "bid_sizes": Opt(List(Int(), carts)),
            "bid_status": Str(BID_STATUS),
        }
    )
    return Dict(
        {
            "round": Int(),
            "start": Int(),
            "king": Int(),
            "road": Int(),
            "cubes": Int(),
            "draw": List(Int(), carts, carts),
            "draw_order": Opt(List(List(Int(), pile_most), carts, carts)),
            "discard": List(List(Int(), per_cart), carts, carts),
            "display": List(
                Dict({"colour": Str(t.colours), "middle": Int(), "right": Int(), "stack": Int(), "sold": Bool()}),
                colours,
                colours,
            ),
            "gone": Seq(card_ids),
            "used": List(Int(), len(t.cards)),
            _seat_key(game, players): List(player, players, players),
            "auction": Opt(
                Dict(
                    {
                        "colour": Str(t.colours),
                        "winner": Int(),
                        "step": Str(STEPS),
                        "size": Int(),
                        "results": List(List(Int(), 2), players * colours),
                    }
                )
            ),
            "income_choice": Opt(Dict({"owed": List(Int(), kinds), "left": Int()})),
            "bank": Opt(Dict({"cart": Str(t.carts), "given": List(Str(t.colours), BANK_MOST)})),
            "offer": Opt(Dict({"to": Int(), "give": List(Int(), kinds), "ask": List(Int(), kinds)})),
        }
    )
