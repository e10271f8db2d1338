"""The first position (SB-900 .. SB-903, SB-913 and the facts sheet): decks, villages, pieces, the bag.

``setup(state)`` is the ``Game.setup`` hook, run once by ``Game.new``: the
flow's ``setup`` phase never runs it again. The opening refill of the
display (SB-060) follows as the first automatic step.
"""

from __future__ import annotations

from rulekit.engine import Dice, State

from .model import ON_TRACK, Data
from .tables import Catalog

__all__ = ["setup"]


def _destiny_deck(cat: Catalog, players: int, options: dict, dice: Dice) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the shuffled destiny deck, the cards left in the box): the City Watchman only with 1-2 players."""
    deck = list(cat.basic) + [cat.fortuna, *cat.witch_cards]
    box: tuple[int, ...] = ()
    if players <= options["watchman_max_players"]:
        deck.append(cat.watchman)  # SB-900, SB-913: only with 1-2 players
    else:
        box += (cat.watchman,)
    return dice.shuffle(deck), box


def _villages(cat: Catalog, options: dict, dice: Dice) -> tuple[tuple, tuple, tuple[int, ...]]:
    """(village cards in map order, each village's recruitable copies, the removed sets' cards)."""
    sets = dice.shuffle(cat.ally_keys)
    removed = cat.setup["setup"]["villages_removed"]
    keep, gone = sets[removed:], sets[:removed]
    # SB-903: copies beyond ``ally_copies`` are not in this game (no zone holds them)
    in_play = cat.sets_in_play(options["ally_copies"])  # set key -> (village card, its copies in play)
    box = tuple([c for key in gone for c in (in_play[key][0], *in_play[key][1])])
    tiles = dice.shuffle([cat.sets[k][0] for k in keep] + list(cat.specials))
    supplies = tuple([cat.supply_of(c, options["ally_copies"]) for c in tiles])
    return tiles, supplies, box


def setup(state: State) -> State:
    """SB-901 with the facts sheet: decks, villages, pieces and the bag; then the opening refill (SB-060)."""
    g = state.game
    cat, dice, s, o, n = g.cat, Dice(state.rng), g.cat.setup, state.options, state.players
    deck, box = _destiny_deck(cat, n, o, dice)
    wicked = dice.shuffle(cat.wicked) + (cat.troll_card,)  # the Troll card at the bottom
    tiles, supplies, gone = _villages(cat, o, dice)
    tracks = cat.tracks
    data = Data(
        deck=deck,
        display=(),
        fresh=(),
        tower=(),
        discard=(),
        wicked=wicked,
        demons=cat.demons,
        box=box + gone,
        village_cards=tiles,
        supplies=supplies,
        revealed=tuple([v in s["open_villages"][o["open_villages"]] for v in cat.villages]),
        mages=(s["setup"]["mage_start"],) * n,
        wands=(o["wands_start_charged"],) * n,
        influence=(o["start_influence"],) * n,
        books=tuple([t.book_start for t in tracks]),
        book_status=(ON_TRACK,) * len(tracks),
        pursuers=(o["pursuer_start"],) * len(tracks),
        watchman=o["watchman_start"] if n <= o["watchman_max_players"] else "",
        witch=0,
        bag=(s["stones"]["bag_moon"], s["stones"]["bag_sun"]),
        supply=(o["supply_moon_stones"], s["stones"]["supply"] - o["supply_moon_stones"]),
        drawn=(0, 0),
        active=n - 1,  # the opening refill ends like a turn of the last seat, so seat 1 begins
    )
    ev = g.say("SB-901", "setup", players=n, deck=len(deck))
    return state.evolve(data=data, phase="refill_destiny_display", to_move=None, rng=dice.state, events=(ev,))
