"""The bots' position value (``evaluate``, worth.py) keeps an economy, so bot games reach the
printed end (ZS-620) without a round limit (issue 18). The full measure over 20 seeds per
agent is benchmarks/scepter_of_zavandor_bots.py; here one short game and the reasons."""

from rulekit.agents import make_agent, seat_seed

from .helpers import GAME, gems, hub, play, setp


def test_selling_an_active_gem_loses_value():
    """An active gem is worth more than its sale value: its points and its income (ZS-290)."""
    s = setp(hub(2), 0, active=gems(2, 1), dust=(0, 0, 0), cards=())
    after = play(s, "disenchant sapphire")
    assert GAME.evaluate(after, 0) < GAME.evaluate(s, 0)


def test_a_bid_that_sells_every_gem_rates_below_passing():
    """A bid paid only by selling all gems (ZS-460 counts their sale) leaves no income: the bot
    rates it below letting the other player have the item."""
    s = setp(hub(2), 0, active=gems(2, 1), dust=(0, 0, 2), cards=())
    s = setp(s, 1, dust=(0, 0, 3), cards=())
    s = play(s, "auction spellbook", "bid 20", "bid 21")
    assert s.to_move == 0
    bid = max((a for a in s.legal_actions() if a.kind == "bid"), key=lambda a: a.args[0])
    assert bid.args[0] > 30  # 20 dust + 10 + 10 from the gems: every gem must go
    assert GAME.evaluate(s.apply(bid), 0) < GAME.evaluate(s.apply("pass"), 0)


def test_the_leader_ends_the_game_zs620():
    """With enough sentinels in play the player ahead is rated as the winner (ZS-620, ZS-640)."""
    s = hub(2, sentinels_to_end=1)
    s = setp(s, 0, sents=("tomcat",), active=gems(5))
    assert GAME.evaluate(s, 0) > 25 > -25 > GAME.evaluate(s, 1)


def test_greedy_bots_finish_a_two_player_game_zs620():
    """Two greedy bots (seeds as ``simulate`` gives them) reach the fifth sentinel, no round limit."""
    state = GAME.new(players=2, seed=0)
    bots = [make_agent("greedy", seed=seat_seed(0, seat)) for seat in range(2)]
    decisions = 0
    while not state.is_over and decisions < 4000:
        state = state.apply(bots[state.to_move].choose(state))
        decisions += 1
    assert state.is_over and not GAME.stopped(state)
    assert sum(len(p.sents) for p in state.data.p) >= 5
    assert state.events[-1].rule == "ZS-640"


def test_a_bots_finish_pays_with_pay_auto_zs430():
    """A bot's random finish hands over a payment in one step, as ``pay auto`` picks it (ZS-430),
    not item by item at random."""
    s = setp(hub(2), 0, dust=(0, 3, 2), cards=())
    s = play(s, "enchant sapphire")
    legal = s.legal_actions()
    assert len(legal) > 1 and s.phase == "enchant_gems"
    assert [str(a) for a in GAME.finish_actions(s, legal)] == ["pay auto"]


def test_a_bots_finish_does_not_sell_or_deactivate_gems_zs290_zs310():
    """In the hub a random finish leaves out selling (ZS-290) and deactivating (ZS-310) gems: done at
    random they only undo what the turn built. The bot's own choice still weighs them."""
    s = setp(hub(2), 0, active=gems(2, 1), dust=(0, 2, 0), cards=())
    legal = s.legal_actions()
    kinds = {a.kind for a in legal}
    assert {"disenchant", "deactivate"} <= kinds
    narrowed = GAME.finish_actions(s, legal)
    assert {a.kind for a in narrowed} == kinds - {"disenchant", "deactivate"}
    assert all(a in legal for a in narrowed)


def test_greedy_without_shortcuts_finishes_among_every_legal_action():
    """``greedy:shortcuts=0`` (the bot before the shortcuts, kept for comparing) pays item by item."""
    from rulekit.agents.base import finish_step
    from rulekit.engine import Dice

    s = play(setp(hub(2), 0, dust=(0, 3, 2), cards=()), "enchant sapphire")
    picks = {str(finish_step(s, Dice(k), shortcuts=False)) for k in range(40)}
    assert "pay auto" in picks and len(picks) > 1
    assert {str(finish_step(s, Dice(k))) for k in range(40)} == {"pay auto"}
