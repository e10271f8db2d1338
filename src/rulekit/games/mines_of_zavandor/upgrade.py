"""Phase 4 (upgrade), the end of a round and the end of the game (ZM-540 .. ZM-690).

The end of a round may hold one decision: with the option ``hand_limit``
(ZM-913, a gap: no limit is printed) a seat over the limit discards gem
cards of its choice, one by one.

Upgrades are paid from the hand only: cards left face up by a lost auction
sit in the seat's ``bid`` until the round ends, so they cannot pay
(ZM-520, ZM-590). Gem prices are paid with the lowest cart types first
(rulekit's choice: the cart type of a paying card makes no difference).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.engine import Action, Dice, Event, State

from .income import cart_args
from .model import Mines, Player, add, clan_side, copy_mines, copy_player, order_from, with_player
from .tables import Price, Tables, kind_of, tables
from .trade import kind_args

if TYPE_CHECKING:
    from .rules import MinesOfZavandor

__all__ = [
    "price_of",
    "track_of",
    "can_pay",
    "upgrade_problem",
    "play_upgrade",
    "check_end",
    "cleanup",
    "play_final",
    "final_scoring",
    "over_limit",
    "play_discard",
    "score",
    "OBJ_CLAN",
]

OBJ_CLAN = -1  # the clan board as an upgrade object; cave spaces are 0, 1, ...


def track_of(t: Tables, d: Mines, p: Player, obj: int) -> tuple[tuple[int, ...], int, Price]:
    """(track, cubes, printed price) of an object: the clan board or a cave card."""
    if obj == OBJ_CLAN:
        side = clan_side(t, d, p)
        return side.income, p.level, side.price
    cid, cubes = p.caves[obj]
    card = t.cards[cid]
    return card.track, cubes, card.price


def price_of(t: Tables, d: Mines, price: Price) -> tuple[tuple[int, ...], int]:
    """(gem cards per colour, points) an upgrade costs; meeple objects use the king's space (ZM-570)."""
    if price.meeple:
        return t.road_price[d.king], 0
    return price.gems, price.vp  # ZM-560: the printed price


def can_pay(hand: tuple[int, ...], gems: tuple[int, ...]) -> bool:
    return all(hand[c] + hand[4 + c] + hand[8 + c] + hand[12 + c] >= n for c, n in enumerate(gems) if n)


def upgrade_problem(t: Tables, d: Mines, seat: int, obj: int) -> str | None:
    """The rule that forbids upgrading ``obj`` now, or None (ZM-520, ZM-550, ZM-560, ZM-570, ZM-590, ZM-910)."""
    p = d.players[seat]
    if obj != OBJ_CLAN and (obj >= len(p.caves) or p.caves[obj][0] < 0):
        return "ZM-540"
    if p.upgraded >> (obj + 1) & 1:
        return "ZM-550"
    track, cubes, price = track_of(t, d, p, obj)
    if cubes >= len(track):
        return "ZM-590"
    if d.cubes <= 0:
        return "ZM-910"
    gems, vp = price_of(t, d, price)
    if p.vp < vp:
        return "ZM-560"
    if not can_pay(p.hand, gems):
        if can_pay(tuple(h + b for h, b in zip(p.hand, p.bid, strict=True)), gems):
            return "ZM-520"  # the face-up cards of a lost bid would pay, but they stay on the table (ZM-590)
        return "ZM-570" if price.meeple else "ZM-560"
    return None


def play_upgrade(state: State, action: Action) -> State:
    """ZM-540 .. ZM-580: one upgrade step paid from the hand, or done (the next seat upgrades)."""
    game, t, d, seat = state.game, tables(), state.data, state.to_move
    if action.kind == "done":
        return _next_seat(state)
    obj = OBJ_CLAN if action.args[0] == "clan" else action.args[0]
    p = d.players[seat]
    _, cubes, price = track_of(t, d, p, obj)
    gems, vp = price_of(t, d, price)
    hand, discard = list(p.hand), [list(x) for x in d.discard]
    paid = [0] * 16
    for colour, need in enumerate(gems):
        for cart in range(4):  # lowest cart types first (rulekit's choice)
            k = kind_of(cart, colour)
            n = min(need, hand[k])
            hand[k] -= n
            paid[k] += n
            discard[cart][colour] += n
            need -= n
    if obj == OBJ_CLAN:
        p = copy_player(p, level=p.level + 1)
        name, name_de = t.boards[p.clan]["en"], t.boards[p.clan]["de"]
    else:
        caves = list(p.caves)
        caves[obj] = (caves[obj][0], cubes + 1)
        p = copy_player(p, caves=tuple(caves))
        name, name_de = t.cards[caves[obj][0]].en, t.cards[caves[obj][0]].de
    p = copy_player(p, hand=tuple(hand), vp=p.vp - vp, upgraded=p.upgraded | 1 << (obj + 1))
    players = list(d.players)
    players[seat] = p
    d = copy_mines(d, players=tuple(players), discard=tuple(tuple(x) for x in discard), cubes=d.cubes - 1)
    rule = "ZM-570" if price.meeple else "ZM-560"
    cost = kind_args(t, tuple(paid), "cost")
    if vp:
        cost = {"cost": f"{vp} VP", "cost_de": f"{vp} SP"}
    ev = (
        game.say(rule, "upgrade", p=seat + 1, obj=name, obj_de=name_de, **cost),
        game.say("ZM-580", "cube", p=seat + 1, n=cubes + 1),
    )
    return state.evolve(data=d, events=ev)


def _next_seat(state: State) -> State:
    d = state.data
    if d.turn + 1 < state.players:
        d = copy_mines(d, turn=d.turn + 1)
        return state.evolve(data=d, to_move=order_from(d.start, state.players)[d.turn])
    return state.evolve(data=copy_mines(d, turn=0), phase="check_game_end", to_move=None)


def _bids_back(d: Mines) -> Mines:
    players = tuple(
        copy_player(
            p, hand=tuple(h + b for h, b in zip(p.hand, p.bid, strict=True)), bid=(0,) * 16, sealed=False, upgraded=0
        )
        for p in d.players
    )
    return copy_mines(d, players=players, revealed=False)


def check_end(state: State) -> State:
    """ZM-630: after the upgrade phase in which the king stands in the coronation hall, the game ends."""
    game, t, d = state.game, tables(), state.data
    if d.king < len(t.road) - 1:
        limit = state.options["round_limit"]
        if limit and d.round >= limit:  # not printed: a limit for bots and tests; the game is unfinished
            ev = game.say("engine", "stopped", n=d.round)
            return state.evolve(
                data=copy_mines(d, stopped=True), phase="game_over", to_move=None, is_over=True, events=(ev,)
            )
        return state.evolve(phase="round_cleanup", events=(game.say("ZM-630", "not_yet", n=len(t.road) - 1 - d.king),))
    # rulekit's choice: face-up bid cards return to the hand so they can be exchanged (ZM-640)
    d = _bids_back(d)
    events = (game.say("ZM-630", "game_end"), game.say("ZM-640", "final_exchange"))
    return state.evolve(data=d, phase="final_gem_exchange", to_move=d.start, events=events)


def cleanup(state: State) -> State:
    """ZM-600 .. ZM-620: discard unsold cards, slide and refill the display, bids back, next start player."""
    game, t, d = state.game, tables(), state.data
    events: list[Event] = []
    stacks, display, gone = list(d.stacks), [], list(d.gone)
    dice = Dice(state.rng)
    winners = {t.order[i]: seat for i, (seat, _) in enumerate(d.results)}
    stays = state.options["declined_card"] == "stays"
    for colour in range(4):
        middle, right = d.display[colour]
        if right >= 0 and stays and winners.get(colour, -1) >= 0:  # ZM-909 (gap, option): the winner left it
            display.append((middle, right))
            events.append(game.say("ZM-909", "card_stays", card=t.cards[right].en, card_de=t.cards[right].de))
            continue
        if right >= 0:  # not auctioned (ZM-600; ZM-909 by default also when the winner took points instead)
            gone.append(right)
            events.append(game.say("ZM-600", "unsold", card=t.cards[right].en, card_de=t.cards[right].de))
        if not stacks[colour] and state.options["empty_stack"] == "reshuffle":  # ZM-913 (gap, option)
            pool = [cid for cid in gone if t.cards[cid].colour == colour]
            if pool:
                stacks[colour] = tuple(dice.shuffle(pool))
                gone = [cid for cid in gone if cid not in pool]
                gem = {"gem": t.colour_name(colour, "en"), "gem_de": t.colour_name(colour, "de")}
                events.append(game.say("ZM-913", "stack_reshuffled", n=len(pool), **gem))
        new = stacks[colour][-1] if stacks[colour] else -1  # ZM-913 (gap): by default an empty stack, an empty space
        if stacks[colour]:
            stacks[colour] = stacks[colour][:-1]
        display.append((new, middle))
    d = _bids_back(d)
    events.append(game.say("ZM-610", "bids_back"))
    start = (d.start + 1) % state.players
    events.append(game.say("ZM-620", "next_start", p=start + 1, r=d.round + 1))
    d = copy_mines(
        d,
        stacks=tuple(stacks),
        display=tuple(display),
        gone=tuple(gone),
        sold=(False,) * 4,
        start=start,
        results=(),
        round=d.round + 1,
        turn=0,
        colour=0,
    )
    over = over_limit(d, state)
    if over >= 0:  # ZM-913 (gap, option hand_limit): a seat over the limit discards first
        events.append(_hand_over(game, d, state, over))
        return state.evolve(data=d, phase="hand_limit", to_move=over, rng=dice.state, events=tuple(events))
    return state.evolve(data=d, phase="income_base", to_move=None, rng=dice.state, events=tuple(events))


def over_limit(d: Mines, state: State) -> int:
    """ZM-913 (option ``hand_limit``, 0 = none as printed): the first seat from the start player over the limit, or -1."""
    limit = state.options["hand_limit"]
    if limit:
        for seat in order_from(d.start, state.players):
            if sum(d.players[seat].hand) > limit:
                return seat
    return -1


def _hand_over(game: MinesOfZavandor, d: Mines, state: State, seat: int) -> Event:
    n, limit = sum(d.players[seat].hand), state.options["hand_limit"]
    return game.say("ZM-913", "hand_over", p=seat + 1, n=n, limit=limit, m=n - limit)


def play_discard(state: State, action: Action) -> State:
    """ZM-913 (option ``hand_limit``): one chosen gem card onto its discard pile; then the next seat over the limit."""
    game, t, d, seat = state.game, tables(), state.data, state.to_move
    cart, colour = t.carts.index(action.args[1]), t.colours.index(action.args[0])
    k = kind_of(cart, colour)
    d = with_player(d, seat, hand=add(d.players[seat].hand, k, -1))
    d = copy_mines(d, discard=tuple(add(x, colour) if c == cart else x for c, x in enumerate(d.discard)))
    name = {"gem": t.colour_name(colour, "en"), "gem_de": t.colour_name(colour, "de"), **cart_args(t, cart)}
    events = [game.say("ZM-913", "hand_discard", p=seat + 1, **name)]
    over = over_limit(d, state)
    if over < 0:
        return state.evolve(data=d, phase="income_base", to_move=None, events=tuple(events))
    if over != seat:
        events.append(_hand_over(game, d, state, over))
    return state.evolve(data=d, to_move=over, events=tuple(events))


def play_final(state: State, action: Action) -> State:
    """ZM-640: three gem cards for one point, or done (the next seat exchanges)."""
    game, t, d, seat = state.game, tables(), state.data, state.to_move
    if action.kind == "exchange":
        hand, discard = list(d.players[seat].hand), [list(x) for x in d.discard]
        left = t.setup["final_rate"]
        for k in range(16):  # lowest cart types first (rulekit's choice; any cards may be used)
            n = min(left, hand[k])
            hand[k] -= n
            discard[k >> 2][k & 3] += n
            left -= n
        d = with_player(d, seat, hand=tuple(hand), vp=d.players[seat].vp + 1)
        d = copy_mines(d, discard=tuple(tuple(x) for x in discard))
        return state.evolve(data=d, events=(game.say("ZM-640", "exchange", p=seat + 1),))
    if d.turn + 1 < state.players:
        d = copy_mines(d, turn=d.turn + 1)
        return state.evolve(data=d, to_move=order_from(d.start, state.players)[d.turn])
    return state.evolve(data=d, phase="final_scoring", to_move=None)


def score(t: Tables, d: Mines, p: Player) -> tuple[int, int, int]:
    """(coins, completed objects, special bonus) of one seat (ZM-650, ZM-660, ZM-670)."""
    side = clan_side(t, d, p)
    full_pts, full_n = 0, 0
    if p.level >= len(side.income):
        full_pts, full_n = side.value, 1
    cards = [(t.cards[cid], cubes) for cid, cubes in p.caves if cid >= 0]
    for card, cubes in cards:
        if cubes >= len(card.track):
            full_pts += card.value
            full_n += 1
    clans = sum(1 for card, _ in cards if card.kind == "clan")
    bonus = 0
    for card, cubes in cards:
        if card.special == "per_clan":
            bonus += card.bonus * clans
        elif card.special == "per_full":
            bonus += card.bonus * (full_n - (cubes >= len(card.track)))
    return p.vp, full_pts, bonus


def final_scoring(state: State) -> State:
    """ZM-650 .. ZM-680: count coins, completed objects and special cards; most points wins."""
    game, t, d = state.game, tables(), state.data
    events = []
    for seat, p in enumerate(d.players):
        coins, full, bonus = score(t, d, p)
        yellow, grey = divmod(coins, t.setup["coin_yellow"])
        events.append(game.say("ZM-650", "coins", p=seat + 1, n=coins, y=yellow, g=grey))
        events.append(game.say("ZM-660", "completed", p=seat + 1, n=full))
        if bonus:
            events.append(game.say("ZM-670", "bonus", p=seat + 1, n=bonus))
    state = state.evolve(phase="game_over", is_over=True, to_move=None)
    win = ", ".join(str(s + 1) for s in game.winners(state))
    events.append(game.say("ZM-680", "game_winner", who=win, n=max(game.scores(state))))
    return state.evolve(events=tuple(events))
