"""Artifact effects against empty supplies (issue 25 item 5; ZS-903 facts 1.7, ZS-906, ZS-910, ZS-370).

No rule of Scepter asks for an artifact's effect to be carried out completely
before it can be bought (facts 1.7 lists the effects; only the Mirror and the
Cloak have a condition, an own active gem, checked when the auction opens). So
the effects are carried out as far as they can be, and the part that cannot
happen is said in an event instead of being skipped in silence.
"""

from rulekit.games.scepter_of_zavandor import income

from .helpers import CFG, GAME, know, play, setp
from .test_auction import table

EFFECTS = ("free_gem", "free_steps", "free_marker", "others_lose_gem", "income")


def _empty(s):
    """No diamond in the supply (the free gem), no energy card in any deck, no knowledge stone
    left for P1, and no active gem with P2 and P3."""
    s = setp(setp(s, 1, active=(0,) * 5), 2, active=(0,) * 5)
    t = s.data
    stored = tuple(n + (k if g == 3 else 0) for g, (n, k) in enumerate(zip(t.p[2].stored, t.supply, strict=True)))
    cards = [(g + 1, v) for g, deck in enumerate(t.decks) for v in deck] + list(t.p[2].cards)
    s = setp(s, 2, stored=stored, cards=tuple(sorted(cards)))
    return setp(
        s, 0, know=know(gems=1, energy_flow=1, fire=1, nine_sages=1, artifacts=1, accumulation=1), markers=(), prepaid=0
    )


def test_every_artifact_effect_with_empty_supplies_is_carried_out_as_far_as_it_can_be():
    arts = [a for a in CFG.artifact_ids if any(CFG.artifacts[a].get(e) for e in EFFECTS)]
    assert {e for a in arts for e in EFFECTS if CFG.artifacts[a].get(e)} == set(EFFECTS)
    for art in arts:
        s = _empty(table(offer=(art, "spellbook", "runestone")))
        assert s.data.supply[3] == 0 and not any(s.data.decks) and not s.data.p[0].markers
        s = play(s, f"auction {art}", f"bid {CFG.artifacts[art]['price']}", "pass", "pass", "pay auto")
        keys = {e.key for e in s.events}
        assert art in s.data.p[0].arts and GAME.invariants(s) == [], art
        entry = CFG.artifacts[art]
        if entry.get("free_gem"):
            assert "free_gem_none" in keys and s.data.p[0].active[3] == 0, art  # ZS-910: no diamond left
        if entry.get("free_marker"):
            assert "free_marker_none" in keys and s.data.p[0].prepaid == 0, art  # ZS-370: no stone left
        if entry.get("free_steps"):
            assert s.data.p[0].free_steps == entry["free_steps"], art  # nothing is needed for a free step
        if entry.get("others_lose_gem"):
            assert s.phase == "player_actions" and s.data.losers == (), art  # nobody else has an active gem
        if entry.get("income"):
            s2 = income.income_artifacts(s.evolve(phase="income_artifacts", to_move=None))
            assert [e.key for e in s2.events] == ["deck_out"] and s2.data.p[0].cards == s.data.p[0].cards, art
