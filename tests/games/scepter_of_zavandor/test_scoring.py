"""Phase 4: victory points (ZS-540..ZS-610, gap ZS-917)."""

from rulekit.games.scepter_of_zavandor.model import sentinel_vp, victory_points

from .helpers import CFG, GAME, gems, know, new, setp


def vp(**changes):
    s = setp(new(2), 0, active=changes.pop("active", gems()), know=changes.pop("know", know()), **changes)
    return victory_points(CFG, s.data.p[0])


def test_artifacts_score_printed_points_zs540():
    """ZS-540: a Chalice of Fire (4) and a Talisman (8) score 12."""
    assert vp(arts=("chalice_of_fire", "talisman")) == 12


def test_sentinel_five_plus_bonus_zs550():
    """ZS-550 / ZS-917: Tomcat = 5 + 2 per active opal (max 12); Scarab 1 per emerald."""
    p = setp(new(2), 0, active=gems(3), know=know()).data.p[0]
    assert sentinel_vp(CFG, p, "tomcat") == 11
    p = setp(new(2), 0, active=gems(9), know=know(accumulation=4)).data.p[0]
    assert sentinel_vp(CFG, p, "tomcat") == 17
    assert vp(active=gems(0, 0, 3), sents=("scarab",)) == 6 + 5 + 3


def test_sentinel_bonus_kinds_zs917():
    """ZS-917 (gap): Phoenix counts gem kinds, Owl completed areas, Toad/Raven artifact sets (data-driven)."""
    p = setp(
        new(2), 0, active=gems(1, 1, 1), know=know(fire=4, gems=4), arts=("spellbook", "elixir", "crystal_ball")
    ).data.p[0]
    assert sentinel_vp(CFG, p, "phoenix") == 5 + 6
    assert sentinel_vp(CFG, p, "owl") == 5 + 4
    assert sentinel_vp(CFG, p, "toad") == 5 + 4
    assert sentinel_vp(CFG, p, "raven") == 5 + 2


def test_active_opals_score_one_zs560():
    """ZS-560: 3 active opals and 2 in the pentagon -> 3 VP."""
    assert vp(active=gems(3), stored=gems(2)) == 3


def test_active_sapphires_score_one_zs570():
    """ZS-570: 2 active sapphires -> 2 VP."""
    assert vp(active=gems(0, 2)) == 2


def test_emeralds_and_diamonds_score_two_zs580():
    """ZS-580: 1 emerald + 2 diamonds active -> 6 VP."""
    assert vp(active=gems(0, 0, 1, 2)) == 6


def test_rubies_score_three_zs590():
    """ZS-590: 2 active rubies -> 6 VP."""
    assert vp(active=gems(0, 0, 0, 0, 2)) == 6


def test_completed_areas_score_two_zs600():
    """ZS-600: two areas at level 4, one at 3 -> 4 VP."""
    assert vp(know=know(fire=4, gems=4, accumulation=3)) == 4


def test_points_are_a_status_zs610():
    """ZS-610: deactivating a ruby lowers the next score by 3."""
    s = setp(new(2), 0, active=gems(0, 0, 0, 0, 2), know=know())
    before = GAME.scores(s)[0]
    s2 = setp(s, 0, active=gems(0, 0, 0, 0, 1), stored=gems(0, 0, 0, 0, 1))
    assert GAME.scores(s2)[0] == before - 3
    from rulekit.games.scepter_of_zavandor import rounds

    ev = rounds.score(s2.evolve(phase="score_victory_points", to_move=None)).events[0]
    assert ev.rule == "ZS-610" and f"P1 {before - 3}" in ev.text


def test_zs_540_to_zs_600_score_breakdown_adds_up_and_zs_918_names_the_tiebreak():
    """score_breakdown: one line per scoring rule (ZS-540..ZS-600) adding up to the scores;
    tiebreak_rule: ZS-918 only when equal points had to be decided at the end."""
    from .helpers import gems, know, setp

    s = setp(new(2), 0, active=gems(2, 1, 1, 0, 1), arts=("spellbook", "magic_belt"), know=know(fire=4))
    s = setp(s, 1, active=gems(3), sents=("fox",))
    lines = GAME.score_breakdown(s)
    assert [ln.rule for ln in lines] == ["ZS-560", "ZS-570", "ZS-580", "ZS-590", "ZS-540", "ZS-550", "ZS-600"]
    assert tuple(map(sum, zip(*(ln.points for ln in lines), strict=True))) == GAME.scores(s)
    assert all(ln.name != ln.name_de for ln in lines)
    assert GAME.tiebreak_rule(s) is None  # not over
    over = s.evolve(is_over=True, phase="game_over")
    tied = setp(setp(over, 0, active=gems(2), arts=(), know=know(), sents=()), 1, active=gems(2), sents=())
    assert GAME.tiebreak_rule(tied) is None  # sentinels_to_end not reached: stopped, unfinished
    end = new(2, sentinels_to_end=2).evolve(is_over=True, phase="game_over")
    end = setp(setp(end, 0, active=gems(2), sents=("owl",)), 1, active=gems(1, 1), sents=("raven",))
    assert GAME.scores(end) == (7, 7) and GAME.tiebreak_rule(end) == "ZS-918"
    end = setp(end, 1, active=gems(3))
    assert GAME.tiebreak_rule(end) is None


def test_zs_918_final_tiebreak_option():
    """ZS-918 (gap): option final_tiebreak: 'gem_points' (default, as for turn order) or 'shared'."""
    for choice, want in (("gem_points", (1,)), ("shared", (0, 1))):
        s = new(2, final_tiebreak=choice)
        s = setp(setp(s, 0, active=gems(2), arts=("magic_belt",)), 1, active=gems(4))
        assert GAME.winners(s) == want


def test_gap_options_have_titles_and_help_in_two_languages():
    """Every option has a title and help in English and German (data/options.toml)."""
    for opt in GAME.options.values():
        assert opt.title and opt.title_de and opt.help and opt.help_de
        assert opt.title != opt.title_de and opt.help != opt.help_de


def _broke(players: int = 2):
    """Every player in phase 3 without gems, energy, income artifacts or Energy Flow."""
    from .helpers import hub

    s = hub(players)
    for seat in range(players):
        s = setp(s, seat, cards=(), active=gems(), stored=gems(), dust=(0, 0, 0), conc=(0, 0, 0, 0), arts=())
    return s


def _round_ends(s):
    """Play "end" (or the first choice, when the hand limit asks) until the next round or the end."""
    start = s.data.round
    for _ in range(200):
        if s.is_over or s.data.round > start:
            return s
        if s.automatic:
            s = s.auto()
        else:
            legal = s.legal_actions()
            s = s.apply("end" if "end" in [str(a) for a in legal] else legal[0])
    raise AssertionError("the round did not end")


def test_zs_620_a_game_nobody_can_move_stops_unfinished():
    """ZS-620 ends the game only with the fifth sentinel. With no income anywhere and nothing but
    "end" to do, that can never come: the game stops unfinished, without winners (rulekit's choice)."""
    s = _round_ends(_broke())
    assert s.is_over and s.unfinished and s.winners == ()
    assert s.events[-1].rule == "engine" and "no player has any income" in s.events[-1].text
    assert "Einkommen" in s.events[-1].text_de


def test_zs_620_one_seat_with_income_keeps_the_game_going():
    s = setp(_broke(), 1, active=gems(1))  # one opal: dust every round (ZS-130)
    s = _round_ends(s)
    assert not s.is_over and s.data.round == 2
