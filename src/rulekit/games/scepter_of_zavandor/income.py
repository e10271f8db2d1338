"""Phase 2, income (ZS-120..ZS-180): opals, gem cards, artifacts and energy flow, player by player.

Each function does one visible income step of the player at ``t.cur`` with
events citing the ledger; a step that would give nothing is skipped
(``_next_income``), so the stepper shows only what happens.
Each step ends in the engine's positional copy ``moved`` rather than
``evolve`` (these hooks run every round, for every player).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Dice, State
from ...engine.state import moved
from .energy import draw_card, draw_cards, give_dust
from .model import copy_player, put, with_cur
from .tables import FLOW, GEMS, OPAL, SEATS

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = ["INCOME", "income_opals", "income_cards", "income_artifacts", "income_flow"]


def income_opals(s: State) -> State:
    """ZS-120/130/905: active opals give dust by their number, not per stone."""
    game = s.game
    cfg, t = game.cfg, s.data
    seat = t.order[t.cur]
    n = t.p[seat].active[OPAL]
    amount = cfg.opal_dust[min(n, len(cfg.opal_dust) - 1)]
    t, lost = give_dust(cfg, t, seat, amount)
    ev = game.say("ZS-130", "income_opals", player=SEATS[seat], n=n, dust=amount - lost)
    return _next_income(s, t, (ev, *_lost(game, seat, lost)) if lost else (ev,), 0, s.rng)


def _lost(game: ScepterOfZavandor, seat: int, lost: int) -> tuple:
    """The event for dust that no token can make (facts 1.5): said only when something is lost."""
    return (game.say("ZS-020", "dust_lost", player=SEATS[seat], lost=lost),) if lost else ()


def income_cards(s: State) -> State:
    """ZS-140/150/160/907: one card per active gem; each full group of 4 gives concentrated energy + 2 dust."""
    game = s.game
    cfg, t = game.cfg, s.data
    seat = t.order[t.cur]
    dice = Dice(s.rng)
    refill = s.options["empty_energy_deck"] == "reshuffle"  # ZS-906 option
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
            t = put(t, seat, copy_player(p, conc=conc), conc_net=t.conc_net + groups)
            t, _ = give_dust(cfg, t, seat, cfg.group_dust * groups)
            ev.append(
                game.say(
                    "ZS-150",
                    "income_conc",
                    player=SEATS[seat],
                    gem=game.gem_name(g),
                    n=groups,
                    dust=cfg.group_dust * groups,
                )
            )
        if rest:
            t, drawn = draw_cards(cfg, t, seat, g, rest, dice, refill)
            ev.append(game.say("ZS-140", "income_cards", player=SEATS[seat], n=len(drawn), gem=game.gem_name(g)))
            if len(drawn) < rest:
                ev.append(game.say("ZS-906", "deck_out", gem=game.gem_name(g)))
    p = t.p[seat]
    if p.sages:
        for g in p.sages:
            t, _ = draw_card(cfg, t, seat, g, dice, refill)
        t = put(t, seat, copy_player(t.p[seat], sages=()))
        ev.append(game.say("ZS-908", "sages_cards", player=SEATS[seat], n=len(p.sages), gem=game.gem_name(p.sages[0])))
    return _next_income(s, t, tuple(ev), 1, dice.state)


def income_artifacts(s: State) -> State:
    """ZS-170: artifacts that produce an energy card each income phase."""
    game = s.game
    cfg, t = game.cfg, s.data
    seat = t.order[t.cur]
    dice = Dice(s.rng)
    refill = s.options["empty_energy_deck"] == "reshuffle"  # ZS-906 option
    ev = []
    for a, g in _art_income(cfg, t.p[seat].arts):
        t, v = draw_card(cfg, t, seat, g, dice, refill)
        if not v:  # deck and discards empty: the card is missing, said as for gem income (ZS-906)
            ev.append(game.say("ZS-906", "deck_out", gem=game.gem_name(g)))
            continue
        ev.append(
            game.say("ZS-170", "income_artifact", player=SEATS[seat], item=game.item_name(a), gem=game.gem_name(g))
        )
    return _next_income(s, t, tuple(ev), 2, dice.state)


def _art_income(cfg, arts: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """(artifact, gem) for every owned artifact that produces an energy card (ZS-170), in the order
    owned; asked at every income step, so kept per set of artifacts in ``cfg.art_sums``."""
    key = (arts, "income cards")
    got = cfg.art_sums.get(key)
    if got is None:
        got = cfg.art_sums[key] = tuple(
            (a, GEMS.index(cfg.artifacts[a]["income"])) for a in arts if cfg.artifacts[a].get("income")
        )
    return got


def income_flow(s: State) -> State:
    """ZS-180/908: dust by the level in Knowledge of Energy Flow; then the next player or phase 3."""
    game = s.game
    cfg, t = game.cfg, s.data
    seat = t.order[t.cur]
    level = t.p[seat].know[FLOW]
    amount = cfg.flow_dust[level]
    t, lost = give_dust(cfg, t, seat, amount)
    ev = game.say("ZS-180", "income_flow", player=SEATS[seat], level=level, dust=amount - lost)
    return _next_income(s, t, (ev, *_lost(game, seat, lost)) if lost else (ev,), 3, s.rng)


INCOME = ("income_opals", "income_gem_cards", "income_artifacts", "income_energy_flow")


def _next_income(s: State, t, events: tuple, done: int, rng: int) -> State:
    """The next income step that gives this player something, else the next player's income or
    phase 3 (steps that would give nothing are skipped, so the stepper shows only what happens;
    phases.toml declares these edges)."""
    game = s.game
    cfg = game.cfg
    p = t.p[t.order[t.cur]]
    a = p.active  # opals (0) are done first; the gems 1..4 give cards (ZS-140)
    if done < 1 and (a[1] or a[2] or a[3] or a[4] or p.sages):
        return moved(s, t, rng, INCOME[1], None, events, False)
    if done < 2 and p.arts and _art_income(cfg, p.arts):
        return moved(s, t, rng, INCOME[2], None, events, False)
    if done < 3 and cfg.flow_dust[p.know[FLOW]]:
        return moved(s, t, rng, INCOME[3], None, events, False)
    if t.cur + 1 < s.players:
        return moved(s, with_cur(t, t.cur + 1), rng, INCOME[0], None, events, False)
    t = with_cur(t, 0)
    first = t.order[0]
    ev = game.say("ZS-200", "turn_starts", player=SEATS[first])
    return moved(s, t, rng, "player_actions", first, (*events, ev), False)
