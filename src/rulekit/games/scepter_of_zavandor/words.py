"""Words a learner can read: action sentences (``describe``), energy items, and the exact
set of action labels (``action_labels``) computed from the data files.

Sentences come from ``texts/actions.toml`` with gem, area, artifact and sentinel
names from the data files, never raw ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action
from ...engine.plurals import fill
from .energy import parse_item
from .tables import AREAS, GEMS

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = ["describe", "item_words", "action_labels", "max_bid"]


def _say(game: ScepterOfZavandor, key: str, lang: str, **args: Any) -> str:
    entry = game.action_texts[key]
    return fill(entry["de" if lang == "de" else "en"], lang, **args)


def item_words(game: ScepterOfZavandor, item: tuple, lang: str = "en") -> str:
    """An energy item (``("card", g, v)``, ``("energy", g)``, ``("dust", v)``) in words."""
    if item[0] == "card":
        return _say(game, "item_card", lang, gem=game.gem_name(item[1], lang), value=item[2])
    if item[0] == "energy":
        return _say(game, "item_energy", lang, gem=game.gem_name(item[1], lang))
    return _say(game, "item_dust", lang, value=item[1])


def describe(game: ScepterOfZavandor, a: Action, lang: str = "en") -> str:
    """One short sentence for an action, in English or German (issue 14)."""
    kind, args = a.kind, a.args
    try:
        if kind in ("enchant", "disenchant", "activate", "deactivate", "sell", "lose"):
            return _say(game, kind, lang, gem=game.gem_name(GEMS.index(args[0]), lang))
        if kind in ("learn", "free_step"):
            return _say(game, kind, lang, area=game.area_name(AREAS.index(args[0]), lang))
        if kind == "auction":
            which = "auction_sentinel" if args[0] in game.cfg.sentinels else "auction_artifact"
            return _say(game, which, lang, item=game.item_name(args[0], lang))
        if kind == "exchange":
            return _say(game, "exchange", lang, what=_say(game, f"tokens_{args[0]}", lang))
        if kind == "bid":
            return _say(game, "bid", lang, amount=args[0])
        if kind == "pay" and args == ("auto",):
            return _say(game, "pay_auto", lang)
        if kind in ("pay", "discard"):
            return _say(game, kind, lang, what=item_words(game, parse_item(args), lang))
        if kind in ("buy_stone", "end", "pass"):
            return _say(game, kind, lang)
    except (ValueError, IndexError, KeyError):  # not an action of this game: show its label as typed
        return str(a)
    return str(a)


def max_bid(game: ScepterOfZavandor, players: int, options: dict) -> int:
    """An upper bound on any bid a player could pay (ZS-460: a bid must be payable).

    Energy held after phase 4 (at most the largest hand limit, each count worth at most the
    best value per count), plus one round of the largest income, plus the sale value of every
    gem in the game, plus the largest discount. Loose, but computed from data only.
    """
    cfg = game.cfg
    arts = cfg.artifacts
    copies = cfg.copies_by_players[players]
    best_card = max(max(d) for d in cfg.deck_cards)
    per_count = max(best_card // cfg.card_weight, max(cfg.concentrated) // cfg.conc_weight, cfg.tokens[2])
    hand = cfg.hand_base + sum(h for h in cfg.area_hand if h > 0)
    hand += sum(a.get("hand_limit", 0) * (1 if a.get("unique") else copies) for a in arts.values())
    income = max(cfg.opal_dust) + max(cfg.flow_dust) + cfg.max_active * (best_card + cfg.group_dust)
    income += copies * sum(best_card for a in arts.values() if a.get("income"))
    income += len(cfg.sages_gem) * cfg.sages_cards * best_card
    sales = sum(n * (price // cfg.sell_divisor) for n, price in zip(cfg.gem_supply, cfg.gem_price, strict=True))
    discount = max(max(cfg.art_discount), max(cfg.sent_discount_k)) + copies * sum(
        a.get("sentinel_discount", 0) + sum(a.get("discount_on", {}).values()) for a in arts.values()
    )
    surcharge = max(0, *options["place_surcharge_artifact"], *options["place_surcharge_sentinel"])
    return hand * per_count + income + sales + discount + surcharge


def action_labels(game: ScepterOfZavandor, players: int, options: dict) -> frozenset[str]:
    """Every label ``legal()`` can produce for ``players`` and ``options`` (issue 18)."""
    cfg = game.cfg
    out = {"buy_stone", "end", "pass", "pay auto", "exchange 2", "exchange 5"}
    for verb in ("enchant", "disenchant", "activate", "deactivate", "sell", "lose"):
        out.update(f"{verb} {g}" for g in GEMS)
    for verb in ("learn", "free_step"):
        out.update(f"{verb} {a}" for a in AREAS)
    if cfg.copies_by_players[players]:
        out.update(f"auction {a}" for a in cfg.artifact_ids)
    out.update(f"auction {s}" for s in cfg.sentinel_ids)
    items = [f"card {GEMS[g + 1]} {v}" for g, deck in enumerate(cfg.deck_cards) for v in sorted(set(deck))]
    items += [f"energy {g}" for g in GEMS[1:]] + [f"dust {v}" for v in cfg.tokens]
    out.update(f"pay {i}" for i in items)
    out.update(f"discard {i}" for i in items)
    lowest = min([cfg.sentinel_price, *(a["price"] for a in cfg.artifacts.values())])
    out.update(f"bid {n}" for n in range(lowest, max_bid(game, players, options) + 1))
    return frozenset(out)
