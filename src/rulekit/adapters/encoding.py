"""A stable, finite action index and a fixed-length observation per game.

Outside frameworks (PettingZoo, OpenSpiel) want a fixed action space and
fixed-size observations, but a rulekit game only promises short legal
action lists and a JSON-ready ``view(seat)``. This module bridges the two
without touching the engine:

* **Action index**: every action label a game can offer, in a fixed order,
  so that an action id means the same thing in every state. It comes from
  the game's own declaration, ``Game.action_labels(players, options)``,
  computed from its data, so an agent that plays well never meets an
  action without an id. Only a game without that hook (a toy in the tests)
  is explored by random playouts instead.
* **Observation**: ``view(seat)`` flattened into named slots ("feature
  names") such as ``scores.1`` (a number), ``phase=bid`` (a string one-hot)
  or ``hand[]=fire`` (a count: lists of strings are bags). The slot list is
  stored beside the action index; slots never seen in exploration are
  dropped (counted in ``GameSpace.unseen``), so the vector length is fixed.

Regenerate the files with ``python -m rulekit.adapters.encoding`` (see
``main``). Without a data file the space is explored on first use.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import Action, Dice, Game, RulekitError, State
from ..engine.rng import seed_state
from ..games import resolve_game

__all__ = [
    "ActionIndexError",
    "GameSpace",
    "DATA_DIR",
    "explore",
    "flatten",
    "space_for",
    "generate",
    "generalize",
    "resolve_game",
    "has_hidden_information",
]

DATA_DIR = Path(__file__).parent / "data"
#: a string path with more distinct values than this is free text: not one-hot encoded
MAX_VALUES_PER_PATH = 64
#: random games per player count when a game has no data file yet (explored on first use)
FALLBACK_SIMS = 20
#: exploration reads the views of every VIEW_EVERY-th decision state (and every final state)
VIEW_EVERY = 3
#: the most labels ``generalize`` adds for one action kind (beyond: only seen labels)
MAX_LABELS_PER_KIND = 4096
#: decisions after which an exploring playout stops
MAX_PLAYOUT = 3000
#: observation values are clipped to +-BOUND so the Box space is finite
BOUND = 1e6
#: view keys that say who looks, not what is seen
_SKIP_KEYS = frozenset({"game"})


class ActionIndexError(RulekitError, LookupError):
    """A legal action that the game's action index does not know.

    The index is explored from random playouts; an action no playout ever
    offered needs a regenerated data file.
    """


# -- observation flattening -------------------------------------------------


def flatten(view: Any, prefix: str = "") -> dict[str, float]:
    """Named numeric slots of a JSON-ready view.

    Numbers and booleans keep their path, strings become ``path=value``
    one-hots, lists of strings become bags (``path[]=value`` counts) and
    other lists are indexed (``path.0``). ``None`` (hidden) gives nothing.

    >>> flatten({"phase": "bid", "hand": ["a", "b", "a"], "scores": [3, 1], "x": None})
    {'phase=bid': 1.0, 'hand[]=a': 2.0, 'hand[]=b': 1.0, 'scores.0': 3.0, 'scores.1': 1.0}
    """
    out: dict[str, float] = {}
    _flatten(view, prefix, out)
    return out


def _flatten(value: Any, path: str, out: dict[str, float]) -> None:
    kind = type(value)
    if value is None:
        return
    if kind is str:
        out[f"{path}={value}"] = 1.0
    elif kind is int or kind is float or kind is bool:  # bools too: True is 1.0
        out[path] = float(value)
    elif kind is dict:
        for key, item in value.items():
            if path or key not in _SKIP_KEYS:
                _flatten(item, f"{path}.{key}" if path else str(key), out)
    elif kind is list or kind is tuple:
        if value and all(type(v) is str for v in value):
            for v in value:
                key = f"{path}[]={v}"
                out[key] = out.get(key, 0.0) + 1.0
        else:
            for i, item in enumerate(value):
                _flatten(item, f"{path}.{i}", out)
    elif isinstance(value, int | float):
        out[path] = float(value)
    else:  # anything else JSON-ready enough to print: one-hot of its text
        out[f"{path}={value}"] = 1.0


def _base(feature: str) -> str:
    return feature.split("=", 1)[0]


# -- the space of one game ----------------------------------------------------


@dataclass
class GameSpace:
    """The action index and observation slots of one game (all player counts)."""

    game: str
    actions: tuple[str, ...]
    features: tuple[str, ...]
    hidden_information: bool = True
    #: the longest game seen in exploration, in decisions
    max_decisions: int = 0
    #: observation slots seen at run time that the index does not know (dropped)
    unseen: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        self._action_ids = {label: i for i, label in enumerate(self.actions)}
        self._feature_ids = {name: i for i, name in enumerate(self.features)}

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def num_features(self) -> int:
        return len(self.features)

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

    def encode(self, view: dict) -> np.ndarray:
        """``view(seat)`` as a float32 vector of ``num_features`` slots."""
        vec = np.zeros(self.num_features, dtype=np.float32)
        for name, value in flatten(view).items():
            i = self._feature_ids.get(name)
            if i is None:
                self.unseen += 1
            else:
                vec[i] = value
        np.clip(vec, -BOUND, BOUND, out=vec)
        return vec

    def observe(self, state: State, seat: int) -> np.ndarray:
        return self.encode(state.view(seat))

    # -- files ---------------------------------------------------------------

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "generated_by": "python -m rulekit.adapters.encoding",
            "hidden_information": self.hidden_information,
            "max_decisions": self.max_decisions,
            "actions": list(self.actions),
            "features": list(self.features),
        }

    @classmethod
    def from_dict(cls, doc: dict) -> GameSpace:
        return cls(
            doc["game"],
            tuple(doc.get("actions", ())),
            tuple(doc["features"]),
            bool(doc.get("hidden_information", True)),
            int(doc.get("max_decisions", 0)),
        )

    def with_actions(self, actions: Iterable[str]) -> GameSpace:
        """This space with another action index (the game's declared labels)."""
        return GameSpace(self.game, tuple(actions), self.features, self.hidden_information, self.max_decisions)

    def merged(self, other: GameSpace) -> GameSpace:
        """This space with ``other``'s new labels and slots appended (ids stay stable)."""
        return GameSpace(
            self.game,
            self.actions + tuple(sorted(set(other.actions) - set(self.actions), key=_label_key)),
            self.features + tuple(sorted(set(other.features) - set(self.features))),
            self.hidden_information or other.hidden_information,
            max(self.max_decisions, other.max_decisions),
        )


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
    """Build a ``GameSpace`` from ``sims`` random playouts per player count."""
    game = resolve_game(game)
    counts = list(counts or game.players)
    declared = declared_labels(game, counts)
    labels: set[str] = set()
    values: dict[str, set[str]] = {}
    hidden, longest = False, 0
    for n in counts:
        for i, state in enumerate(playouts(game, n, sims, seed)):
            labels.update(str(a) for a in state.legal_actions())
            if state.is_over:
                longest = max(longest, len(state.actions))
            elif i % VIEW_EVERY:
                continue
            full = _strip_seat(state.view(None))
            for seat in range(n):
                view = state.view(seat)
                hidden = hidden or _strip_seat(view) != full
                for name in flatten(view):
                    values.setdefault(_base(name), set()).add(name)
    features = sorted(name for group in values.values() if len(group) <= MAX_VALUES_PER_PATH for name in group)
    actions = declared if declared is not None else sorted(generalize(labels), key=_label_key)
    return GameSpace(game.id, tuple(actions), tuple(features), hidden, longest)


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
def _space_for(game: Game, counts: tuple[int, ...], options: tuple) -> GameSpace:
    path = data_path(game.id)
    if path.exists() and type(game).__module__.startswith("rulekit.games."):
        space = GameSpace.from_dict(json.loads(path.read_text(encoding="utf-8")))
    else:
        space = explore(game, sims=FALLBACK_SIMS)
    declared = declared_labels(game, counts, dict(options))
    return space if declared is None else space.with_actions(declared)


def space_for(game: Game | str, players: int | None = None, options: dict | None = None) -> GameSpace:
    """The space of a game for ``players`` (default: every count) and rule ``options``.

    Actions come from ``Game.action_labels``; observation slots from the
    game's data file (else explored now). Cached per process.
    """
    game = resolve_game(game)
    counts = tuple(game.players) if players is None else (players,)
    return _space_for(game, counts, tuple(sorted((options or {}).items())))


def generate(game_id: str, sims: int = 300, seed: int = 0) -> tuple[GameSpace, int, int]:
    """Explore a registered game and merge into its data file; return (space, new actions, new slots)."""
    found = explore(game_id, sims=sims, seed=seed)
    path = data_path(game_id)
    if path.exists():
        old = GameSpace.from_dict(json.loads(path.read_text(encoding="utf-8")))
        space = old.merged(found)
        added = (space.num_actions - old.num_actions, space.num_features - old.num_features)
    else:
        space, added = found, (found.num_actions, found.num_features)
    doc = space.to_dict()
    if declared_labels(resolve_game(game_id), resolve_game(game_id).players) is not None:
        del doc["actions"]  # the game declares its labels: the file keeps only the observation slots
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    _space_for.cache_clear()
    return space, *added


def main(argv: list[str] | None = None) -> int:
    """Regenerate ``adapters/data/<game>.json`` for every installed game (or ``--game``)."""
    from ..games import games

    parser = argparse.ArgumentParser(prog="python -m rulekit.adapters.encoding", description=main.__doc__)
    parser.add_argument("--game", action="append", help="game id (repeatable); default: all installed games")
    parser.add_argument("--sims", type=int, default=300, help="random games per player count")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for gid in args.game or games():
        space, new_actions, new_features = generate(gid, args.sims, args.seed)
        print(
            f"{gid}: {space.num_actions} actions (+{new_actions}), {space.num_features} observation slots "
            f"(+{new_features}), hidden information: {space.hidden_information}, "
            f"longest game: {space.max_decisions} steps"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
