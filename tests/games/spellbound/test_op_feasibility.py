"""Every effect op of Spellbound against empty piles and supplies, pursuers at their ends, no books (issue 25).

``effects.OP_FEASIBLE`` says whether an op can be carried out completely.
Here every op of data/cards.toml and of every witch path runs in every
combination of edge positions (supply of moon and sun stones empty, wicked
pile empty, no wicked card in the display, pursuers on space 1 or at their
goal, no book on its track, the mage in a city, a village or the Wilds):
where the check says "complete", the op moves every piece it names the
full distance (or takes every stone and card); where it says "not
complete", it does not. The ops whose rule demands the effect (SB-190
search, SB-200 guard and banish) are refused then, citing that rule; the
op is never carried out half.
"""

from __future__ import annotations

import itertools

import pytest

from rulekit.engine import Action
from rulekit.games.spellbound.checks import REFUSALS
from rulekit.games.spellbound.effects import CARD_OPS, LEVEL_OPS, OP_FEASIBLE, WICKED_OPS, op_feasible
from rulekit.games.spellbound.model import CAUGHT, HELD, ON_TRACK

from .helpers import CAT, GAME, move_cards, playing, start

OPTIONS = start().options
BOARD = GAME.board(OPTIONS)
HATS = [t for t, tr in enumerate(CAT.tracks) if tr.pursuer == "hat"]
TROLL = next(t for t, tr in enumerate(CAT.tracks) if tr.pursuer == "troll")
#: the rule that refuses a card whose op cannot be carried out (checks._COMPLETE, and the places of checks._PLACES)
DEMANDED = {"search": "SB-190", "guard_book": "SB-200", "banish": "SB-200", "magic": "SB-160", "watchman": "SB-913"}


def _card_of(effect: str) -> int:
    return next(c.id for c in CAT.cards if c.effect == effect and c.type in ("mage", "ally"))


def _wicked_of(effect: str) -> int:
    return next(c.id for c in CAT.cards if c.effect == effect and c.type == "adversary")


def _positions():
    """(name, state in the card play) for every combination of the edge positions."""
    wicked_card = _wicked_of("hat")
    edges = itertools.product(
        ("wild", "rose", "v01"), ("none", "low", "high"), (True, False), (True, False), (True, False)
    )
    for here, pursuers, no_stones, no_wicked_pile, no_books in edges:
        s = playing(mages=(here, "wild"), movement=0)
        d = s.data
        goal = [t.pursuer_goal for t in BOARD.tracks]
        d = d.but(
            pursuers={"none": (2, 3, 2, 3, 2), "low": (1,) * 5, "high": tuple(goal)}[pursuers],
            book_status=(HELD, CAUGHT, HELD, HELD, HELD) if no_books else (ON_TRACK,) * 5,
            supply=(0, 0) if no_stones else d.supply,
        )
        if no_wicked_pile:
            d = move_cards(d, d.wicked, "box")
        display = [c for c in d.display if c not in GAME.adversary]
        if pursuers == "none":  # one wicked card in the display, for the banish
            display.append(wicked_card)
        d = move_cards(d, [c for c in d.display if c not in display], "discard")
        d = move_cards(d, display, "display")
        name = f"{here}-{pursuers}-stones{int(not no_stones)}-pile{int(not no_wicked_pile)}-books{int(not no_books)}"
        yield name, s.evolve(data=d)


POSITIONS = list(_positions())


def _complete(op: str, d0, d1, n: int, target: str = "") -> bool:
    """Did ``op`` move every piece it names the full ``n`` (take every stone and card)?"""
    here = d0.mages[d0.active]
    moved = [b - a for a, b in zip(d0.pursuers, d1.pursuers, strict=True)]
    region = CAT.track_of_region(here)
    checks = {
        "magic": lambda: region is not None and moved[region] == -n,
        "search": lambda: d1.books != d0.books,
        "guard_book": lambda: d1.books != d0.books,
        "all_hats_back": lambda: all(moved[t] == -n for t in HATS),
        "troll_back": lambda: moved[TROLL] == -n,
        "sun_stone": lambda: d1.bag[1] - d0.bag[1] == n,
        "moon_stone": lambda: d1.bag[0] - d0.bag[0] == n,
        "banish": lambda: len(d1.display) == len(d0.display) - 1,
        "watchman": lambda: d1.watchman == here and CAT.kind(here) == "city",
        "hat": lambda: moved[CAT.track_of_region(target)] == n,
        "all_hats": lambda: all(moved[t] == n for t in HATS),
        "troll": lambda: moved[TROLL] == n,
        "wicked": lambda: len(d1.wicked) == len(d0.wicked) - 1,
    }
    return checks.get(op, lambda: True)()


def test_every_op_of_the_data_has_a_feasibility_check():
    """Every effect of data/cards.toml and of every witch path is an op with an ``OP_FEASIBLE`` entry."""
    helpful = {c.effect for c in CAT.cards if c.type in ("mage", "ally")}
    wicked = {c.effect for c in CAT.cards if c.type == "adversary"}
    levels = {e for path in CAT.witch_paths.values() for lv in path for e in lv.effects}
    assert helpful == set(CARD_OPS) and wicked == set(WICKED_OPS) and levels <= set(LEVEL_OPS)
    assert set(CARD_OPS) | set(WICKED_OPS) | set(LEVEL_OPS) == set(OP_FEASIBLE)


@pytest.mark.parametrize("effect", sorted(CARD_OPS))
def test_card_op_is_complete_exactly_when_feasible(effect):
    card = CAT.cards[_card_of(effect)]
    seen = set()
    for name, s in POSITIONS:
        d = s.data
        ok = op_feasible(GAME, d, OPTIONS, card)
        seen.add(ok)
        err = REFUSALS.why_not(s.evolve(data=move_cards(d, [card.id], "display")), Action("play", (card.id,)))
        if err is not None:  # only a rule that demands the effect (or its place) refuses it
            assert not ok and err.rule == DEMANDED.get(effect), f"{effect} at {name}: {err.rule} {err}"
            continue
        assert ok or effect not in ("search", "guard_book", "banish"), f"{effect} at {name}: played half"
        d1, events = CARD_OPS[effect](GAME, d, OPTIONS, card)
        assert events, f"{effect} at {name}: carried out without a word"
        assert _complete(effect, d, d1, card.value) == ok, f"{effect} at {name}: feasible {ok}"
    always = {"move", "influence", "charge_wands", "reveal"}
    assert seen == ({True} if effect in always else {True, False}), f"{effect}: the edges never reach {seen}"


@pytest.mark.parametrize("effect", sorted(set(WICKED_OPS) | set(LEVEL_OPS)))
def test_wicked_and_witch_ops_are_complete_exactly_when_feasible(effect):
    ops = WICKED_OPS if effect in WICKED_OPS else LEVEL_OPS
    target = CAT.cards[_wicked_of(effect)].target if effect in WICKED_OPS else ""
    seen = set()
    for name, s in POSITIONS:
        d = s.data
        ok = OP_FEASIBLE[effect](GAME, d, OPTIONS, 1, target)
        seen.add(ok)
        d1, events = ops[effect](GAME, d, OPTIONS, 1, target, "SB-917")
        assert _complete(effect, d, d1, 1, target) == ok, f"{effect} at {name}: feasible {ok}"
        if not ok and effect in ("moon_stone", "wicked"):  # a stone or card that is not there is said
            assert {e.key for e in events} & {"no_stones_left", "wicked_empty"}, f"{effect} at {name}: silent"
    assert seen == {True, False}, f"{effect}: the edges never reach {seen}"


def test_sb_913_watchman_guarding_makes_a_hat_step_infeasible():
    """SB-913 (option ``watchman_guards = "always"``): the hat of the Watchman's city never advances."""
    s = start(players=1)
    o = GAME.resolve_options({"watchman_guards": "always"})
    t = HATS[0]
    region = CAT.tracks[t].region
    d = s.data.but(watchman=region, pursuers=(1,) * 5)
    assert not OP_FEASIBLE["hat"](GAME, d, o, 1, region)
    assert OP_FEASIBLE["hat"](GAME, d, GAME.resolve_options({}), 1, region)
