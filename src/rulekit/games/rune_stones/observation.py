"""What a Rune Stones view can hold (``Game.observation_schema``), from the card, druid and board data.

Adapters lay out observation vectors by it, losslessly (issue 18). The
view is the board (``model.Board`` as a dict, hidden parts as counts):
card piles keep their order as one position slot per card id, gem and
artifact colours, runes, die faces and effect icons come from the data.
Keep it next to ``hidden.view`` and ``model.Board``: a new field needs a
line here (``tests/interop/test_encoding.py`` fails otherwise).
"""

from __future__ import annotations

from collections import Counter

from rulekit.engine.schema import Bool, Dict, Int, List, OneOf, Seq, Str

from . import effects

#: queue icons that are not printed on cards: decisions (RS-093) and the forge bonuses (RS-142, ``turn.forge``)
OWN_ICONS = ("choose", "place", "any_card", "any_gem", "swap", "draw", "joker", "ore")
#: ``Turn.action`` values (RS-060)
ACTIONS = ("", "summon", "abilities", "forge")
#: rulekit_choice: how often one icon can wait in the queue beyond the most a card prints (die results
#: repeated by the Double Die rune, a forge bonus)
QUEUE_REPEATS_MARGIN = 2


def _forge_icons(cat) -> set[str]:
    """Queue icons of the forge bonuses (RS-142): the effects' table when there is one, else as
    ``turn.forge`` writes them."""
    table = getattr(effects, "FORGE_BONUS", None)
    if table is not None:
        return {icon for icons in table.values() for icon in icons}
    out = set()
    for _, bonus in cat.forges:
        if bonus:
            out.add("fdie" if bonus == "die" else f"fpp:{bonus[2:]}" if bonus.startswith("pp") else bonus)
    return out


def schema(game, players: int, options: dict) -> Dict:
    cat = game.cat
    board = cat.board
    colours = tuple(board["colours"])
    runes = tuple(board["runes"]["types"])
    creatures = sorted(cat.cards)
    every = creatures + sorted(cat.druids)
    cards = [*cat.cards.values(), *cat.druids.values()]
    icons = {t for c in cards for t in c.gain} | {t for c in cards for o in c.options for t in o}
    icons |= set(effects.DIE_RESULT.values()) | set(OWN_ICONS) | _forge_icons(cat)
    repeats = max(Counter([*c.gain, *(t for o in c.options for t in o)]).most_common(1)[0][1] for c in cards if c.gain)
    copies = max(board["artifacts"]["per_colour"], board["artifacts"]["jokers"])
    artifacts = Seq((*colours, "joker"), copies)  # RS-035: coloured artifacts and jokers, in pile order
    spaces = ("", *colours, "joker")
    forge_costs = game.resolve_options(options).get("forge_costs") or ()  # an option on newer versions
    bill_most = max(
        [
            board["artifacts"]["joker_forge_cost"],
            *(cost for cost, _ in cat.forges),
            *forge_costs,
            *(len(c.pay) for c in cards),
        ]
    )
    player = Dict(
        {
            "hand": OneOf({"cards": Seq(every), "count": Int()}),
            "draw": OneOf({"cards": Seq(every), "count": Int()}),
            "discard": Seq(every),
            "removed": Seq(sorted(cat.druids)),
            "gems": List(Int(), len(colours), len(colours)),
            "jokers": Int(),
            "ore": Int(),
            "pp": Int(),
            "rows": List(List(Str(spaces), len(spaces) - 1, len(spaces) - 1), 2, 2),
            "runes": Seq(runes, max(board["runes"]["per_stack"].values())),
            "joker_gem": Str(("", *colours)),
        }
    )
    turn = Dict(
        {
            "action": Str(ACTIONS),
            "colour": Str(("", *colours)),
            "mp": Int(),
            "spent": Int(),
            "played": Seq(every),
            "gained": Seq(creatures),
            "used": Seq(every),
            "card": Int(),
            "gave_pp": Bool(),
            "bill": List(Str((*colours, "joker", "any")), bill_most),
            "ore_ok": Bool(),
            "queue": Seq(sorted(icons), repeats + QUEUE_REPEATS_MARGIN),
            "forged": List(Int(), len(cat.forges) + 1),
            "artifact": Str(spaces),
            "joker_forged": Bool(),
            "swapped": Bool(),
            "new_rune": Str(("", *runes)),
        }
    )
    data = Dict(
        {
            "players": List(player, players, players),
            "display": List(Int(), board["display"]["slots"]),
            "deck": OneOf({"cards": Seq(creatures), "count": Int()}),
            "gdiscard": Seq(creatures),
            "supply": List(Int(), len(colours), len(colours)),
            "jokers": Int(),
            "ore": Int(),
            "art_supply": OneOf({"artifacts": artifacts, "count": Int()}),
            "art_discard": artifacts,
            "forges": List(Str(spaces), len(cat.forges), len(cat.forges)),
            "joker_stack": Int(),
            "rune_stacks": List(Int(), len(runes), len(runes)),
            "start": Int(),
            "current": Int(),
            "turn": turn,
            "last_roll": Str(("", *dict.fromkeys((*board["die"]["faces"], *effects.DIE_RESULT)))),  # any die_faces
            "round": Int(),
        }
    )
    return Dict({"data": data})
