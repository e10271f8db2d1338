"""Issue 14 (game side): sentences for every action, citations that fit the phase, the score's lines."""

import re

import pytest

from rulekit.engine import Dice

from .helpers import GAME, at, me, new, play, rules_of

RAW_ID = re.compile(r"[a-z]+_[a-z_]+|\b(?:double_die|extra_pp|any_gem|jokergem)\b")
ANYTIME = set(GAME.data_file("phases.toml")["anytime_rules"])


def _random_states(players: int, seed: int, steps: int = 400, **options):
    dice, state = Dice(seed), new(players, seed, **options)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        legal = state.legal_actions()
        state = state.apply(legal[dice.below(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_has_an_english_and_a_german_sentence(players):
    """RS-061..RS-215: describe() names cards, colours and runes in words, never raw ids, in EN and DE."""
    seen = set()
    for state in _random_states(players, players, end_threshold=25):
        for action in state.legal_actions():
            en, de = GAME.describe(action, "en"), GAME.describe(action, "de")
            seen.add(action.kind)
            assert en and de and en != de, action
            assert en != str(action) and not RAW_ID.search(en) and not RAW_ID.search(de), (action, en, de)
    assert {"action", "colour", "play", "summon", "pick", "use", "forge", "pay", "place", "done"} <= seen


def test_sentences_use_the_printed_names():
    """RS-003, RS-009: cards by species and number, runes by their names."""
    assert GAME.describe("play 21") == "Play Kobold 21 for its magic points"
    assert GAME.describe("play 21", "de") == "Kobold 21 für die Magiepunkte spielen"
    assert GAME.describe("rune double_die", "de") == "Den Runenstein Würfel verdoppeln nehmen"
    assert GAME.describe("pay blue", "de") == "Einen Edelstein in Blau zahlen"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_cites_a_rule_of_its_phase(players):
    """Every event cites a rule of the phase it happened in (phases.toml) or an any-time rune rule."""
    for seed in range(3):
        dice = Dice(seed)
        options = {"refill_forge_on_return": True, "joker_rune_everywhere": True} if seed == 2 else {}
        state = GAME.new(players=players, seed=seed, settle=False, end_threshold=25, **options)
        steps = [("setup", state)]
        while not state.is_over:
            phase = state.phase
            if state.automatic:
                state = state.advance()
            else:
                legal = state.legal_actions()
                state = state.apply(legal[dice.below(len(legal))], settle=False)
            steps.append((phase, state))
        for phase, after in steps:
            for event in after.events:
                ok = event.rule in GAME.phases[phase].rules or event.rule in ANYTIME or event.rule == "engine"
                assert ok, f"{event.rule} ({event.key}) in phase {phase}"


def test_rs_107_ore_from_a_card_cites_the_ability_not_the_die():
    """RS-098, RS-107: an ore from a basic card's icon cites the basic ability rule, not the die results."""
    card = next(n for n, c in GAME.cat.cards.items() if c.kind == "basic" and "ore" in c.gain)
    s = me(at(new(2), display=(11, 23, 31, 12, 43, 71)), hand=(card, 100, 101, 102))
    s = play(s, "action abilities", f"pick {card}", "pick 100", f"use {card}")
    ore = [e for e in s.events if e.key == "gain_ore"]
    assert ore and ore[0].rule == "RS-098"


def test_rs_131_paying_a_gem_at_a_forge_cites_the_forge_cost():
    """RS-131, RS-135: a gem of the artifact's colour cites the forge cost; only a joker stone cites RS-135."""
    s = new(2, 1)
    s = at(s, forges=("blue", "blue", "red", "red", "green"))
    s = me(s, gems=(3, 0, 0, 0), jokers=1)
    s = play(s, "action forge", "forge 1")
    pays = [a for a in s.legal_actions() if a.kind == "pay"]
    assert [str(a) for a in pays] == ["pay blue", "pay joker"]
    assert rules_of(s.apply("pay blue"))[0] == "RS-131"
    assert rules_of(s.apply("pay joker"))[0] == "RS-135"


def test_score_breakdown_adds_up_and_names_the_final_scoring():
    """RS-192..RS-194: play, leftover stones and rows add up to the scores; no tie-break (RS-197)."""
    s = me(new(2, 1, end_threshold=10), pp=20, gems=(2, 2, 2, 0), rows=(("blue", "red", "", "", ""), ("",) * 5))
    while not s.is_over:
        s = s.apply(s.legal_actions()[-1])
    lines = GAME.score_breakdown(s)
    assert [line.rule for line in lines] == ["RS-162", "RS-192", "RS-193"]
    assert all(line.name and line.name_de and line.name != line.name_de for line in lines)
    totals = [sum(line.points[i] for line in lines) for i in range(2)]
    assert totals == list(s.scores)
    assert any(lines[1].points) and GAME.tiebreak_rule(s) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_action_labels_hold_every_legal_label(players):
    """Issue 18: action_labels() is computed from the data and holds every label of long random games."""
    labels = GAME.action_labels(players, {})
    assert len(labels) == len(set(labels)) and "play 21" in labels and "rune three" in labels
    for seed, options in (
        (0, {}),
        (1, {"end_threshold": 40, "all_runes_in_play": True}),
        (2, {"end_threshold": 40, "refill_forge_on_return": True, "joker_rune_everywhere": True}),
    ):
        for state in _random_states(players, seed, steps=3000, **options):
            missing = {str(a) for a in state.legal_actions()} - labels
            assert not missing, missing


@pytest.mark.parametrize("players", [2, 3, 4])
def test_event_texts_name_things_in_words(players):
    """Events in English and German name runes, die faces and colours in words, never raw ids."""
    for state in _random_states(players, players + 10, steps=1500, end_threshold=40):
        for event in state.events:
            for text in (event.text, event.text_de):
                assert not RAW_ID.search(text) and "{" not in text, (event.key, text)


def test_refusals_name_runes_in_words():
    """RS-165: the refusal names the rune stone by its name in both languages."""
    from rulekit import IllegalAction

    s = at(me(new(2), runes=("double_die",)), phase="rune_choice")
    with pytest.raises(IllegalAction) as err:
        s.apply("rune double_die")
    assert err.value.rule == "RS-165" and "Double Die" in err.value.reason
    assert "Würfel verdoppeln" in err.value.text("de")


def test_every_card_has_a_text_in_english_and_german():
    """RS-098..RS-100: each card's ability in words (creatures 11-78, druids 100-107), no raw ids."""
    numbers = [*GAME.cat.cards, *GAME.cat.druids]
    for n in numbers:
        en, de = GAME.card_text(n, "en"), GAME.card_text(n, "de")
        assert en != de and str(n) in en and str(n) in de
        assert not RAW_ID.search(en) and not RAW_ID.search(de) and ":" in en, (n, en, de)
    assert GAME.card_text(21) == "Kobold 21, magic 1 (blue): pay a blue gem to gain a joker stone and a joker stone."
