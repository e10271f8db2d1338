"""Agents: specs, seeding, deciding from the seat's knowledge only, and beating random play."""

import pytest

from rulekit.engine import Action
from rulekit.explore import AGENTS, MCTSAgent, RandomAgent, make_agent, parse_spec, simulate, win_rates

from .cards import Table


def test_agents_by_name_and_spec():
    assert set(AGENTS) == {"random", "greedy", "mcts", "plan"}
    assert isinstance(make_agent("random", seed=1), RandomAgent)
    assert make_agent("greedy:3").finish == 3 and make_agent("greedy:samples=2").samples == 2
    bot = make_agent("mcts:50:c=1.5:depth=none", seed=2)
    assert isinstance(bot, MCTSAgent) and (bot.iterations, bot.c, bot.depth) == (50, 1.5, None)
    assert bot.spec == "mcts:iterations=50:c=1.5:depth=None"
    assert make_agent("mcts", iterations=7).iterations == 7
    assert parse_spec("mcts:time=0.05") == ("mcts", {"time": 0.05})
    assert make_agent("plan:16").width == 16 and make_agent("plan:depth=5").depth == 5


@pytest.mark.parametrize(
    ("spec", "match"),
    [
        ("wizard", "unknown agent 'wizard'; known agents: random, greedy, mcts, plan"),
        ("random:5", "takes no positional value"),
        ("mcts:speed=3", "no option 'speed'"),
        ("mcts:many", "must be a number"),
        ("", "non-empty string"),
    ],
)
def test_bad_specs_are_refused_clearly(spec, match):
    with pytest.raises(ValueError, match=match):
        make_agent(spec)


def test_greedy_takes_the_winning_step(toy):
    state = toy.new(players=2, seed=0).apply("add 2").apply("add 2").apply("add 2").apply("add 2")
    assert state.data.total == 8
    assert make_agent("greedy", seed=4).choose(state) == Action("add", (2,))
    assert make_agent("mcts:30", seed=4).choose(state) == Action("add", (2,))


def test_mcts_finds_the_forced_win_of_the_race(toy):
    """From 0, adding 1 leaves the opponent at 1, a lost position (1, 4, 7 lose): rollouts to the
    game's end (``horizon=none``) see it."""
    state = toy.new(players=2, seed=0)
    for seed in (1, 2, 3):
        assert make_agent("mcts:400:depth=none:horizon=none", seed=seed).choose(state) == Action("add", (1,))


def _swap_hidden(state, seat):
    """The same position for ``seat`` with an opponent's hand, the deck and the dice changed."""
    d = state.data
    other = (seat + 1) % state.players
    hand, deck = list(d.hands[other]), list(d.deck)
    hand[0], deck[-1] = deck[-1], hand[0]
    hands = d.hands[:other] + (tuple(sorted(hand)),) + d.hands[other + 1 :]
    return state.evolve(data=Table(hands, tuple(deck), d.points, d.played, d.last), rng=state.rng ^ 12345)


@pytest.mark.parametrize("spec", ["greedy", "greedy:0:samples=3", "mcts:60", "plan"])
def test_bots_decide_from_their_seat_knowledge_only(cards, spec):
    for seed in range(6):
        state = cards.new(players=3, seed=seed).apply(f"play {cards.new(players=3, seed=seed).data.hands[0][0]}")
        twin = _swap_hidden(state, state.to_move)
        assert twin.data != state.data and twin.view(state.to_move) == state.view(state.to_move)
        assert make_agent(spec, seed=seed).choose(state) == make_agent(spec, seed=seed).choose(twin)


def test_agents_are_seeded(cards):
    state = cards.new(players=2, seed=3)
    picks = {str(make_agent("random", seed=s).choose(state)) for s in range(20)}
    assert len(picks) > 1
    assert [make_agent("mcts:20", seed=5).choose(state) for _ in range(3)] == [
        make_agent("mcts:20", seed=5).choose(state)
    ] * 3


def test_mcts_time_budget(cards):
    bot = make_agent("mcts:time=0.05", seed=1)
    assert bot.choose(cards.new(players=2, seed=1)) in cards.new(players=2, seed=1).legal_actions()


def _rate(frame, agent):
    rates = win_rates(frame, by="agent").set_index("agent")
    return rates.loc[agent]


@pytest.mark.parametrize(("lineup", "games"), [("greedy,random", 300), ("mcts:25,random", 60), ("plan,random", 100)])
def test_bots_beat_random_on_the_race(toy, lineup, games):
    df = simulate(toy, lineup, games=games, seed=100, rotate=True, progress=False, executor="serial")
    bot = _rate(df, lineup.split(",")[0])
    assert bot.ci_low > 0.55, bot


@pytest.mark.parametrize(("lineup", "games"), [("greedy,random", 300), ("mcts:25,random", 100), ("plan,random", 100)])
def test_bots_beat_random_on_hidden_cards(cards, lineup, games):
    df = simulate(cards, lineup, games=games, seed=200, rotate=True, progress=False, executor="serial")
    bot = _rate(df, lineup.split(",")[0])
    assert bot.ci_low > 0.55 and bot.rate > 0.65, bot


@pytest.mark.parametrize("spec", ["greedy", "mcts:8", "plan"])
def test_planning_agents_do_not_walk_in_circles(spec):
    """Back at a view seen at an earlier step, a planning agent tries another action (ZM-350 lets
    Mines players make and withdraw offers for ever); after an undo (same step) it repeats itself."""
    import rulekit

    state = rulekit.load("rune_stones").new(players=2, seed=3)
    while len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    agent = make_agent(spec, seed=1)
    first = agent.choose(state)
    assert agent.choose(state) == first  # the same step again: an undo replays the same move
    later = state.evolve(step=state.step + 4)  # the same view, reached again by a round trip
    assert later.view(later.to_move) | {"step": 0} == state.view(state.to_move) | {"step": 0}
    assert agent.choose(later) != first


def test_mcts_tries_greedys_line_first():
    """Candidates are greedy's turn lines, best first: with one rollout the only candidate is the
    action ``evaluate`` rates best. Checked where every action ends the turn (its line is the action
    alone), so the rating is exact and a wrong order fails."""
    import rulekit

    checked = 0
    for game_id in ("vale_of_eternity", "mines_of_zavandor", "rune_stones"):
        game = rulekit.load(game_id)
        for seed in range(6):
            state = game.new(players=2, seed=seed)
            while not state.is_over and state.step < 300:
                legal = state.legal_actions()
                seat = state.to_move
                after = [state.apply(a) for a in legal]
                if len(legal) > 1 and all(a.is_over or a.to_move != seat for a in after):
                    values = sorted(
                        ((game.evaluate(a, seat), str(x)) for a, x in zip(after, legal, strict=True)), reverse=True
                    )
                    if values[0][0] > values[1][0] + 1e-9:
                        assert str(make_agent("mcts:1", seed=seed).choose(state)) == values[0][1], game_id
                        checked += 1
                state = state.apply(legal[(state.step * 7) % len(legal)])
    assert checked >= 6


def test_mcts_rollouts_play_the_horizon_and_share_their_worlds():
    """A rollout plays greedy turns until the seat has played ``horizon`` more turns of its own (and
    ``reach`` decisions), and the j-th try of every candidate plays in the same sampled world (common
    random numbers)."""
    import rulekit

    state = rulekit.load("rune_stones").new(players=2, seed=4)
    while len(state.legal_actions()) < 3:
        state = state.apply(state.legal_actions()[0])
    seat = state.to_move
    for horizon, reach in ((0, 0), (1, 0), (2, 0), (0, 30)):
        bot = make_agent(f"mcts:12:horizon={horizon}:reach={reach}", seed=3)
        movers, tries, played = [], {}, []  # per rollout: seats whose turns greedy played, decisions taken
        turn, rollout, reward = bot._turn, bot._rollout, bot._reward

        def counted_turn(world, mover, dice, movers=movers, turn=turn):
            movers[-1].append(mover)
            return turn(world, mover, dice)

        def counted_rollout(world, arm, who, dice, movers=movers, tries=tries, rollout=rollout):
            tries.setdefault(str(arm.action), []).append(world)
            movers.append([])
            return rollout(world, arm, who, dice)

        start = _decisions(state)

        def counted_reward(world, who, played=played, reward=reward, start=start, reach=reach):
            played.append(world.is_over or _decisions(world) - start >= reach)
            return reward(world, who)

        bot._turn, bot._rollout, bot._reward = counted_turn, counted_rollout, counted_reward
        bot.choose(state)
        assert all(played) and len(played) == 12
        # own turns begun after another seat's turn: the line's own turn does not count
        own = [sum(1 for a, b in zip(m, m[1:], strict=False) if a != seat and b == seat) for m in movers]
        assert len(tries) >= 2 and sum(map(len, tries.values())) == 12
        if reach:  # 30 decisions are more than one turn of each seat: the reach, not the horizon, ends it
            assert max(own) >= 1, own
        else:
            assert all(n <= horizon for n in own) and own.count(horizon) >= 6, (horizon, own)
        longest = max(tries.values(), key=len)
        assert all(w is longest[j] for worlds in tries.values() for j, w in enumerate(worlds))


def _decisions(state):
    """Decisions taken so far (the length of the persistent history)."""
    n, node = 0, state.history
    while node is not None:
        n, node = n + 1, node[0]
    return n


def test_mcts_follows_its_plan_through_a_turn():
    """A search covers the most visited line of the own turn: later choices of that turn follow it
    while the view is as expected, so a game costs far fewer searches than decisions."""
    import rulekit

    state = rulekit.load("rune_stones").new(players=2, seed=2)
    bot = make_agent("mcts:40", seed=2)
    searches, decisions = 0, 0
    search = bot._search

    def counted(*args):
        nonlocal searches
        searches += 1
        return search(*args)

    bot._search = counted
    while decisions < 60:
        if len(state.legal_actions()) > 1:
            decisions += 1
        state = state.apply(bot.choose(state))
    assert 0 < searches < decisions


def test_mcts_keep_overrules_the_best_line_only_by_a_clear_margin():
    """With ``keep`` the best line (the anchor) is played unless a rival's mean gain over it on the
    worlds both played exceeds ``keep / sqrt(n)``; without it the most tried candidate is played."""
    from rulekit.agents.mcts import _Arm

    def arm(name, rewards):
        a = _Arm(Action(name), [], 0.0)
        a.rewards, a.tries, a.total = list(rewards), len(rewards), sum(rewards)
        return a

    anchor, rival, weak = arm("a", [0.5, 0.5]), arm("b", [0.9, 0.8]), arm("c", [0.6, 0.6, 0.6])
    bot = make_agent("mcts:5", seed=1)
    arms = [anchor, rival, weak]
    assert bot._pick(arms, anchor, None) is weak  # the most tried
    assert bot._pick(arms, anchor, 0.3) is rival  # gain 0.35 over 2 shared worlds > 0.3 / sqrt(2)
    assert bot._pick(arms, anchor, 0.6) is anchor  # 0.35 < 0.6 / sqrt(2): the rollouts do not overrule it
    assert bot._pick([anchor, arm("d", [0.4, 0.4])], anchor, 0.0) is anchor  # a worse rival never wins


def test_mcts_with_a_large_keep_plays_the_best_line():
    """A keep no rollout can reach plays what the line rating alone (one try) plays, in every game."""
    import rulekit

    checked = 0
    for game_id in ("rune_stones", "mines_of_zavandor", "scepter_of_zavandor"):
        state = rulekit.load(game_id).new(players=2, seed=5)
        for _ in range(3):
            while len(state.legal_actions()) < 2:
                state = state.apply(state.legal_actions()[0])
            alone = make_agent("mcts:1", seed=2).choose(state)
            assert make_agent("mcts:6:keep=100", seed=2).choose(state) == alone, game_id
            checked += 1
            state = state.apply(alone)
    assert checked == 9


def test_mcts_game_defaults_apply_unless_the_spec_gives_the_option():
    """``GAME_DEFAULTS`` sets Scepter's reach and keep; a spec's own value wins, other games keep the
    agent's defaults. The same seed and state give the same choice (undo and replays)."""
    import rulekit
    from rulekit.agents.mcts import GAME_DEFAULTS

    assert GAME_DEFAULTS["scepter_of_zavandor"] == {"reach": 0, "keep": 0.5}
    for game_id, spec, reach in (
        ("scepter_of_zavandor", "mcts:3", 0),
        ("scepter_of_zavandor", "mcts:3:reach=7", 7),
        ("rune_stones", "mcts:3", 16),
    ):
        state = rulekit.load(game_id).new(players=2, seed=1)
        while len(state.legal_actions()) < 2:
            state = state.apply(state.legal_actions()[0])
        bot = make_agent(spec, seed=4)
        first = bot.choose(state)
        assert bot._reach == reach, (game_id, spec)
        assert bot.choose(state) == first == make_agent(spec, seed=4).choose(state)
