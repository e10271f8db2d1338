"""A stable, finite action index and a lossless fixed-length observation per game.

Outside frameworks (PettingZoo, OpenSpiel) want a fixed action space and
fixed-size observations, but a rulekit game only promises short legal
action lists and a JSON-ready ``view(seat)``. This module bridges the two
through two declarations each game makes from its own data:

* **Action index**: every action label a game can offer, in a fixed order,
  so that an action id means the same thing in every state. It comes from
  ``Game.action_labels(players, options)``, computed from the game's data,
  so an agent that plays well never meets an action without an id. Only a
  game without that hook (a toy in the tests) is explored by random
  playouts instead.
* **Observation**: ``view(seat)`` as a float32 vector laid out by
  ``Game.observation_schema(players, options)`` (``rulekit.engine.schema``;
  by default the function ``schema`` of ``games/<id>/observation.py``):
  numbers keep their path (``scores.1``), strings are one-hots over a
  vocabulary from the data (``phase=bid``), ordered lists keep their order
  (positional slots up to a bound from the data, or one position slot per
  card id). ``GameSpace.decode`` gives the view back exactly; a value the
  schema does not foresee raises ``SchemaError`` naming its path, it is
  never dropped. A game without the hook gets a schema inferred from
  playouts (it fits what was seen, and raises on anything else).

``python -m rulekit.adapters.encoding`` regenerates ``data/<game>.json``,
the facts only playouts can measure (longest game, hidden information).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import Action, Dice, Game, State, schema
from ..engine.errors import ActionIndexError
from ..engine.rng import seed_state
from ..engine.schema import SchemaError, view_schema
from ..games import resolve_game

__all__ = [
    "ActionIndexError",
    "GameSpace",
    "DATA_DIR",
    "SchemaError",
    "explore",
    "infer",
    "space_for",
    "generate",
    "generalize",
    "resolve_game",
    "has_hidden_information",
]

DATA_DIR = Path(__file__).parent / "data"
#: random games per player count when a game has no data file yet (explored on first use)
FALLBACK_SIMS = 20
#: exploration reads the views of every VIEW_EVERY-th decision state (and every final state)
VIEW_EVERY = 3
#: the most labels ``generalize`` adds for one action kind (beyond: only seen labels)
MAX_LABELS_PER_KIND = 4096
#: decisions after which an exploring playout stops
MAX_PLAYOUT = 3000
#: observation values lie within +-BOUND (whole numbers exact in float32), so the Box space is finite
BOUND = float(schema.EXACT_INT)


# -- the space of one game ----------------------------------------------------


@dataclass
class GameSpace:
    """The action index and observation schemas of one game (one or every player count)."""

    game: str
    actions: tuple[str, ...]
    #: the schema of ``state.view(seat)`` per player count
    schemas: dict[int, schema.Dict] = field(default_factory=dict)
    #: the player count this space is for (None: every count of the game)
    players: int | None = None
    hidden_information: bool = True
    #: the longest game seen in exploration, in decisions
    max_decisions: int = 0
    #: True when the game declares its schema (``Game.observation_schema``); False: inferred from playouts
    declared: bool = True
    #: player count -> its schema, for counts not in ``schemas`` yet (built on first use)
    build: Callable[[int], schema.Dict] | None = field(default=None, compare=False, repr=False)
    #: the player counts this space covers
    counts: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        self._action_ids = {label: i for i, label in enumerate(self.actions)}

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def schema(self, players: int | None = None) -> schema.Dict:
        """The view schema for ``players`` (default: this space's count)."""
        counts = self.counts or tuple(self.schemas)
        n = self.players if players is None else players
        if n is None:
            if len(counts) != 1:
                raise ValueError(f"{self.game}: this space covers {list(counts)} players; name a count")
            n = counts[0]
        found = self.schemas.get(n)
        if found is None:
            if self.build is None or n not in counts:
                raise ValueError(f"{self.game}: no observation schema for {n} players (has {list(counts)})")
            found = self.schemas[n] = self.build(n)
        return found

    @property
    def features(self) -> tuple[str, ...]:
        """The name of every observation slot (``scores.1``, ``phase=bid``, ``hand[]=12``)."""
        return tuple(self.schema().names(""))

    @property
    def num_features(self) -> int:
        return self.schema().size

    def action_id(self, action: Action | str) -> int:
        """The index of an action; ``ActionIndexError`` if the index lacks it."""
        label = str(Action.coerce(action))
        try:
            return self._action_ids[label]
        except KeyError:
            raise ActionIndexError(
                f"{self.game}: action {label!r} is not in the action index ({self.num_actions} labels); "
                f"regenerate it with `python -m rulekit.adapters.encoding --game {self.game}`"
            ) from None

    def action(self, index: int) -> Action:
        """The action with id ``index``; ``ValueError`` when out of range."""
        if isinstance(index, bool) or not 0 <= int(index) < self.num_actions:
            raise ValueError(f"{self.game}: action id {index!r} is outside 0..{self.num_actions - 1}")
        return Action.parse(self.actions[int(index)])

    def legal_ids(self, state: State) -> list[int]:
        """Ids of the legal actions, sorted ascending."""
        return sorted(self.action_id(a) for a in state.legal_actions())

    def mask(self, state: State, seat: int | None = None) -> np.ndarray:
        """1 for each legal action of ``seat`` (default: the seat to move)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if seat is None or seat == state.to_move:
            mask[self.legal_ids(state)] = 1
        return mask

    def encode(self, view: dict, players: int | None = None) -> np.ndarray:
        """``view(seat)`` as a float32 vector, nothing lost; ``SchemaError`` (path, value) outside the schema."""
        node = self.schema(players if players is not None else self._count(view))
        out = [0.0] * node.size
        node.encode(view, out, 0, "")
        return np.asarray(out, dtype=np.float32)

    def decode(self, vec: np.ndarray, players: int | None = None) -> dict:
        """The view a vector of ``encode`` came from (JSON-equal to it)."""
        node = self.schema(players)
        if len(vec) != node.size:
            raise ValueError(f"{self.game}: a vector of {len(vec)} slots, the schema has {node.size}")
        return node.decode(vec.tolist() if isinstance(vec, np.ndarray) else vec, 0)

    def observe(self, state: State, seat: int | None) -> np.ndarray:
        return self.encode(state.view(seat), state.players)

    def _count(self, view: dict) -> int | None:
        if self.players is not None or len(self.counts or self.schemas) == 1:
            return None
        scores = view.get("scores") if isinstance(view, dict) else None
        return len(scores) if isinstance(scores, list | tuple) else None

    # -- files ---------------------------------------------------------------

    def to_dict(self) -> dict:
        """What the data file keeps: facts from exploration (the slots come from the game's schema)."""
        return {
            "game": self.game,
            "generated_by": "python -m rulekit.adapters.encoding",
            "hidden_information": self.hidden_information,
            "max_decisions": self.max_decisions,
            "actions": list(self.actions),
        }


def _label_key(label: str) -> tuple:
    """Sort labels by kind, then arguments with numbers in numeric order."""
    parts = label.split()
    return (parts[0], [(0, int(p), "") if p.lstrip("-").isdigit() else (1, 0, p) for p in parts[1:]])


# -- exploration ------------------------------------------------------------------


def playouts(game: Game, players: int, sims: int, seed: int = 0) -> Iterator[State]:
    """Every decision state of ``sims`` seeded random games (and each final state)."""
    for i in range(sims):
        dice = Dice(seed_state(seed + i))
        state = game.new(players=players, seed=seed + i)
        while not state.is_over and len(state.actions) < MAX_PLAYOUT:  # random play may never end a game
            yield state
            legal = state.legal_actions()
            state = state.apply(legal[dice.below(len(legal))])
        yield state


def declared_labels(game: Game, counts: Iterable[int], options: dict | None = None) -> list[str] | None:
    """The game's own action labels for these player counts, in index order; None without the hook."""
    labels: set[str] = set()
    for n in counts:
        try:
            labels.update(str(a) for a in game.action_labels(n, dict(options or {})))
        except NotImplementedError:
            return None
    return sorted(labels, key=_label_key)


def explore(game: Game | str, sims: int = 40, seed: int = 0, counts: Iterable[int] | None = None) -> GameSpace:
    """Action labels, hidden information and game length from ``sims`` random playouts per player count.

    The observation schemas come from the game (``Game.observation_schema``);
    only a game without that hook has them inferred from the views seen here.
    """
    game = resolve_game(game)
    counts = list(counts or game.players)
    declared = declared_labels(game, counts)
    declares_schema = _declares_schema(game)
    labels: set[str] = set()
    views: dict[int, list] = {n: [] for n in counts}
    hidden, longest = False, 0
    for n in counts:
        for i, state in enumerate(playouts(game, n, sims, seed)):
            labels.update(str(a) for a in state.legal_actions())
            if state.is_over:
                longest = max(longest, len(state.actions))
            elif i % VIEW_EVERY:
                continue
            full = state.view(None)
            seen = [state.view(seat) for seat in range(n)]
            hidden = hidden or any(_strip_seat(v) != _strip_seat(full) for v in seen)
            if not declares_schema:
                views[n] += [full, *seen]
    actions = declared if declared is not None else sorted(generalize(labels), key=_label_key)
    schemas = {n: view_schema(game, n) if declares_schema else infer(views[n]) for n in counts}
    return GameSpace(game.id, tuple(actions), schemas, None, hidden, longest, declares_schema, None, tuple(counts))


def _declares_schema(game: Game) -> bool:
    try:
        game.observation_schema(game.players.start, {})
    except NotImplementedError:
        return False
    return True


def infer(values: list) -> schema.Node:
    """A schema that holds every one of ``values`` (views seen in playouts): the fallback of a game
    without ``Game.observation_schema``. Strings and list lengths are only those seen, so a later
    view may not fit: ``encode`` then raises ``SchemaError`` instead of dropping it."""
    groups: dict[str, list] = {}
    for v in values:
        groups.setdefault(_kind(v), []).append(v)
    if "none" in groups:
        rest = [v for v in values if v is not None]
        return schema.Opt(infer(rest)) if rest else schema.Const(None)
    nodes = {kind: _infer_kind(kind, group) for kind, group in groups.items()}
    if len(nodes) == 1:
        return next(iter(nodes.values()))
    return schema.OneOf(nodes)


def _kind(value: Any) -> str:
    if value is None:
        return "none"
    if type(value) in (list, tuple):
        return "list"
    return type(value).__name__


def _infer_kind(kind: str, group: list) -> schema.Node:
    if kind == "int":
        return schema.Int()
    if kind == "bool":
        return schema.Bool()
    if kind == "str":
        return schema.Str(sorted(set(group)))
    if kind == "list":
        lengths = [len(v) for v in group]
        items = [x for v in group for x in v]
        return schema.List(infer(items) if items else schema.Const(None), max(lengths), min(lengths))
    if kind == "dict":
        keys = list(dict.fromkeys(k for d in group for k in d))
        if all(list(d) == keys for d in group):
            return schema.Dict({k: infer([d[k] for d in group]) for k in keys})
        return schema.Map(tuple(keys), infer([x for d in group for x in d.values()]))
    raise SchemaError(f"cannot encode values of type {kind}: {group[0]!r}")


def generalize(labels: Iterable[str], cap: int = MAX_LABELS_PER_KIND) -> set[str]:
    """Seen labels plus their unseen siblings, so rare actions get an id too.

    Each argument position (action kind, arity, position) takes all values
    seen there; positions whose values overlap with another position's
    share them (``sell ruby`` and ``take emerald ruby`` seen: ``sell
    emerald`` too), and numbers are filled to their whole range (``play 3``
    and ``play 70`` seen: ``play 4``..``play 69`` too). The product of a
    kind's positions is added unless it exceeds ``cap`` labels.

    >>> sorted(generalize(["play 1", "play 4", "take red 1", "take blue 2"]), key=_label_key)
    ['play 1', 'play 2', 'play 3', 'play 4', 'take blue 1', 'take blue 2', 'take blue 3', 'take blue 4', \
'take red 1', 'take red 2', 'take red 3', 'take red 4']
    """
    labels = set(labels)
    shapes: dict[tuple[str, int], list[set]] = {}
    for label in labels:
        action = Action.parse(label)
        slots = shapes.setdefault((action.kind, len(action.args)), [set() for _ in action.args])
        for slot, arg in zip(slots, action.args, strict=True):
            slot.add(arg)
    pooled = _pool([slot for slots in shapes.values() for slot in slots])
    out = set(labels)
    for (kind, _), slots in shapes.items():
        for choice in ([pooled[id(s)] for s in slots], [_filled(s) for s in slots]):
            size = 1
            for values in choice:
                size *= len(values)
            if size <= cap:
                out.update(str(Action(kind, combo)) for combo in product(*choice))
                break
    return out


def _pool(slots: list[set]) -> dict[int, list]:
    """Merge argument positions whose values overlap (number ranges or shared strings)."""
    groups: list[tuple[set, list[set]]] = []  # (values, member slots)
    for slot in slots:
        filled = set(_filled(slot))
        hits = [g for g in groups if g[0] & filled]
        values, members = filled, [slot]
        for g in hits:
            values |= g[0]
            members += g[1]
            groups.remove(g)
        groups.append((set(_filled(values)), members))
    return {id(m): _filled(values) for values, members in groups for m in members}


def _filled(values: set) -> list:
    ints = [v for v in values if isinstance(v, int)]
    others = sorted(str(v) for v in values if not isinstance(v, int))
    return [*(range(min(ints), max(ints) + 1) if ints else ()), *others]


def _strip_seat(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "seat"}


def has_hidden_information(game: Game | str) -> bool:
    """Whether some seat's view differs from the full view (from the game's space)."""
    return space_for(game).hidden_information


def data_path(game_id: str) -> Path:
    return DATA_DIR / f"{game_id}.json"


@cache
def _explored(game: Game) -> GameSpace:
    """Exploration facts of a game: its data file, else random playouts now."""
    path = data_path(game.id)
    if path.exists() and type(game).__module__.startswith("rulekit.games."):
        doc = json.loads(path.read_text(encoding="utf-8"))
        return GameSpace(
            doc["game"],
            tuple(doc.get("actions", ())),
            {},
            None,
            bool(doc.get("hidden_information", True)),
            int(doc.get("max_decisions", 0)),
        )
    return explore(game, sims=FALLBACK_SIMS)


@cache
def _space_for(game: Game, counts: tuple[int, ...], options: tuple) -> GameSpace:
    found = _explored(game)
    declared = declared_labels(game, counts, dict(options))
    own = _declares_schema(game)

    def build(n: int) -> schema.Dict:
        if own:
            return view_schema(game, n, dict(options))
        return found.schemas[n] if n in found.schemas else _inferred(game, n)

    return GameSpace(
        game.id,
        found.actions if declared is None else tuple(declared),
        {},
        counts[0] if len(counts) == 1 else None,
        found.hidden_information,
        found.max_decisions,
        own,
        build,
        counts,
    )


@cache
def _inferred(game: Game, players: int) -> schema.Dict:
    return explore(game, sims=FALLBACK_SIMS, counts=[players]).schemas[players]


def space_for(game: Game | str, players: int | None = None, options: dict | None = None) -> GameSpace:
    """The space of a game for ``players`` (default: every count) and rule ``options``.

    Actions come from ``Game.action_labels``, observation slots from
    ``Game.observation_schema`` (both from the game's data); hidden
    information and game length from the data file (else explored now).
    Cached per process.
    """
    game = resolve_game(game)
    counts = tuple(game.players) if players is None else (players,)
    return _space_for(game, counts, tuple(sorted((options or {}).items())))


def generate(game_id: str, sims: int = 300, seed: int = 0) -> GameSpace:
    """Explore a registered game and write its data file (actions only without ``action_labels``)."""
    game = resolve_game(game_id)
    found = explore(game, sims=sims, seed=seed)
    doc = found.to_dict()
    if declared_labels(game, game.players) is not None:
        del doc["actions"]  # the game declares its labels: the file keeps only what exploration measures
    path = data_path(game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    _explored.cache_clear()
    _space_for.cache_clear()
    return found


def main(argv: list[str] | None = None) -> int:
    """Regenerate ``adapters/data/<game>.json`` for every installed game (or ``--game``)."""
    from ..games import games

    parser = argparse.ArgumentParser(prog="python -m rulekit.adapters.encoding", description=main.__doc__)
    parser.add_argument("--game", action="append", help="game id (repeatable); default: all installed games")
    parser.add_argument("--sims", type=int, default=300, help="random games per player count")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for gid in args.game or games():
        space = generate(gid, args.sims, args.seed)
        sizes = ", ".join(f"{n}p {space.schema(n).size}" for n in sorted(space.schemas))
        print(
            f"{gid}: {space.num_actions} actions, observation slots {sizes}, "
            f"hidden information: {space.hidden_information}, longest game: {space.max_decisions} steps"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
