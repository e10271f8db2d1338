"""The game's tables, read once from ``data/*.toml`` into fast lookups.

Why a module of its own: the rules code works on small ints (a mine card is
a *kind* ``cart * 4 + colour``, an expansion card is an index), so every
name, price and track lives here, loaded from data and never typed into
Python (ZM-902, ZM-903, ZM-904, ZM-911 are gaps filled by data files).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rulekit.engine import DataFileError
from rulekit.engine.rules import read_toml

__all__ = ["Tables", "ExpCard", "ClanSide", "Price", "tables", "kind_of", "NKINDS"]

PACKAGE = __package__
NKINDS = 16  # 4 cart types x 4 gem colours (ZM-010)


def kind_of(cart: int, colour: int) -> int:
    """The kind index of a mine card: cart type and gem colour (ZM-010)."""
    return cart * 4 + colour


@dataclass(frozen=True, slots=True)
class Price:
    """An upgrade price: the king's road price (meeple), gem cards, or points (ZM-560, ZM-570)."""

    meeple: bool = False
    gems: tuple[int, ...] = (0, 0, 0, 0)
    vp: int = 0


@dataclass(frozen=True, slots=True)
class ExpCard:
    """One expansion card or spell scroll (ZM-903)."""

    id: int
    en: str
    de: str
    colour: int  # -1 for spell scrolls
    shade: str
    players: int
    kind: str  # clan, extra, dragon, treasure, special, scroll
    cart: int  # income cart type (-1: none)
    carts: tuple[int, ...]  # spell scroll choices (ZM-300)
    track: tuple[int, ...]  # income with i+1 cubes; its length is the number of spaces
    price: Price
    value: int
    special: str
    bonus: int

    def name(self, lang: str = "en") -> str:
        return self.de if lang == "de" else self.en


@dataclass(frozen=True, slots=True)
class ClanSide:
    """One side of a clan board: cart type, income per level, price, value (ZM-190, ZM-904)."""

    cart: int
    income: tuple[int, ...]
    price: Price
    value: int


@dataclass(frozen=True)
class Tables:
    """Everything the rules read from data files."""

    carts: tuple[str, ...]
    colours: tuple[str, ...]
    cart_names: dict
    colour_names: dict
    deck: tuple[int, ...]  # cards per kind (16)
    cards: tuple[ExpCard, ...]  # expansion cards then scrolls
    scrolls: tuple[int, ...]  # ids of the spell scrolls
    boards: tuple[dict, ...]  # id, en, de
    normal: ClanSide
    pro: tuple[ClanSide, ...]
    road: tuple[dict, ...]  # en, de
    road_price: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]  # auction colours top to bottom (ZM-420)
    king_colour: int
    card_at: tuple[int, ...]  # ZM-908 thresholds per colour: tier 2
    top_at: tuple[int, ...]  # tier 3
    rewards: dict  # name -> (vp, card, tier)
    layout: dict
    setup: dict

    def cart_name(self, cart: int, lang: str = "en") -> str:
        return self.cart_names[self.carts[cart]][lang]

    def colour_name(self, colour: int, lang: str = "en") -> str:
        return self.colour_names[self.colours[colour]][lang]


def _price(raw: object, colours: tuple[str, ...]) -> Price:
    if raw == "meeple":
        return Price(meeple=True)
    if not isinstance(raw, dict):
        raise DataFileError(
            "data/mine_cards.toml", "price", f"a price is 'meeple' or a table of gems or vp, got {raw!r}"
        )
    if "vp" in raw:
        return Price(vp=int(raw["vp"]))
    return Price(gems=tuple(int(raw.get(c, 0)) for c in colours))


@cache
def tables() -> Tables:
    """Load all data files of the game once."""
    mines = read_toml(PACKAGE, "data/mine_cards.toml")
    carts, colours = tuple(mines["carts"]), tuple(mines["colours"])
    deck = tuple(mines["deck"][ct].get(co, 0) for ct in carts for co in colours)
    exp = read_toml(PACKAGE, "data/expansions.toml")
    cards = []
    for raw in [*exp["card"], *exp["scroll"]]:
        cards.append(
            ExpCard(
                id=len(cards),
                en=raw["en"],
                de=raw["de"],
                colour=colours.index(raw["colour"]) if "colour" in raw else -1,
                shade=raw.get("shade", ""),
                players=int(raw.get("players", 2)),
                kind=raw["kind"],
                cart=carts.index(raw["cart"]) if "cart" in raw else -1,
                carts=tuple(carts.index(c) for c in raw.get("carts", ())),
                track=tuple(raw["track"]),
                price=_price(raw["price"], colours),
                value=int(raw["value"]),
                special=raw.get("special", ""),
                bonus=int(raw.get("bonus", 0)),
            )
        )
    clans = read_toml(PACKAGE, "data/clans.toml")

    def side(raw: dict) -> ClanSide:
        return ClanSide(carts.index(raw["cart"]), tuple(raw["income"]), _price(raw["price"], colours), raw["value"])

    road = read_toml(PACKAGE, "data/king_road.toml")["space"]
    auction = read_toml(PACKAGE, "data/auction.toml")
    setup = read_toml(PACKAGE, "data/setup.toml")
    return Tables(
        carts=carts,
        colours=colours,
        cart_names=mines["cart_names"],
        colour_names=mines["colour_names"],
        deck=deck,
        cards=tuple(cards),
        scrolls=tuple(c.id for c in cards if c.kind == "scroll"),
        boards=tuple({"id": b["id"], "en": b["en"], "de": b["de"]} for b in clans["board"]),
        normal=side(clans["normal"]),
        pro=tuple(side(b["pro"]) for b in clans["board"]),
        road=tuple({"en": s["en"], "de": s["de"]} for s in road),
        road_price=tuple(_price(s["price"], colours).gems for s in road),
        order=tuple(colours.index(c) for c in auction["order"]),
        king_colour=colours.index(auction["king_colour"]),
        card_at=tuple(auction["threshold"][c]["card"] for c in colours),
        top_at=tuple(auction["threshold"][c]["top"] for c in colours),
        rewards={k: (v["vp"], v["card"], v["tier"]) for k, v in auction["reward"].items()},
        layout={int(k): v for k, v in auction["layout"].items()},
        setup=setup,
    )
