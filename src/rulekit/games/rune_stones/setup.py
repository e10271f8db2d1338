"""Setting up a game of Rune Stones (RS-030..RS-045).

``setup`` is the Game's setup hook: ``build`` lays out the material and
``choose_start`` picks the start player (RS-042); the engine then leaves the
setup phase for the first turn.
"""

from __future__ import annotations

from ...engine import Dice, Event, OptionError, State
from .model import Board, Player, copy_board
from .tables import COLOURS, Catalogue
from .words import with_german

__all__ = ["setup", "build", "choose_start", "rune_stack_size"]


def setup(state: State) -> State:
    """The first position: the material laid out (RS-030..RS-040) and the start player (RS-042)."""
    game = state.game
    if len(state.options["slot_costs"]) != game.cat.board["display"]["slots"]:
        raise OptionError("slot_costs", "needs one cost per display slot (RS-074)")
    dice = Dice(state.rng)
    board, events = build(game.cat, state.players, state.options, dice, game.say)
    board, start = choose_start(board, dice, game.say)
    return state.evolve(data=board, phase="setup", to_move=None, rng=dice.state, events=(*events, start))


def build(cat: Catalogue, players: int, opts: dict, dice: Dice, game_say) -> tuple[Board, list[Event]]:
    """The first board for ``players`` seats, and the setup events."""

    def say(rule: str, key: str, **args) -> Event:
        return game_say(rule, key, **with_german(args))

    b = cat.board
    ev: list[Event] = []
    start = b["start"]
    per = b["supply"]["gems_per_colour"] - players * start["gems_per_colour"]  # RS-030, RS-037
    supply = (per,) * len(COLOURS)
    jokers = b["supply"]["jokers"] - players * start["jokers"]
    ore = b["supply"]["ore"] - players * opts["start_ore"]  # RS-043 (gap): 0 by default
    ev.append(say("RS-030", "setup_supply", gems=per, jokers=jokers, ore=ore))
    ev.append(say("RS-031", "setup_throne", n=opts["end_threshold"]))
    stack = rune_stack_size(cat, players, opts)
    ev.append(say("RS-032", "setup_runes", n=stack, total=stack * len(b["runes"]["types"])))
    arts = tuple(c for c in COLOURS for _ in range(b["artifacts"]["per_colour"]))
    arts = dice.shuffle(arts)  # RS-035
    nforges = len(cat.forges)
    forges, art_supply = arts[:nforges], arts[nforges:]
    ev.append(say("RS-034", "setup_joker_forge", n=b["artifacts"]["jokers"]))
    ev.append(say("RS-035", "setup_forges", artifacts=", ".join(forges)))
    seats = []
    for _seat in range(players):  # RS-036..RS-039
        druids = dice.shuffle(sorted(cat.druids))
        hand_n = b["hand_size"]
        seats.append(
            Player(
                hand=tuple(sorted(druids[:hand_n])),
                draw=druids[hand_n:],
                discard=(),
                removed=(),
                gems=(start["gems_per_colour"],) * len(COLOURS),
                jokers=start["jokers"],
                ore=opts["start_ore"],
                pp=opts["start_pp"],
                rows=(("",) * 5, ("",) * 5),
                runes=(),
            )
        )
    ev.append(say("RS-038", "setup_hands", n=b["hand_size"]))
    deck = dice.shuffle(sorted(cat.cards))  # RS-040
    display: list[int] = []
    aside: list[int] = []
    while len(display) < b["display"]["slots"]:
        card, deck = deck[0], deck[1:]
        if card >= 71:  # RS-041: dragons are set aside during setup
            aside.append(card)
        else:
            display.insert(0, card)  # fill from right to left
    if aside:
        deck = dice.shuffle(deck + tuple(aside))
        ev.append(say("RS-041", "setup_dragons", cards=", ".join(map(str, aside))))
    ev.append(say("RS-040", "setup_display", cards=", ".join(map(str, display))))
    board = Board(
        players=tuple(seats),
        display=tuple(display),
        deck=deck,
        gdiscard=(),  # RS-043
        supply=supply,
        jokers=jokers,
        ore=ore,
        art_supply=art_supply,
        art_discard=(),  # RS-044
        forges=forges,
        joker_stack=b["artifacts"]["jokers"],
        rune_stacks=(stack,) * len(b["runes"]["types"]),
        start=0,  # chosen by the first automatic step (choose_start)
        current=0,
    )
    return board, ev


def rune_stack_size(cat: Catalogue, players: int, opts: dict) -> int:
    """Stones per rune stack: by player count (RS-032), the rest in the box (RS-033, option)."""
    runes = cat.board["runes"]
    return runes["stones_per_type"] if opts["all_runes_in_play"] else runes["per_stack"][str(players)]


def choose_start(board: Board, dice: Dice, game_say) -> tuple[Board, Event]:
    """RS-042: a random start player, the last step of the setup."""
    first = dice.below(len(board.players))
    event = game_say("RS-042", "setup_start", player=f"P{first + 1}")
    return copy_board(board, start=first, current=first), event
