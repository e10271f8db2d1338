"""Spellbound's fixed facts read from data: cards, map, tracks, witch path.

Everything here is built once per game object from ``data/*.toml`` and never
changes during play, so states keep only small ids (card numbers, space ids)
and look the rest up here (SB-902, SB-903, SB-904).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import networkx as nx

from rulekit.engine import DataFileError, OptionError

__all__ = ["Card", "Track", "Level", "Catalog", "build_catalog", "variant"]

STANDARD_PATH = "standard"  # the witch path of ``Catalog.levels`` (the default of option witch_path)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``type``: mage, ally, adversary, village or demon."""

    id: int
    key: str
    type: str
    name: str
    name_de: str
    effect: str = ""
    value: int = 0
    sun: int = 0
    moon: int = 0
    target: str = ""
    cost: int = 0
    kind: str = ""  # village cards: ally, tower, spring, fortuna

    def label(self, lang: str = "en") -> str:
        return self.name_de if lang == "de" else self.name

    @property
    def helpful(self) -> bool:
        """Mage and ally cards help the mages (SB-010); they count toward the 5."""
        return self.type in ("mage", "ally")


@dataclass(frozen=True, slots=True)
class Track:
    """A book track (SB-030): region, pursuer kind, start and goal spaces."""

    id: str
    region: str
    pursuer: str
    name: str
    name_de: str
    colour: str
    length: int
    book_start: int
    book_goal: int
    pursuer_start: int
    pursuer_goal: int
    x: int
    y: int
    dx: int


@dataclass(frozen=True, slots=True)
class Level:
    """One level of the witch's path (SB-904)."""

    name: str
    name_de: str
    base: int
    effects: tuple[str, ...]


@dataclass(frozen=True)
class Catalog:
    """All fixed data of one Spellbound game definition."""

    cards: tuple[Card, ...]
    basic: tuple[int, ...]
    fortuna: int
    witch_cards: tuple[int, ...]
    watchman: int
    watchman_max_players: int
    wicked: tuple[int, ...]
    troll_card: int
    #: set key -> (village card id, recruitable copy ids: ``ally_sets.copies`` of them)
    sets: dict[str, tuple[int, tuple[int, ...]]]
    #: set key -> further copies up to ``ally_sets.max_copies`` (ids after every other card, so the
    #: ids and labels of a default game never change); in play only with option ``ally_copies``
    extra_copies: dict[str, tuple[int, ...]]
    ally_keys: tuple[str, ...]
    specials: tuple[int, ...]  # tower, spring, fortuna village cards
    demons: tuple[int, ...]
    spaces: dict[str, dict]
    neighbours: dict[str, tuple[str, ...]]
    roads: tuple[tuple[str, str], ...]
    tracks: tuple[Track, ...]
    levels: tuple[Level, ...]  # the witch path in play (``standard`` in ``cat``; see ``variant``)
    witch_paths: dict[str, tuple[Level, ...]]  # every named path of data/setup.toml (option witch_path)
    villages: tuple[str, ...]
    cities: tuple[str, ...]
    map_table: dict
    setup: dict

    def copies(self, key: str, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the ``n`` recruitable copies of set ``key`` in play, its copies left out of the game) (SB-903)."""
        every = self.sets[key][1] + self.extra_copies[key]
        return every[:n], every[n:]

    def sets_in_play(self, n: int) -> dict[str, tuple[int, tuple[int, ...]]]:
        """Set key -> (its village card, its ``n`` recruitable copies in play) (SB-903; built once per ``n``)."""
        found = self._in_play.get(n)
        if found is None:
            found = self._in_play[n] = {
                key: (village, self.copies(key, n)[0]) for key, (village, _) in self.sets.items()
            }
        return found

    def supply_of(self, village_card: int, n: int) -> tuple[int, ...]:
        """The recruitable copies beneath ``village_card`` with ``n`` copies in play (none under a special village)."""
        found = self._supplies.get(n)
        if found is None:
            found = self._supplies[n] = {village: copies for village, copies in self.sets_in_play(n).values()}
        return found.get(village_card, ())

    @cached_property
    def _in_play(self) -> dict[int, dict]:
        return {}

    @cached_property
    def _supplies(self) -> dict[int, dict]:
        return {}

    def kind(self, space: str) -> str:
        return self.space_kinds[space]

    def track_of_region(self, region: str) -> int | None:
        return self.region_tracks.get(region)

    @cached_property
    def space_kinds(self) -> dict[str, str]:
        """Space id -> its kind (city, village, wilderness, ...): looked up on every decision."""
        return {s: v["kind"] for s, v in self.spaces.items()}

    @cached_property
    def region_tracks(self) -> dict[str, int]:
        """Region space id -> the index of its book track (the first track of a region counts)."""
        out: dict[str, int] = {}
        for i, t in enumerate(self.tracks):
            out.setdefault(t.region, i)
        return out

    @cached_property
    def track_facts(self) -> tuple[tuple[int, int, str], ...]:
        """Per track (book start, pursuer goal, region), in track order: what a bot's rating reads."""
        return tuple((t.book_start, t.pursuer_goal, t.region) for t in self.tracks)

    @cached_property
    def pursuer_goals(self) -> tuple[int, ...]:
        """Each track's pursuer goal (SB-620), in track order: read after every pursuer move."""
        return tuple(t.pursuer_goal for t in self.tracks)

    @property
    def top_level(self) -> int:
        """The mountain top: the witch's last level (SB-630)."""
        return len(self.levels) - 1


def _cards(table: dict, copies: int, most: int) -> tuple[list[Card], dict]:
    out: list[Card] = []
    ids: dict = {"basic": [], "witch": [], "wicked": [], "sets": {}, "specials": [], "demons": [], "extra": {}}

    def add(key: str, type_: str, entry: dict, **extra) -> int:
        card = Card(
            id=len(out),
            key=key,
            type=type_,
            name=entry["name"],
            name_de=entry.get("name_de", entry["name"]),
            effect=entry.get("effect", ""),
            value=int(entry.get("value", entry.get("strength", 0))),
            sun=int(entry.get("sun", 0)),
            moon=int(entry.get("moon", entry.get("strength", 0))),
            target=entry.get("target", ""),
            cost=int(entry.get("cost", 0)),
            **extra,
        )
        out.append(card)
        return card.id

    for e in table["basic"]:
        ids["basic"] += [add(e["key"], "mage", e) for _ in range(e.get("count", 1))]
    ids["fortuna"] = add("fortuna", "mage", table["fortuna"])
    ids["witch"] = [add(e["key"], "adversary", e) for e in table["witch"]]
    ids["watchman"] = add("watchman", "ally", table["watchman"])
    for e in table["wicked"]:
        ids["wicked"] += [add(e["key"], "adversary", e) for _ in range(e.get("count", 1))]
    ids["troll"] = add("troll", "adversary", table["troll"])
    for e in table["ally"]:
        village = add(e["key"], "village", e, kind="ally")
        ids["sets"][e["key"]] = (village, tuple(add(e["key"], "ally", e) for _ in range(copies)))
    for e in table["village"]:
        village = add(e["key"], "village", e, kind=e["kind"])
        ids["specials"].append(village)
        if e["kind"] == "fortuna":
            fortuna = dict(table["fortuna"], cost=e.get("cost", 0))
            ids["sets"][e["key"]] = (village, tuple(add("fortuna", "mage", fortuna) for _ in range(copies)))
    for e in table["demon"]:
        ids["demons"] += [add(e["key"], "demon", e) for _ in range(e.get("count", 1))]
    fortuna = {
        e["key"]: dict(table["fortuna"], cost=e.get("cost", 0)) for e in table["village"] if e["kind"] == "fortuna"
    }
    for key in ids["sets"]:  # copies beyond the data's count, last of all (option ally_copies)
        entry = fortuna.get(key) or next(e for e in table["ally"] if e["key"] == key)
        type_ = "mage" if key in fortuna else "ally"
        ids["extra"][key] = tuple(add("fortuna" if key in fortuna else key, type_, entry) for _ in range(most - copies))
    return out, ids


def build_catalog(cards: dict, map_table: dict, setup: dict) -> Catalog:
    """Read the three data tables into a ``Catalog`` and check the map (SB-150)."""
    sets = cards["ally_sets"]
    card_list, ids = _cards(cards, int(sets["copies"]), int(sets.get("max_copies", sets["copies"])))
    spaces = {s["id"]: s for s in map_table["space"]}
    roads = tuple((a, b) for a, b in map_table["network"]["roads"])
    nbrs: dict[str, list[str]] = {s: [] for s in spaces}
    for a, b in roads:
        if a not in spaces or b not in spaces:
            raise DataFileError("data/map.toml", "network.roads", f"road {a}-{b} names an unknown space")
        nbrs[a].append(b)
        nbrs[b].append(a)
    tracks = tuple(Track(**{k: t[k] for k in Track.__slots__}) for t in map_table["track"])
    paths = {
        name: tuple(
            Level(lv["name"], lv.get("name_de", lv["name"]), int(lv["base"]), tuple(lv["effects"])) for lv in table
        )
        for name, table in setup["witch_paths"].items()
    }
    levels = paths[STANDARD_PATH]
    return Catalog(
        cards=tuple(card_list),
        basic=tuple(ids["basic"]),
        fortuna=ids["fortuna"],
        witch_cards=tuple(ids["witch"]),
        watchman=ids["watchman"],
        watchman_max_players=int(cards["watchman"].get("max_players", 2)),
        wicked=tuple(ids["wicked"]),
        troll_card=ids["troll"],
        sets=ids["sets"],
        extra_copies=ids["extra"],
        ally_keys=tuple(e["key"] for e in cards["ally"]),
        specials=tuple(ids["specials"]),
        demons=tuple(ids["demons"]),
        spaces=spaces,
        neighbours={s: tuple(sorted(v)) for s, v in nbrs.items()},
        roads=roads,
        tracks=tracks,
        levels=levels,
        witch_paths=paths,
        villages=tuple(s for s in spaces if spaces[s]["kind"] == "village"),
        cities=tuple(s for s in spaces if spaces[s]["kind"] == "city"),
        map_table=map_table,
        setup=setup,
    )


def variant(cat: Catalog, witch_path: str, track_length: int, book_goal: int) -> Catalog:
    """The catalog with the rule options of SB-902 and SB-904 applied: every track ``track_length``
    spaces long (the pursuer's goal is the last space), books collected on ``book_goal``, and the
    named witch path. Card ids, spaces and roads stay as they are, so action labels do not change."""
    if not cat.tracks[0].book_start < book_goal < track_length:
        raise OptionError(
            "book_goal",
            f"book_goal={book_goal} must lie after the books' start space {cat.tracks[0].book_start} "
            f"and before the last track space (track_length={track_length}) (SB-902)",
        )
    tracks = tuple(replace(t, length=track_length, pursuer_goal=track_length, book_goal=book_goal) for t in cat.tracks)
    return replace(cat, tracks=tracks, levels=cat.witch_paths[witch_path])


def map_graph(cat: Catalog) -> nx.Graph:
    """The whole map as a networkx graph (see ``Spellbound.map_graph``).

    Nodes carry ``kind`` (city, wilderness, village, track, witch_path,
    mountain_top), ``x``, ``y`` and ``name``; edges carry ``kind``: ``road``
    (mages move along these, SB-140), ``track`` (a book track, joined to its
    region at space 1) or ``path`` (the witch's mountain path).
    """
    g = nx.Graph()
    for sid, s in cat.spaces.items():
        g.add_node(sid, kind=s["kind"], x=s["x"], y=s["y"], name=s["name"], name_de=s.get("name_de", s["name"]))
    g.add_edges_from(cat.roads, kind="road")
    for t in cat.tracks:
        for i in range(1, t.length + 1):
            node = f"{t.id}:{i}"
            goals = [g_ for g_, at in (("book_goal", t.book_goal), ("pursuer_goal", t.pursuer_goal)) if at == i]
            g.add_node(
                node,
                kind="track",
                track=t.id,
                space=i,
                x=t.x + t.dx * (i - 1),
                y=t.y,
                name=f"{t.name} {i}",
                goal=",".join(goals),
                book_start=i == t.book_start,
            )
            g.add_edge(node, t.region if i == 1 else f"{t.id}:{i - 1}", kind="track")
    wp = cat.map_table["witch_path"]
    for lv, level in enumerate(cat.levels):
        node = f"witch:{lv}"
        kind = "mountain_top" if lv == cat.top_level else "witch_path"
        g.add_node(node, kind=kind, level=lv, base=level.base, x=wp["x"] + wp["dx"] * lv, y=wp["y"], name=level.name)
        g.add_edge(node, wp["joins"] if lv == 0 else f"witch:{lv - 1}", kind="path")
    return g
