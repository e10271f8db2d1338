"""Phase 4 and the flow of rounds (ZS-070..ZS-110, ZS-200..ZS-220, ZS-480..ZS-650, gaps ZS-916..ZS-918)."""

import pytest

from rulekit.engine import IllegalAction
from rulekit.games.scepter_of_zavandor import rounds
from rulekit.games.scepter_of_zavandor.model import gem_vp, hand_count, victory_points

from .helpers import CFG, GAME, gems, hub, know, labels, new, play, setp, settable


def phase4(s, seat=0, **changes):
    s = settable(setp(s, seat, **changes), cur=0)
    return s.evolve(phase="next_over_hand_limit", to_move=None)


def test_hand_count_weights_zs500():
    """ZS-500: 2 cards + 2-token + 5-token + 10-token + concentrated = 2+1+2+3+3 = 11."""
    s = setp(hub(), 0, cards=((1, 3), (1, 4)), dust=(1, 1, 1), conc=(1, 0, 0, 0))
    assert hand_count(CFG, s.data.p[0]) == 11


def test_over_limit_must_discard_zs490():
    """ZS-490 / ZS-916: a player over his limit discards item by item (his choice) down to the limit."""
    s = phase4(
        hub(), 0, cards=((1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 5), (1, 5)), dust=(0, 0, 0), know=know(fire=1)
    )
    s = s.settle()
    assert s.to_move == 0 and s.phase == "check_hand_limit"
    with pytest.raises(IllegalAction) as err:
        s.apply("end")  # ending the turn is phase 3's (ZS-220), not a choice of the hand-limit check
    assert err.value.rule == "ZS-220" and GAME.phases["check_hand_limit"].name in err.value.reason
    s = play(s, "discard card sapphire 3")
    assert s.to_move == 0
    s = play(s, "discard card sapphire 4")
    assert len(s.data.p[0].cards) == 5 and s.to_move != 0
    assert sorted(s.data.discards[0])[:2] == [3, 4] and GAME.invariants(s) == []


def test_exchange_before_the_check_zs510():
    """ZS-510 / ZS-190: five 2-tokens (count 5) exchanged into a 10 (count 3) avoid a discard at limit 4."""
    s = phase4(hub(), 0, cards=(), dust=(5, 0, 0), know=know(gems=1))
    s = s.settle()
    assert s.to_move == 0 and "exchange 2" in labels(s)
    s2 = s.apply("exchange 2")
    assert s2.data.p[0].dust == (0, 0, 1) and s2.to_move != 0


def test_exchange_any_time_zs190():
    """ZS-190: in phase 3 two 5-tokens become one 10-token, value unchanged."""
    s = setp(hub(), 0, dust=(0, 2, 0), cards=())
    s2 = s.apply("exchange 5")
    assert s2.data.p[0].dust == (0, 0, 1) and s2.phase == "player_actions"
    with pytest.raises(IllegalAction) as err:
        s2.apply("exchange 5")
    assert err.value.rule == "ZS-190"


def test_no_limit_during_phase3_zs520():
    """ZS-520: holding far more than the limit in phase 3 is fine."""
    s = setp(hub(), 0, dust=(9, 0, 0), cards=((1, 3), (1, 4)))
    assert "end" in labels(s) and "enchant opal" in labels(s)


def test_turn_order_by_points_zs080():
    """ZS-080 / ZS-060: VP A=10, B=15, C=5 -> order B, A, C; discs 1..3 all given."""
    s = new(3)
    s = setp(s, 0, active=gems(10), know=know(accumulation=4))
    s = setp(s, 1, active=gems(5), arts=("talisman", "talisman"), know=know(fire=1))
    s = setp(s, 2, active=gems(5))
    vps = [victory_points(CFG, p) for p in s.data.p]
    s2 = rounds.turn_order(s.evolve(phase="determine_turn_order", to_move=None))
    assert list(s2.data.order) == sorted(range(3), key=lambda i: -vps[i]) and sorted(s2.data.order) == [0, 1, 2]
    assert "ZS-080" in [e.rule for e in s2.events]


def test_tie_broken_by_gem_points_zs090():
    """ZS-090: equal VP -> more points from gems first."""
    s = new(2)
    s = setp(s, 0, active=gems(2), arts=("magic_belt",))  # 2 gem VP + 2 artifact VP
    s = setp(s, 1, active=gems(4))  # 4 gem VP
    assert victory_points(CFG, s.data.p[0]) == victory_points(CFG, s.data.p[1])
    s2 = rounds.turn_order(s.evolve(phase="determine_turn_order", to_move=None))
    assert s2.data.order == (1, 0) and gem_vp(CFG, s.data.p[1]) > gem_vp(CFG, s.data.p[0])
    assert "ZS-090" in [e.rule for e in s2.events]


def test_full_tie_by_lot_zs100():
    """ZS-100: a full tie is drawn by lot: deterministic per seed, both orders occur across seeds."""
    orders = set()
    for seed in range(12):
        s = new(2, seed=seed)
        s2 = rounds.turn_order(s.evolve(phase="determine_turn_order", to_move=None))
        s3 = rounds.turn_order(s.evolve(phase="determine_turn_order", to_move=None))
        assert s2.data.order == s3.data.order
        orders.add(s2.data.order)
    assert orders == {(0, 1), (1, 0)}


def test_refill_offer_to_player_count_zs110():
    """ZS-110: 4 players, 1 artifact left -> 3 drawn; a full offer draws nothing."""
    s = new(4)
    deck = s.data.art_deck
    s = settable(s, offer=s.data.offer[:1], art_deck=s.data.offer[1:] + deck)
    s2 = rounds.refill(s.evolve(phase="refill_artifacts", to_move=None))
    assert len(s2.data.offer) == 4 and s2.data.offer[1:] == s.data.art_deck[:3]
    s3 = rounds.refill(s2.evolve(phase="refill_artifacts", to_move=None))
    assert s3.data.offer == s2.data.offer


def test_empty_artifact_deck_zs904():
    """ZS-904 (gap): with an empty deck the refill stops without error and the offer stays smaller."""
    s = new(4)
    s = settable(s, offer=(), art_deck=())
    s2 = rounds.refill(s.evolve(phase="refill_artifacts", to_move=None))
    assert s2.data.offer == () and s2.events[0].rule == "ZS-904"


def test_artifact_deck_by_letter_zs904():
    """ZS-904 (gap): copies per type by player count (1/2/3), A cards on top, D at the bottom."""
    for n, copies in ((2, 1), (4, 2), (6, 3)):
        s = new(n)
        allcards = s.data.offer + s.data.art_deck
        assert len(allcards) == 12 * copies
        letters = [CFG.artifacts[a]["letter"] for a in allcards]
        assert letters == sorted(letters)


def test_players_act_one_after_another_zs200():
    """ZS-200 / ZS-070: only the player whose turn it is may act; the others wait."""
    s = hub(3)
    assert s.to_move == 0
    s2 = s.apply("end")
    assert s2.to_move == 1 and s2.phase == "player_actions"


def test_any_order_any_number_zs210():
    """ZS-210: enchant, auction, enchant again in one turn."""
    s = setp(hub(), 0, dust=(0, 0, 10), cards=())
    s = play(s, "enchant opal", "pay auto", f"auction {s.data.offer[0]}")
    s = play(s, s.legal_actions()[0].label)  # opening bid
    while s.phase == "auction":
        s = s.apply("pass")
    s = play(s, "pay auto", "enchant opal", "pay auto")
    assert s.data.p[0].active[0] + s.data.p[0].stored[0] == 4


def test_end_turn_at_once_zs220():
    """ZS-220 / ZS-480: ending at once passes to the next; after the last, phase 4."""
    s = play(hub(3), "end", "end")
    assert s.to_move == 2
    s = s.apply("end")
    assert s.phase != "player_actions" or s.data.round == 2


def test_fifth_sentinel_round_is_finished_zs530():
    """ZS-530 / ZS-620: P1 buys the 5th sentinel; P2 and P3 still act; then the game ends."""
    s = hub(3)
    for i in range(3):
        s = setp(s, i, dust=(0, 0, 20), cards=())
    s = setp(s, 1, sents=("tomcat", "fox"))
    s = setp(s, 2, sents=("scarab", "unicorn"))
    s = settable(s, sents=tuple(x for x in CFG.sentinel_ids if x not in ("tomcat", "fox", "scarab", "unicorn")))
    s = play(s, "auction owl", "bid 120", "pass", "pass", "pay auto")
    assert sum(len(p.sents) for p in s.data.p) == 5 and not s.is_over
    s = s.apply("end")
    assert s.to_move == 1 and not s.is_over
    s = play(s, "end")
    assert s.to_move == 2
    while not s.is_over:
        s = s.apply(s.legal_actions()[-1])
    assert s.phase == "game_over" and "ZS-640" in [e.rule for e in s.events]


def test_fewer_than_five_sentinels_new_round_zs630():
    """ZS-630 / ZS-620: 4 sentinels in play -> a new round begins with phase 1."""
    s = new(2)
    s = setp(s, 0, sents=("tomcat", "fox", "scarab", "unicorn"))
    s = settable(s, sents=CFG.sentinel_ids[4:])
    s2 = rounds.end_check(s.evolve(phase="check_game_end", to_move=None))
    assert s2.phase == "determine_turn_order" and s2.data.round == 2
    s = setp(s, 1, sents=("owl",))
    s3 = rounds.end_check(settable(s, sents=CFG.sentinel_ids[5:]).evolve(phase="check_game_end", to_move=None))
    assert s3.phase == "final_scoring"


def test_most_points_win_zs640():
    """ZS-640: final VP A=higher wins."""
    s = setp(new(2), 0, active=gems(5))
    assert GAME.winners(s) == (0,)


def test_final_tie_by_gem_points_zs918():
    """ZS-918 (gap): equal final VP -> more VP from gems wins; still equal -> shared."""
    s = setp(new(2), 0, active=gems(2), arts=("magic_belt",))
    s = setp(s, 1, active=gems(4))
    assert GAME.winners(s) == (1,)
    s = setp(s, 0, active=gems(4), arts=())
    assert GAME.winners(s) == (0, 1)


def test_zs_650_nothing_after_the_end():
    """ZS-650: after game over no action is accepted, and the refusal cites ZS-650 (not "engine")."""
    s = new(2, sentinels_to_end=1)
    s = setp(s, 0, dust=(0, 0, 20), cards=())
    s = settable(s, order=(0, 1), cur=0).evolve(to_move=0)
    s = play(s, "auction fox", "bid 120", "pass", "pay auto", "end", "end")
    while not s.is_over:
        s = s.apply(s.legal_actions()[-1])
    assert s.legal_actions() == []
    for label in ("end", s.actions[-1]):
        with pytest.raises(IllegalAction) as err:
            s.apply(label)
        assert err.value.rule == "ZS-650"


def test_zs_620_no_round_limit_by_default_and_a_limit_stops_unfinished():
    """ZS-620: the printed end is the fifth sentinel only, so there is no round limit by default.
    A round limit set for bots stops the game unfinished: no winners, and the last event cites
    the engine's stop, not the sentinel rule ZS-620 or the final standings ZS-640."""
    assert GAME.options["round_limit"].default == 0
    s = new(2, round_limit=1)
    while not s.is_over:
        s = s.apply("end" if "end" in labels(s) else s.legal_actions()[0])
    assert s.data.round == 1 and s.unfinished and s.winners == ()
    assert s.events[-1].rule == "engine" and s.events[-1].key == "round_limit"
    assert not any(e.rule in ("ZS-620", "ZS-640") for e in s.events)
    assert "unfinished" in s.events[-1].text and "unvollendet" in s.events[-1].text_de
    # without a limit the same play goes on into round 2
    s = new(2)
    while s.data.round == 1:
        s = s.apply("end" if "end" in labels(s) else s.legal_actions()[0])
    assert not s.is_over and s.data.round == 2
