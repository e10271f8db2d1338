"""Game facts read once from ``data/*.toml`` into plain tuples.

Every number a teacher may want to change (prices, decks, artifacts,
sentinels, knowledge tables) lives in the data files; this module only
turns them into indexable tuples so the rules run fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Action, DataFileError

__all__ = ["Config", "load_config", "GEMS", "AREAS", "SEATS", "OPAL", "SAPPHIRE", "EMERALD", "DIAMOND", "RUBY"]

OPAL, SAPPHIRE, EMERALD, DIAMOND, RUBY = range(5)
GEMS = ("opal", "sapphire", "emerald", "diamond", "ruby")
AREAS = ("gems", "energy_flow", "fire", "nine_sages", "artifacts", "accumulation")
GEMS_AREA, FLOW, FIRE, SAGES, ARTS, STORE = range(6)
SEATS = tuple(f"P{i + 1}" for i in range(6))  # seat names in events (ZS-902: at most 6 players)


@dataclass(frozen=True)
class Config:
    """All data of the game as tuples (index = gem / area / artifact order)."""

    gem_price: tuple[int, ...]
    gem_vp: tuple[int, ...]
    gem_supply: tuple[int, ...]
    gem_names: dict[str, tuple[str, str]]
    gem_colour: tuple[str, ...]
    ruby_limit: int
    spiral_slots: int
    max_active: int
    sell_divisor: int
    opal_dust: tuple[int, ...]
    group_size: int
    group_dust: int
    deck_cards: tuple[tuple[int, ...], ...]  # per card gem 1..4 (index gem-1): all values, sorted
    concentrated: tuple[int, ...]  # value per card gem (index gem-1)
    tokens: tuple[int, ...]
    token_weight: tuple[int, ...]
    card_weight: int
    conc_weight: int
    max_level: int
    level4_vp: int
    stone_costs: tuple[int, ...]
    hand_base: int
    area_costs: tuple[tuple[int, ...], ...]
    area_hand: tuple[int, ...]
    area_names: dict[str, tuple[str, str]]
    area_short: tuple[tuple[str, str], ...]
    price_percent: tuple[int, ...]
    flow_dust: tuple[int, ...]
    ruby_level: int
    sages_gem: tuple[int, ...]
    sages_cards: int
    art_discount: tuple[int, ...]
    sent_discount_k: tuple[int, ...]
    store_slots: tuple[int, ...]
    characters: tuple[dict, ...]
    start_active: tuple[int, ...]
    artifacts: dict[str, dict]
    artifact_ids: tuple[str, ...]
    copies_by_players: tuple[int, ...]
    letters: tuple[str, ...]
    sentinels: dict[str, dict]
    sentinel_ids: tuple[str, ...]
    sentinel_price: int
    sentinel_vp: int
    open_steps: tuple[int, ...]
    raise_steps: tuple[int, ...]
    place_min_vp: int
    actions: dict[str, Action]
    art_sums: dict[tuple, int]  # (artifacts owned, field or gem) -> their sum, filled as asked (model._art_sum)
    auto_pays: dict[tuple, tuple]  # (cards, conc, dust, due) -> pay auto: items, label, value, hand after (energy)
    gem_sales: dict[tuple, int]  # (active, stored, Knowledge of Gems level) -> sale value of all gems (model.means)
    learnable: dict[tuple, tuple]  # (levels, stones prepaid, next stone's price, energy) -> areas (checks)

    def act(self, label: str) -> Action:
        """A shared Action instance for a label (saves allocations in hot loops)."""
        a = self.actions.get(label)
        if a is None:
            a = self.actions[label] = Action.parse(label)
        return a


def load_config(read: Any) -> Config:
    """Build the Config with ``read(name)`` returning a data file's table."""
    gems = read("gems.toml")
    energy = read("energy.toml")
    know = read("knowledge.toml")
    chars = read("characters.toml")
    arts = read("artifacts.toml")
    sents = read("sentinels.toml")
    auc = read("auction.toml")
    g = gems["gem"]
    if tuple(x["id"] for x in g) != GEMS:
        raise DataFileError("data/gems.toml", "gem", f"must list {', '.join(GEMS)} in this order")
    areas = know["area"]
    if tuple(a["id"] for a in areas) != AREAS:
        raise DataFileError("data/knowledge.toml", "area", f"must list the areas {', '.join(AREAS)} in this order")
    by_area = {a["id"]: a for a in areas}
    decks = []
    for name in GEMS[1:]:
        d = energy["deck"][name]
        decks.append(tuple(v for v, n in zip(d["values"], d["copies"], strict=True) for _ in range(n)))
    return Config(
        gem_price=tuple(x["price"] for x in g),
        gem_vp=tuple(x["vp"] for x in g),
        gem_supply=tuple(x["supply"] for x in g),
        gem_names={x["id"]: (x["name"], x["name_de"]) for x in g},
        gem_colour=tuple(x["colour"] for x in g),
        ruby_limit=gems["limits"]["ruby_limit"],
        spiral_slots=gems["limits"]["spiral_slots"],
        max_active=gems["limits"]["max_active"],
        sell_divisor=gems["limits"]["sell_divisor"],
        opal_dust=tuple(gems["income"]["opal_dust"]),
        group_size=gems["income"]["group_size"],
        group_dust=gems["income"]["group_dust"],
        deck_cards=tuple(decks),
        concentrated=tuple(energy["deck"][n]["concentrated"] for n in GEMS[1:]),
        tokens=tuple(energy["dust"]["tokens"]),
        token_weight=tuple(energy["dust"]["token_weight"]),
        card_weight=energy["dust"]["card_weight"],
        conc_weight=energy["dust"]["concentrated_weight"],
        max_level=know["max_level"],
        level4_vp=know["level4_vp"],
        stone_costs=tuple(know["stone_costs"]),
        hand_base=know["hand_limit_base"],
        area_costs=tuple(tuple(a["costs"]) for a in areas),
        area_hand=tuple(a["hand_limit"] for a in areas),
        area_names={a["id"]: (a["name"], a["name_de"]) for a in areas},
        area_short=tuple((a.get("short", a["name"]), a.get("short_de", a["name_de"])) for a in areas),
        price_percent=tuple(by_area["gems"]["price_percent"]),
        flow_dust=tuple(by_area["energy_flow"]["dust"]),
        ruby_level=by_area["fire"]["ruby_level"],
        sages_gem=tuple(GEMS.index(x) for x in by_area["nine_sages"]["reward_gem"]),
        sages_cards=by_area["nine_sages"]["reward_cards"],
        art_discount=tuple(by_area["artifacts"]["artifact_discount"]),
        sent_discount_k=tuple(by_area["artifacts"]["sentinel_discount"]),
        store_slots=tuple(by_area["accumulation"]["slots"]),
        characters=tuple(chars["character"]),
        start_active=tuple(chars["start_active"]),
        artifacts={a["id"]: a for a in arts["artifact"]},
        artifact_ids=tuple(a["id"] for a in arts["artifact"]),
        copies_by_players=tuple(arts["copies_by_players"]),
        letters=tuple(arts["letters"]),
        sentinels={s["id"]: s for s in sents["sentinel"]},
        sentinel_ids=tuple(s["id"] for s in sents["sentinel"]),
        sentinel_price=sents["price"],
        sentinel_vp=sents["base_vp"],
        open_steps=tuple(auc["open_steps"]),
        raise_steps=tuple(auc["raise_steps"]),
        place_min_vp=auc["min_vp_for_place_modifiers"],
        actions={},
        art_sums={},
        auto_pays={},
        gem_sales={},
        learnable={},
    )
