"""Issue 23 (speed): the hot paths written out for speed give what the plain rule functions give.

The bots ask for legal lists, payments and views on every step, so a few functions are written
for speed (kept answers, written-out encoders, a leaner subset sum). Each is held here to the
plain version it replaces, over the states of random games and over random hands.
"""

from __future__ import annotations

import random

import pytest

from rulekit.engine import Dice, encode
from rulekit.games.scepter_of_zavandor import checks, energy, views, worth
from rulekit.games.scepter_of_zavandor.model import Pay, copy_player, copy_table, hand_value, modifier, put

from .helpers import CFG, GAME


def _random_states(players: int, seed: int, most: int = 1500):
    s = GAME.new(players=players, seed=seed, round_limit=10)
    dice = Dice(seed * 7 + players)
    for _ in range(most):
        if s.is_over:
            return
        yield s
        legal = s.legal_actions()
        s = s.apply(legal[dice.below(len(legal))])


def _auction_values_plain(s) -> list[str]:
    """The hub's auction choices from the rule functions, item by item (ZS-470, ZS-440, ZS-903, ZS-460)."""
    n = checks._now(s)
    out = []
    for x in dict.fromkeys(n.t.offer):
        if not checks.auction_item(n.cfg, n.t, n.p, x) and not checks.auction_price(
            GAME, s, s.to_move, x, n.limit(), n.base()
        ):
            out.append(x)
    return out + [
        x
        for x in n.t.sents
        if not checks.auction_item(n.cfg, n.t, n.p, x)
        and not checks.auction_price(GAME, s, s.to_move, x, n.limit(), n.mods()[1])
    ]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_auction_values_are_the_rule_functions_answers_zs460(players, seed):
    hubs = 0
    for s in _random_states(players, seed):
        if s.phase == "player_actions":
            hubs += 1
            assert checks.auction_values(s) == _auction_values_plain(s), s.data
    assert hubs > 20


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 3)])
def test_sentinels_price_is_the_rule_functions_answer_zs460(players, seed):
    """The hub's one answer for every sentinel (``_Now.sentinels``) is ``auction_price``'s, around the
    price: the seat to move is given 2-dust tokens worth from far below to far above it."""
    asked = set()
    for s in _random_states(players, seed, most=300):
        if s.phase != "player_actions" or not s.data.sents:
            continue
        for tokens in range(40, 80):
            p = copy_player(s.data.p[s.to_move], cards=(), conc=(0, 0, 0, 0), dust=(tokens, 0, 0))
            rich = s.evolve(data=put(s.data, s.to_move, p))
            n = checks._now(rich)
            want = checks.auction_price(GAME, rich, rich.to_move, rich.data.sents[0], n.limit(), n.mods()[1])
            assert n.sentinels() == want, (tokens, n.limit())
            asked.add(want)
    assert asked == {"", "ZS-460"}  # both answers were met


@pytest.mark.parametrize("players,seed", [(2, 4), (5, 5)])
def test_views_encode_players_as_the_generic_encoder(players, seed):
    for s in _random_states(players, seed, most=600):
        for p in s.data.p:
            assert views._player(p) == encode(p)


def _cover_plain(cfg, p, due: int) -> tuple:
    """``energy._cover`` before it was made lean: the first shortest choice for every sum, the least cover."""
    units = [("card", g, v) for g, v in p.cards]
    units += [("energy", g + 1) for g, n in enumerate(p.conc) for _ in range(n)]
    units += [("dust", cfg.tokens[i]) for i, n in enumerate(p.dust) for _ in range(n)]
    best: dict[int, tuple[int, ...]] = {0: ()}
    for k, item in enumerate(units):
        v = energy.item_value(cfg, item)
        for s, chosen in list(best.items()):
            if s >= due:
                continue
            s2 = s + v
            if s2 not in best or len(best[s2]) > len(chosen) + 1:
                best[s2] = (*chosen, k)
    covering = [s for s in best if s >= due]
    if not covering:
        return tuple(units)
    return tuple(units[k] for k in best[min(covering)])


def test_pay_auto_picks_the_least_cover_with_fewest_items_zs430():
    rnd = random.Random(23)
    p0 = GAME.new(players=2, seed=1).data.p[0]
    values = sorted({v for deck in CFG.deck_cards for v in deck})
    for _ in range(3000):
        cards = tuple(sorted((rnd.randint(1, 4), rnd.choice(values)) for _ in range(rnd.randint(0, 8))))
        conc = tuple(rnd.randint(0, 2) for _ in range(4))
        dust = tuple(rnd.randint(0, 3) for _ in range(3))
        p = copy_player(p0, cards=cards, conc=conc, dust=dust)
        due = rnd.randint(-2, 70)
        assert energy._cover(CFG, p, due) == _cover_plain(CFG, p, due), (p, due)


def test_pay_auto_picks_the_first_choice_among_many_equal_units_zs430():
    """Hands of many units of few values (many choices make the same sum with as many units): the
    first shortest one is chosen, as the plain table chooses it, for amounts up to the whole hand."""
    rnd = random.Random(31)
    p0 = GAME.new(players=2, seed=1).data.p[0]
    values = sorted({v for deck in CFG.deck_cards for v in deck})
    for _ in range(1500):
        few = rnd.sample(values, rnd.randint(1, 3))
        cards = tuple(sorted((rnd.randint(1, 4), rnd.choice(few)) for _ in range(rnd.randint(0, 12))))
        conc = tuple(rnd.randint(0, 4) for _ in range(4))
        dust = tuple(rnd.randint(0, 8) for _ in range(3))
        p = copy_player(p0, cards=cards, conc=conc, dust=dust)
        due = rnd.randint(1, hand_value(CFG, p) + 20)
        assert energy._cover(CFG, p, due) == _cover_plain(CFG, p, due), (p, due)


def test_pay_auto_keeps_the_label_and_value_of_its_items_zs430():
    """``auto_payment`` keeps the chosen items with their joined labels and their dust value."""
    rnd = random.Random(37)
    p0 = GAME.new(players=2, seed=1).data.p[0]
    for _ in range(300):
        cards = tuple(sorted((rnd.randint(1, 4), rnd.randint(3, 17)) for _ in range(rnd.randint(0, 6))))
        p = copy_player(p0, cards=cards, conc=tuple(rnd.randint(0, 1) for _ in range(4)), dust=(1, 2, 1))
        due = rnd.randint(1, 60)
        items, label, value, _ = energy.auto_payment(CFG, p, due)
        assert items == energy.auto_selection(CFG, p, due) == _cover_plain(CFG, p, due)
        assert label == ", ".join(energy.item_label(it) for it in items)
        assert value == sum(energy.item_value(CFG, it) for it in items)


def test_several_items_leave_the_hand_as_one_by_one_zs430():
    """``take_items`` hands over a pay auto's items in one copy: the same table as item by item, with
    the hand after them worked out afresh or as ``auto_payment`` keeps it."""
    rnd = random.Random(29)
    t0 = GAME.new(players=2, seed=1).data
    t0 = copy_table(t0, discards=((3,), (), (8, 9), ()))
    values = sorted({v for deck in CFG.deck_cards for v in deck})
    for _ in range(500):
        cards = tuple(sorted((rnd.randint(1, 4), rnd.choice(values)) for _ in range(rnd.randint(0, 8))))
        p = copy_player(t0.p[1], cards=cards, conc=tuple(rnd.randint(0, 2) for _ in range(4)), dust=(2, 2, 2))
        t = put(t0, 1, p)
        due = rnd.randint(1, 60)
        items, _, _, handed = energy.auto_payment(CFG, p, due)
        one_by_one = t
        for item in items:
            one_by_one = energy._take(CFG, one_by_one, 1, item)
        batch = energy.take_items(CFG, t, 1, items)
        assert batch == one_by_one, (p, items)
        paying = Pay(seat=1, due=due, what=("stone",), paid=1)
        kept = energy.take_items(CFG, t, 1, items, paying, handed)
        assert kept == copy_table(one_by_one, pay=paying), (p, items)
        assert sum(batch.discards, ()) != sum(t.discards, ()) or not any(i[0] == "card" for i in items)


@pytest.mark.parametrize("players", [2, 4])
def test_bidders_modifier_is_models_modifier_zs430(players):
    bids = 0
    for seed in range(6, 12):
        for s in _random_states(players, seed):
            if s.phase == "auction":
                bids += 1
                auc = s.data.auction
                plain = modifier(CFG, s.data, s.to_move, auc.kind, auc.item, s.options)
                assert checks._now(s).mod() == plain, auc
    assert bids > 20


def test_kept_income_is_the_income_worked_out_zs120():
    w = GAME.weights
    for s in _random_states(3, 8):
        for p in s.data.p:
            assert worth.income(CFG, w, p) == worth._income(CFG, w, p)


def _legal_by_checks(phase, s) -> list[list]:
    """Each kind's legal values from its stage and check alone, label by label (the plain legal list)."""
    out = []
    for kind in phase.kinds:
        if kind.refuse_only:
            continue
        if kind.stage is not None and kind.stage(s) is not None:
            out.append([])
            continue
        out.append([v for _, v in kind.labels(s) if kind.check is None or kind.check(s, v) is None])
    return out


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 6)])
def test_hub_values_at_once_are_each_kinds_checks_zs230_zs400(players, seed):
    """``hub_values`` (every hub kind at once) gives what each kind's check allows, in the order of
    the kind's own ``values``: enchant, sell, move gems, learn, stones, auctions, dust, end."""
    hub = checks.DECISIONS["player_actions"]
    kinds = [k for k in hub.kinds if not k.refuse_only]
    hubs = 0
    for s in _random_states(players, seed):
        if s.phase != "player_actions":
            continue
        hubs += 1
        fused = [list(v) for v in checks.hub_values(s)]
        plain = _legal_by_checks(hub, s)
        assert [sorted(v, key=repr) for v in fused] == [sorted(v, key=repr) for v in plain], s.data
        for kind, values in zip(kinds, fused, strict=True):
            if kind.values is not None:
                assert values == list(kind.values(s)), kind.name
    assert hubs > 20


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 7)])
def test_pay_and_auction_values_at_once_are_each_kinds_checks_zs430_zs410(players, seed):
    """The payment phases' and the auction's ``Decisions(values=...)`` give what each kind's check
    allows, in the order of the kind's own ``values`` (pay / sell, pass / bid)."""
    seen = {}
    for s in _random_states(players, seed):
        phase = checks.DECISIONS.get(s.phase)
        if phase is None or phase.values is None or s.phase == "player_actions":
            continue
        seen[s.phase] = seen.get(s.phase, 0) + 1
        fused = [list(v) for v in phase.values(s)]
        assert [sorted(v, key=repr) for v in fused] == [sorted(v, key=repr) for v in _legal_by_checks(phase, s)]
        for kind, values in zip(phase.kinds, fused, strict=True):
            if kind.values is not None:
                assert values == list(kind.values(s)), kind.name
    assert seen.get("auction", 0) > 5 and sum(seen.values()) > 20, seen
