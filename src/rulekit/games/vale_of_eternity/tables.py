"""The data tables of The Vale of Eternity: cards, stone values, sale values, effect programs.

Read from ``data/*.toml`` once and checked: a card without names, element or
cost is a ``DataFileError`` naming the file and the card. Card effects are
compiled from ``data/cards.toml`` into numbered programs (lists of building
blocks), so a frame on the pending stack can point at a program and a step
by two ints.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekit.engine import DataFileError
from rulekit.engine.rules import read_toml

__all__ = [
    "BONUS_PROGRAM",
    "Card",
    "CARDS",
    "choose_options",
    "printed_cost",
    "PROGRAMS",
    "TABLES",
    "ELEMENTS",
    "STONES",
    "SELL",
    "PERM_BY_OP",
    "DISCOUNTS",
]


def _read(name: str) -> dict:
    """A data file of this game, read through the engine (packaged, never from the network)."""
    return read_toml(__package__, f"data/{name}")


TABLES: dict = _read("tables.toml")
ELEMENTS: tuple[str, ...] = tuple(TABLES["elements"])
STONES: tuple[int, ...] = tuple(TABLES["stone_values"])  # VE-003
#: the stones a sold card of each element earns (VE-008, VE-053)
SELL: dict[str, tuple[int, ...]] = {e: tuple(v) for e, v in TABLES["sell_values"].items()}

#: every effect program; a program is a tuple of ops (dicts); nested lists become ids
PROGRAMS: list[tuple[dict, ...]] = []


def _compile(ops: list[dict]) -> int:
    """Store a list of ops as a program and return its id; nested lists become ids too."""
    compiled = []
    for op in ops:
        op = dict(op)
        for key in ("then", "else"):
            if key in op:
                op[key] = _compile(op[key])
        if "options" in op:
            op["options"] = tuple(_compile(o) for o in op["options"])
        if "variants" in op:  # a rule option picks another option list (choose_options)
            op["variants"] = {k: tuple(_compile(o) for o in v) for k, v in op["variants"].items()}
        compiled.append(op)
    PROGRAMS.append(tuple(compiled))
    return len(PROGRAMS) - 1


@dataclass(frozen=True)
class Card:
    """One creature card (VE-001): element, cost, effect types and effect programs."""

    id: int
    name: str
    name_de: str  # rulekit's German name (issue 14)
    element: str
    cost: int
    en: str
    de: str
    instant: int | None = None  # program id (VE-002: instant)
    active: int | None = None  # program id (VE-002: active, hourglass)
    permanent: tuple[dict, ...] = ()  # passive modifiers (VE-002: permanent)
    rulekit_choice: bool = False
    #: the rule option that holds this card's cost when the sources disagree (VE-006: Imp, Succubus)
    cost_option: str = ""
    #: (option, choice, en, de): the card's text when that option choice changes its effect (Hydra)
    variant_texts: tuple[tuple[str, str, str, str], ...] = ()

    @property
    def types(self) -> tuple[str, ...]:
        kinds = (
            ("instant", self.instant is not None),
            ("permanent", bool(self.permanent)),
            ("active", self.active is not None),
        )
        return tuple(k for k, has in kinds if has)

    def text(self, lang: str = "en", options: dict | None = None) -> str:
        """The effect in words; ``options``: the game's rule options, when one changes the effect."""
        for option, choice, en, de in self.variant_texts:
            if options is not None and options.get(option) == choice:
                return de if lang == "de" else en
        return self.de if lang == "de" else self.en

    def cost_in(self, options: dict | None = None) -> int:
        """The printed cost under the game's rule options (``printed_cost``)."""
        return options.get(self.cost_option, self.cost) if self.cost_option and options else self.cost

    def name_in(self, lang: str = "en") -> str:
        """The card's name as a table in ``lang`` shows it."""
        return self.name_de if lang == "de" else self.name


def _load_cards() -> dict[int, Card]:
    cards = {}
    for row in _read("cards.toml")["card"]:
        if not row.get("name") or not row.get("name_de"):
            raise DataFileError(
                "data/cards.toml", f"card {row.get('id')!r}", "needs a name and a German name_de (VE-001)"
            )
        if row.get("element") not in ELEMENTS or not isinstance(row.get("cost"), int) or row["cost"] < 0:
            raise DataFileError(
                "data/cards.toml", f"card {row.get('id')!r}", f"needs an element of {ELEMENTS} and a cost >= 0 (VE-006)"
            )
        cards[row["id"]] = Card(
            id=row["id"],
            name=row["name"],
            name_de=row["name_de"],
            element=row["element"],
            cost=row["cost"],
            en=row["en"],
            de=row["de"],
            instant=_compile(row["instant"]) if "instant" in row else None,
            active=_compile(row["active"]) if "active" in row else None,
            permanent=tuple(row.get("permanent", ())),
            rulekit_choice=bool(row.get("rulekit_choice", False)),
            cost_option=row.get("cost_option", ""),
            variant_texts=tuple((v["option"], v["choice"], v["en"], v["de"]) for v in row.get("variant_text", ())),
        )
    return cards


def printed_cost(cid: int, options: dict | None) -> int:
    """VE-006: card ``cid``'s printed cost; Imp's and Succubus's come from the rule options
    ``imp_cost`` and ``succubus_cost`` (the sources say 0 or 1), the others from the card data."""
    return CARDS[cid].cost_in(options)


def choose_options(op: dict, options: dict | None) -> tuple[int, ...]:
    """The programs a ``choose`` op offers: its ``options``, or the ``variants`` list named by
    the rule option ``op["choice_option"]`` (VE-006: Hydra's reward list, option hydra_rewards)."""
    if "variants" in op and options is not None:
        return op["variants"].get(options.get(op["choice_option"]), op["options"])
    return op["options"]


CARDS: dict[int, Card] = _load_cards()
#: the 'when you summon' bonuses as a program of their own, run after an instant effect
#: when the option summon_bonus_first is off (VE-064)
BONUS_PROGRAM: int = _compile([{"op": "summon_bonus"}])

#: op name -> {card id: its permanent blocks of that op}, so area scans stay cheap
PERM_BY_OP: dict[str, dict[int, list[dict]]] = {}
for _card in CARDS.values():
    for _block in _card.permanent:
        PERM_BY_OP.setdefault(_block["op"], {}).setdefault(_card.id, []).append(_block)


DISCOUNTS = PERM_BY_OP.get("discount", {})
