"""The end of the game: the round end, final scoring and winners (RS-190..RS-197), and rulekit's
stop at a round end from which the printed game can never end (``stuck``, not a rule).

The printed end is 65 power points (RS-190), and nothing else ends the game.
Random players can reach a table where the rounds go on for ever (about 1.7%
of random 4-player games did, for thousands of rounds): every player is down
to one card and the display is empty. ``stuck`` checks, at a round's end,
the signs that together mean no power point can ever be won again:

- nobody holds two cards in all (hand, draw and discard piles), so nobody
  may use abilities (RS-091), the only source of cards, gems, ore and dice
  besides summoning and forging (RS-098..RS-109);
- the display is empty, and it is refilled only after a summon or a take
  from it (RS-080, RS-082, RS-111), so nothing can be summoned again;
- nobody can pay for an artifact: not 3 ores (RS-141), not the joker forge
  (RS-133), not the cost of a forge's colour with gems of that colour and
  joker stones (RS-131, RS-135); the forges stay as they are, since they are
  refilled only after forging (RS-146). The Exchange rune swaps one stone
  for one (RS-215), so its owner is counted with all stones alike; the Joker
  rune's owner with every gem as a joker stone (RS-212, RS-213);
- no power row holds two artifacts, so nothing can be traded in (RS-160).

Each sign can only change through another, so none ever changes: power
points come only from trade-ins, exchange abilities, the die and forge
bonuses (RS-100, RS-107, RS-142, RS-162), and the throne is out of reach.
The game then stops unfinished, without final scoring or winners, and the
last event says why (docs/games/rune_stones.md). The tests prove the
signs on the recorded tables by playing every choice from there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Board, Player, copy_board, evolve_player
from .tables import COLOURS, Catalogue
from .words import name_of

if TYPE_CHECKING:
    from .rules import Ctx

__all__ = [
    "auto_round_end",
    "auto_scoring",
    "auto_winner",
    "final_points",
    "holds",
    "stop_event",
    "stopped_by_limit",
    "stuck",
]

#: RS-091: abilities need at least two cards
_CARDS_TO_ACT = 2
#: RS-141: an artifact bought with ore costs exactly three
_ORE_PRICE = 3
#: RS-160: a row is traded in with at least two artifacts
_ROW_TO_TRADE = 2


def stuck(board: Board, opts: dict, cat: Catalogue) -> bool:
    """True when no power point can ever be won again from ``board`` (see the module text)."""
    if any(board.display):
        return False
    for p in board.players:
        if len(p.hand) + len(p.draw) + len(p.discard) >= _CARDS_TO_ACT:
            return False
        if any(sum(1 for space in row if space) >= _ROW_TO_TRADE for row in p.rows):
            return False
        if _can_pay(p, board, opts, cat):
            return False
    return True


def _can_pay(p: Player, board: Board, opts: dict, cat: Catalogue) -> bool:
    """Whether ``p`` can pay for an artifact now or after swapping stones (generous: any doubt says yes)."""
    joker_cost = cat.board["artifacts"]["joker_forge_cost"]
    costs = [cost for cost, colour in zip(opts["forge_costs"], board.forges, strict=False) if colour]
    if "exchange" in p.runes:  # any stone can become any other, one a turn
        return sum(p.gems) + p.jokers + p.ore >= min(*costs, joker_cost, _ORE_PRICE)
    if p.ore >= _ORE_PRICE or sum(p.gems) + p.jokers >= joker_cost:
        return True
    for cost, colour in zip(opts["forge_costs"], board.forges, strict=False):
        if not colour:
            continue
        own = p.gems[COLOURS.index(colour)]
        if p.joker_gem and p.joker_gem != colour:  # gems of the rune's colour pay as joker stones
            own += p.gems[COLOURS.index(p.joker_gem)]
        elif "joker" in p.runes and not p.joker_gem:  # the gem may still go on the rune, any colour
            own = max(p.gems)
        if own + p.jokers >= cost:
            return True
    return False


def stop_event(ctx: Ctx, board: Board) -> None:
    """Say why the game stops here (the engine's stop, citing the rules that block every move)."""
    ctx.say("engine", "stalemate", round=board.round, best=max(p.pp for p in board.players))


# -- the printed end: round end, final scoring, winners (RS-190..RS-197) ----------


def auto_round_end(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-190, RS-191: 65 power points end the game after the round; else a new round.

    A round limit (option, 0 = none: the rulebook prints none) stops a game
    nobody finishes, unscored and without winners (``RuneStones.stopped``).
    """
    best = max(p.pp for p in board.players)
    if best >= ctx.opts["end_threshold"]:
        ctx.say("RS-190", "game_ends", n=ctx.opts["end_threshold"])
        return board, "scoring"
    if stopped_by_limit(board, ctx.opts):
        ctx.say("engine", "round_limit", n=ctx.opts["round_limit"])
        return board, "game_over"
    ctx.say("RS-191", "new_round", best=best)
    return copy_board(board, round=board.round + 1), "start_turn"


def stopped_by_limit(board: Board, opts: dict) -> bool:
    """The round limit is reached and nobody stands on the throne (rulekit's stop, not a rule)."""
    limit = opts["round_limit"]
    return bool(limit) and board.round >= limit and max(p.pp for p in board.players) < opts["end_threshold"]


def auto_scoring(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-192..RS-195."""
    return _score(board, ctx), "determine_winner"


def auto_winner(board: Board, ctx: Ctx) -> tuple[Board, str]:
    """RS-196, RS-197: most power points; a tie gives several winners."""
    best = max(p.pp for p in board.players)
    won = [name_of(i) for i, p in enumerate(board.players) if p.pp == best]
    ctx.say("RS-197" if len(won) > 1 else "RS-196", "winners", players=", ".join(won), count=len(won), pp=best)
    return board, "game_over"


def final_points(p, values: tuple[int, ...]) -> tuple[int, int]:
    """(leftover stones, rows) a player scores at the end (RS-192..RS-194)."""
    return holds(p) // 3, sum(values[sum(1 for a in row if a)] for row in p.rows)


def _score(board: Board, ctx: Ctx) -> Board:
    """RS-192..RS-194: leftover stones and rows still on the board."""
    for seat, p in enumerate(board.players):
        stones, rows = final_points(p, ctx.opts["trade_values"])
        ctx.say("RS-192", "score", player=name_of(seat), stones=stones, rows=rows, total=p.pp + stones + rows)
        board = evolve_player(board, seat, pp=p.pp + stones + rows)
    return board


def holds(p: Player) -> int:
    """Gems, joker stones and ores a player holds (the joker-rune gem excluded, RS-194)."""
    return sum(p.gems) + p.jokers + p.ore
