"""Rule options: the parameters a teacher or designer may change.

Every game declares its options as data, in ``data/options.toml`` (one
``[[option]]`` table each: name, type, default, bounds or choices, the rule
it changes, a title and a help line in English and German). The same
declarations drive ``Game.new``, the CLI's ``--option``, the variants form,
save files and rule-variant sweeps, so a value is checked the same way
wherever it enters. A game runs with a frozen ``Options`` mapping: no
option can change under a running game, and a name nobody declared is an
error, never a silent ``None``.

>>> opt = Option("forge_costs", (2, 3), "gem cost of each forge", low=0, high=30)
>>> opt.check([3, 4])
(3, 4)
>>> opt.check([3, 300000000])
Traceback (most recent call last):
...
rulekit.engine.errors.OptionError: option forge_costs: every value must be in 0..30, got 300000000
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NoReturn

from .errors import DataFileError, OptionError
from .rules import read_toml

__all__ = ["Option", "Options", "TYPES", "frozen_options", "load_options"]

#: the kinds of value an option can hold (``type`` in data/options.toml)
TYPES = ("bool", "int", "str", "list[int]", "list[str]")

#: the keys an ``[[option]]`` table may have; ``rulekit_choice`` marks a value the printed rules leave open
_REQUIRED = ("name", "type", "default", "rule", "title", "title_de", "help", "help_de")
_OPTIONAL = ("choices", "low", "high", "rulekit_choice")


def _type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, tuple | list):
        return f"list[{_type_of(value[0]) if value else 'int'}]"
    return "str"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Option:
    """One rule parameter: its default, its type and the values it allows.

    A number (or each number of a list) must lie in ``low..high``; a text
    (or each text of a list) must be one of ``choices``; a list keeps the
    length of its default.

    Parameters
    ----------
    name : str
        The keyword it is given by (``Game.new(forge_costs=...)``, ``--option``).
    default : object
        The printed rules' value; its type fixes the option's ``type`` unless given.
    help : str
        One line on what it changes, in English.
    help_de : str, optional
        The same in German.
    rule : str, optional
        The ledger id of the rule it changes.
    choices : tuple, optional
        The values a text option allows.
    low, high : int, optional
        The bounds of a number option.
    title : str, optional
        A short name for forms ("Round limit"); falls back to ``name``.
    title_de : str, optional
        The same in German.
    type : str, optional
        One of ``TYPES``; empty: read from the default.

    Examples
    --------
    >>> opt = Option("variant", "basic", "which rules", choices=("basic", "expert"))
    >>> opt.type, opt.check("expert")
    ('str', 'expert')
    """

    name: str
    default: Any
    help: str
    help_de: str = ""
    rule: str = ""
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    #: a short human name for forms ("Round limit"); falls back to ``name``
    title: str = ""
    title_de: str = ""
    #: one of ``TYPES``; empty: read from the default
    type: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.default, list):
            object.__setattr__(self, "default", tuple(self.default))
        if not self.type:
            object.__setattr__(self, "type", _type_of(self.default))

    @property
    def is_list(self) -> bool:
        """True for a list option (``list[int]``, ``list[str]``): each value is checked on its own.

        Examples
        --------
        >>> opt = Option("forge_costs", (2, 3), "gem cost of each forge", low=0, high=30)
        >>> opt.type, opt.is_list
        ('list[int]', True)
        """
        return self.type.startswith("list")

    def bounds(self, lang: str = "en") -> str:
        """What the option allows, in words ("0..30 each", "one of: a, b"), for forms and errors.

        Parameters
        ----------
        lang : str, optional
            ``"en"`` or ``"de"``.

        Returns
        -------
        str
            The bounds or choices (empty when anything of the type goes).

        Examples
        --------
        >>> opt = Option("forge_costs", (2, 3), "gem cost of each forge", low=0, high=30)
        >>> opt.bounds(), opt.bounds("de")
        ('0..30 each', '0..30 je Wert')
        """
        each = (" je Wert" if lang == "de" else " each") if self.is_list else ""
        if self.choices:
            return ("eines von: " if lang == "de" else "one of: ") + ", ".join(repr(c) for c in self.choices) + each
        if self.type == "bool":
            return "true oder false" if lang == "de" else "true or false"
        if self.low is not None or self.high is not None:
            low = "…" if self.low is None else self.low
            high = "…" if self.high is None else self.high
            return f"{low}..{high}{each}"
        return ""

    def check(self, value: Any) -> Any:
        """``value`` (lists as tuples) if the option allows it, else ``OptionError`` naming the option and the bounds.

        Parameters
        ----------
        value : object
            A value given for the option.

        Returns
        -------
        object
            ``value``, lists as tuples.

        Raises
        ------
        OptionError
            When the type, the length, the bounds or the choices do not fit.

        Examples
        --------
        >>> opt = Option("forge_costs", (2, 3), "gem cost of each forge", low=0, high=30)
        >>> opt.check([3, 4])
        (3, 4)
        >>> opt.check([3])
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.OptionError: option forge_costs: must be a list of 2 values, got [3]
        """
        if self.is_list:
            if not isinstance(value, tuple | list) or len(value) != len(self.default):
                self._refuse(f"must be a list of {len(self.default)} values, got {value!r}")
            for item in value:
                self._check_one(item, self.type[5:-1], "every value ")
            return tuple(value)
        return self._check_one(value, self.type, "")

    def problem(self, value: Any, lang: str = "en") -> str:
        """Why ``value`` does not fit, in ``lang`` (empty when it fits): the option's name and its bounds.

        The variants form shows it under a field instead of raising.

        Parameters
        ----------
        value : object
            A value given for the option.
        lang : str, optional
            ``"en"`` or ``"de"``.

        Returns
        -------
        str
            The problem, or ``""``.

        Examples
        --------
        >>> opt = Option("forge_costs", (2, 3), "gem cost of each forge", low=0, high=30)
        >>> opt.problem([3, 4]), opt.problem([3, 99], "de")
        ('', 'Forge costs (forge_costs): erlaubt ist 0..30 je Wert, nicht [3, 99]')
        """
        try:
            self.check(value)
        except OptionError as err:
            if lang == "de":
                return f"{self.title_in('de')} ({self.name}): erlaubt ist {self.bounds('de')}, nicht {value!r}"
            return str(err)
        return ""

    def _check_one(self, value: Any, kind: str, every: str) -> Any:
        if kind == "bool":
            if not isinstance(value, bool):
                self._refuse(f"{every}must be true or false, got {value!r}")
        elif kind == "int":
            if not _is_int(value):
                self._refuse(f"{every}must be an integer, got {value!r}")
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                bounds = f"{'…' if self.low is None else self.low}..{'…' if self.high is None else self.high}"
                self._refuse(
                    f"every value must be in {bounds}, got {value}" if every else f"{value} is outside {bounds}"
                )
        elif not isinstance(value, str):
            self._refuse(f"{every}must be a text, got {value!r}")
        if self.choices and value not in self.choices:
            self._refuse(f"{every}must be one of {list(self.choices)}, got {value!r}")
        return value

    def _refuse(self, problem: str) -> NoReturn:
        raise OptionError(self.name, problem, self.rule)

    def title_in(self, lang: str = "en") -> str:
        """The option's name for people, in ``lang``.

        Parameters
        ----------
        lang : str, optional
            ``"en"`` or ``"de"``.

        Returns
        -------
        str
            The title, else the name made readable.

        Examples
        --------
        >>> opt = Option("forge_costs", (2, 3), "gem cost of each forge", low=0, high=30)
        >>> opt.title_in()
        'Forge costs'
        """
        if lang == "de" and self.title_de:
            return self.title_de
        return self.title or self.name.replace("_", " ").capitalize()

    def help_in(self, lang: str = "en") -> str:
        """The option's help line in ``lang`` (English when no German one is given).

        Parameters
        ----------
        lang : str, optional
            ``"en"`` or ``"de"``.

        Returns
        -------
        str
            The help line.

        Examples
        --------
        >>> opt = Option("forge_costs", (2, 3), "gem cost of each forge", low=0, high=30)
        >>> opt.help_in("de")
        'gem cost of each forge'
        """
        return self.help_de if lang == "de" and self.help_de else self.help


class Options(dict):
    """The rule options of one game, frozen: every declared name with its checked value.

    A ``dict`` for reading (``options["end_threshold"]``, ``dict(options)``,
    JSON) and by attribute (``options.end_threshold``); every way of changing
    it raises ``OptionError``, and so does reading a name that was never
    declared. All states of a game share one ``Options``, safely.

    Parameters
    ----------
    values : dict
        Every declared option's name and checked value (``Game.resolve_options`` builds it).

    Examples
    --------
    >>> opts = Options({"rounds": 10})
    >>> opts.rounds, opts["rounds"]
    (10, 10)
    >>> opts["rounds"] = 3
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.OptionError: option rounds: options are fixed for a game; start a new game with rounds=...
    >>> opts.get("rouds")
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.OptionError: option rouds: no such option; known: rounds
    """

    #: the hash, worked out on first use (the options never change): states and legal-table keys hash them
    __slots__ = ("_hash",)

    def __init__(self, values: Any = (), /) -> None:
        dict.__init__(self, values)
        self._hash: int | None = None

    def __missing__(self, name: str) -> NoReturn:
        raise OptionError(str(name), f"no such option; known: {', '.join(self) or 'none'}")

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self[name]

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        """The value of a declared option; an undeclared name is an error (a typo), never ``default``.

        Parameters
        ----------
        name : str
            The option's name.
        default : object, optional
            Ignored: every declared option has a value.

        Returns
        -------
        object
            The option's value.

        Raises
        ------
        OptionError
            For a name that was never declared.

        Examples
        --------
        >>> Options({"rounds": 10}).get("rounds", 3)
        10
        """
        return self[name]

    def _frozen(self, name: Any = "", *_: Any, **__: Any) -> NoReturn:
        """Refuse every change (``pop``, ``update``, ``clear``, ...): options are fixed for a game.

        Parameters
        ----------
        name : object, optional
            The option the change was aimed at, for the message.

        Raises
        ------
        OptionError
            Always, saying to start a new game with the value instead.

        Examples
        --------
        >>> Options({"rounds": 10}).pop("rounds")
        Traceback (most recent call last):
        ...
        rulekit.engine.errors.OptionError: option rounds: options are fixed for a game; start a new game with rounds=...
        """
        name = name if isinstance(name, str) else "(any)"
        raise OptionError(name, f"options are fixed for a game; start a new game with {name}=...")

    __setitem__ = __delitem__ = setdefault = pop = _frozen  # type: ignore[assignment]
    update = clear = popitem = __ior__ = _frozen  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        h = self._hash
        if h is None:  # sorted once: a State's hash and every default legal-table key hash the options
            h = self._hash = hash(tuple(sorted(self.items())))
        return h

    def __reduce__(self) -> tuple:
        return (Options, (dict(self),))

    def __copy__(self) -> Options:
        return self

    def __deepcopy__(self, memo: dict) -> Options:
        return self

    def __repr__(self) -> str:
        return f"Options({dict.__repr__(self)})"


def load_options(package: str, file: str = "data/options.toml") -> tuple[Option, ...]:
    """The ``[[option]]`` tables of a game's ``data/options.toml`` as ``Option`` objects.

    Every table must name its type, default, rule, English and German title
    and help, and the bounds (numbers) or choices (texts) of its values; an
    unknown key (a typo such as ``hihg``) or a default outside its own bounds
    is a ``DataFileError`` naming the file and the option, when the game loads.

    Parameters
    ----------
    package : str
        The game package that ships the file (``"rulekit.games.rune_stones"``).
    file : str, optional
        The file inside the package.

    Returns
    -------
    tuple of Option
        The options in file order.

    Raises
    ------
    DataFileError
        Naming the file and the option that breaks the format.

    Examples
    --------
    >>> options = load_options("rulekit.games.rune_stones")
    >>> [(o.name, o.default, o.rule) for o in options if o.name == "end_threshold"]
    [('end_threshold', 65, 'RS-190')]
    """
    rows = read_toml(package, file).get("option", [])
    options = tuple(_option(file, row) for row in rows)
    names = [o.name for o in options]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise DataFileError(file, f"option {twice[0]}", "declared twice")
    return options


def _option(file: str, row: dict) -> Option:
    where = f"option {row.get('name', '?')}"
    missing = [k for k in _REQUIRED if k not in row]
    unknown = sorted(set(row) - set(_REQUIRED) - set(_OPTIONAL))
    if missing or unknown:
        problem = f"missing {missing}" if missing else f"unknown key(s) {unknown}; allowed: {_REQUIRED + _OPTIONAL}"
        raise DataFileError(file, where, problem)
    if row["type"] not in TYPES:
        raise DataFileError(file, where, f"type {row['type']!r} is not one of {TYPES}")
    scalar = row["type"].removeprefix("list[").removesuffix("]")
    if scalar == "int" and ("low" not in row or "high" not in row):
        raise DataFileError(file, where, "a number option declares its bounds: low and high")
    if scalar == "str" and not row.get("choices"):
        raise DataFileError(file, where, "a text option declares its choices")
    fields = {k: row[k] for k in _REQUIRED if k != "type"} | {k: row[k] for k in ("low", "high") if k in row}
    option = Option(**fields, choices=tuple(row.get("choices", ())), type=row["type"])
    try:
        option.check(option.default)
    except OptionError as err:
        raise DataFileError(file, where, f"the default breaks its own bounds: {err.problem}") from None
    return option


def frozen_options(options: Iterable[Option], given: dict[str, Any], game: str) -> Options:
    """Defaults overridden by ``given``, each checked, as a frozen ``Options``; unknown names are refused.

    Parameters
    ----------
    options : iterable of Option
        The game's declared options.
    given : dict
        Option name -> value for those that differ from their defaults.
    game : str
        The game's id, for the message.

    Returns
    -------
    Options
        Every declared option with its value.

    Raises
    ------
    OptionError
        For an undeclared name or a value the option does not allow.

    Examples
    --------
    >>> declared = [Option("rounds", 10, "rounds to play", low=1, high=50)]
    >>> frozen_options(declared, {"rounds": 4}, "demo")
    Options({'rounds': 4})
    >>> frozen_options(declared, {"round": 4}, "demo")
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.OptionError: option round: unknown rule option(s) ['round'] for demo; known: rounds
    """
    declared = {o.name: o for o in options}
    unknown = sorted(set(given) - set(declared))
    if unknown:
        known = ", ".join(declared) or "none"
        raise OptionError(unknown[0], f"unknown rule option(s) {unknown} for {game}; known: {known}")
    return Options({name: o.check(given.get(name, o.default)) for name, o in declared.items()})
