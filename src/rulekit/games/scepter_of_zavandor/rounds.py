"""The automatic steps of a round: turn order, refill, income, phase 4 and the end.

Each function takes a state whose ``to_move`` is None and does exactly one
visible step with events citing the ledger, so the stepper can walk a
round phase by phase (ZS-070: every player finishes a phase before the
next one starts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Dice, State
from .config import FLOW, GEMS, OPAL
from .economy import draw_card, give_dust
from .model import gem_vp, hand_count, hand_limit, put, replace, victory_points

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = ["AUTO_STEPS"]


def turn_order(game: ScepterOfZavandor, s: State) -> State:
    """ZS-080/090/100: most VP first; ties by VP from gems, then by lot. Resets the knowledge step."""
    cfg, t = game.cfg, s.data
    dice = Dice(s.rng)
    n = len(t.p)
    lots = [dice.below(1 << 30) for _ in range(n)]
    vps = tuple(victory_points(cfg, p) for p in t.p)
    gems = [gem_vp(cfg, p) for p in t.p]
    order = tuple(sorted(range(n), key=lambda i: (-vps[i], -gems[i], lots[i])))
    ps = tuple(replace(p, stepped=False) if p.stepped else p for p in t.p)
    t = replace(t, p=ps, order=order, vp_start=vps, cur=0)
    names = ", ".join(f"{k + 1}: {game.seat_name(i)} ({vps[i]})" for k, i in enumerate(order))
    ev = [game.say("ZS-080", "turn_order", round=t.round, order=names)]
    if len(set(zip(vps, gems, strict=True))) < n:
        ev.append(game.say("ZS-100", "lot"))
    elif len(set(vps)) < n:
        ev.append(game.say("ZS-090", "gem_tie"))
    return s.evolve(data=t, phase="refill_artifacts", rng=dice.state, events=tuple(ev))


def refill(game: ScepterOfZavandor, s: State) -> State:
    """ZS-110: refill the offer to as many artifacts as players; an empty deck leaves it short (ZS-904)."""
    t = s.data
    need = max(0, s.players - len(t.offer))
    drawn = t.art_deck[:need]
    t = replace(t, offer=t.offer + drawn, art_deck=t.art_deck[need:], cur=0)
    if drawn:
        ev = game.say("ZS-110", "refill", items=", ".join(game.item_name(a) for a in drawn))
    elif need:
        ev = game.say("ZS-904", "deck_empty")
    else:
        ev = game.say("ZS-110", "offer_full")
    return s.evolve(data=t, phase="income_opals", events=(ev,))


def income_opals(game: ScepterOfZavandor, s: State) -> State:
    """ZS-120/130/905: active opals give dust by their number, not per stone."""
    cfg, t = game.cfg, s.data
    seat = t.order[t.cur]
    n = t.p[seat].active[OPAL]
    amount = cfg.opal_dust[min(n, len(cfg.opal_dust) - 1)]
    t, _ = give_dust(cfg, t, seat, amount)
    ev = game.say("ZS-130", "income_opals", player=game.seat_name(seat), n=n, dust=amount)
    return _next_income(game, s.evolve(data=t, events=(ev,)), "income_opals")


def income_cards(game: ScepterOfZavandor, s: State) -> State:
    """ZS-140/150/160/907: one card per active gem; each full group of 4 gives concentrated energy + 2 dust."""
    cfg, t = game.cfg, s.data
    seat = t.order[t.cur]
    dice = Dice(s.rng)
    ev = []
    p = t.p[seat]
    for g in range(1, 5):
        n = p.active[g]
        if not n:
            continue
        groups, rest = divmod(n, cfg.group_size)
        if groups:
            p = t.p[seat]
            conc = p.conc[: g - 1] + (p.conc[g - 1] + groups,) + p.conc[g:]
            t = put(t, seat, replace(p, conc=conc), conc_net=t.conc_net + groups)
            t, _ = give_dust(cfg, t, seat, cfg.group_dust * groups)
            ev.append(
                game.say(
                    "ZS-150",
                    "income_conc",
                    player=game.seat_name(seat),
                    gem=game.gem_name(g),
                    n=groups,
                    dust=cfg.group_dust * groups,
                )
            )
        got = 0
        for _ in range(rest):
            t, v = draw_card(cfg, t, seat, g, dice)
            got += bool(v)
        if rest:
            ev.append(game.say("ZS-140", "income_cards", player=game.seat_name(seat), n=got, gem=game.gem_name(g)))
        if got < rest:
            ev.append(game.say("ZS-906", "deck_out", gem=game.gem_name(g)))
    p = t.p[seat]
    if p.sages:
        for g in p.sages:
            t, _ = draw_card(cfg, t, seat, g, dice)
        t = put(t, seat, replace(t.p[seat], sages=()))
        ev.append(
            game.say(
                "ZS-908", "sages_cards", player=game.seat_name(seat), n=len(p.sages), gem=game.gem_name(p.sages[0])
            )
        )
    return _next_income(game, s.evolve(data=t, rng=dice.state, events=tuple(ev)), "income_gem_cards")


def income_artifacts(game: ScepterOfZavandor, s: State) -> State:
    """ZS-170: artifacts that produce an energy card each income phase."""
    cfg, t = game.cfg, s.data
    seat = t.order[t.cur]
    dice = Dice(s.rng)
    ev = []
    for a in t.p[seat].arts:
        gem = cfg.artifacts[a].get("income")
        if gem:
            t, v = draw_card(cfg, t, seat, GEMS.index(gem), dice)
            ev.append(
                game.say(
                    "ZS-170",
                    "income_artifact",
                    player=game.seat_name(seat),
                    item=game.item_name(a),
                    gem=game.gem_name(GEMS.index(gem)),
                )
            )
    return _next_income(game, s.evolve(data=t, rng=dice.state, events=tuple(ev)), "income_artifacts")


def income_flow(game: ScepterOfZavandor, s: State) -> State:
    """ZS-180/908: dust by the level in Knowledge of Energy Flow; then the next player or phase 3."""
    cfg, t = game.cfg, s.data
    seat = t.order[t.cur]
    level = t.p[seat].know[FLOW]
    amount = cfg.flow_dust[level]
    t, _ = give_dust(cfg, t, seat, amount)
    ev = game.say("ZS-180", "income_flow", player=game.seat_name(seat), level=level, dust=amount)
    return _next_player_income(game, s.evolve(data=t, events=s.events + (ev,)))


def _next_player_income(game: ScepterOfZavandor, s: State) -> State:
    t = s.data
    if t.cur + 1 < s.players:
        return s.evolve(data=replace(t, cur=t.cur + 1), phase="income_opals")
    t = replace(t, cur=0)
    ev2 = game.say("ZS-200", "turn_starts", player=game.seat_name(t.order[0]))
    return s.evolve(data=t, phase="player_actions", to_move=t.order[0], events=s.events + (ev2,))


def _next_income(game: ScepterOfZavandor, s: State, done: str) -> State:
    """The next income step that gives this player something (steps that would give nothing
    are skipped, so the stepper shows only what happens)."""
    cfg, t = game.cfg, s.data
    p = t.p[t.order[t.cur]]
    steps = ("income_opals", "income_gem_cards", "income_artifacts", "income_energy_flow")
    for phase in steps[steps.index(done) + 1 :]:
        if phase == "income_gem_cards" and (any(p.active[1:]) or p.sages):
            return s.evolve(phase=phase)
        if phase == "income_artifacts" and any(cfg.artifacts[a].get("income") for a in p.arts):
            return s.evolve(phase=phase)
        if phase == "income_energy_flow" and cfg.flow_dust[p.know[FLOW]]:
            return s.evolve(phase=phase)
    return _next_player_income(game, s)


def back_to_turn(game: ScepterOfZavandor, s: State) -> State:
    """After an instant action the player whose turn it is goes on (ZS-210)."""
    return s.evolve(phase="player_actions", to_move=s.data.order[s.data.cur])


def end_actions(game: ScepterOfZavandor, s: State) -> State:
    """ZS-480/530: the next player in turn order acts; after the last one, phase 4."""
    t = s.data
    if t.cur + 1 < s.players:
        t = replace(t, cur=t.cur + 1)
        seat = t.order[t.cur]
        return s.evolve(
            data=t,
            phase="player_actions",
            to_move=seat,
            events=(game.say("ZS-480", "turn_starts", player=game.seat_name(seat)),),
        )
    t = replace(t, cur=0)
    return s.evolve(data=t, phase="check_hand_limit", events=(game.say("ZS-480", "phase4"),))


def hand_check(game: ScepterOfZavandor, s: State) -> State:
    """ZS-490/500: the next player (in turn order) above his hand limit must reduce his energy."""
    cfg, t = game.cfg, s.data
    for k in range(t.cur, s.players):
        seat = t.order[k]
        p = t.p[seat]
        count, limit = hand_count(cfg, p), hand_limit(cfg, p)
        if count > limit:
            ev = game.say("ZS-490", "over_limit", player=game.seat_name(seat), count=count, limit=limit)
            return s.evolve(data=replace(t, cur=k), to_move=seat, events=(ev,))
    return s.evolve(data=replace(t, cur=0), phase="score_victory_points", events=(game.say("ZS-490", "limits_ok"),))


def score(game: ScepterOfZavandor, s: State) -> State:
    """ZS-540..610: victory points are read from what each player has now."""
    cfg, t = game.cfg, s.data
    text = ", ".join(f"{game.seat_name(i)} {victory_points(cfg, p)}" for i, p in enumerate(t.p))
    return s.evolve(phase="check_game_end", events=(game.say("ZS-610", "scores", scores=text),))


def end_check(game: ScepterOfZavandor, s: State) -> State:
    """ZS-620/630: with 5 or more sentinels in play the game ends, else a new round."""
    t = s.data
    owned = sum(len(p.sents) for p in t.p)
    if owned >= s.options["sentinels_to_end"]:
        return s.evolve(phase="final_scoring", events=(game.say("ZS-620", "game_ends", n=owned),))
    limit = s.options["round_limit"]
    if limit and t.round >= limit:  # rulekit's choice: a safeguard, not in the published rules
        return s.evolve(phase="final_scoring", events=(game.say("ZS-620", "round_limit", round=t.round),))
    t = replace(t, round=t.round + 1)
    return s.evolve(
        data=t, phase="determine_turn_order", events=(game.say("ZS-630", "new_round", round=t.round, n=owned),)
    )


def final(game: ScepterOfZavandor, s: State) -> State:
    """ZS-640/918: most VP wins; ties: more VP from gems (rulekit's choice), else shared."""
    win = game.winners(s.evolve(is_over=True))
    names = ", ".join(game.seat_name(i) for i in win)
    return s.evolve(phase="game_over", is_over=True, to_move=None, events=(game.say("ZS-640", "winner", names=names),))


AUTO_STEPS = {
    "determine_turn_order": turn_order,
    "refill_artifacts": refill,
    "income_opals": income_opals,
    "income_gem_cards": income_cards,
    "income_artifacts": income_artifacts,
    "income_energy_flow": income_flow,
    "disenchant_gems": back_to_turn,
    "toggle_active_gems": back_to_turn,
    "extend_knowledge": back_to_turn,
    "enchant_gems": back_to_turn,
    "pay_auction": back_to_turn,
    "lose_gem": back_to_turn,
    "end_player_actions": end_actions,
    "check_hand_limit": hand_check,
    "score_victory_points": score,
    "check_game_end": end_check,
    "final_scoring": final,
}
