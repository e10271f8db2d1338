"""Energy: dust tokens, energy cards, concentrated energy, paying and change.

Every movement of energy between the bank, the decks and a hand goes
through this module, so the conservation checks (``invariants``) see one
consistent bookkeeping: dust and concentrated energy are counted against
``dust_net`` / ``conc_net``, cards against their deck and discard pile.
"""

from __future__ import annotations

from ...engine import Dice
from ...engine.records import changer
from .model import (
    Pay,
    Player,
    Table,
    copy_table,
    put_dust_net,
    put_dust_net_pay,
    putter,
    remember,
    sale_value,
    with_cards,
    with_dust,
    with_pay,
)
from .tables import GEMS, Config

__all__ = [
    "split_dust",
    "give_dust",
    "draw_card",
    "draw_cards",
    "pay_items",
    "take_items",
    "item_value",
    "has_energy",
    "auto_selection",
    "auto_payment",
    "sell_gem",
    "item_label",
    "parse_item",
    "ITEM_KINDS",
]

ITEM_KINDS = ("card", "energy", "dust")


_SPLITS: dict[tuple, tuple] = {}  # (tokens, amount) -> split_dust's answer (every income and change asks)


def split_dust(cfg: Config, amount: int) -> tuple[tuple[int, ...], int]:
    """Tokens (count per denomination) for ``amount`` with the fewest tokens, and what is lost.

    Only 2, 5 and 10 exist, so 1 and 3 cannot be made exactly; the part no
    token can make is lost (rulekit's choice, facts 1.5). Kept per amount (few amounts occur).
    """
    key = (cfg.tokens, amount)
    split = _SPLITS.get(key)
    if split is None:
        split = remember(_SPLITS, key, _split(cfg.tokens, amount))
    return split


def _split(tokens: tuple[int, ...], amount: int) -> tuple[tuple[int, ...], int]:
    t2, t5, t10 = tokens
    for lost in range(0, t2 + 1):
        a = amount - lost
        if a < 0:
            break
        for tens in range(a // t10, -1, -1):
            r = a - tens * t10
            for fives in range(0, 2):
                r2 = r - fives * t5
                if r2 >= 0 and r2 % t2 == 0:
                    return (r2 // t2, fives, tens), lost
    return (0, 0, 0), amount


#: the commonest table copies of a draw, a card paid and a gem sold, with exactly their fields changed
_put_draw, _put_discards_pay = putter("decks", "discards"), putter("discards", "pay")
_put_sale = putter("supply", "dust_net")
#: a gem sold (inactive first) for dust, as one exact copy of the player
_sold_stored, _sold_active = changer(Player, "stored", "dust"), changer(Player, "active", "dust")


def give_dust(cfg: Config, t: Table, seat: int, amount: int) -> tuple[Table, int]:
    """Pay ``amount`` dust from the bank to ``seat`` in tokens; returns (table, lost)."""
    if amount <= 0:
        return t, 0
    p = t.p[seat]
    dust, lost = _plus_dust(cfg, p.dust, amount)
    return put_dust_net(t, seat, with_dust(p, dust), t.dust_net + amount - lost), lost


def _plus_dust(cfg: Config, dust: tuple[int, ...], amount: int) -> tuple[tuple[int, ...], int]:
    """``dust`` with ``amount`` more in tokens (``split_dust``), and what no token could make.

    The three denominations are added by hand: income, change and every disenchant run this."""
    tokens, lost = split_dust(cfg, amount)
    return (dust[0] + tokens[0], dust[1] + tokens[1], dust[2] + tokens[2]), lost


def draw_card(cfg: Config, t: Table, seat: int, g: int, dice: Dice, reshuffle: bool = True) -> tuple[Table, int]:
    """Draw the top energy card of gem ``g`` (1..4) into a hand; 0 when none is left (``draw_cards``)."""
    t, values = draw_cards(cfg, t, seat, g, 1, dice, reshuffle)
    return t, (values[0] if values else 0)


def draw_cards(
    cfg: Config, t: Table, seat: int, g: int, n: int, dice: Dice, reshuffle: bool = True
) -> tuple[Table, tuple[int, ...]]:
    """Draw ``n`` energy cards of gem ``g`` (1..4) from the top into a hand; returns the values drawn
    (fewer when none is left). An empty deck is refilled from its shuffled discards when ``reshuffle``
    (option ``empty_energy_deck``, ZS-906); after that the discards are empty, so once the deck runs
    dry no more cards come. All cards go in one copy of the hand and the table (income, ZS-140)."""
    i = g - 1
    deck, discard = t.decks[i], t.discards[i]
    drawn = []
    for _ in range(n):
        if not deck and reshuffle and discard:
            deck, discard = dice.shuffle(discard), ()
        if not deck:
            break
        drawn.append(deck[0])
        deck = deck[1:]
    decks = _set(t.decks, i, deck)
    discards = t.discards if discard is t.discards[i] else _set(t.discards, i, discard)
    if not drawn:
        return copy_table(t, decks=decks, discards=discards), ()
    p = t.p[seat]
    cards = tuple(sorted((*p.cards, *((g, v) for v in drawn))))
    return _put_draw(t, seat, with_cards(p, cards), decks, discards), tuple(drawn)


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1 :]


_ITEMS: dict[tuple, tuple] = {}  # (tokens, cards, concentrated, dust) -> pay_items' answer


def pay_items(cfg: Config, p: Player) -> tuple[tuple, ...]:
    """The distinct things a player can hand over: ("card", g, v), ("energy", g), ("dust", v).

    Every payment and hand-limit step lists them; kept per hand (bots pay from the same hands
    again and again while they try out their turns).
    """
    key = (cfg.tokens, p.cards, p.conc, p.dust)
    items = _ITEMS.get(key)
    if items is None:
        listed = [("card", g, v) for g, v in dict.fromkeys(p.cards)]
        listed += [("energy", g + 1) for g, n in enumerate(p.conc) if n]
        listed += [("dust", cfg.tokens[i]) for i, n in enumerate(p.dust) if n]
        items = remember(_ITEMS, key, tuple(listed), limit=50_000)
    return items


def has_energy(p: Player) -> bool:
    """True when ``pay_items`` is not empty (without building the list: asked after every payment step)."""
    return bool(p.cards) or any(p.conc) or any(p.dust)


def item_value(cfg: Config, item: tuple) -> int:
    """The dust value of one energy item."""
    if item[0] == "card":
        return item[2]
    if item[0] == "energy":
        return cfg.concentrated[item[1] - 1]
    return item[1]


def take_items(cfg: Config, t: Table, seat: int, items, pay: Pay | None = None, handed: tuple | None = None) -> Table:
    """Remove ``items`` from a hand back to the bank and the discard piles; an updated payment
    ``pay`` (if given) rides on the same copy of the table.

    Bots hand over one item per payment step, which copies exactly the fields it changes
    (``_take``); several items (a ``pay auto``, often eight or more) go in one copy of the hand and
    one of the table, worked out by ``_handed`` (``handed``: its answer for this hand and these
    items, kept by ``auto_payment``).
    """
    if pay is None:
        pay = t.pay
    if len(items) == 1:
        return _take(cfg, t, seat, items[0], pay)
    if not items:
        return with_pay(t, pay)
    if handed is None:
        handed = _handed(cfg, t.p[seat], items)
    cards, conc, dust, added, conc_out, dust_out = handed
    p = _with_hand(t.p[seat], cards, conc, dust)
    discards = tuple(map(tuple.__add__, t.discards, added)) if added else t.discards
    return _put_handed_pay(t, seat, p, discards, t.conc_net - conc_out, t.dust_net - dust_out, pay)


def _handed(cfg: Config, p: Player, items) -> tuple:
    """What handing over several ``items`` does: the hand's cards, concentrated energy and dust
    after it, the values each discard pile gets (by gem; () when no card leaves), and the
    concentrated cards and dust value back in the bank (``take_items``)."""
    cards, conc, dust = list(p.cards), list(p.conc), list(p.dust)
    added: list[tuple[int, ...]] = [()] * len(conc)
    conc_out = dust_out = 0
    for item in items:
        if item[0] == "card":
            g, v = item[1], item[2]
            cards.remove((g, v))
            added[g - 1] += (v,)
        elif item[0] == "energy":
            conc[item[1] - 1] -= 1
            conc_out += 1
        else:
            dust[cfg.tokens.index(item[1])] -= 1
            dust_out += item[1]
    return tuple(cards), tuple(conc), tuple(dust), (tuple(added) if any(added) else ()), conc_out, dust_out


#: a hand after several items left it, and the table around it with the payment, as exact copies
_with_hand = changer(Player, "cards", "conc", "dust")
_put_handed_pay = putter("discards", "conc_net", "dust_net", "pay")


def _take(cfg: Config, t: Table, seat: int, item: tuple, pay: Pay | None = None) -> Table:
    """One item of ``take_items``: a card to its discard pile, a concentrated energy or a dust token
    to the bank, with the payment ``pay`` (the table's when not given), in exact copies."""
    p = t.p[seat]
    if pay is None:
        pay = t.pay
    if item[0] == "card":
        g, v = item[1], item[2]
        k = p.cards.index((g, v))
        discards = _set(t.discards, g - 1, t.discards[g - 1] + (v,))
        return _put_discards_pay(t, seat, with_cards(p, p.cards[:k] + p.cards[k + 1 :]), discards, pay)
    if item[0] == "energy":
        i = item[1] - 1
        return _put_conc_net_pay(t, seat, _with_conc(p, _set(p.conc, i, p.conc[i] - 1)), t.conc_net - 1, pay)
    i = cfg.tokens.index(item[1])
    return put_dust_net_pay(t, seat, with_dust(p, _set(p.dust, i, p.dust[i] - 1)), t.dust_net - item[1], pay)


#: the copies of an item or several handed over, with exactly their fields changed (the payment's too)
_put_conc_net_pay, _with_conc = putter("conc_net", "pay"), changer(Player, "conc")


def sell_gem(cfg: Config, t: Table, seat: int, g: int) -> tuple[Table, int, bool]:
    """Disenchant one gem (inactive first): it returns to the supply, its owner gets half
    its current price in dust (ZS-290, ZS-300). Returns (table, sale value, dust lost because
    no token is that small: the owner receives value - lost)."""
    p = t.p[seat]
    value = sale_value(cfg, p, g)
    # the gem and the dust in one player copy (``give_dust`` would make a second one)
    dust, lost = _plus_dust(cfg, p.dust, value) if value > 0 else (p.dust, 0)
    if p.stored[g]:
        p2 = _sold_stored(p, _set(p.stored, g, p.stored[g] - 1), dust)
    else:
        p2 = _sold_active(p, _set(p.active, g, p.active[g] - 1), dust)
    t = _put_sale(t, seat, p2, _set(t.supply, g, t.supply[g] + 1), t.dust_net + max(value, 0) - lost)
    return t, value, lost


def auto_selection(cfg: Config, p: Player, due: int) -> tuple[tuple, ...]:
    """Items whose value covers ``due`` with the least overpay, then the fewest items (``auto_payment``)."""
    return auto_payment(cfg, p, due)[0]


def auto_payment(cfg: Config, p: Player, due: int) -> tuple[tuple[tuple, ...], str, int, tuple | None]:
    """The "pay automatically" step (ZS-430): the items ``_cover`` chooses, their label, their dust
    value and (for several items) what handing them over does (``_handed``, for ``take_items``).

    Bots finish their turns with it over and over from the same hands, so all this is kept per hand
    and amount (``cfg.auto_pays``, emptied when it grows large): a payment step then joins no labels,
    adds no values and takes the items from the hand in one exact copy.
    """
    key = (p.cards, p.conc, p.dust, due)
    made = cfg.auto_pays.get(key)
    if made is None:
        items = _cover(cfg, p, due)
        label = ", ".join(map(item_label, items))
        handed = _handed(cfg, p, items) if len(items) > 1 else None
        made = (items, label, sum(item_value(cfg, it) for it in items), handed)
        remember(cfg.auto_pays, key, made, limit=100_000)
    return made


def _cover(cfg: Config, p: Player, due: int) -> tuple[tuple, ...]:
    """``auto_selection`` worked out: of the sums of units (cards, concentrated energy, tokens, in hand
    order) that cover ``due``, the least; of its choices, the fewest units, and of those the first
    (the one whose last unit comes first, then the one before it...); the whole hand when it is short.

    Read a choice as one int, its number of units above a bit mask of the units: the answer is the
    least such int among the choices of the least covering sum (tests/games/scepter_of_zavandor/
    test_fast_paths.py holds it to the plain table of every sum's first shortest choice). Bots pay from
    ever new hands, thousands of times a game, so it is found with Python ints as bit sets, with no
    table: bit ``s * width + n`` of ``reach`` says that ``n`` units sum to ``s`` (``width`` is one
    more than the number of units, so counts never spill into the next sum), and adding a unit of
    value ``v`` is one shift by ``v * width + 1``. The lowest bit at or above ``due * width`` gives the
    least covering sum and its fewest units at once. The choice is then rebuilt from the last unit
    back: a unit is left out when the units before it (``before[k]``) still make the sum and count
    left, for any choice that holds it is later than one that does not.
    """
    if due <= 0:
        return ()
    cards = p.cards
    tail, values_after = _tail(cfg, p.conc, p.dust)
    values = [v for _, v in cards]
    values += values_after
    if sum(values) <= due:  # short, or covering exactly with everything (no other choice makes that sum)
        return tuple([("card", g, v) for g, v in cards]) + tail
    n = len(cards)
    if due in values:  # one unit covers exactly: the first one
        k = values.index(due)
        return (("card", *cards[k]),) if k < n else (tail[k - n],)
    width = len(values) + 1
    reach, before = 1, []
    for v in values:
        before.append(reach)
        reach |= reach << (v * width + 1)
    above = reach >> due * width
    spot = due * width + (above & -above).bit_length() - 1  # the least cover, with its fewest units
    chosen = []
    for k in range(len(values) - 1, -1, -1):
        if not before[k] >> spot & 1:  # the units before k cannot make it: unit k is in the choice
            chosen.append(("card", *cards[k]) if k < n else tail[k - n])
            spot -= values[k] * width + 1
            if not spot:
                break
    chosen.reverse()
    return tuple(chosen)


#: (concentrated, dust) -> (the values of concentrated energy and tokens, its units, their values) (``_tail``)
_TAILS: dict[tuple, tuple] = {}


def _tail(cfg: Config, conc: tuple[int, ...], dust: tuple[int, ...]) -> tuple[tuple, tuple[int, ...]]:
    """The units after the cards in a hand (concentrated energy by gem, then tokens by size) and their
    values; few combinations occur, so each is made once (for the values it was made with: plain
    tuples, not ``cfg``, so the garbage collector need not track the entries)."""
    made = _TAILS.get((conc, dust))
    if made is None or made[0] is not cfg.concentrated or made[1] is not cfg.tokens:
        units: list[tuple] = []
        values: list[int] = []
        for g, n in enumerate(conc):
            units += [("energy", g + 1)] * n
            values += [cfg.concentrated[g]] * n
        for i, n in enumerate(dust):
            units += [("dust", cfg.tokens[i])] * n
            values += [cfg.tokens[i]] * n
        made = (cfg.concentrated, cfg.tokens, tuple(units), tuple(values))
        remember(_TAILS, (conc, dust), made, limit=50_000)
    return made[2], made[3]


def parse_item(args: tuple) -> tuple:
    """A legal action's arguments as its energy item: ("card", g, v), ("energy", g) or ("dust", v)."""
    if args[0] == "card":
        return ("card", GEMS.index(args[1]), args[2])
    if args[0] == "energy":
        return ("energy", GEMS.index(args[1]))
    return ("dust", args[1])


def item_label(item: tuple) -> str:
    """Action argument text of a payment item: "card sapphire 5", "energy ruby", "dust 10"
    (made once per item: labels are asked for on every payment step)."""
    label = _LABELS.get(item)
    if label is None:
        if item[0] == "card":
            label = f"card {GEMS[item[1]]} {item[2]}"
        elif item[0] == "energy":
            label = f"energy {GEMS[item[1]]}"
        else:
            label = f"dust {item[1]}"
        _LABELS[item] = label
    return label


#: payment item -> its label (a few dozen items in all)
_LABELS: dict[tuple, str] = {}
