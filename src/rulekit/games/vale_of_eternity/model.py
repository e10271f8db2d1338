"""The data of a Vale of Eternity game: cards, the frozen state and a mutable work copy.

The state (``Vale``) is a NamedTuple of tuples so it hashes, compares
and serialises cheaply. Rules code never edits it: it opens a ``Work``
(plain lists), changes that, and freezes it back into a new ``Vale``.
Card effects are compiled from ``data/cards.toml`` into numbered programs
(lists of building blocks), so a frame on the pending stack can point at a
program and a step by two ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from rulekit.engine import DataFileError, Dice
from rulekit.engine.rules import read_toml

__all__ = [
    "BONUS_PROGRAM",
    "Card",
    "CARDS",
    "card_args",
    "choose_options",
    "printed_cost",
    "PROGRAMS",
    "TABLES",
    "Frame",
    "Vale",
    "Work",
    "ELEMENTS",
    "NO_SEAT",
]

NO_SEAT = -1  # a display card without a selection marker


def _read(name: str) -> dict:
    """A data file of this game, read through the engine (packaged, never from the network)."""
    return read_toml(__package__, f"data/{name}")


TABLES: dict = _read("tables.toml")
ELEMENTS: tuple[str, ...] = tuple(TABLES["elements"])
STONES: tuple[int, ...] = tuple(TABLES["stone_values"])  # VE-003

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


def card_args(cid: int, key: str = "card") -> dict[str, str]:
    """Message arguments naming card ``cid`` in both languages: ``{key}`` (English) and ``{key}_de``.

    Texts in messages.toml use ``{card}`` in ``en`` and ``{card_de}`` in ``de``, so each
    language shows its own name (a card id the game does not know shows itself).
    """
    card = CARDS.get(cid)
    if card is None:
        return {key: str(cid), f"{key}_de": str(cid)}
    return {key: card.name, f"{key}_de": card.name_de}


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


class Frame(NamedTuple):
    """One entry of the pending stack: something that must finish before play goes on.

    kind: ``run`` (effect program ``prog`` at step ``index``), ``choice`` (a
    decision inside an effect), ``pay`` (stones for a summon or release),
    ``activate`` (active effects still to use, VE-071), ``action`` (a sell,
    tame, summon or release the active player chose; its automatic phase
    carries it out, ``purpose`` names it).
    """

    kind: str
    owner: int  # whose effect or payment this is
    chooser: int  # who decides now
    card: int  # the card the effect belongs to ("this card")
    prog: int = -1
    index: int = 0
    stage: int = 0  # payment still due, picks left, ...
    items: tuple = ()  # paid stones, chosen options, cards left to activate
    purpose: str = ""


class Vale(NamedTuple):
    """The game data of one state (engine bookkeeping lives in ``State``).

    A NamedTuple rather than a frozen dataclass: it is built after every
    step, and tuples are built several times faster (performance target).
    """

    round: int
    start: int
    deck: tuple[int, ...]  # the last card is the top (a Work keeps deck and discard as tuples too)
    discard: tuple[int, ...]  # the last card is the top
    display: tuple[int, ...]  # revealed cards, in reveal order
    markers: tuple[int, ...]  # seat whose marker lies on display[i], NO_SEAT if free
    hands: tuple[tuple[int, ...], ...]
    areas: tuple[tuple[int, ...], ...]
    stones: tuple[tuple[int, ...], ...]  # printed values, sorted
    scores: tuple[int, ...]
    summoned: tuple[int, ...]  # creatures ever summoned (VE-094 option)
    stage: str = "pick"  # pick | action | activation
    picks: int = 0
    turn: int = 0
    done: int = 0
    pending: tuple[Frame, ...] = ()
    #: (phase, seat) of a decision with one possible choice, made by the automatic
    #: phase "forced_choice" (option forced_auto); () otherwise
    forced: tuple = ()
    #: creatures summoned in the current action turn (option release_same_turn, VE-068)
    fresh: tuple[int, ...] = ()
    #: how many cards on top of the deck everyone knows (put there face up, Tengu)
    top_known: int = 0
    #: per seat, the hand cards everyone saw arrive (tamed, recovered, taken from the discard
    #: pile); () when none. Hidden-information search (determinize) keeps them.
    shown: tuple[tuple[int, ...], ...] = ()


class Work:
    """A mutable copy of ``Vale`` used inside one step; ``freeze`` makes the next ``Vale``."""

    __slots__ = (
        "round",
        "start",
        "deck",
        "discard",
        "display",
        "markers",
        "hands",
        "areas",
        "stones",
        "scores",
        "summoned",
        "stage",
        "picks",
        "turn",
        "done",
        "pending",
        "forced",
        "fresh",
        "top_known",
        "shown",
        "dice",
        "options",
        "players",
        "events",
    )

    def __init__(self, d: Any, rng: int, options: dict[str, Any], players: int, copy: bool = True):
        if copy:  # plain lists that the rules may change
            self.deck, self.discard = d.deck, d.discard  # tuples: replaced, never changed in place
            self.display, self.markers = list(d.display), list(d.markers)
            self.hands, self.areas = list(map(list, d.hands)), list(map(list, d.areas))
            self.stones, self.scores = list(map(list, d.stones)), list(d.scores)
            self.summoned, self.pending = list(d.summoned), list(d.pending)
        else:  # read-only: share the frozen tuples
            self.deck, self.discard, self.display, self.markers = d.deck, d.discard, d.display, d.markers
            self.hands, self.areas, self.stones, self.scores = d.hands, d.areas, d.stones, d.scores
            self.summoned, self.pending = d.summoned, d.pending
        self.round, self.start, self.stage, self.picks = d.round, d.start, d.stage, d.picks
        self.turn, self.done, self.forced, self.fresh, self.top_known = d.turn, d.done, d.forced, d.fresh, d.top_known
        self.shown = d.shown
        self.dice = Dice(rng)
        self.options, self.players = options, players
        self.events: list = []

    @classmethod
    def open(cls, data: Vale, rng: int, options: dict, players: int) -> Work:
        return cls(data, rng, options, players)

    @classmethod
    def peek(cls, data: Vale, rng: int, options: dict, players: int) -> Work:
        """A read-only Work over the frozen tuples (no copies): for legal actions and checks only."""
        return cls(data, rng, options, players, copy=False)

    def freeze(self) -> Vale:
        return Vale(
            self.round,
            self.start,
            tuple(self.deck),
            tuple(self.discard),
            tuple(self.display),
            tuple(self.markers),
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.areas)),
            tuple(map(tuple, self.stones)),
            tuple(self.scores),
            tuple(self.summoned),
            self.stage,
            self.picks,
            self.turn,
            self.done,
            tuple(self.pending),
            self.forced,
            self.fresh,
            self.top_known,
            self.shown,
        )

    def what_if(self, seat: int, hand: list, area: list) -> Work:
        """A cheap read-only copy in which ``seat`` holds ``hand`` and has ``area`` (VE-063 checks)."""
        w = Work.__new__(Work)
        for name in Work.__slots__:
            setattr(w, name, getattr(self, name))
        w.hands, w.areas = list(self.hands), list(self.areas)
        w.hands[seat], w.areas[seat] = hand, area
        return w

    # -- permanent effects of an area (VE-002, VE-064, VE-067) ----------

    def perms(self, seat: int, op: str):
        """The permanent blocks named ``op`` of the creatures now in ``seat``'s area."""
        table = PERM_BY_OP.get(op, {})
        return [b for c in self.areas[seat] if c in table for b in table[c]]

    def stone_value(self, seat: int, stone: int) -> int:
        """What one stone of printed value ``stone`` is worth to ``seat`` (Agni, Hae-tae, Water Giant)."""
        value = stone
        blocks = self.perms(seat, "stone_value")
        for b in blocks:
            if b["stone"] == stone and "set" in b:
                value = b["set"]
        for b in blocks:
            if b["stone"] == stone and "add" in b:
                value += b["add"]
        return value

    def wealth(self, seat: int) -> int:
        """The total worth of ``seat``'s stones (VE-059)."""
        stones = self.stones[seat]
        table = PERM_BY_OP.get("stone_value", {})
        if not any(c in table for c in self.areas[seat]):
            return sum(stones)
        return sum(self.stone_value(seat, s) for s in stones)

    def stone_limit(self, seat: int) -> int:
        """VE-031: 4 stones (option), more with Hestia."""
        return self.options["stone_limit"] + sum(b["add"] for b in self.perms(seat, "stone_limit"))

    def summon_cost(self, seat: int, cid: int) -> int:
        """VE-060: printed cost minus the discounts of the area, never below 0."""
        card = CARDS[cid]
        cost = card.cost_in(self.options)
        if not any(c in DISCOUNTS for c in self.areas[seat]):
            return cost
        off = sum(b["amount"] for b in self.perms(seat, "discount") if b.get("element", card.element) == card.element)
        return max(0, cost - off)

    # -- cards moving -----------------------------------------------------

    def draw_card(self) -> int | None:
        """Top card of the deck; an empty deck is refilled from the discard pile (VE-047)."""
        if not self.deck and self.discard and self.options["reshuffle"]:
            self.deck = tuple(self.dice.shuffle(self.discard))
            self.discard = ()
            self.events.append(("VE-047", "reshuffle", {}))
        if not self.deck:
            return None
        card, self.deck = self.deck[-1], self.deck[:-1]
        self.top_known = max(0, self.top_known - 1)
        return card

    def to_hand(self, seat: int, card: int, seen: bool = True) -> None:
        """A card into ``seat``'s hand; ``seen``: everyone saw which card it is."""
        self.hands[seat].append(card)
        if seen:
            shown = self.shown or ((),) * self.players
            self.shown = shown[:seat] + ((*shown[seat], card),) + shown[seat + 1 :]

    def from_hand(self, seat: int, card: int) -> None:
        """A card out of ``seat``'s hand (it is no longer secret either way)."""
        self.hands[seat].remove(card)
        if self.shown and card in self.shown[seat]:
            mine = tuple(c for c in self.shown[seat] if c != card)
            self.shown = self.shown[:seat] + (mine,) + self.shown[seat + 1 :]

    def to_discard(self, *cards: int) -> None:
        """Cards onto the discard pile (the last one on top)."""
        self.discard = (*self.discard, *cards)

    def from_discard(self, card: int) -> None:
        """Take one card out of the discard pile."""
        i = self.discard.index(card)
        self.discard = self.discard[:i] + self.discard[i + 1 :]

    def note(self, rule: str, key: str, **args: Any) -> None:
        self.events.append((rule, key, args))

    def note_private(self, seat: int, rule: str, key: str, **args: Any) -> None:
        """An event only ``seat`` may read (a card drawn into a secret hand)."""
        self.events.append((rule, key, args, (seat,)))
