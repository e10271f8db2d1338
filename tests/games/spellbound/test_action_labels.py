"""Issue 18: ``action_labels`` holds every label ``legal`` can produce (SB-100 to SB-540)."""

import pytest

from rulekit.engine import Dice

from .helpers import CAT, GAME, arrange, move_cards, start


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_label_is_declared(players):
    """SB-100, SB-120, SB-140, SB-210, SB-410, SB-540: long random games only produce declared labels."""
    from .test_options import DATA_VARIANT

    variants = (
        {},
        {"wand_search": "anywhere", "wand_recharge": "every_discard", "watchman_max_players": 4},
        DATA_VARIANT,  # every data option changed, victory checked any time, collected books chased
    )
    for options in variants:
        labels = GAME.action_labels(players, options)
        for seed in range(8):
            s, dice = GAME.new(players=players, seed=seed, **options), Dice(seed)
            while not s.is_over:
                legal = s.legal_actions()
                extra = {str(a) for a in legal} - labels
                assert not extra, f"undeclared labels {extra} (players {players}, seed {seed})"
                s = s.apply(legal[dice.below(len(legal))])


def test_final_battle_moves_are_declared():
    """SB-540: the last battle's ``destroy`` (every moon card, demons too) and ``sun`` are labels."""
    labels = GAME.action_labels(2)
    assert "sun" in labels
    for card in CAT.cards:
        if card.moon > 0 and card.type in ("adversary", "demon"):
            assert f"destroy {card.id}" in labels
    s = start()
    tower = GAME.tower_village(s.data)
    s = arrange(s, "check_game_state", None, book_status=("held",) * 4 + ("track",), mages=(tower, tower))
    s = s.advance()
    s = s.evolve(data=move_cards(s.data, list(CAT.demons) + list(CAT.wicked[:3]), "tower"))
    assert s.phase == "final_battle" and {str(a) for a in s.legal_actions()} <= labels
    assert any(str(a).startswith("destroy ") for a in s.legal_actions())


def test_watchman_labels_follow_the_player_count():
    """SB-900: the City Watchman card only exists with 1-2 players (option watchman_max_players)."""
    assert f"play {CAT.watchman}" in GAME.action_labels(2)
    assert f"play {CAT.watchman}" not in GAME.action_labels(3)
    assert f"play {CAT.watchman}" in GAME.action_labels(3, {"watchman_max_players": 3})
