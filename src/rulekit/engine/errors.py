"""One exception family for rulekit, in one module.

Every refusal names the rule that forbids it, so any screen can show the
rule text beside the refusal (DESIGN.md, "The engine contract"). Every
other error names the bad value and what was expected: the option and
its bounds, the data file and its key, the save file's step.

>>> err = DataFileError("cards.toml", "card 12.cost", "must be >= 0, got -1")
>>> str(err)
'cards.toml [card 12.cost]: must be >= 0, got -1'
>>> isinstance(err, RulekitError) and isinstance(err, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "ActionIndexError",
    "ArgumentError",
    "DataFileError",
    "FlowError",
    "IllegalAction",
    "OptionError",
    "PluralSyntaxError",
    "RoomError",
    "RulekitError",
    "SaveFileError",
    "SchemaError",
    "SetupError",
    "UnknownGame",
]


class RulekitError(Exception):
    """Base class of every error rulekit raises on purpose.

    Catch it to tell rulekit's own, explained errors from bugs; each
    subclass also derives from the built-in error its callers would expect.

    Examples
    --------
    >>> import rulekit
    >>> try:
    ...     rulekit.load("rune_stones").new(players=9)
    ... except RulekitError as err:
    ...     print(type(err).__name__, err)
    SetupError Rune Stones is played by 2-4 players, not 9
    """


class IllegalAction(RulekitError):
    """An action that the rules do not allow in this state.

    Parameters
    ----------
    rule : str
        The ledger id of the rule that forbids the action (``"RS-071"``).
    reason : str
        Why not, in words a learner understands (English).
    action : object, optional
        What was tried.
    reason_de : str, optional
        The same reason in German, for the language switch.

    Examples
    --------
    >>> err = IllegalAction("RS-071", "only cards of the chosen colour", "play 12", "nur Karten der Farbe")
    >>> err.rule, err.text("de")
    ('RS-071', 'nur Karten der Farbe [RS-071]')
    """

    def __init__(self, rule: str, reason: str, action: object = None, reason_de: str = ""):
        self.rule = rule
        self.reason = reason
        self.reason_de = reason_de or reason
        self.action = action
        tried = f"{action}: " if action is not None else ""
        super().__init__(f"{tried}{reason} [{rule}]")

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` ("en" or "de"), with the rule id, for a screen in that language.

        Parameters
        ----------
        lang : str, optional
            ``"de"`` for German; anything else gives English.

        Returns
        -------
        str
            ``"<reason> [<rule id>]"``.

        Examples
        --------
        >>> IllegalAction("RS-071", "only cards of the chosen colour", reason_de="nur Karten der Farbe").text()
        'only cards of the chosen colour [RS-071]'
        """
        return f"{self.reason_de if lang == 'de' else self.reason} [{self.rule}]"


class RoomError(IllegalAction):
    """A refusal of a shared table (``rulekit.rooms``), not of the game's rules.

    Not this seat's turn, a page that showed an older state, a paused game, a
    full room. ``rule`` is a ``ROOM-...`` id (docs/rooms.md); the reason comes
    in English and German like the engine's.

    Parameters
    ----------
    rule : str
        The room rule's id (``"ROOM-2"``).
    reason : str
        Why not, in English.
    action : object, optional
        What was tried.
    reason_de : str, optional
        The same reason in German.

    Examples
    --------
    >>> err = RoomError("ROOM-2", "not your turn", "bid 3", "nicht dein Zug")
    >>> isinstance(err, IllegalAction), str(err)
    (True, 'bid 3: not your turn [ROOM-2]')
    """


class UnknownGame(RulekitError, KeyError):
    """A game id that is not registered.

    A ``KeyError`` too (a lookup that failed), whose message is not quoted.

    Examples
    --------
    >>> import rulekit
    >>> rulekit.load("chess")
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.UnknownGame: unknown game 'chess'; known games: rune_stones, ...
    """

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class ArgumentError(RulekitError, TypeError, ValueError):
    """An API function called with an argument of the wrong type or range.

    A seat given as text, ``evolve(to_move=7)``: the message names the argument
    and what it takes. A ``ValueError`` too, so handlers of the range errors
    these calls raised before still catch it.

    Examples
    --------
    >>> import rulekit
    >>> rulekit.load("rune_stones").new(players=2).view(seat="P1")
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.ArgumentError: view(seat): seat must be a whole number 0..1 or None, got 'P1'
    """


class SetupError(RulekitError, ValueError):
    """Bad arguments to ``Game.new``: player count, seed or rule options.

    Examples
    --------
    >>> import rulekit
    >>> rulekit.load("rune_stones").new(players=2, seed=-1)
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.SetupError: the seed must be in 0..2**63-1, got -1
    """


class OptionError(SetupError):
    """A rule option that does not exist or a value outside what it allows.

    Parameters
    ----------
    option : str
        The option's name (``"forge_costs"``).
    problem : str
        What is wrong and what is allowed (the bounds, the choices).
    rule : str, optional
        The rule the option changes (``"RS-132"``).

    Examples
    --------
    >>> str(OptionError("forge_costs", "every value must be in 0..30, got 300000000", "RS-132"))
    'option forge_costs (RS-132): every value must be in 0..30, got 300000000'
    """

    def __init__(self, option: str, problem: str, rule: str = ""):
        self.option = option
        self.problem = problem
        self.rule = rule
        super().__init__(f"option {option}{f' ({rule})' if rule else ''}: {problem}")


class SaveFileError(RulekitError, ValueError):
    """A save file or state JSON that cannot be read or does not replay.

    Examples
    --------
    >>> from rulekit.engine.record import Record
    >>> Record.from_json('{"format": "rulekit.record", "version": 1}')
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.SaveFileError: the save file has no 'game'
    """


class DataFileError(RulekitError, ValueError):
    """A game's data file (cards, tables, options) that breaks its own format.

    Parameters
    ----------
    file : str
        The data file, as named inside the game package (``"data/cards.toml"``).
    key : str
        Where in the file (``"card 12.cost"``, ``"option forge_costs"``).
    problem : str
        What is wrong and what was expected.

    Examples
    --------
    >>> err = DataFileError("data/cards.toml", "card 12.cost", "must be >= 0, got -1")
    >>> err.file, err.key, str(err)
    ('data/cards.toml', 'card 12.cost', 'data/cards.toml [card 12.cost]: must be >= 0, got -1')
    """

    def __init__(self, file: str, key: str, problem: str):
        self.file = file
        self.key = key
        self.problem = problem
        super().__init__(f"{file} [{key}]: {problem}")


class FlowError(RulekitError, RuntimeError):
    """A game stepped outside its declared flow: a bug in the game, never the player's fault.

    Examples
    --------
    >>> from rulekit.engine.flow import Phase, check_flow_table
    >>> check_flow_table("demo", {"bid": Phase("bid", "Bid", "Bieten", ("bid",), ())}, {})
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.FlowError: demo: flow table and phases.toml differ: missing ['bid'], undeclared []
    """


class PluralSyntaxError(RulekitError, ValueError):
    """A text template whose plural block cannot be read (names the template and the place).

    Examples
    --------
    >>> from rulekit.engine import plurals
    >>> plurals.check("{n, plural, one {# card}}")
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.PluralSyntaxError: the plural block of 'n' in '{n, plural, one {# card}}' needs an 'other {...}' branch
    """


class SchemaError(RulekitError, ValueError):
    """A view holds a value its game's observation schema does not foresee.

    Examples
    --------
    >>> from rulekit.engine.schema import Str
    >>> Str(["red", "blue"]).encode("green", [0.0, 0.0], 0, "colour")
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.SchemaError: colour: 'green' is not one of the 2 values the game declares
    """


class ActionIndexError(RulekitError, LookupError):
    """A legal action that the game's action index does not know.

    The index is the game's ``action_labels`` (else explored from random
    playouts); an action outside it is a gap in that declaration.

    Examples
    --------
    >>> err = ActionIndexError("'fly 3' is not in the action index of rune_stones")
    >>> isinstance(err, LookupError), str(err)
    (True, "'fly 3' is not in the action index of rune_stones")
    """
