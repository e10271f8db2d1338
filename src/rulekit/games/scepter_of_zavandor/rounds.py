"""The automatic steps of a round (ZS-070) around the income: turn order, refill, phase 4 and the end.

Each function takes a state whose ``to_move`` is None and does exactly one
visible step with events citing the ledger, so the stepper can walk a
round phase by phase (ZS-070: every player finishes a phase before the
next one starts).
Each step ends in the engine's positional copy ``moved`` rather than
``evolve`` (these hooks run every round, for every player).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Dice, State
from ...engine.records import changer
from ...engine.state import moved
from .model import Table, copy_player, copy_table, gem_vp, hand_count, hand_limit, victory_points, with_cur
from .tables import FLOW, SEATS

if TYPE_CHECKING:
    pass

__all__ = [
    "turn_order",
    "refill",
    "back_to_turn",
    "end_actions",
    "hand_check",
    "score",
    "end_check",
    "final",
]


#: the table copies of a new round, each with exactly its fields changed (every round, ``changer``)
_new_order, _next_round = changer(Table, "p", "order", "vp_start", "cur"), changer(Table, "round")


def turn_order(s: State) -> State:
    """ZS-080/090/100: most VP first; ties by VP from gems, then by lot. Resets the knowledge step."""
    game = s.game
    cfg, t = game.cfg, s.data
    dice = Dice(s.rng)
    ps = t.p
    # one lot per seat, drawn in seat order; a seat's sort key is (-VP, -gem VP, lot, seat)
    rows = [(-victory_points(cfg, p), -gem_vp(cfg, p), dice.below(1 << 30), i) for i, p in enumerate(ps)]
    vps = tuple([-row[0] for row in rows])
    keys = sorted(rows)
    order = tuple([k[3] for k in keys])
    ps = tuple([copy_player(p, stepped=False) if p.stepped else p for p in ps])
    # an unchanged order or points keep their very tuples: the price modifiers and auction prices are
    # kept while these are the same objects (checks._modifiers, checks._offer_prices)
    order = t.order if order == t.order else order
    vps = t.vp_start if vps == t.vp_start else vps
    t = _new_order(t, ps, order, vps, 0)
    ev = (game.say("ZS-080", "turn_order", round=t.round, order=_OrderText(order, vps)),)
    # the keys are sorted, so equal points (ZS-090) and equal gem points too (ZS-100) are neighbours
    lot = gem_tie = False
    for a, b in zip(keys, keys[1:], strict=False):
        if a[0] == b[0]:
            if a[1] == b[1]:
                lot = True
            else:
                gem_tie = True
    if lot:
        ev = (*ev, game.say("ZS-100", "lot"))
    elif gem_tie:
        ev = (*ev, game.say("ZS-090", "gem_tie"))
    return moved(s, t, dice.state, "refill_artifacts", None, ev, False)


class _OrderText:
    """The turn order as text ("1: P2 (3), 2: P1 (3)"), built only when an event is read (hot path)."""

    __slots__ = ("order", "vps")

    def __init__(self, order: tuple[int, ...], vps: tuple[int, ...]):
        self.order, self.vps = order, vps

    def __format__(self, spec: str) -> str:
        return ", ".join(f"{k + 1}: P{i + 1} ({self.vps[i]})" for k, i in enumerate(self.order))


def refill(s: State) -> State:
    """ZS-110: refill the offer to as many artifacts as players; an empty deck leaves it short (ZS-904)."""
    game = s.game
    t = s.data
    need = max(0, s.players - len(t.offer))
    drawn = t.art_deck[:need]
    if drawn:
        t = copy_table(t, offer=t.offer + drawn, art_deck=t.art_deck[need:], cur=0)
        ev = game.say("ZS-110", "refill", items=", ".join(game.item_name(a) for a in drawn))
    else:  # nothing drawn: the table stays as it is (mostly the offer is full)
        if t.cur:
            t = copy_table(t, cur=0)
        ev = game.say("ZS-904", "deck_empty") if need else game.say("ZS-110", "offer_full")
    return moved(s, t, s.rng, "income_opals", None, (ev,), False)


def back_to_turn(s: State) -> State:
    """After an instant action (disenchant, move a gem) the player whose turn it is goes on (ZS-210)."""
    t = s.data
    return moved(s, t, s.rng, "player_actions", t.order[t.cur], s.events, False)


def end_actions(s: State) -> State:
    """ZS-480/530: the next player in turn order acts; after the last one, phase 4."""
    game = s.game
    t = s.data
    if t.cur + 1 < s.players:
        t = with_cur(t, t.cur + 1)
        seat = t.order[t.cur]
        return moved(
            s, t, s.rng, "player_actions", seat, (game.say("ZS-480", "turn_starts", player=SEATS[seat]),), False
        )
    t = with_cur(t, 0)
    return moved(s, t, s.rng, "next_over_hand_limit", None, (game.say("ZS-480", "phase4"),), False)


def hand_check(s: State) -> State:
    """ZS-490/500: the next player (in turn order) above his hand limit must reduce his energy."""
    game = s.game
    cfg, t = game.cfg, s.data
    for k in range(t.cur, s.players):
        seat = t.order[k]
        p = t.p[seat]
        count, limit = hand_count(cfg, p), hand_limit(cfg, p)
        if count > limit:
            ev = game.say("ZS-490", "over_limit", player=SEATS[seat], count=count, limit=limit)
            return moved(s, with_cur(t, k), s.rng, "check_hand_limit", seat, (ev,), False)
    ev = game.say("ZS-490", "limits_ok")
    return moved(s, with_cur(t, 0) if t.cur else t, s.rng, "score_victory_points", None, (ev,), False)


def score(s: State) -> State:
    """ZS-540..610: victory points are read from what each player has now."""
    game = s.game
    cfg, t = game.cfg, s.data
    ev = game.say("ZS-610", "scores", scores=_ScoresText(cfg, t.p))
    return moved(s, t, s.rng, "check_game_end", None, (ev,), False)


class _ScoresText:
    """Every seat's victory points as text ("P1 3, P2 5"), built only when the event is read."""

    __slots__ = ("cfg", "ps")

    def __init__(self, cfg, ps: tuple):
        self.cfg, self.ps = cfg, ps

    def __format__(self, spec: str) -> str:
        return ", ".join(f"P{i + 1} {victory_points(self.cfg, p)}" for i, p in enumerate(self.ps))


def end_check(s: State) -> State:
    """ZS-620/630: with 5 or more sentinels in play the game ends, else a new round.

    A round limit (option ``round_limit``, 0 = none, the printed rules have none) stops the
    game unfinished: no winners, and the event says so without citing the printed end.
    """
    game = s.game
    t = s.data
    owned = 0
    for p in t.p:  # a loop, not sum() over a generator: asked once a round
        owned += len(p.sents)
    if owned >= s.options["sentinels_to_end"]:
        return s.evolve(phase="final_scoring", events=(game.say("ZS-620", "game_ends", n=owned),))
    limit = s.options["round_limit"]
    if limit and t.round >= limit:
        ev = game.say("engine", "round_limit", round=t.round, n=owned)
        return s.evolve(phase="game_over", is_over=True, to_move=None, events=(ev,))
    if stalemate(s):
        ev = game.say("engine", "stalemate", round=t.round, n=owned)
        return s.evolve(phase="game_over", is_over=True, to_move=None, events=(ev,))
    t = _next_round(t, t.round + 1)
    ev = game.say("ZS-630", "new_round", round=t.round, n=owned)
    return moved(s, t, s.rng, "determine_turn_order", None, (ev,), False)


def stalemate(s: State) -> bool:
    """True when no round can ever change anything again: no seat has income of any kind (ZS-120..180)
    and no seat can do anything on its turn but end it (ZS-220).

    The printed rules end only with the fifth sentinel (ZS-620); players who sold every gem and
    spent every dust can never reach it, and the rounds would repeat for ever. rulekit stops such
    a game unfinished, without winners (``stopped``), instead of looping.
    """
    game, t = s.game, s.data
    cfg = game.cfg
    for p in t.p:
        if any(p.active) or cfg.flow_dust[p.know[FLOW]] or any(cfg.artifacts[a].get("income") for a in p.arts):
            return False
    for seat in range(len(t.p)):
        turn = s.evolve(phase="player_actions", to_move=seat, data=copy_table(t, cur=t.order.index(seat)))
        if [str(a) for a in game.flow["player_actions"].legal(turn)] != ["end"]:
            return False
    return True


def final(s: State) -> State:
    """ZS-640/918: most VP wins; ties: more VP from gems (rulekit's choice), else shared."""
    game = s.game
    win = game.winners(s.evolve(is_over=True))
    names = ", ".join(SEATS[i] for i in win)
    return s.evolve(phase="game_over", is_over=True, to_move=None, events=(game.say("ZS-640", "winner", names=names),))
