"""Phase 3, the four sealed auctions (ZM-370 .. ZM-530, ZM-908 .. ZM-910).

Bids are real hidden information: each seat in turn moves cards from its
hand into a sealed bid, one card per decision, then seals it. Nobody sees
another seat's bid (``view`` hides it, no event names it) until the
automatic reveal shows all bids at once (ZM-410). The auctions are then
resolved one colour per automatic step, top to bottom (ZM-420); the winner
decides its reward, where a won card goes, and (blue) the king's move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Event, State

from .model import FREE, Mines, copy_mines, copy_player, order_from, set_player, with_player
from .tables import NKINDS, Tables, kind_of, tables
from .trade import kind_args

if TYPE_CHECKING:
    from .rules import MinesOfZavandor

__all__ = [
    "play_bid",
    "reveal",
    "resolve_step",
    "play_resolve",
    "bid_sizes",
    "reward_options",
    "thresholds",
    "private_bid",
    "coins_left",
]


def bid_sizes(bid: tuple[int, ...]) -> list[int]:
    """Cards bid per colour; the cart type does not matter (ZM-390, ZM-400)."""
    return [bid[c] + bid[4 + c] + bid[8 + c] + bid[12 + c] for c in range(4)]


def play_bid(state: State, action: Action) -> State:
    """ZM-380: one card into the sealed bid (seen only by its seat), or seal the bid."""
    game, t, d, seat = state.game, tables(), state.data, state.to_move
    p = d.players[seat]
    if action.kind == "bid":  # the bid stays secret: the event is for the bidder only
        colour = t.colours.index(action.args[0])
        k = next(kind_of(cart, colour) for cart in range(4) if p.hand[kind_of(cart, colour)])
        hand, bid = list(p.hand), list(p.bid)
        hand[k] -= 1
        bid[k] += 1
        ev = game.say(
            "ZM-380",
            "bid_card",
            private_to=(seat,),
            p=seat + 1,
            n=bid[colour] + bid[4 + colour] + bid[8 + colour] + bid[12 + colour],
            **_gem(t, colour),
        )
        return state.evolve(data=with_player(d, seat, hand=tuple(hand), bid=tuple(bid)), events=(ev,))
    d = with_player(d, seat, sealed=True)
    ev = game.say("ZM-380", "sealed", p=seat + 1)
    if d.turn + 1 < state.players:
        d = copy_mines(d, turn=d.turn + 1)
        return state.evolve(data=d, to_move=order_from(d.start, state.players)[d.turn], events=(ev,))
    return state.evolve(data=copy_mines(d, turn=0), phase="auction_reveal", to_move=None, events=(ev,))


def _gem(t: Tables, colour: int) -> dict[str, str]:
    return {"gem": t.colour_name(colour, "en"), "gem_de": t.colour_name(colour, "de")}


def private_bid(state: State, action: Action) -> bool:
    """ZM-380: a card added to a sealed bid is a decision only its seat may know of."""
    return action.kind == "bid"


def reveal(state: State) -> State:
    """ZM-410: all sealed bids are turned face up at the same time."""
    game, t, d = state.game, tables(), state.data
    events = [game.say("ZM-410", "reveal")]
    for seat in order_from(d.start, state.players):
        sizes = bid_sizes(d.players[seat].bid)
        events.append(
            game.say(
                "ZM-410",
                "reveal_bid",
                p=seat + 1,
                bids=", ".join(f"{t.colours[c]} {sizes[c]}" for c in t.order),
                bids_de=", ".join(f"{t.colour_name(c, 'de').split()[0]} {sizes[c]}" for c in t.order),
            )
        )
    d = copy_mines(d, revealed=True, colour=0, step="", winner=-1)
    return state.evolve(data=d, phase="auction_count", to_move=None, events=tuple(events))


def thresholds(t: Tables, options: dict) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """ZM-908 (gap): cards needed per colour for the card tier and the top tier.

    The seed says "3 or 4" and "8 or 9, depending on the gem". Option
    ``gem_tiers``: ``rare_low`` (data/auction.toml: red and yellow need fewer)
    or ``common_low`` (the other way round: each colour takes the other pair).
    """
    if options.get("gem_tiers", "rare_low") == "rare_low":
        return t.card_at, t.top_at
    flip = lambda v: tuple(max(v) + min(v) - x for x in v)  # noqa: E731 - 3 <-> 4, 8 <-> 9
    return flip(t.card_at), flip(t.top_at)


def reward_options(t: Tables, d: Mines, colour: int, size: int, options: dict, card_shown: bool = False) -> list[str]:
    """ZM-450 .. ZM-470 with ZM-530: the rewards a winning bid of ``size`` cards may choose; a reward
    with the expansion card only while one is on display (``card_shown``: as if one were)."""
    card_at, top_at = thresholds(t, options)
    tier = 3 if size >= top_at[colour] else 2 if size >= card_at[colour] else 1
    has_card = card_shown or d.display[colour][1] >= 0
    return [name for name, (_, card, need) in t.rewards.items() if need <= tier and (has_card or not card)]


def resolve_step(state: State) -> State:
    """Automatic: count the next colour's bids and pay the winner's (ZM-420 .. ZM-480)."""
    game, t, d = state.game, tables(), state.data
    colour = t.order[d.colour]
    order = order_from(d.start, state.players)
    sizes = [bid_sizes(d.players[s].bid)[colour] for s in order]
    gem = _gem(t, colour)
    best = max(sizes)
    if best == 0:  # ZM-909: no card bid, no most cards (ZM-430), no winner; the card was not auctioned (ZM-600)
        d = copy_mines(d, results=d.results + ((-1, 0),))
        return _next_colour(game, state, d, [game.say("ZM-909", "no_bids", **gem)])
    winner = order[sizes.index(best)]  # ZM-430 most cards; ZM-440 ties: nearest the start player
    d = copy_mines(d, results=d.results + ((winner, best),), size=best)
    rule = "ZM-440" if sizes.count(best) > 1 else "ZM-430"
    events = [game.say(rule, "winner", p=winner + 1, n=best, **gem)]
    # ZM-480: the winner pays the whole bid of this colour to the discard piles; ZM-520: only the winner
    p = d.players[winner]
    bid, discard = list(p.bid), [list(x) for x in d.discard]
    paid = [0] * NKINDS
    for cart in range(4):
        k = kind_of(cart, colour)
        discard[cart][colour] += bid[k]
        paid[k], bid[k] = bid[k], 0
    d = copy_mines(
        d, players=set_player(d, winner, copy_player(p, bid=tuple(bid))), discard=tuple(tuple(x) for x in discard)
    )
    events.append(game.say("ZM-480", "pay", p=winner + 1, **kind_args(t, tuple(paid))))
    options = reward_options(t, d, colour, best, state.options)
    if len(options) == 1:  # ZM-450: one card or more, 1 point
        return _reward(game, state, d, winner, options[0], events)
    d = copy_mines(d, winner=winner, step="reward")
    events.append(game.say("ZM-460" if "card8" not in options else "ZM-470", "choose_reward", p=winner + 1))
    return state.evolve(data=d, phase="auction_resolve", to_move=winner, events=tuple(events))


def play_resolve(state: State, action: Action) -> State:
    """The winner's choice: reward (ZM-450 .. ZM-470), the card to remove (ZM-510), the king (ZM-490)."""
    game, t, d, seat = state.game, tables(), state.data, state.to_move
    if action.kind == "reward":
        return _reward(game, state, d, seat, action.args[0], [])
    if action.kind == "remove":
        return _remove(game, state, action.args[0])
    if action.args[0] == "advance":  # ZM-490
        d = copy_mines(d, king=d.king + 1)
        space = t.road[d.king]
        ev = game.say("ZM-490", "king_moves", p=seat + 1, space=space["en"], space_de=space["de"])
    else:
        ev = game.say("ZM-490", "king_stays", p=seat + 1)
    return _next_colour(game, state, d, [ev])


def _reward(game: MinesOfZavandor, state: State, d: Mines, seat: int, name: str, events: list[Event]) -> State:
    """Give the chosen reward; a won card goes at once onto a free cave space (ZM-500)."""
    t = tables()
    vp, take, tier = t.rewards[name]
    colour = t.order[d.colour]
    rule = {1: "ZM-450", 2: "ZM-460", 3: "ZM-470"}[tier]
    if state.options["coin_supply"] == "limited" and vp > coins_left(t, d):  # ZM-910 (gap, option): the box's coins
        events.append(game.say("ZM-910", "coins_short", p=seat + 1, n=coins_left(t, d), m=vp))
        vp = coins_left(t, d)
    d = with_player(d, seat, vp=d.players[seat].vp + vp)
    if not take:
        events.append(game.say(rule, "reward_vp", p=seat + 1, n=vp))
        return _after_reward(game, state, d, seat, events)
    middle, right = d.display[colour]
    card = t.cards[right]
    display = tuple((middle, -1) if c == colour else d.display[c] for c in range(4))
    sold = tuple(True if c == colour else d.sold[c] for c in range(4))
    d = copy_mines(d, display=display, sold=sold)
    key = "reward_card" if vp else "reward_card_only"
    events.append(game.say(rule, key, p=seat + 1, n=vp, card=card.en, card_de=card.de))
    caves = d.players[seat].caves
    if FREE not in caves:  # ZM-510: a full board: the winner removes a card first
        d = copy_mines(d, winner=seat, step="remove", won=right)
        events.append(game.say("ZM-510", "board_full", p=seat + 1))
        return state.evolve(data=d, phase="auction_resolve", to_move=seat, events=tuple(events))
    d = _place(d, seat, caves.index(FREE), right)
    events.append(game.say("ZM-500", "placed", p=seat + 1, card=card.en, card_de=card.de))
    return _after_reward(game, state, d, seat, events)


def coins_left(t: Tables, d: Mines) -> int:
    """ZM-910 (option ``coin_supply = limited``): points left in coins, 10 yellow and 20 grey in the box (facts)."""
    box = t.setup["yellow_coins"] * t.setup["coin_yellow"] + t.setup["grey_coins"] * t.setup["coin_grey"]
    return box - sum(p.vp for p in d.players)


def _place(d: Mines, seat: int, slot: int, cid: int) -> Mines:
    caves = list(d.players[seat].caves)
    caves[slot] = (cid, 0)  # a new card carries no cube (ZM-220)
    return with_player(d, seat, caves=tuple(caves))


def _remove(game: MinesOfZavandor, state: State, slot: int) -> State:
    """ZM-510 / ZM-910 (gap, options ``removed_card`` and ``removed_cubes``): where the removed card and its cubes go.

    By default the card is discarded (out of the game) and its cubes go back
    to the supply; ``removed_card = stack`` puts it under its colour's stack
    (a spell scroll has no stack and is discarded), ``removed_cubes = lost``
    takes its cubes out of the game.
    """
    t, d, seat = tables(), state.data, state.to_move
    old, cubes = d.players[seat].caves[slot]
    colour = t.cards[old].colour
    to_stack = state.options["removed_card"] == "stack" and colour >= 0
    if to_stack:  # the bottom of a stack is its first entry (top = last)
        d = copy_mines(d, stacks=tuple((old, *s) if c == colour else s for c, s in enumerate(d.stacks)))
    else:
        d = copy_mines(d, gone=d.gone + (old,))
    lost = state.options["removed_cubes"] == "lost"
    d = copy_mines(d, cubes_out=d.cubes_out + cubes) if lost else copy_mines(d, cubes=d.cubes + cubes)
    d = copy_mines(_place(d, seat, slot, d.won), won=-1)
    new = t.cards[d.players[seat].caves[slot][0]]
    key = "removed" + ("_stack" if to_stack else "") + ("_lost" if lost else "")
    events = [
        game.say("ZM-910", key, p=seat + 1, card=t.cards[old].en, card_de=t.cards[old].de, n=cubes),
        game.say("ZM-500", "placed", p=seat + 1, card=new.en, card_de=new.de),
    ]
    return _after_reward(game, state, d, seat, events)


def _after_reward(game: MinesOfZavandor, state: State, d: Mines, seat: int, events: list[Event]) -> State:
    """ZM-490: the blue winner may move the king one space (not past the coronation hall)."""
    t = tables()
    if t.order[d.colour] == t.king_colour and d.king + 1 < len(t.road):
        d = copy_mines(d, winner=seat, step="king")
        return state.evolve(data=d, phase="auction_resolve", to_move=seat, events=tuple(events))
    return _next_colour(game, state, d, events)


def _next_colour(game: MinesOfZavandor, state: State, d: Mines, events: list[Event]) -> State:
    """The next auction (ZM-420), or phase 4 (upgrade) after the last one."""
    d = copy_mines(d, winner=-1, step="", won=-1, size=0)
    if d.colour + 1 < 4:
        return state.evolve(
            data=copy_mines(d, colour=d.colour + 1), phase="auction_count", to_move=None, events=tuple(events)
        )
    events.append(game.say("ZM-170", "phase_upgrade"))
    d = copy_mines(d, turn=0)
    return state.evolve(data=d, phase="upgrade", to_move=d.start, events=tuple(events))
