"""Every effect op of Rune Stones against an empty supply, empty piles and full power rows (issue 25).

Each op says whether it can be carried out completely in a position
(``effects.OP_FEASIBLE``). Here every op of the card data, the die and the
forges is carried out in every combination of the edge positions (gem, joker
and ore supply empty; draw pile, general discard and display empty; both
power rows full; a player without stones): when the op is called feasible,
carrying it out gives it all and says nothing is missing; when it is not,
carrying it out says what was missing (RS-093, RS-110, RS-112). The rules
that demand a complete effect use the same checks: an exchange ability whose
payment cannot be made is not carried out (RS-100), an artifact that cannot
be paid or placed is not forged (RS-131, RS-133, RS-138).
"""

from __future__ import annotations

import itertools

import pytest

from rulekit.engine import IllegalAction
from rulekit.games.rune_stones.effects import (
    DIE_RESULT,
    FORGE_BONUS,
    OP_FEASIBLE,
    answer,
    op_feasible,
    op_name,
    proceed,
    step_actions,
)
from rulekit.games.rune_stones.model import Turn, copy_board, evolve_player

from .helpers import GAME, at, new

#: events that say an op was not carried out in full
INCOMPLETE = {"supply_empty", "deck_empty", "icon_void", "cannot_pay"}
FULL_ROWS = (("blue", "yellow", "green", "red", "joker"),) * 2


def _card_icons() -> set[str]:
    cat = GAME.cat
    cards = [*cat.cards.values(), *cat.druids.values()]
    return {i for c in cards for i in (*c.gain, *(i for o in c.options for i in o))}


#: every queue item an op can take: printed icons (one per op and colour), die results, forge bonuses
ITEMS = sorted(
    _card_icons()
    | set(DIE_RESULT.values())
    | {i for items in FORGE_BONUS.values() for i in items}
    | {"choose", "place"}
)


def _positions():
    """(description, state) for every combination of the edge positions; seat 0 acts in ability_step."""
    base = new(players=2, seed=3)
    for empty_supply, empty_piles, full_rows, poor in itertools.product((False, True), repeat=4):
        s = at(base, "ability_step", seat=0)
        b = s.data
        if empty_supply:
            b = copy_board(b, supply=(0, 0, 0, 0), jokers=0, ore=0)
        if empty_piles:
            b = copy_board(b, deck=(), gdiscard=(), display=(0,) * len(b.display))
        stones = (
            {"gems": (0, 0, 0, 0), "jokers": 0, "ore": 0} if poor else {"gems": (2, 2, 2, 2), "jokers": 1, "ore": 3}
        )
        b = evolve_player(b, 0, rows=FULL_ROWS if full_rows else (("",) * 5,) * 2, **stones)
        flags = (empty_supply, empty_piles, full_rows, poor)
        names = ("no-supply", "no-piles", "full-rows", "poor")
        yield " ".join(n for n, on in zip(names, flags, strict=True) if on) or "plain", s.evolve(data=b)


POSITIONS = list(_positions())


#: ops whose own part is a roll or a choice: what follows (the die's result, the option's icons) is
#: an op of its own, tested as such
OPENERS = {"die", "fdie", "choose"}
CHOICE_CARD = min(n for n, c in GAME.cat.cards.items() if c.kind == "choice")


def _carry_out(board, ctx, item: str):
    """Run ``item`` (answering each decision with its first real choice); the events it said."""
    artifact = "joker" if item == "place" else ""
    card = CHOICE_CARD if item == "choose" else 11
    board = copy_board(board, turn=Turn(action="abilities", card=card, queue=(item,), artifact=artifact))
    board, _ = proceed(board, ctx)
    if item == "choose":  # RS-099: the two options are offered
        return [a.kind for a in step_actions(board, ctx)][:1]
    for _ in range(4):
        real = [a for a in step_actions(board, ctx) if a.kind != "skip"]
        if not real or item in OPENERS:
            break
        board, _ = proceed(answer(board, ctx, real[0]), ctx)
    return [e.key for e in ctx.ev]


def test_every_op_of_the_data_has_a_feasibility_check():
    """Each op of cards.toml, the die faces and the forge bonuses says whether it can be carried out
    completely (``OP_FEASIBLE``); a new icon without a check fails here."""
    ops = {op_name(i) for i in ITEMS} | {"pay", "pay_ore"}
    assert ops <= set(OP_FEASIBLE), ops - set(OP_FEASIBLE)
    with pytest.raises(Exception, match="no feasibility check"):
        op_feasible(POSITIONS[0][1].data, GAME.ctx(POSITIONS[0][1]), "teleport", "teleport")


@pytest.mark.parametrize("item", ITEMS)
def test_an_op_called_feasible_is_carried_out_completely_and_one_that_is_not_says_so(item):
    seen = set()
    for where, s in POSITIONS:
        ctx = GAME.ctx(s)
        arg = "joker" if item == "place" else item
        ok = OP_FEASIBLE[op_name(item)](s.data, ctx, arg)
        seen.add(ok)
        keys = _carry_out(s.data, ctx, item)
        if item in OPENERS:
            assert ok and keys[0] == ("option" if item == "choose" else "roll"), f"{item} [{where}]: {keys}"
            continue
        missing = INCOMPLETE.intersection(keys)
        if ok:
            assert not missing, f"{item} [{where}] is called feasible but: {keys}"
        else:
            assert missing, f"{item} [{where}] is called infeasible but was carried out: {keys}"
    always = {"pp", "dpp", "fpp", "die", "fdie", "choose"}
    assert seen == ({True} if op_name(item) in always else {True, False}), (item, seen)


@pytest.mark.parametrize("bill", [("red", "red"), ("blue", "joker"), ("any",) * 4, ("green",) * 3])
def test_rs_100_an_exchange_is_carried_out_only_if_the_whole_payment_can_be_made(bill):
    """RS-100: ``pay`` is feasible exactly when paying token by token (each offered token keeps the
    rest payable) settles the whole bill; otherwise the exchange is not carried out."""
    for where, s in POSITIONS:
        ctx = GAME.ctx(s)
        ok = op_feasible(s.data, ctx, "pay", bill)
        board = copy_board(s.data, turn=Turn(action="abilities", card=11, bill=bill))
        for _ in range(len(bill)):
            pay = [a for a in step_actions(board, ctx) if a.kind == "pay"]
            if not pay:
                break
            board = answer(board, ctx, pay[0])
        assert ok == (not board.turn.bill), f"{bill} [{where}]: feasible {ok}, left {board.turn.bill}"


def test_rs_131_rs_138_a_forge_that_cannot_be_paid_or_placed_is_refused():
    """RS-131, RS-138, RS-141: forging needs the artifact's space and its whole bill (or 3 ores)."""
    for where, s in POSITIONS:
        s = at(s, "forge", turn=Turn(action="forge"))
        b = s.data
        for f, art in enumerate(b.forges, start=1):
            if not art:
                continue
            ctx = GAME.ctx(s)
            bill = (art,) * s.options["forge_costs"][f - 1]
            placeable = op_feasible(b, ctx, "place", art)
            payable = op_feasible(b, ctx, "pay_ore") or op_feasible(b, ctx, "pay", bill)
            if placeable and payable:
                assert f"forge {f}" in [str(a) for a in s.legal_actions()], where
                continue
            with pytest.raises(IllegalAction) as err:
                s.apply(f"forge {f}")
            assert err.value.rule == ("RS-131" if placeable else "RS-138"), f"forge {f} [{where}]: {err.value}"


def test_the_edge_positions_make_every_op_with_a_limit_infeasible_somewhere():
    """The positions can fail the test: an op that needs something is infeasible in one of them."""
    limited = {op_name(i) for i in ITEMS} - {"pp", "dpp", "fpp", "die", "fdie", "choose"}
    for op in limited:
        item = next(i for i in ITEMS if op_name(i) == op)
        arg = "joker" if op == "place" else item
        assert any(not OP_FEASIBLE[op](s.data, GAME.ctx(s), arg) for _, s in POSITIONS), op
