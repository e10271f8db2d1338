"""Setup (ZS-900): characters, start gems, dust and knowledge, the shuffled decks.

The seed's setup paragraph is missing (ZS-900), so the steps and numbers are
rulekit's reading from ``data/characters.toml``: random characters, each with
two active opals and one sapphire, its start dust and its first knowledge
area; artifact copies by player count, shuffled letter by letter.
"""

from __future__ import annotations

from ...engine import Dice, State
from .energy import draw_card, give_dust
from .model import Player, Table
from .tables import AREAS, GEMS

__all__ = ["setup"]


def setup(state: State) -> State:
    """The first position from the options and the seed (the ``Game.setup`` hook)."""
    game = state.game
    cfg = game.cfg
    n = state.players
    dice = Dice(state.rng)
    chars = dice.shuffle(range(len(cfg.characters)))[:n]
    decks = tuple(dice.shuffle(d) for d in cfg.deck_cards)
    art_deck: tuple[str, ...] = ()
    for letter in cfg.letters:
        group = [a for a in cfg.artifact_ids if cfg.artifacts[a]["letter"] == letter]
        art_deck += dice.shuffle([a for a in group for _ in range(cfg.copies_by_players[n])])
    supply = tuple(s - n * k for s, k in zip(cfg.gem_supply, cfg.start_active, strict=True))
    ps = []
    for c in chars:
        ch = cfg.characters[c]
        know = tuple(1 if a == ch["area"] else 0 for a in AREAS)
        ps.append(Player(c, cfg.start_active, (0,) * 5, know, cfg.stone_costs, 0, (), (0,) * 4, (0, 0, 0)))
    t = Table(tuple(ps), tuple(range(n)), (0,) * n, art_deck, (), cfg.sentinel_ids, decks, ((),) * 4, supply)
    ev = []
    for seat, c in enumerate(chars):
        ch = cfg.characters[c]
        t, _ = give_dust(cfg, t, seat, ch["dust"])
        for gem in ch.get("start_cards", ()):
            t, _ = draw_card(cfg, t, seat, GEMS.index(gem), dice, state.options["empty_energy_deck"] == "reshuffle")
        ev.append(
            game.say(
                "ZS-900",
                "character",
                player=game.seat_name(seat),
                name=ch["name"],
                area=game.area_name(AREAS.index(ch["area"])),
                dust=ch["dust"],
            )
        )
    return state.evolve(data=t, phase="determine_turn_order", to_move=None, rng=dice.state, events=tuple(ev))
