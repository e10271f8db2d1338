"""The context one apply works in: catalogue, options, dice and the events said.

Rule functions take a ``Ctx`` and a ``Board`` and return a new ``Board``
(plus the next phase); they never mutate a board, only the context's event
list and dice.
"""

from __future__ import annotations

from typing import Any

from ...engine import Dice, Event
from ...engine.rules import read_toml
from .model import COLOURS, Board, Catalogue, Player

__all__ = [
    "Ctx",
    "GermanArgs",
    "holds",
    "has_rune",
    "joker_colour",
    "joker_everywhere",
    "tradable_rows",
    "name_of",
    "german",
    "with_german",
]


class Ctx:
    """Per-apply working context; ``ev`` collects the events said.

    A plain slotted class (built once per hook call, so kept cheap). Events
    format their words only when read: ``GermanArgs`` adds the German forms
    of the arguments then, not on the hot path of bots and simulations.
    """

    __slots__ = ("game", "cat", "opts", "dice", "seat", "ev", "_words")

    def __init__(self, game: Any, cat: Catalogue, opts: dict, dice: Dice | None, seat: int):
        self.game, self.cat, self.opts, self.dice, self.seat = game, cat, opts, dice, seat
        self.ev: list[Event] = []
        self._words = game.words

    def say(self, rule: str, key: str, **args: Any) -> None:
        if "player" not in args:
            args["player"] = f"P{self.seat + 1}"
        self.ev.append(Event(rule, key=key, source=(self._words, key, args)))


class GermanArgs:
    """The game's messages, formatted with the German forms of text arguments (``with_german``)."""

    __slots__ = ("messages",)

    def __init__(self, messages: Any):
        self.messages = messages

    def format(self, key: str, **args: Any) -> tuple[str, str]:
        args = with_german(args)
        for k in _DE_ARGS.intersection(args):  # English names for ids such as double_die
            if isinstance(args[k], str):
                args[k] = ENGLISH.get(args[k], args[k])
        return self.messages.format(key, **args)


#: German words for the ids that appear in texts (colours, runes, die faces, kinds, spaces)
_WORDS = read_toml("rulekit.games.rune_stones", "texts/words.toml")
GERMAN = _WORDS["german"]
#: English names of the ids that are not plain words (double_die -> Double Die)
ENGLISH = _WORDS["english"]


def german(value: Any) -> Any:
    """A text id in German ("blue" -> "blau"); lists joined by ", " word by word."""
    if not isinstance(value, str):
        return value
    if ", " in value:
        return ", ".join(german(v) for v in value.split(", "))
    if value.startswith(("gem:", "card:")):
        head, _, colour = value.partition(":")
        return f"{'Edelstein' if head == 'gem' else 'Karte'} {GERMAN.get(colour, colour)}"
    return GERMAN.get(value, value)


#: arguments whose German form the German templates use as ``{<name>_de}``
_DE_ARGS = frozenset(
    (
        "colour",
        "artifact",
        "rune",
        "face",
        "kind",
        "space",
        "item",
        "token",
        "give",
        "get",
        "magic",
        "artifacts",
        "icon",
        "bill",
        "phase",
    )
)


def with_german(args: dict) -> dict:
    """``args`` plus ``<name>_de`` for the text arguments German templates use."""
    for k in _DE_ARGS.intersection(args):
        if k + "_de" not in args:
            args[k + "_de"] = german(args[k])
    return args


def name_of(seat: int) -> str:
    """A readable seat name ("P1" for seat 0)."""
    return f"P{seat + 1}"


def has_rune(board: Board, seat: int, rune: str, opts: dict) -> bool:
    """The player owns ``rune`` and may use it now (RS-223..RS-225).

    A rune taken this turn in the trade-in step acts at once only if it is one
    of the immediate runes (joker, exchange, hand) and the option allows it;
    the action runes act from the next turn on anyway, because the action is over.
    """
    if rune not in board.players[seat].runes:
        return False
    if seat == board.current and board.turn.new_rune == rune:
        return bool(opts["immediate_runes"]) and rune in ("joker", "exchange", "hand")
    return True


def joker_colour(board: Board, seat: int, opts: dict) -> str:
    """The colour whose gems count as joker stones for ``seat`` (Joker rune, RS-213), or ''."""
    gem = board.players[seat].joker_gem
    return gem if gem and has_rune(board, seat, "joker", opts) else ""


def joker_everywhere(board: Board, seat: int, opts: dict) -> str:
    """The Joker rune colour when it counts as joker stones in every rule, not only when paying
    (option ``joker_rune_everywhere``, RS-214), else ''. Such gems are then never given where a
    rule gives no joker stone (any-gem icons, the Exchange rune), nor swapped for one (die swap)."""
    return joker_colour(board, seat, opts) if opts["joker_rune_everywhere"] else ""


def holds(p: Player) -> int:
    """Gems, joker stones and ores a player holds (the joker-rune gem excluded, RS-194)."""
    return sum(p.gems) + p.jokers + p.ore


def tradable_rows(p: Player) -> list[int]:
    """Rows (1, 2) holding at least 2 artifacts (RS-160)."""
    return [i + 1 for i, row in enumerate(p.rows) if sum(1 for a in row if a) >= 2]


def colour_index(colour: str) -> int:
    return COLOURS.index(colour)
