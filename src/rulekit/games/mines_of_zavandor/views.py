"""What a seat may see, what it cannot tell apart, and what must be conserved.

Hidden from other seats: the gem colours in a hand (the cart type is on
the card's back, ZM-020, so counts per cart type are public), the order of
the draw piles, and sealed bids until the reveal (ZM-380, ZM-410). While
bids are sealed, another seat's bid cards are counted with its hand, so not
even the size of a bid leaks.
"""

from __future__ import annotations

from functools import cache

from rulekit.engine import Dice, State

from .auction import bid_sizes
from .model import FREE, Mines, Player, clan_side, copy_mines, copy_player, set_player
from .tables import Tables, tables
from .trade import cart_count
from .upgrade import score, track_of

__all__ = ["view", "determinize", "redeal_unseen", "invariants", "evaluate", "bid_status"]


def bid_status(d: Mines, seat: int) -> str:
    """open (still bidding or not yet), sealed, revealed."""
    if d.revealed:
        return "revealed"
    return "sealed" if d.players[seat].sealed else "open"


def _player(t: Tables, d: Mines, i: int, p: Player, seat: int | None) -> dict:
    own = seat is None or seat == i
    side = clan_side(t, d, p)
    held = p.hand if d.revealed else tuple(h + b for h, b in zip(p.hand, p.bid, strict=True))
    caves = []
    for slot, (cid, cubes) in enumerate(p.caves):
        if (cid, cubes) == FREE:
            caves.append(None)
            continue
        track, _, _ = track_of(t, d, p, slot)
        caves.append(
            {"card": cid, "name": t.cards[cid].en, "kind": t.cards[cid].kind, "cubes": cubes, "spaces": len(track)}
        )
    coins, full, bonus = score(t, d, p)
    return {
        "seat": i,
        "clan": t.boards[p.clan]["id"],
        "side": "pro" if d.pro else "normal",
        "clan_cart": t.carts[side.cart],
        "level": p.level,
        "levels": len(side.income),
        "caves": caves,
        "vp": p.vp,
        "score": coins + full + bonus,
        "upgraded": p.upgraded,
        # own seat: the full hand; others: only the backs (cart types), bids counted in while sealed
        "hand": list(p.hand) if own else None,
        "cards_by_cart": [cart_count(p.hand if own else held, c) for c in range(4)],
        "bid": list(p.bid) if own or d.revealed else None,
        "bid_sizes": bid_sizes(p.bid) if own or d.revealed else None,
        "bid_status": bid_status(d, i),
    }


def view(state: State, seat: int | None) -> dict:
    """JSON-ready data ``seat`` may see (None: everything, for teachers)."""
    t, d = tables(), state.data
    return {
        "round": d.round,
        "start": d.start,
        "king": d.king,
        "road": len(t.road),
        "cubes": d.cubes,
        "draw": [len(p) for p in d.draw],
        "draw_order": [list(p) for p in d.draw] if seat is None else None,
        "discard": [list(x) for x in d.discard],
        "display": [
            {
                "colour": t.colours[c],
                "middle": d.display[c][0],
                "right": d.display[c][1],
                "stack": len(d.stacks[c]),
                "sold": d.sold[c],
            }
            for c in range(4)
        ],
        "gone": list(d.gone),
        "used": list(d.used),
        "by_seat": [_player(t, d, i, p, seat) for i, p in enumerate(d.players)],
        "auction": {
            "colour": t.colours[t.order[d.colour]],
            "winner": d.winner,
            "step": d.step,
            "size": d.size,
            "results": [list(r) for r in d.results],
        }
        if state.phase in ("auction_count", "auction_resolve")
        else None,
        "income_choice": {"owed": list(d.owed), "left": d.take_left} if d.owed else None,
        "bank": {"cart": t.carts[d.bank[0]], "given": [t.colours[c] for c in d.bank[1:]]} if d.bank else None,
        "offer": {"to": d.partner, "give": list(d.give), "ask": list(d.ask)} if d.partner >= 0 else None,
    }


def determinize(state: State, seat: int, dice: Dice) -> State:
    """Resample what ``seat`` cannot see: draw-pile order, others' hand colours, others' sealed bids.

    Per cart type the unseen cards (draw pile, other hands, other sealed bids)
    are shuffled and dealt back in the same numbers per place; a sealed bid
    of another seat is redrawn as a random part of the cards it holds.
    """
    d = state.data
    others = [i for i in range(state.players) if i != seat]
    hidden_bids = not d.revealed
    draw = list(d.draw)
    hands = {i: list(d.players[i].hand) for i in others}
    bids = {i: list(d.players[i].bid) for i in others}
    for cart in range(4):
        pool = list(draw[cart])
        need = {}
        for i in others:
            ks = range(cart * 4, cart * 4 + 4)
            n = sum(hands[i][k] for k in ks) + (sum(bids[i][k] for k in ks) if hidden_bids else 0)
            need[i] = n
            for k in ks:
                pool += [k] * (hands[i][k] + (bids[i][k] if hidden_bids else 0))
                hands[i][k] = 0
                if hidden_bids:
                    bids[i][k] = 0
        pool = list(dice.shuffle(pool))
        for i in others:
            for _ in range(need[i]):
                k = pool.pop()
                # a sealed bid: each held card is in the bid with probability 1/3 (rulekit's choice)
                if hidden_bids and d.players[i].sealed and dice.below(3) == 0:
                    bids[i][k] += 1
                else:
                    hands[i][k] += 1
        draw[cart] = tuple(pool)
    players = d.players
    for i in others:
        players = set_player(
            copy_mines(d, players=players), i, copy_player(players[i], hand=tuple(hands[i]), bid=tuple(bids[i]))
        )
    return state.evolve(data=copy_mines(d, players=players, draw=tuple(draw)))


def redeal_unseen(state: State, dice: Dice) -> State:
    """What no seat sees: the order of the four face-down draw piles (ZM-020), shuffled again."""
    d = state.data
    return state.evolve(data=copy_mines(d, draw=tuple(tuple(dice.shuffle(pile)) for pile in d.draw)))


def invariants(state: State) -> list[str]:
    """Mine cards per kind, upgrade cubes and expansion cards are conserved (ZM-902, ZM-910)."""
    t, d = tables(), state.data
    if d is None:
        return []
    out = []
    hands = [sum(col) for col in zip(*(p.hand for p in d.players), *(p.bid for p in d.players), strict=True)]
    if min(min(p.hand + p.bid) for p in d.players) < 0:
        out.append("negative card count")
    for cart, pile in enumerate(d.draw):
        here = 0
        for colour in range(4):
            k = cart * 4 + colour
            n = pile.count(k)
            here += n
            hands[k] += n + d.discard[cart][colour]
        if here != len(pile):
            out.append(f"draw pile {cart} holds cards of another cart type")
    if tuple(hands) != t.deck:
        out.append(f"mine cards not conserved: {hands} != {list(t.deck)}")
    cubes = d.cubes + d.cubes_out + sum(p.level + sum(c for cid, c in p.caves if cid >= 0) for p in d.players)
    if cubes != t.setup["cubes"] or d.cubes < 0:
        out.append(f"upgrade cubes not conserved: {cubes} != {t.setup['cubes']}")
    exp = [*d.gone, *d.used, *(x for m in d.display for x in m if x >= 0)]
    for stack in d.stacks:
        exp += stack
    exp += [cid for p in d.players for cid, _ in p.caves if cid >= 0]
    if d.won >= 0:
        exp.append(d.won)
    ids = set(exp)
    scrolls = ids & _SCROLLS
    if len(ids) != len(exp) or ids - scrolls != _expected_cards(state.players):
        out.append("expansion cards not conserved")
    if len(scrolls) != state.players:
        out.append("spell scrolls not conserved")
    return out


@cache
def _expected_cards(players: int) -> frozenset[int]:
    """Ids of the expansion cards in play for a player count (ZM-080)."""
    return frozenset(c.id for c in tables().cards if c.kind != "scroll" and c.players <= players)


_SCROLLS = frozenset(tables().scrolls)


def evaluate(state: State, seat: int) -> float:
    """Points now, plus a little for cards in hand and cubes on income objects."""
    t, d = tables(), state.data

    def worth(i: int) -> float:
        p = d.players[i]
        coins, full, bonus = score(t, d, p)
        cubes = p.level + sum(c for cid, c in p.caves if cid >= 0)
        return coins + full + bonus + 0.25 * (sum(p.hand) + sum(p.bid)) + 0.5 * cubes

    mine = worth(seat)
    others = [worth(i) for i in range(state.players) if i != seat]
    return mine - (max(others) if others else 0.0)
