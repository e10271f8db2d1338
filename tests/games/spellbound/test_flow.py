"""Issue 16: Spellbound's flow runs through the engine's flow table (``Spellbound.flow``).

The engine raises ``FlowError`` on any step that is not an edge of
``data/phases.toml``, so random play proves that every executed step is
declared; here we also prove the converse: every declared edge is taken by
seeded random play over every player count, except the rare edges listed
below, each of which has a targeted test.
"""

import pytest

from rulekit.engine import FlowError, PhaseHooks
from rulekit.testing import check_game

from .helpers import GAME, arrange, start

# Edges random play (almost) never takes; each is walked by the test named beside it.
RARE_EDGES = {
    # the wicked pile runs dry at end-of-deck step 3 (SB-640): test_endings::test_empty_wicked_pile_loses
    ("eod_add_adversary_card", "game_over"),
    # the witch wins an end-of-deck battle by 10+ or reaches the mountain top (SB-440, SB-630):
    # test_endings::test_margin_ten_loses_at_once, test_witch_on_the_mountain_top_loses
    ("eod_witch_victory", "game_over"),
    # a mage victory with no book left on its track (SB-410): test_rare_edges below
    ("eod_mage_victory", "eod_shuffle_discard"),
    # the new deck after a shuffle is too thin for five mage cards (SB-270 again): test_rare_edges below
    ("eod_refill_destiny_display", "eod_resolve_display_adversaries"),
    # the last battle needs four collected books and every mage in the tower village (SB-500, SB-510);
    # random play never gets there: test_endings and test_options (SB-919) play it
    ("check_game_state", "final_battle"),
    ("final_battle", "final_battle"),
    ("final_battle", "final_battle_resolve"),
    ("final_battle_resolve", "game_over"),
    ("final_battle_resolve", "take_destiny_card"),
    # option victory_check = "any_time" (SB-912): the battle starts after a decision and a lost one
    # returns to the turn: test_options::test_sb_912_any_time_*
    ("take_destiny_card", "final_battle"),
    ("play_mage_cards", "final_battle"),
    ("final_battle_resolve", "play_mage_cards"),
}


@pytest.fixture(scope="module")
def transitions():
    seen: dict[tuple[str, str], int] = {}
    for players in GAME.players:
        report = check_game(GAME, sims=40, seed=500 + players, players=players, round_trips=0)
        for edge, n in report.transitions.items():
            seen[edge] = seen.get(edge, 0) + n
    return seen


def test_every_phase_has_hooks_of_its_kind():
    """SB-300: the flow table has every phase of phases.toml but the engine's setup, decisions and
    automatic steps apart."""
    flow = GAME.checked_flow
    assert set(flow) == set(GAME.phases) - {"setup"}
    assert flow["game_over"] == PhaseHooks()
    for pid, phase in GAME.phases.items():
        if phase.next and pid != "setup":
            assert (flow[pid].auto is not None) == phase.automatic, pid


def test_random_play_takes_every_common_edge(transitions):
    """SB-300, SB-560: every edge of phases.toml is taken, except the listed rare ones."""
    edges = {e for e in GAME.phase_graph().edges if e[0] != "setup"}
    untaken = sorted(edges - set(transitions))
    if untaken:
        print("spellbound: edges random play did not take:", untaken)
    assert set(untaken) <= RARE_EDGES, f"edges never taken and not listed as rare: {set(untaken) - RARE_EDGES}"
    assert edges >= RARE_EDGES, f"rare edges that are not edges: {RARE_EDGES - edges}"
    assert set(transitions) <= edges


def test_a_step_outside_the_graph_raises_flow_error():
    """SB-300: the engine refuses a step to a phase that is not a declared next phase."""
    s = arrange(start(), "eod_shuffle_discard", None)
    bad = s.evolve(phase="final_battle")
    from rulekit.engine.flow import check_step

    with pytest.raises(FlowError):
        check_step(GAME.phases, s, bad, automatic=True)


def test_rare_edges():
    """SB-410, SB-270: a mage victory with every book off its track goes straight to the shuffle;
    a new deck too thin for five mage cards starts the end of deck again."""
    from .helpers import CAT, move_cards

    s = arrange(start(), "eod_mage_victory", None, book_status=("held", "held", "caught", "held", "held"))
    s = s.advance()
    assert s.phase == "eod_shuffle_discard"
    s = arrange(start(), "eod_refill_destiny_display", None, display=[])
    d = move_cards(s.data, s.data.deck, "discard")
    d = move_cards(d, list(CAT.basic[:2]), "deck")
    s = s.evolve(data=d).advance()
    assert s.phase == "eod_resolve_display_adversaries"


def test_every_event_cites_a_rule_of_its_phase():
    """SB-650: each event cites a rule of the phase that ran it, or one of the game's anytime rules."""
    from rulekit.engine import Dice

    wrong = set()
    for players in GAME.players:
        for seed in range(12):
            options = {"watchman_guards": "always"} if seed % 2 else {}
            s, dice = GAME.new(players=players, seed=seed, settle=False, **options), Dice(seed)
            while not s.is_over:
                before = s.phase
                if s.automatic:
                    s = s.advance()
                else:
                    legal = s.legal_actions()
                    s = s.apply(legal[dice.below(len(legal))], settle=False)
                allowed = set(GAME.phases[before].rules) | GAME.anytime_rules
                wrong |= {(before, e.rule) for e in s.events if e.rule not in allowed}
    assert not wrong, f"events citing a rule outside their phase: {sorted(wrong)}"
    assert GAME.anytime_rules <= set(GAME.rules)


def test_last_battle_events_cite_their_phase():
    """SB-530 to SB-560, SB-919: the last battle (won, lost and played on, lost and lost) cites its phases' rules."""
    from .test_options import HELD4

    for options, books in (({}, "sun"), ({}, "lose"), ({"lost_battle": "lose"}, "lose")):
        s = GAME.new(players=2, seed=1, **options)
        tower = GAME.tower_village(s.data)
        s = arrange(s, "check_game_state", None, book_status=HELD4, mages=(tower, tower))
        if books == "lose":
            from .helpers import CAT, move_cards

            s = s.evolve(data=move_cards(s.data, list(CAT.demons), "tower"))
        steps = 0
        while not s.is_over and steps < 12:
            before = s.phase
            s = s.advance() if s.automatic else s.apply("sun", settle=False)
            allowed = set(GAME.phases[before].rules) | GAME.anytime_rules
            assert all(e.rule in allowed for e in s.events), (before, [e.rule for e in s.events])
            steps += 1
            if before == "final_battle_resolve":
                break
