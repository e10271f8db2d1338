"""Hidden information and bookkeeping: view, determinize, invariants, evaluate.

Other players' hands and every draw pile's order are secret; the sizes of
piles, all discards (open piles), rows, gems and rune stones are public.
"""

from __future__ import annotations

from collections import Counter

from ...engine import Dice
from .model import Board, Player, as_dict, copy_board, copy_player
from .setup import rune_stack_size
from .tables import COLOURS

__all__ = ["view", "determinize", "invariants", "evaluate"]


def _player(out: dict, p: Player, mine: bool) -> dict:
    """``out`` (``as_dict(p)``) as ``seat`` may see it."""
    out["draw"] = sorted(p.draw) if mine else len(p.draw)  # order of a draw pile is never shown
    if not mine:
        out["hand"] = len(p.hand)
    return out


def view(game, state, seat: int | None) -> dict:
    """What ``seat`` may see (None: the teacher's full view)."""
    b: Board = state.data
    if seat is None:
        return {"data": as_dict(b)}
    data = as_dict(b)  # bots compare views at every step: each player is converted once
    data["players"] = [
        _player(out, p, i == seat) for i, (out, p) in enumerate(zip(data["players"], b.players, strict=True))
    ]
    data["deck"] = len(b.deck)
    data["art_supply"] = len(b.art_supply)
    return {"data": data}


def determinize(b: Board, seat: int, dice: Dice) -> Board:
    """Resample what ``seat`` cannot see: other hands + own draw pile order, deck orders."""
    players = list(b.players)
    for i, p in enumerate(players):
        if i == seat:
            players[i] = copy_player(p, draw=dice.shuffle(p.draw))
            continue
        pool = dice.shuffle(p.hand + p.draw)
        k = len(p.hand)
        players[i] = copy_player(p, hand=tuple(sorted(pool[:k])), draw=pool[k:])
    return copy_board(b, players=tuple(players), deck=dice.shuffle(b.deck), art_supply=dice.shuffle(b.art_supply))


def redeal_unseen(b: Board, dice: Dice) -> Board:
    """Shuffle what nobody sees: every player's draw pile, the general deck and the artifact supply."""
    players = tuple(copy_player(p, draw=dice.shuffle(p.draw)) for p in b.players)
    return copy_board(b, players=players, deck=dice.shuffle(b.deck), art_supply=dice.shuffle(b.art_supply))


def invariants(game, state) -> list[str]:
    """Conservation of cards, gems, joker stones, ores, artifacts and rune stones."""
    b: Board = state.data
    if b is None:
        return []
    cat, bad = game.cat, []
    t = b.turn
    creatures = list(b.display) + list(b.deck) + list(b.gdiscard) + list(t.played) + list(t.gained)
    for i, p in enumerate(b.players):
        own = list(p.hand) + list(p.draw) + list(p.discard) + list(p.removed)
        if i == b.current:
            own += [n for n in t.played if n >= 100]
        creatures += [n for n in own if n < 100]
        druids = [n for n in own if n >= 100]
        if len(druids) != 8 or len(set(druids)) != 8:
            bad.append(f"player {i + 1} has druid cards {druids}, not the 8 cards 100-107")
    creatures = [n for n in creatures if 0 < n < 100]
    if len(creatures) != 68 or len(set(creatures)) != 68 or min(creatures) != 11 or max(creatures) != 78:
        lost = sorted(set(range(11, 79)) - set(creatures))
        twice = sorted(n for n, k in Counter(creatures).items() if k > 1)
        bad.append(f"creature cards lost {lost} or doubled {twice}")
    sup = cat.board["supply"]
    for k, c in enumerate(COLOURS):
        total = b.supply[k] + sum(p.gems[k] + (p.joker_gem == c) for p in b.players)
        if total != sup["gems_per_colour"] or b.supply[k] < 0:
            bad.append(f"{total} {c} gems instead of {sup['gems_per_colour']}")
    if b.jokers + sum(p.jokers for p in b.players) != sup["jokers"]:
        bad.append("joker stones not conserved")
    if b.ore + sum(p.ore for p in b.players) != sup["ore"] or b.ore < 0:
        bad.append("ores not conserved")
    jokers = b.joker_stack + (t.artifact == "joker") + sum(row.count("joker") for p in b.players for row in p.rows)
    if jokers != cat.board["artifacts"]["jokers"]:
        bad.append(f"{jokers} joker artifacts instead of {cat.board['artifacts']['jokers']}")
    for c in COLOURS:
        n = b.art_supply.count(c) + b.art_discard.count(c) + b.forges.count(c) + (t.artifact == c)
        n += sum(row.count(c) for p in b.players for row in p.rows)
        if n != cat.board["artifacts"]["per_colour"]:
            bad.append(f"{n} {c} artifacts instead of {cat.board['artifacts']['per_colour']}")
    per = rune_stack_size(cat, len(b.players), state.options)
    for k, r in enumerate(cat.board["runes"]["types"]):
        total = b.rune_stacks[k] + sum(r in p.runes for p in b.players)
        if total != per:
            bad.append(f"{total} {r} rune stones instead of {per}")
    for i, p in enumerate(b.players):
        if len(p.runes) > 4 or len(set(p.runes)) != len(p.runes):
            bad.append(f"player {i + 1} holds runes {p.runes} (RS-164, RS-165)")
    return bad


def evaluate(game, state, seat: int) -> float:
    """Power points plus what the board promises, minus the best rival's.

    Rows count their trade value plus progress towards the next step, stones
    a third of a point each (their final-scoring worth, more while they can
    still be forged), runes and creature cards a little: a cheap guide for
    greedy bots, not a strategy.
    """
    b: Board = state.data
    values = state.options["trade_values"]
    t = b.turn
    mp = game.cat.creature_mp  # 0 for the druid cards

    def worth(i: int, p: Player) -> float:
        rows = 0.0
        for row in p.rows:
            n = len(row) - row.count("")  # artifacts: the spaces not empty
            rows += values[n] + (0.75 * n if n < 5 else 0.0)
        stones = 0.5 * sum(p.gems) + 0.6 * p.jokers + 0.45 * p.ore
        cards = p.hand + p.draw + p.discard
        if i == b.current:
            cards += t.played + t.gained
        creatures = sum(map(mp.__getitem__, cards))
        return p.pp + rows + stones + 3.0 * len(p.runes) + 0.4 * creatures

    scores = [worth(i, p) for i, p in enumerate(b.players)]
    others = [v for i, v in enumerate(scores) if i != seat]
    return scores[seat] - max(others)
