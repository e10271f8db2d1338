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
    """From 0, adding 1 leaves the opponent at 1, a lost position (1, 4, 7 lose)."""
    state = toy.new(players=2, seed=0)
    assert make_agent("mcts:400:depth=none", seed=1).choose(state) == Action("add", (1,))


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


def test_mcts_opens_the_best_rated_action_first():
    """The prior: with one iteration the only child is the action ``evaluate`` rates best one step
    ahead, so a small budget starts where greedy would, not at a random action."""
    import rulekit

    game = rulekit.load("vale_of_eternity")
    checked = 0
    for seed in range(12):
        state = game.new(players=2, seed=seed)
        while not state.is_over and checked < 12:
            legal = state.legal_actions()
            if len(legal) > 1:
                seat = state.to_move
                values = sorted(((game.evaluate(state.apply(a), seat), str(a)) for a in legal), reverse=True)
                if values[0][0] > values[1][0] + 1e-9:
                    assert str(make_agent("mcts:1", seed=seed).choose(state)) == values[0][1]
                    checked += 1
            state = state.apply(legal[0])
            if state.step > 40:
                break
    assert checked >= 6


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
