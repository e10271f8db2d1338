"""The shape of a game's ``view``, declared from its data, for lossless observation vectors.

Outside frameworks want every observation as a fixed-length vector of
numbers. A game says what its ``view`` can hold with a small tree of
nodes (``Game.observation_schema``): numbers, strings from a closed
vocabulary (card names, colours, phases: taken from the game's data),
lists with a length bound, dicts, optional parts and alternatives. The
tree gives every slot of the vector a name and turns a view into the
vector and back with nothing lost:
``schema.decode(schema.encode(view)) == view``.

A value the schema does not foresee is never dropped: ``encode`` raises
``SchemaError`` naming its path and value, so a gap in a declaration shows
up at once (``tests/interop/test_encoding.py`` plays long games of every
game to prove it never happens).

Slot names keep the style of the earlier flattening: a number keeps its
path (``scores.1``), a string is a one-hot (``phase=bid``), a list of
distinct tokens gives one slot per token holding its position plus one
(``hand[]=12``: 0 when absent), a list its length (``deck#``) and
positional items (``deck.0``), an optional part a presence flag
(``auction?``) and an alternative its variant flags (``hand?count``).
The nodes are plain Python (no numpy), so games can declare them while
importing only ``rulekit.engine``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import SchemaError

__all__ = [
    "Bag",
    "Bool",
    "Const",
    "Dict",
    "Int",
    "List",
    "Map",
    "Node",
    "OneOf",
    "Opt",
    "SchemaError",
    "Seq",
    "Str",
    "view_schema",
]

#: the largest integer a float32 slot holds exactly
EXACT_INT = 2**24


def _where(path: str) -> str:
    return path or "(view)"


class Node:
    """One part of a view: ``size`` slots, their ``names``, ``encode`` into and ``decode`` from a vector.

    The base of every schema node; its methods say what each node does.

    Examples
    --------
    >>> node = Dict({"phase": Str(["bid", "pay"]), "gold": Int()})
    >>> isinstance(node, Node), node.size
    (True, 3)
    """

    size: int = 0

    def names(self, path: str) -> list[str]:
        """The name of every slot of this part, under ``path``: the vector's column names.

        Parameters
        ----------
        path : str
            Where the part sits in the view (``"data.gold"``; empty at the top).

        Returns
        -------
        list of str
            ``size`` names.

        Examples
        --------
        >>> Dict({"phase": Str(["bid", "pay"]), "bid": Opt(Int())}).names("")
        ['phase=bid', 'phase=pay', 'bid?', 'bid']
        """
        raise NotImplementedError

    def accepts(self, value: Any) -> bool:
        """A cheap type check (which variant of a ``OneOf`` a value takes).

        Parameters
        ----------
        value : object
            A part of a view.

        Returns
        -------
        bool
            Whether the value has this node's form (its content is checked by ``encode``).

        Examples
        --------
        >>> Int().accepts(3), Int().accepts("3"), Seq(["a"]).accepts(["b"])
        (True, False, True)
        """
        raise NotImplementedError

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        """Write ``value`` into ``out[at : at + size]`` (a vector of zeros), losing nothing.

        Parameters
        ----------
        value : object
            The part of the view.
        out : list of float
            The vector, zero where nothing was written.
        at : int
            The first slot of this part.
        path : str
            Where the part sits in the view, for the error message.

        Raises
        ------
        SchemaError
            When the value is not what the schema declares, naming its path.

        Examples
        --------
        >>> out = [0.0] * 3
        >>> Str(["red", "blue", "green"]).encode("blue", out, 0, "colour")
        >>> out
        [0.0, 1.0, 0.0]
        """
        raise NotImplementedError

    def decode(self, vec: Sequence[float], at: int) -> Any:
        """Read the value back from ``vec[at : at + size]``: ``decode(encode(value)) == value``.

        Parameters
        ----------
        vec : sequence of float
            A vector ``encode`` wrote.
        at : int
            The first slot of this part.

        Returns
        -------
        object
            The value (lists for tuples).

        Examples
        --------
        >>> node, out = Seq(["a", "b", "c"]), [0.0] * 3
        >>> node.encode(["c", "a"], out, 0, "hand")
        >>> out, node.decode(out, 0)
        ([2, 0.0, 1], ['c', 'a'])
        """
        raise NotImplementedError


@dataclass(eq=False)
class Const(Node):
    """A value that never changes in this game and player count (no slot).

    Parameters
    ----------
    value : object
        The value.

    Examples
    --------
    >>> node = Const("rune_stones")
    >>> node.size, node.decode([], 0), node.accepts("vale_of_eternity")
    (0, 'rune_stones', False)
    """

    value: Any
    size: int = field(default=0, init=False)

    def names(self, path: str) -> list[str]:
        return []

    def accepts(self, value: Any) -> bool:
        return type(value) is type(self.value) and value == self.value

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if not self.accepts(value):
            raise SchemaError(f"{_where(path)}: expected the constant {self.value!r}, got {value!r}")

    def decode(self, vec: Sequence[float], at: int) -> Any:
        return self.value


@dataclass(eq=False)
class Int(Node):
    """A whole number (exact in float32 up to 2**24).

    Examples
    --------
    >>> out = [0.0]
    >>> Int().encode(12, out, 0, "gold")
    >>> out, Int().names("gold")
    ([12], ['gold'])
    >>> Int().encode(2**25, out, 0, "gold")
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.SchemaError: gold: 33554432 is too large to keep exactly (limit 16777216)
    """

    size: int = field(default=1, init=False)

    def names(self, path: str) -> list[str]:
        return [path]

    def accepts(self, value: Any) -> bool:
        return type(value) is int

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if type(value) is not int:
            raise SchemaError(f"{_where(path)}: expected a whole number, got {value!r}")
        if not -EXACT_INT <= value <= EXACT_INT:
            raise SchemaError(f"{_where(path)}: {value} is too large to keep exactly (limit {EXACT_INT})")
        out[at] = value

    def decode(self, vec: Sequence[float], at: int) -> Any:
        return int(vec[at])


@dataclass(eq=False)
class Bool(Node):
    """True or False (1.0 or 0.0).

    Examples
    --------
    >>> out = [0.0]
    >>> Bool().encode(True, out, 0, "passed")
    >>> out, Bool().decode(out, 0)
    ([1.0], True)
    """

    size: int = field(default=1, init=False)

    def names(self, path: str) -> list[str]:
        return [path]

    def accepts(self, value: Any) -> bool:
        return type(value) is bool

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if type(value) is not bool:
            raise SchemaError(f"{_where(path)}: expected true or false, got {value!r}")
        out[at] = 1.0 if value else 0.0

    def decode(self, vec: Sequence[float], at: int) -> Any:
        return bool(vec[at])


class _Vocab(Node):
    """Shared by nodes whose values come from a closed vocabulary (strings or ints)."""

    values: tuple

    def _index(self) -> dict:
        index = {(type(v), v): i for i, v in enumerate(self.values)}
        if len(index) != len(self.values):
            raise ValueError(f"vocabulary has repeated values: {self.values}")
        return index


@dataclass(eq=False)
class Str(_Vocab):
    """One value of a closed vocabulary, as a one-hot (strings, or ints standing for names).

    Parameters
    ----------
    values : iterable
        The vocabulary (repeats are kept once), e.g. the game's phase ids.

    Examples
    --------
    >>> node = Str(["bid", "pay"])
    >>> out = [0.0] * node.size
    >>> node.encode("pay", out, 0, "phase")
    >>> node.names("phase"), out, node.decode(out, 0)
    (['phase=bid', 'phase=pay'], [0.0, 1.0], 'pay')
    """

    values: tuple
    size: int = field(init=False)

    def __init__(self, values: Iterable) -> None:
        self.values = tuple(dict.fromkeys(values))
        self.size = len(self.values)
        self._ids = self._index()

    def names(self, path: str) -> list[str]:
        return [f"{path}={v}" for v in self.values]

    def accepts(self, value: Any) -> bool:
        return type(value) in (str, int) and (type(value), value) in self._ids

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        i = self._ids.get((type(value), value)) if type(value) in (str, int) else None
        if i is None:
            raise SchemaError(f"{_where(path)}: {value!r} is not one of the {self.size} values the game declares")
        out[at + i] = 1.0

    def decode(self, vec: Sequence[float], at: int) -> Any:
        for i in range(self.size):
            if vec[at + i]:
                return self.values[i]
        raise SchemaError(f"no value set in the one-hot of {self.size} slots at {at}")


@dataclass(eq=False)
class Seq(_Vocab):
    """An ordered list of tokens (card ids, names), each at most ``repeats`` times.

    One slot per token and copy holds its position + 1 (0: absent). Compact and
    ordered: a hand of 5 out of 70 cards takes 70 slots, not 5 positions times
    70 one-hots.

    Parameters
    ----------
    values : iterable
        The tokens (card ids, names).
    repeats : int, optional
        How often one token may appear in a list.

    Examples
    --------
    >>> node = Seq([3, 7, 9], repeats=2)
    >>> out = [0.0] * node.size
    >>> node.encode([9, 3, 9], out, 0, "hand")
    >>> node.names("hand")[:2], out, node.decode(out, 0)
    (['hand[]=3#1', 'hand[]=3#2'], [2, 0.0, 0.0, 0.0, 1, 3], [9, 3, 9])
    """

    values: tuple
    repeats: int
    size: int = field(init=False)

    def __init__(self, values: Iterable, repeats: int = 1) -> None:
        self.values = tuple(dict.fromkeys(values))
        self.repeats = int(repeats)
        self.size = len(self.values) * self.repeats
        self._ids = self._index()

    def names(self, path: str) -> list[str]:
        if self.repeats == 1:
            return [f"{path}[]={v}" for v in self.values]
        return [f"{path}[]={v}#{k}" for v in self.values for k in range(1, self.repeats + 1)]

    def accepts(self, value: Any) -> bool:
        return type(value) in (list, tuple)

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if type(value) not in (list, tuple):
            raise SchemaError(f"{_where(path)}: expected a list, got {value!r}")
        reps = self.repeats
        for pos, item in enumerate(value):
            i = self._ids.get((type(item), item)) if type(item) in (str, int) else None
            if i is None:
                raise SchemaError(
                    f"{_where(path)}.{pos}: {item!r} is not one of the {len(self.values)} values declared"
                )
            slot = at + i * reps
            end = slot + reps
            while slot < end and out[slot]:
                slot += 1
            if slot == end:
                raise SchemaError(f"{_where(path)}: {item!r} appears more than the {reps} time(s) declared")
            out[slot] = pos + 1

    def decode(self, vec: Sequence[float], at: int) -> Any:
        reps = self.repeats
        found = [(int(vec[at + j]), self.values[j // reps]) for j in range(self.size) if vec[at + j]]
        found.sort(key=lambda pair: pair[0])
        return [v for _, v in found]


@dataclass(eq=False)
class Bag(_Vocab):
    """A sorted list of tokens that may repeat (a hand of energy cards): one count per token.

    The view keeps such a list in the vocabulary's order, so counts give it
    back exactly; ``encode`` checks the order. Tokens may be lists (a card
    as ``[gem, value]``): give them as tuples.

    Parameters
    ----------
    values : iterable
        The tokens, in the order the view keeps them.

    Examples
    --------
    >>> node = Bag([("blue", 1), ("red", 2)])
    >>> out = [0.0] * node.size
    >>> node.encode([["blue", 1], ["blue", 1], ["red", 2]], out, 0, "energy")
    >>> node.names("energy"), out, node.decode(out, 0)
    (['energy[]=blue/1', 'energy[]=red/2'], [2.0, 1.0], [['blue', 1], ['blue', 1], ['red', 2]])
    """

    values: tuple
    size: int = field(init=False)

    def __init__(self, values: Iterable) -> None:
        self.values = tuple(dict.fromkeys(values))
        self.size = len(self.values)
        self._ids = {v: i for i, v in enumerate(self.values)}

    def names(self, path: str) -> list[str]:
        return [f"{path}[]={'/'.join(map(str, v)) if type(v) is tuple else v}" for v in self.values]

    def accepts(self, value: Any) -> bool:
        return type(value) in (list, tuple)

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if type(value) not in (list, tuple):
            raise SchemaError(f"{_where(path)}: expected a list, got {value!r}")
        last = -1
        for pos, item in enumerate(value):
            key = tuple(item) if type(item) in (list, tuple) else item
            i = self._ids.get(key) if type(key) in (str, int, tuple) else None
            if i is None:
                raise SchemaError(f"{_where(path)}.{pos}: {item!r} is not one of the {self.size} values declared")
            if i < last:
                raise SchemaError(f"{_where(path)}.{pos}: {item!r} is out of the declared (sorted) order")
            last = i
            out[at + i] += 1

    def decode(self, vec: Sequence[float], at: int) -> Any:
        out = []
        for i, v in enumerate(self.values):
            out += [list(v) if type(v) is tuple else v] * int(vec[at + i])
        return out


@dataclass(eq=False)
class List(Node):
    """A list of at most ``most`` items (at least ``least``): its length, then positional items.

    Parameters
    ----------
    item : Node
        The schema of each item.
    most : int
        The longest list.
    least : int, optional
        The shortest list (a list of fixed length has no length slot).

    Examples
    --------
    >>> node = List(Int(), 3)
    >>> out = [0.0] * node.size
    >>> node.encode([5, 6], out, 0, "bids")
    >>> node.names("bids"), out, node.decode(out, 0)
    (['bids#', 'bids.0', 'bids.1', 'bids.2'], [2, 5, 6, 0.0], [5, 6])
    """

    item: Node
    most: int
    least: int = 0
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.size = self._fixed_len() + self.most * self.item.size

    def _fixed_len(self) -> int:
        return 0 if self.least == self.most else 1

    def names(self, path: str) -> list[str]:
        out = [f"{path}#"] if self._fixed_len() else []
        for i in range(self.most):
            out += self.item.names(f"{path}.{i}")
        return out

    def accepts(self, value: Any) -> bool:
        return type(value) in (list, tuple)

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if type(value) not in (list, tuple):
            raise SchemaError(f"{_where(path)}: expected a list, got {value!r}")
        if not self.least <= len(value) <= self.most:
            raise SchemaError(
                f"{_where(path)}: a list of {len(value)} items, the game declares {self.least}..{self.most}"
            )
        start = at
        if self._fixed_len():
            out[at] = len(value)
            start += 1
        step = self.item.size
        for i, item in enumerate(value):
            self.item.encode(item, out, start + i * step, f"{path}.{i}")

    def decode(self, vec: Sequence[float], at: int) -> Any:
        n = int(vec[at]) if self._fixed_len() else self.most
        start = at + self._fixed_len()
        return [self.item.decode(vec, start + i * self.item.size) for i in range(n)]


@dataclass(eq=False)
class Dict(Node):
    """A dict with these keys, always all present.

    Parameters
    ----------
    fields : dict of str to Node
        Each key's schema, in the view's key order.

    Examples
    --------
    >>> node = Dict({"gold": Int(), "passed": Bool()})
    >>> out = [0.0] * node.size
    >>> node.encode({"gold": 4, "passed": False}, out, 0, "")
    >>> node.names("p1"), node.decode(out, 0)
    (['p1.gold', 'p1.passed'], {'gold': 4, 'passed': False})
    """

    fields: dict[str, Node]
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.size = sum(node.size for node in self.fields.values())
        self._offsets = {}
        at = 0
        for key, node in self.fields.items():
            self._offsets[key] = (at, node)
            at += node.size

    def names(self, path: str) -> list[str]:
        out: list[str] = []
        for key, node in self.fields.items():
            out += node.names(f"{path}.{key}" if path else key)
        return out

    def accepts(self, value: Any) -> bool:
        return type(value) is dict and value.keys() == self.fields.keys()

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if type(value) is not dict:
            raise SchemaError(f"{_where(path)}: expected a dict, got {value!r}")
        if len(value) != len(self.fields) or value.keys() != self.fields.keys():
            extra = sorted(set(value) - set(self.fields))
            missing = sorted(set(self.fields) - set(value))
            raise SchemaError(f"{_where(path)}: keys not declared {extra}, declared keys missing {missing}")
        for key, item in value.items():
            offset, node = self._offsets[key]
            node.encode(item, out, at + offset, f"{path}.{key}" if path else key)

    def decode(self, vec: Sequence[float], at: int) -> Any:
        return {key: node.decode(vec, at + offset) for key, (offset, node) in self._offsets.items()}


@dataclass(eq=False)
class Map(Node):
    """A dict whose keys come from a closed vocabulary, each present or not: a presence flag and the value.

    Parameters
    ----------
    keys : tuple
        The keys it may hold, in the order the view keeps them.
    item : Node
        The schema of each value.

    Examples
    --------
    >>> node = Map(("red", "blue"), Int())
    >>> out = [0.0] * node.size
    >>> node.encode({"blue": 3}, out, 0, "gems")
    >>> node.names("gems"), out, node.decode(out, 0)
    (['gems.red?', 'gems.red', 'gems.blue?', 'gems.blue'], [0.0, 0.0, 1.0, 3], {'blue': 3})
    """

    keys: tuple
    item: Node
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.keys = tuple(dict.fromkeys(self.keys))
        self.size = len(self.keys) * (1 + self.item.size)
        self._ids = {k: i for i, k in enumerate(self.keys)}

    def names(self, path: str) -> list[str]:
        out: list[str] = []
        for key in self.keys:
            sub = f"{path}.{key}" if path else str(key)
            out += [f"{sub}?", *self.item.names(sub)]
        return out

    def accepts(self, value: Any) -> bool:
        return type(value) is dict

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if type(value) is not dict:
            raise SchemaError(f"{_where(path)}: expected a dict, got {value!r}")
        step = 1 + self.item.size
        # key order is part of the view: a map keeps the vocabulary's order (checked here)
        last = -1
        for key, item in value.items():
            i = self._ids.get(key)
            if i is None:
                raise SchemaError(f"{_where(path)}: key {key!r} is not one of the {len(self.keys)} keys declared")
            if i < last:
                raise SchemaError(f"{_where(path)}: key {key!r} out of the declared order")
            last = i
            out[at + i * step] = 1.0
            self.item.encode(item, out, at + i * step + 1, f"{path}.{key}" if path else str(key))

    def decode(self, vec: Sequence[float], at: int) -> Any:
        step = 1 + self.item.size
        return {key: self.item.decode(vec, at + i * step + 1) for i, key in enumerate(self.keys) if vec[at + i * step]}


@dataclass(eq=False)
class Opt(Node):
    """A part that may be ``None`` (hidden, or not yet there): a presence flag, then the part.

    Parameters
    ----------
    item : Node
        The schema of the part when it is there.

    Examples
    --------
    >>> node = Opt(Int())
    >>> out = [0.0] * node.size
    >>> node.decode(out, 0), node.names("bid")
    (None, ['bid?', 'bid'])
    >>> node.encode(7, out, 0, "bid")
    >>> node.decode(out, 0)
    7
    """

    item: Node
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.size = 1 + self.item.size

    def names(self, path: str) -> list[str]:
        return [f"{path}?", *self.item.names(path)]

    def accepts(self, value: Any) -> bool:
        return value is None or self.item.accepts(value)

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        if value is not None:
            out[at] = 1.0
            self.item.encode(value, out, at + 1, path)

    def decode(self, vec: Sequence[float], at: int) -> Any:
        return self.item.decode(vec, at + 1) if vec[at] else None


@dataclass(eq=False)
class OneOf(Node):
    """Alternatives by name (e.g. a hand: its cards for its owner, a count for the others).

    A value takes the first variant that ``accepts`` it; one flag per variant
    says which, then every variant has its own slots.

    Parameters
    ----------
    variants : dict of str to Node
        The alternatives by name, tried in this order.

    Examples
    --------
    >>> node = OneOf({"cards": Seq([1, 2, 3]), "count": Int()})
    >>> out = [0.0] * node.size
    >>> node.encode(2, out, 0, "hand")
    >>> node.names("hand")[:2], node.decode(out, 0)
    (['hand?cards', 'hand?count'], 2)
    """

    variants: dict[str, Node]
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.size = len(self.variants) + sum(v.size for v in self.variants.values())
        self._layout = []
        at = len(self.variants)
        for i, (label, node) in enumerate(self.variants.items()):
            self._layout.append((i, label, at, node))
            at += node.size

    def names(self, path: str) -> list[str]:
        out = [f"{path}?{label}" for label in self.variants]
        for _, label, _, node in self._layout:
            out += node.names(f"{path}:{label}")
        return out

    def accepts(self, value: Any) -> bool:
        return any(node.accepts(value) for node in self.variants.values())

    def encode(self, value: Any, out: list, at: int, path: str) -> None:
        for i, label, offset, node in self._layout:
            if node.accepts(value):
                out[at + i] = 1.0
                node.encode(value, out, at + offset, f"{path}:{label}")
                return
        raise SchemaError(f"{_where(path)}: {value!r} fits none of the declared forms {list(self.variants)}")

    def decode(self, vec: Sequence[float], at: int) -> Any:
        for i, _, offset, node in self._layout:
            if vec[at + i]:
                return node.decode(vec, at + offset)
        raise SchemaError(f"no variant flag set at {at}")


def view_schema(game: Any, players: int, options: dict | None = None) -> Dict:
    """The schema of ``state.view(seat)``: the engine's keys plus the game's ``observation_schema``.

    The engine part (``State.view``) is the same for every game; the game's
    keys follow and replace an engine key of the same name, as in the view.

    Parameters
    ----------
    game : Game
        The game.
    players : int
        The player count.
    options : dict, optional
        Rule options that differ from their defaults.

    Returns
    -------
    Dict
        The schema of a whole view.

    Raises
    ------
    TypeError
        When the game's ``observation_schema`` is no ``Dict``.

    Examples
    --------
    >>> import rulekit
    >>> game = rulekit.load("rune_stones")
    >>> view = game.new(players=2, seed=1).view(0)
    >>> schema = view_schema(game, 2)
    >>> out = [0.0] * schema.size
    >>> schema.encode(view, out, 0, "")
    >>> list(schema.fields) == list(view), schema.decode(out, 0)["phase"]
    (True, 'choose_action')
    """
    engine: dict[str, Node] = {
        "game": Const(game.id),
        "players": Const(players),
        "seat": Opt(Int()),
        "phase": Str(game.phases),
        "to_move": Opt(Int()),
        "step": Int(),
        "is_over": Bool(),
        "scores": List(Int(), players, players),
    }
    own = game.observation_schema(players, dict(options or {}))
    if not isinstance(own, Dict):
        raise TypeError(f"{game.id}.observation_schema must return a schema.Dict, got {type(own).__name__}")
    return Dict({**engine, **own.fields})
