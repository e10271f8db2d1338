"""Text glue: readable sentences for actions, the names of ids, the action labels, and the
German forms of event and refusal arguments, from ``texts/words.toml``.

``describe(game, action, lang)`` turns a label such as ``pay blue`` into
"Pay a blue gem" / "Einen Edelstein in Blau zahlen"; cards are named by
species and number ("Kobold 21"), runes by their printed names.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action
from ...engine.plurals import fill
from ...engine.rules import read_toml
from .tables import COLOURS, SPACES, Catalogue

__all__ = [
    "WORDS",
    "GermanArgs",
    "all_labels",
    "card_name",
    "card_text",
    "describe",
    "german",
    "name_of",
    "rune_name",
    "with_german",
]

#: the words table (read once: the file ships inside the package)
WORDS = read_toml("rulekit.games.rune_stones", "texts/words.toml")


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
GERMAN = WORDS["german"]
#: English names of the ids that are not plain words (double_die -> Double Die)
ENGLISH = WORDS["english"]


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


def _lang(pair: list[str], lang: str) -> str:
    return pair[1] if lang == "de" else pair[0]


def card_name(game: Any, number: int, lang: str = "en") -> str:
    """ "Kobold 21" / "Druidenkarte 103": a card by species (its colour, RS-003) and number."""
    if number >= 100:
        return fill(_lang(WORDS["druid"]["name"], lang), lang, n=number)
    species = game.cat.board["species_de" if lang == "de" else "species"]
    return f"{species[game.cat.cards[number].colour]} {number}"


def rune_name(rune: str, lang: str = "en") -> str:
    if lang == "de":
        return WORDS["german"].get(rune, rune)
    return WORDS["english"].get(rune, rune.capitalize())


def _colour(colour: str, lang: str) -> str:
    return _lang(WORDS["colour_noun"][colour], lang)


def describe(game: Any, action: Action, lang: str = "en") -> str:
    """One short sentence for ``action`` in ``lang`` (falls back to the label for unknown actions)."""
    if str(action) not in game.labels:  # not an action of this game: show its label
        return str(action)
    key, fields = _sentence(game, action.kind, action.args, lang)
    return fill(_lang(WORDS["describe"][key], lang), lang, **fields)


def _sentence(game: Any, kind: str, args: tuple, lang: str) -> tuple[str, dict]:
    if kind == "action":
        return kind, {"what": _lang(WORDS["actions"][args[0]], lang)}
    if kind in ("play", "pick", "use"):
        return kind, {"card": card_name(game, args[0], lang)}
    if kind in ("summon", "trade", "take", "option") or (kind == "forge" and args[0] != "joker"):
        return kind, {"n": args[0]}
    if kind == "forge":
        return "forge_joker", {}
    if kind in ("colour", "gem", "give", "jokergem"):
        return kind, {"colour": _colour(args[0], lang)}
    if kind == "pay":
        if args[0] in ("joker", "ore"):
            return f"pay_{args[0]}", {}
        return kind, {"colour": _colour(args[0], lang)}
    if kind == "place":
        return kind, {"n": args[0], "colour": _colour(args[1], lang)}
    if kind == "rune":
        return kind, {"rune": rune_name(args[0], lang)}
    if kind == "swap":
        give, get = args
        return (
            ("swap_ore", {"colour": _colour(get, lang)}) if give == "ore" else (kind, {"colour": _colour(give, lang)})
        )
    return kind, {}  # go, finish, done, skip


def _icon(icon: str, lang: str) -> str:
    """One ability icon in words ("gem:blue" -> "a blue gem")."""
    head, _, arg = icon.partition(":")
    if head == "pp":
        return fill(_lang(WORDS["icon"]["pp"], lang), lang, n=arg)
    return fill(_lang(WORDS["icon"][head], lang), lang, colour=_colour(arg, lang) if arg else "")


def _icons(icons: tuple[str, ...], lang: str) -> str:
    return _lang(WORDS["card_text"]["and"], lang).join(_icon(i, lang) for i in icons)


def card_text(game: Any, number: int, lang: str = "en") -> str:
    """What a card gives, in words (RS-098..RS-100): "Kobold 21, 1 magic points (blue): pay ..."."""
    card, texts = game.cat.card(number), WORDS["card_text"]
    magic = _lang(texts["multi"], lang) if card.magic == "multi" else _colour(card.magic, lang)
    name = card_name(game, number, lang)
    head = fill(_lang(texts["head"], lang), lang, name=name[0].upper() + name[1:], mp=card.mp, magic=magic)
    template = _lang(texts[card.kind], lang)
    if card.kind == "choice":
        first, second = (_icons(o, lang) for o in card.options)
        return fill(template, lang, head=head, first=first, second=second)
    pay = _icons(tuple("joker" if t == "joker" else f"gem:{t}" for t in card.pay), lang)
    return fill(template, lang, head=head, gain=_icons(card.gain, lang), pay=pay)


def all_labels(cat: Catalogue) -> frozenset[str]:
    """The labels of ``legal()`` for any player count and options: cards, slots, forges, runes, colours."""
    cards = [*cat.cards, *cat.druids]
    slots = range(1, cat.board["display"]["slots"] + 1)
    rows = (1, 2)  # RS-014: two power rows
    out = [f"action {a}" for a in ("summon", "abilities", "forge")]  # RS-061
    out += ["go", "finish", "done", "skip", "forge joker", "pay joker", "pay ore", "option 1", "option 2"]
    for c in COLOURS:
        out += [f"colour {c}", f"pay {c}", f"gem {c}", f"give {c}", f"jokergem {c}", f"swap {c} ore", f"swap ore {c}"]
    for n in cards:
        out += [f"play {n}", f"pick {n}", f"use {n}"]
    out += [f"summon {k}" for k in slots] + [f"take {k}" for k in slots]
    out += [f"forge {f}" for f in range(1, len(cat.forges) + 1)]
    out += [f"trade {r}" for r in rows] + [f"place {r} {s}" for r in rows for s in SPACES]
    out += [f"rune {r}" for r in cat.board["runes"]["types"]]
    return frozenset(out)
