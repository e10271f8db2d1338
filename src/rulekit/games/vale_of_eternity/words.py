"""The words of The Vale of Eternity: actions as sentences ("Summon Water Giant" / "Wasserriese
beschwören"), the action space, and the arguments of events and refusals in both languages.

The words live in ``texts/messages.toml`` (keys ``act_<kind>``), the stone
colours in ``data/tables.toml``; card names come from ``data/cards.toml``
(``name``, and rulekit's German ``name_de``).
"""

from __future__ import annotations

from rulekit.engine import Action
from rulekit.engine.rules import Messages

from .effects import recover_ok
from .tables import CARDS, PROGRAMS, STONES, TABLES, choose_options

__all__ = ["describe", "action_labels", "ACTION_KINDS", "card_args", "event_args", "CardMessages", "EventTexts"]

#: every action kind the game produces, and what its argument is
ACTION_KINDS: dict[str, str] = {
    "pick": "card",
    "sell": "card",
    "tame": "card",
    "summon": "card",
    "release": "card",
    "end": "",
    "return": "stone",
    "pay": "stone",
    "activate": "card",
    "option": "n",
    "recover": "card",
    "discard": "card",
    "target": "player",
    "copy": "card",
    "take": "card",
    "done": "",
}


def card_args(cid: int, key: str = "card") -> dict[str, str]:
    """Message arguments naming card ``cid`` in both languages: ``{key}`` (English) and ``{key}_de``.

    Texts in messages.toml use ``{card}`` in ``en`` and ``{card_de}`` in ``de``, so each
    language shows its own name (a card id the game does not know shows itself).
    """
    card = CARDS.get(cid)
    if card is None:
        return {key: str(cid), f"{key}_de": str(cid)}
    return {key: card.name, f"{key}_de": card.name_de}


class CardMessages(Messages):
    """The game's texts: a card id given as ``card`` (refusals carry ids) is named in each language,
    ``{card}`` in English and ``{card_de}`` in German (issue 14); names given already stay."""

    def format(self, key: str, **args: object) -> tuple[str, str]:
        card = args.get("card")
        if type(card) is int:
            args.update(card_args(card))
        return super().format(key, **args)


def describe(messages: Messages, action: Action, lang: str = "en") -> str:
    """The sentence for ``action`` in ``lang``; an action this game never makes keeps its label."""
    what = ACTION_KINDS.get(action.kind)
    if what is None or (what and len(action.args) != 1):
        return str(action)
    args: dict = {}
    if what == "card":
        if action.args[0] not in CARDS:
            return str(action)
        args.update(card_args(action.args[0]))  # each language its own card name (issue 14)
    elif what == "stone":
        colour = TABLES["stone_colours"].get(str(action.args[0]))
        if colour is None:
            return str(action)
        args.update(stone=action.args[0], colour=colour["en"], colour_de=colour["de"])
    elif what == "player":
        args["player"] = f"P{action.args[0] + 1}"
    elif what == "n":
        nth = TABLES["ordinals"].get(str(action.args[0]))
        if nth is None:
            return str(action)
        args.update(nth=nth["en"], nth_de=nth["de"])
    en, de = messages.format(f"act_{action.kind}", **args)
    return de if lang == "de" else en


def _ops(name: str) -> list[dict]:
    return [op for prog in PROGRAMS for op in prog if op["op"] == name]


def action_labels(players: int, options: dict | None = None) -> frozenset[str]:
    """Every action label the game can ever produce with ``players`` seats, from the card data
    under the rule ``options`` (Hydra's reward list sets the highest ``option <k>``, VE-006)."""
    cards = sorted(CARDS)
    labels = {"end", "done"}
    for kind in ("pick", "sell", "tame", "summon", "release", "discard"):
        labels.update(f"{kind} {c}" for c in cards)
    labels.update(f"{kind} {v}" for kind in ("pay", "return") for v in STONES)
    labels.update(f"activate {c}" for c in cards if CARDS[c].active is not None)
    labels.update(f"target {p}" for p in range(players))
    most = max((len(choose_options(op, options)) for op in _ops("choose")), default=0)
    labels.update(f"option {k}" for k in range(1, most + 1))
    for op in _ops("copy"):
        labels.update(f"copy {c}" for c in cards if getattr(CARDS[c], op["slot"]) is not None)
    for op in _ops("take_discard"):
        labels.update(f"take {c}" for c in cards if CARDS[c].element == op["element"])
    for op in _ops("recover"):
        labels.update(f"recover {c}" for c in cards if recover_ok(op, c, options=options))
    return frozenset(labels)


def event_args(messages: Messages, args: dict) -> dict:
    """Event arguments: seats become P1..P4; elements, card ids and action labels words in both
    languages (``{card}`` / ``{card_de}``, ``{cards}`` / ``{cards_de}``: issue 14)."""
    out = dict(args)
    if "card" in out:
        out.update(card_args(out.pop("card")))
    if "cards" in out:
        cids = out.pop("cards")
        for lang, key in (("en", "cards"), ("de", "cards_de")):
            out[key] = ", ".join(CARDS[c].name_in(lang) for c in cids)
    if "label" in out:
        action = Action.coerce(out.pop("label"))
        out["choice"], out["choice_de"] = describe(messages, action, "en"), describe(messages, action, "de")
    for key in ("player", "target"):
        if key in out:
            out[key] = f"P{out[key] + 1}"
    if "element" in out:
        names = TABLES["element_names"][out["element"]]
        out["element"], out["element_de"] = names["en"], names["de"]
    return out


class EventTexts:
    """The messages of the game's events, which carry plain ids (seats, cards, elements, labels):
    ``event_args`` words them when the text is first read (``Event`` formats lazily), so an event
    that is never read, as in bot play, costs no card names and no action sentences."""

    __slots__ = ("messages",)

    def __init__(self, messages: Messages) -> None:
        self.messages = messages

    def format(self, key: str, **args: object) -> tuple[str, str]:
        return self.messages.format(key, **event_args(self.messages, args))
