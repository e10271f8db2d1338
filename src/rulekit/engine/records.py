"""Fast copies and constructors of frozen slots dataclasses (states and the records games keep in them).

Every step copies a few small frozen records with one or two fields
changed. ``dataclasses.replace`` goes through ``__init__``; writing the
fields with ``object.__setattr__`` or the slots' own setters still costs
about five times a plain attribute store. Here a copy is built as an
instance of a twin class with the same slots and no ``__setattr__`` of its
own (``blank_of``), written with plain stores, and then given the frozen
class: to everyone else the record stays frozen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["blank_of", "copier", "changer", "maker"]

_BLANKS: dict[type, type] = {}


def blank_of(cls: type) -> type:
    """The twin of ``cls``: same slots, plain attribute stores; ``obj.__class__ = cls`` turns one into a ``cls``.

    ``cls`` must be a slots class directly below ``object`` without ``__dict__``
    (``@dataclass(frozen=True, slots=True)``): only then is the layout the same.

    Parameters
    ----------
    cls : type
        A frozen slots dataclass.

    Returns
    -------
    type
        Its twin (made once per class).

    Raises
    ------
    TypeError
        When ``cls`` has another layout.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Hand:
    ...     cards: tuple
    >>> blank_of(Hand).__slots__, blank_of(Hand) is blank_of(Hand)
    (('cards',), True)
    """
    blank = _BLANKS.get(cls)
    if blank is None:
        slots = cls.__dict__.get("__slots__")
        if cls.__bases__ != (object,) or slots is None or cls.__dictoffset__ or cls.__weakrefoffset__:
            raise TypeError(f"{cls.__name__}: fast copies need a slots dataclass directly below object")
        blank = type(f"_Blank{cls.__name__}", (), {"__slots__": tuple(slots), "__module__": cls.__module__})
        _BLANKS[cls] = blank
    return blank


def _no_positional(cls: type) -> None:
    raise TypeError(f"{cls.__name__}.copy(obj, **changes): name the fields to change; it takes no positional values")


def copier(cls: type) -> Callable[..., Any]:
    """A fast ``copy(obj, **changes)`` for one frozen slots dataclass.

    The copy of a ``cls`` record with some fields changed is the same result as
    ``dataclasses.replace`` (no ``__post_init__`` is run), from code generated
    from the slot names: one keyword per field, no loops. An unknown field is a
    TypeError, as there.

    Parameters
    ----------
    cls : type
        A frozen slots dataclass directly below ``object``.

    Returns
    -------
    callable
        ``copy(obj, **changes) -> cls``.

    Examples
    --------
    >>> from dataclasses import dataclass, FrozenInstanceError
    >>> @dataclass(frozen=True, slots=True)
    ... class Purse:
    ...     gold: int
    ...     gems: tuple
    >>> copy = copier(Purse)
    >>> purse = copy(Purse(3, ("red",)), gold=5)
    >>> purse, type(purse) is Purse
    (Purse(gold=5, gems=('red',)), True)
    >>> try:
    ...     purse.gold = 9
    ... except FrozenInstanceError:
    ...     print("still frozen")
    still frozen
    >>> copy(purse, 7)
    Traceback (most recent call last):
    ...
    TypeError: Purse.copy(obj, **changes): name the fields to change; it takes no positional values
    """
    blank = blank_of(cls)
    fields = tuple(cls.__slots__)
    # The fields are ordinary parameters with defaults, not keyword-only ones: Python fills the
    # defaults of the fields not given from a tuple, where keyword-only defaults are looked up in
    # a dict one by one (the larger part of a copy that changes one field or two). The first
    # parameter ``_positional`` keeps the call keyword-only in effect: a positional value lands there.
    lines = [
        "def copy(obj, _positional=_keep, " + ", ".join(f"{f}=_keep" for f in fields) + "):",
        "    if _positional is not _keep:",
        "        _no_positional(cls)",
        "    new = _new(_Blank)",
        *(f"    new.{f} = obj.{f} if {f} is _keep else {f}" for f in fields),
        "    new.__class__ = cls",
        "    return new",
    ]
    scope = {"_keep": object(), "_new": object.__new__, "_Blank": blank, "cls": cls, "_no_positional": _no_positional}
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the class's own slot names
    copy = scope["copy"]
    copy.__qualname__ = f"{cls.__name__}.copy"
    return copy


def changer(record_type: type, *fields: str) -> Callable[..., Any]:
    """A copy of a ``record_type`` record with exactly ``fields`` changed: ``change(obj, *values)``.

    For the commonest copies of a large record. The keyword copier (``copier``)
    tests every field for a new value; this one knows which fields change and
    copies the others as they are: about half the cost for a record of forty
    fields (Spellbound's ``Data``).

    Parameters
    ----------
    record_type : type
        A frozen slots dataclass directly below ``object``.
    *fields : str
        The fields to change, in the order the copy takes their values.

    Returns
    -------
    callable
        ``change(obj, *values) -> record_type``.

    Raises
    ------
    TypeError
        For a name that is no field of ``record_type``.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Purse:
    ...     gold: int
    ...     gems: tuple
    >>> pay = changer(Purse, "gold")
    >>> pay(Purse(3, ("red",)), 1)
    Purse(gold=1, gems=('red',))
    >>> changer(Purse, "silver")
    Traceback (most recent call last):
    ...
    TypeError: Purse has no field(s) ['silver']
    """
    cls = record_type
    slots = tuple(cls.__slots__)
    unknown = sorted(set(fields) - set(slots))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    lines = [
        f"def change(obj, {', '.join(fields)}):",
        "    new = _new(_Blank)",
        *(f"    new.{f} = {f}" if f in fields else f"    new.{f} = obj.{f}" for f in slots),
        "    new.__class__ = cls",
        "    return new",
    ]
    scope = {"_new": object.__new__, "_Blank": blank_of(cls), "cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the class's own slot names
    change = scope["change"]
    change.__qualname__ = f"{cls.__name__}.change_{'_'.join(fields)}"
    return change


def maker(cls: type) -> Callable[..., Any]:
    """A fast constructor of ``cls`` records, for records built on every step.

    ``make(*args, **kwargs)`` gives the same record as ``cls(...)`` without the
    frozen ``__init__``'s slow stores (no ``__post_init__`` is run). It is
    generated from the fields: their order and plain defaults.

    Parameters
    ----------
    cls : type
        A ``@dataclass(frozen=True, slots=True)`` directly below ``object``,
        without a ``default_factory``.

    Returns
    -------
    callable
        ``make(*args, **kwargs)`` taking the fields as ``cls`` does.

    Raises
    ------
    TypeError
        For a class that is no such dataclass, or a field with a ``default_factory``.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Pair:
    ...     a: int
    ...     b: tuple = ()
    >>> make = maker(Pair)
    >>> make(1) == Pair(1) and make(1, b=(2,)) == Pair(1, (2,))
    True
    """
    blank = blank_of(cls)
    scope: dict[str, Any] = {"_new": object.__new__, "_Blank": blank, "cls": cls}
    params, stores = [], []
    for f in dataclasses.fields(cls):
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: maker needs plain defaults, not a default_factory")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        stores.append(f"    new.{f.name} = {f.name}")
    lines = [
        f"def make({', '.join(params)}):",
        "    new = _new(_Blank)",
        *stores,
        "    new.__class__ = cls",
        "    return new",
    ]
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the class's own field names
    make = scope["make"]
    make.__qualname__ = f"{cls.__name__}.make"
    return make
