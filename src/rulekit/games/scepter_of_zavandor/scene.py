"""The board as data (docs/scene.md), built with the engine's scene kit.

Artifact offer and sentinels as cards with price, victory points and effect
in words; the gem supply with the mover's prices; the auction or payment in
progress; one panel per player (gems, pentagon, knowledge tracks, energy,
possessions). Energy-card values in other hands are drawn as card backs, and
only the seat to move's pieces carry actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import State
from ...engine import scene_kit as kit
from .model import capacity, gem_price, hand_count, hand_limit, victory_points
from .tables import AREAS, GEMS

if TYPE_CHECKING:
    from .rules import ScepterOfZavandor

__all__ = ["scene"]

W = kit.words("rulekit.games.scepter_of_zavandor")
EFFECTS = ("hand_limit", "slots", "allows", "free_gem", "free_steps", "free_marker", "others_lose_gem", "income",
           "discount_on", "sentinel_discount", "unique")  # fmt: skip


def scene(game: ScepterOfZavandor, s: State, seat: int | None, lang: str = "en") -> dict:
    """The whole table for ``seat`` (None: the teacher's view with every card shown)."""
    t, acts = s.data, kit.Acts(s, seat)
    items, y = kit.heading(W("title", lang, n=t.round), game.phases[s.phase].name_in(lang))
    items.append(kit.text(10, y + 38, W("offer", lang, n=len(t.art_deck)), bold=True, id="offer-title"))
    row, y = kit.card_row([_artifact(game, a, k, acts, lang) for k, a in enumerate(t.offer)], 10, y + 50, 940, 180)
    items += [kit.group(row, id="offer"), kit.text(10, y + 24, W("sentinels", lang), bold=True, id="sentinels-title")]
    row, y = kit.card_row([_sentinel(game, sid, acts, lang) for sid in t.sents], 10, y + 34, 940, 180)
    items.append(kit.group(row, id="sentinels"))
    supply, y = _supply(game, s, acts, y + 24, lang)
    middle, y = _middle(game, s, acts, y, lang)
    items += [supply, middle]
    # panels in seat order (P1, P2, ...); the turn order of this round is said above them and on each disc
    line, y = kit.turn_order(t.order, y, lang)
    items.append(line)
    for i in range(s.players):
        panel, y = _player(game, s, i, t.order.index(i), y, seat, acts, lang)
        items.append(panel)
    return kit.scene(items, y + 6)


def _effect(game, art: dict, lang: str) -> str:
    """An artifact's effect in words, from its data fields (data/artifacts.toml)."""
    out = []
    for key in EFFECTS:
        value = art.get(key)
        if not value:
            continue
        if key == "discount_on":
            out += [W("fx_discount_on", lang, n=n, item=game.item_name(i, lang)) for i, n in value.items()]
        elif key in ("allows", "free_gem", "income"):
            out.append(W(f"fx_{key}", lang, gem=game.gem_name(GEMS.index(value), lang)))
        else:
            out.append(W(f"fx_{key}", lang, n=value))
    return "; ".join(out) + "."


def _artifact(game, a: str, k: int, acts: kit.Acts, lang: str) -> kit.Face:
    art = game.cfg.artifacts[a]
    facts = [W("price", lang, n=art["price"]), W("vp", lang, n=art["vp"])]
    return kit.Face(game.item_name(a, lang), facts, _effect(game, art, lang), "#f4e7c5", acts(f"auction {a}"),
                    f"offer-{k}")  # fmt: skip


def _sentinel(game, sid: str, acts: kit.Acts, lang: str) -> kit.Face:
    sen, cfg = game.cfg.sentinels[sid], game.cfg
    args = {"each": sen["each"]}
    if sen["bonus"] == "per_active":
        args["gem"] = game.gem_name(GEMS.index(sen["gem"]), lang)
    if sen["bonus"] == "artifacts":
        args["list"] = ", ".join(game.item_name(a, lang) for a in sen["artifacts"])
    effect = W(f"sb_{sen['bonus']}", lang, **args) + (f" {W('cap', lang, n=sen['cap'])}" if sen.get("cap") else "")
    facts = [W("price", lang, n=cfg.sentinel_price), W("vp", lang, n=5)]
    return kit.Face(game.item_name(sid, lang), facts, effect, "#d9d2f0", acts(f"auction {sid}"), f"sentinel-{sid}")


def _supply(game, s: State, acts: kit.Acts, y: float, lang: str) -> tuple[dict, float]:
    cfg, t = game.cfg, s.data
    mover = s.to_move if s.to_move is not None else t.order[t.cur]
    out = [kit.text(10, y, W("supply", lang, who=W("player", lang, n=mover + 1)), bold=True)]
    for g in range(5):
        price = gem_price(cfg, t.p[mover], g)
        left = s.options["gem_supply"] == "limited"  # an unlimited supply (ZS-910 option) shows no count
        name = f"{game.gem_name(g, lang)} ({W('left', lang, n=t.supply[g])})" if left else game.gem_name(g, lang)
        out += kit.token(100 + g * 180, y + 40, 24, price, cfg.gem_colour[g], kit.SMALL, name=name,
                         action=acts(f"enchant {GEMS[g]}"), id=f"supply-{GEMS[g]}")  # fmt: skip
    out.append(kit.button(10, y + 96, 200, W("end", lang), acts("end"), id="end-turn"))
    return kit.group(out, id="supply"), y + 150


def _middle(game, s: State, acts: kit.Acts, y: float, lang: str) -> tuple[dict, float]:
    """The auction in progress (who bids, who is out) or the payment in progress."""
    t, out = s.data, []
    if t.auction is not None:
        auc = t.auction
        high = f"{auc.high} ({W('player', lang, n=auc.leader + 1)})" if auc.leader >= 0 else W("nobody", lang)
        out.append(kit.text(10, y, W("auction", lang, item=game.item_name(auc.item, lang), high=high), bold=True))
        for k, i in enumerate(t.order):
            gone = i not in auc.seats
            out += kit.token(40 + k * 110, y + 36, 22, i + 1, "#ccc" if gone else kit.seat_colour(i), id=f"bidder-{i}",
                             name=W("out", lang) if gone else kit.seat_colour_name(i, lang))  # fmt: skip
        for k, label in enumerate(acts.starting("bid ") + acts.starting("pass")):
            word = W("pass", lang) if label == "pass" else W("bid", lang, n=label.split()[1])
            out.append(kit.button(10 + (k % 7) * 134, y + 92 + (k // 7) * 44, 128, word, label, id=f"bid-{k}"))
        y += 100 + 44 * ((len(acts.starting("bid ")) + 7) // 7)
    elif t.pay is not None:
        who = W("player", lang, n=t.pay.seat + 1)
        out.append(kit.text(10, y, W("pays", lang, who=who, left=t.pay.due - t.pay.paid, due=t.pay.due), bold=True))
        out.append(kit.button(10, y + 14, 300, W("auto", lang), acts("pay auto"), id="pay-auto"))
        y += 70
    return kit.group(out, id="middle"), y + 10


def _gem_tokens(game, x, y, counts, verb: str | None, who: int, acts: kit.Acts, lang: str, id_: str) -> list[dict]:
    """One token per gem type held (its count on it, its name under it)."""
    out, k = [], 0
    for g, n in enumerate(counts):
        if n:
            # the click stands for ``verb``; disenchanting an active gem is a button that lights it
            action, touches = acts.on_item(GEMS[g], (verb, "disenchant") if id_ == "slot" else (verb,), owner=who)
            out += kit.token(x + 40 + k * 150, y, 22, n, game.cfg.gem_colour[g], kit.SMALL, id=f"{id_}-{who}-{g}",
                             name=game.gem_name(g, lang), action=action, touches=touches or None)  # fmt: skip
            k += 1
    return out


def _player(game, s: State, i: int, place: int, y0: float, seat, acts: kit.Acts, lang: str) -> tuple[dict, float]:
    cfg, t = game.cfg, s.data
    p = t.p[i]
    ch = cfg.characters[p.char]
    head = W("head", lang, who=W("player", lang, n=i + 1), colour=kit.seat_colour_name(i, lang), vp=victory_points(cfg, p),
             char=ch["name_de"] if lang == "de" else ch["name"], hand=hand_count(cfg, p), limit=hand_limit(cfg, p))  # fmt: skip
    out = kit.token(930, y0 + 24, 16, place + 1, "#ddd", id=f"disc-{i}", title=W("turn_order", lang, n=place + 1))
    # a click on a gem: (de)activate it, sell it while paying an auction, give it up (Mirror/Cloak)
    slot_verb = {"pay_auction": "sell", "lose_gem": "lose"}.get(s.phase, "deactivate")
    store_verb = "sell" if s.phase == "pay_auction" else "activate"
    y = y0 + 62
    for key, counts, verb, id_ in (("active", p.active, slot_verb, "slot"), ("stored", p.stored, store_verb, "stored")):
        out.append(kit.text(28, y, W(key, lang, n=sum(counts) if key == "active" else p.prepaid, cap=capacity(cfg, p))))
        if any(counts):  # one token per gem type held, its name under it
            out += _gem_tokens(game, 28, y + 36, counts, verb, i, acts, lang, id_)
            y += 68
        y += 40
    out.append(kit.text(28, y, W("knowledge", lang)))
    for a, area in enumerate(AREAS):
        ax, ay = 28 + (a % 2) * 462, y + 12 + (a // 2) * 42
        out.append(kit.text(ax, ay + 26, cfg.area_short[a][lang == "de"]))
        learn, touches = acts.on_item(area, ("learn", "free_step"), owner=i)
        cells = kit.track(ax + 190, ay, [str(c) for c in cfg.area_costs[a]], 62, lit=range(p.know[a]),
                          actions={p.know[a]: learn}, id_prefix=f"know-{i}-{area}", h=36)  # fmt: skip
        if touches and p.know[a] < 4:
            cells[p.know[a]]["touches"] = touches
        out += cells
    y += 150
    energy, y = _energy(game, s, i, y, seat, acts, lang)
    out += energy
    owns = [game.item_name(a, lang) for a in p.arts + p.sents]
    if owns:
        for line in kit.wrap(W("owns", lang, list=", ".join(owns)), 80):
            out.append(kit.text(28, y + 22, line))
            y += 26
    frame = kit.panel(6, y0, 948, y - y0 + 10, head, i, s.to_move == i)
    return kit.group(frame + out, seat=i, id=f"player-{i}"), y + 16


def _energy(game, s: State, i: int, y: float, seat, acts: kit.Acts, lang: str) -> tuple[list[dict], float]:
    """Energy cards (values hidden from other seats), concentrated energy and dust tokens."""
    cfg, p = game.cfg, s.data.p[i]
    mine = seat is None or seat == i
    verb = {"enchant_gems": "pay", "extend_knowledge": "pay", "pay_auction": "pay", "check_hand_limit": "discard"}
    verb = verb.get(s.phase, "")
    out = [kit.text(28, y + 26, W("energy", lang), bold=True)]
    pieces = [(str(v) if mine else "?", cfg.gem_colour[g], f"{verb} card {GEMS[g]} {v}" if mine and verb else None,
               game.gem_name(g, lang)) for g, v in p.cards]  # fmt: skip
    pieces += [(str(cfg.concentrated[g]), cfg.gem_colour[g + 1], f"{verb} energy {GEMS[g + 1]}" if verb else None,
                W("conc", lang)) for g, n in enumerate(p.conc) for _ in range(n)]  # fmt: skip
    pieces += [(str(cfg.tokens[d]), "#f0d060", f"{verb} dust {cfg.tokens[d]}" if verb else None, W("dust", lang))
               for d, n in enumerate(p.dust) for _ in range(n)]  # fmt: skip
    for k, (label, fill, action, name) in enumerate(pieces):
        x, yy = 120 + (k % 8) * 104, y + 4 + (k // 8) * 78
        out.append({"type": "rect", "x": x, "y": yy, "w": 96, "h": 40, "rx": 4, "fill": fill, "label": label,
                    "size": kit.BODY, "stroke": "#333", "class": "rk-card", "id": f"card-{i}-{k}"})  # fmt: skip
        if act := acts(action, owner=i) if action else None:
            out[-1]["action"] = act
        if label != "?":
            out.append(kit.text(x + 48, yy + 62, name, kit.SMALL, anchor="middle"))
    return out, y + 16 + 78 * max(1, (len(pieces) + 7) // 8)
