"""Counted phrases in English and German: "1 card" / "2 cards", "1 Karte" / "2 Karten".

Texts say how a phrase changes with a number in the ICU MessageFormat way that
translators know, inside an ordinary ``str.format`` template::

    "{player} draws {n, plural, one {# card} other {# cards}}."
    "{player} zieht {n, plural, one {# Karte} other {# Karten}}."

``#`` stands for the number; a branch may hold other ``{placeholders}``; ``=0``
(any ``=N``) picks an exact number before the language's categories. Which
category a number falls in (``one``, ``other``, and for other languages
``few``, ``many`` ...) comes from the CLDR plural rules shipped with Babel,
not from rules written here, so a third language needs only its texts.

Nobody writes "card(s)" or "Karte(n)": ``tests/test_plurals.py`` renders every
counted phrase of every text file with 1 and 2 in both languages.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from babel import Locale

from .errors import PluralSyntaxError

__all__ = ["category", "fill", "expand", "counted_names", "check", "PluralSyntaxError"]

_HEAD = re.compile(r"\{\s*(\w+)\s*,\s*plural\s*,")
_BRANCH = re.compile(r"\s*(=\d+|zero|one|two|few|many|other)\s*\{")


@functools.cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def category(n: object, lang: str = "en") -> str:
    """The CLDR plural category of ``n`` in ``lang``: which branch of a plural block it takes.

    Parameters
    ----------
    n : object
        The count (an int, a float, or text such as ``"100,000"``).
    lang : str, optional
        A language code Babel knows (``"en"``, ``"de"``, ``"pl"``).

    Returns
    -------
    str
        ``"zero"``, ``"one"``, ``"two"``, ``"few"``, ``"many"`` or ``"other"``.

    Raises
    ------
    TypeError
        When ``n`` is no number.

    Examples
    --------
    >>> category(1, "de"), category(2, "de"), category(3, "pl"), category(5, "pl")
    ('one', 'other', 'few', 'many')
    """
    return _category(abs(_number(n)), lang)


@functools.lru_cache(maxsize=4096)
def _category(n: int | float, lang: str) -> str:
    return _locale(lang).plural_form(n)  # cached: every board names many counts after every decision (issue 26)


def _number(n: object) -> int | float:
    if isinstance(n, bool):
        raise TypeError(f"a count must be a number, got {n!r}")
    if isinstance(n, int | float):
        return n
    text = str(n).replace(",", "").replace("_", "")  # "100,000" as a count is 100000
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            raise TypeError(f"a plural block counts a number, got {n!r}") from None


def _closing(text: str, start: int) -> int:
    """Index of the ``}`` closing the ``{`` just before ``start`` (nested braces allowed)."""
    depth = 1
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise PluralSyntaxError(f"unclosed brace in {text!r} after position {start}")


def _blocks(text: str) -> Iterator[tuple[int, int, str, dict[str, str]]]:
    """Every top-level plural block: (start, end, name, {selector: branch})."""
    pos = 0
    while (m := _HEAD.search(text, pos)) is not None:
        end = _closing(text, m.end())
        body, branches, at = text[m.end() : end], {}, 0
        while at < len(body) and body[at:].strip():
            b = _BRANCH.match(body, at)
            if b is None:
                raise PluralSyntaxError(f"expected 'one {{...}}' or 'other {{...}}' in {text!r} at {body[at:]!r}")
            close = _closing(body, b.end())
            branches[b.group(1)] = body[b.end() : close]
            at = close + 1
        if "other" not in branches:
            raise PluralSyntaxError(f"the plural block of {m.group(1)!r} in {text!r} needs an 'other {{...}}' branch")
        yield m.start(), end + 1, m.group(1), branches
        pos = end + 1


def expand(template: str, lang: str, args: dict[str, object]) -> str:
    """``template`` with each plural block replaced by the branch ``args`` select (still a format string).

    Parameters
    ----------
    template : str
        A text with plural blocks.
    lang : str
        The language whose plural rules pick the branch.
    args : dict
        The values of the counted names (and any others).

    Returns
    -------
    str
        The template without plural blocks, ``#`` turned into the count's placeholder.

    Raises
    ------
    PluralSyntaxError
        When a plural block cannot be read.

    Examples
    --------
    >>> expand("{player} draws {n, plural, one {# card} other {# cards}}.", "en", {"n": 1})
    '{player} draws {n} card.'
    """
    if "plural" not in template:
        return template
    out, pos = [], 0
    for start, end, name, branches in _parsed(template):
        value = args[name]
        exact = f"={_number(value)}"
        branch = branches.get(exact) or branches.get(category(value, lang)) or branches["other"]
        out.append(template[pos:start])
        out.append(expand(branch, lang, args).replace("#", "{" + name + "}"))
        pos = end
    out.append(template[pos:])
    return "".join(out)


@functools.lru_cache(maxsize=4096)
def _parsed(template: str) -> tuple[tuple[int, int, str, dict[str, str]], ...]:
    """``_blocks`` of a template, read once (texts are few, their fillings many)."""
    return tuple(_blocks(template))


def fill(template: str, lang: str = "en", /, **args: object) -> str:
    """``template`` in ``lang`` with its plural blocks chosen and its placeholders filled.

    Parameters
    ----------
    template : str
        A text with ``{placeholders}`` and plural blocks.
    lang : str, optional
        The language whose plural rules pick the branches.
    **args
        The placeholders' values.

    Returns
    -------
    str
        The finished text.

    Examples
    --------
    >>> fill("{n, plural, =0 {no card} one {# card} other {# cards}}", "en", n=0)
    'no card'
    >>> fill("{p} zieht {n, plural, one {# Karte} other {# Karten}}.", "de", p="P1", n=2)
    'P1 zieht 2 Karten.'
    """
    return expand(template, lang, args).format(**args)


def counted_names(template: str) -> list[str]:
    """The names whose number picks a plural branch in ``template`` (outer blocks first).

    ``tests/test_plurals.py`` renders every text with these at 1 and 2.

    Parameters
    ----------
    template : str
        A text with plural blocks.

    Returns
    -------
    list of str
        The counted names, each once.

    Examples
    --------
    >>> counted_names("{n, plural, one {# card for {m, plural, one {# gem} other {# gems}}} other {# cards}}")
    ['n', 'm']
    """
    names: list[str] = []
    for _start, _end, name, branches in _blocks(template):
        names.append(name)
        for branch in branches.values():
            names.extend(n for n in counted_names(branch) if n not in names)
    return names


def check(template: str) -> None:
    """Raise ``PluralSyntaxError`` when a plural block of ``template`` cannot be read.

    Text files are checked with it when they are tested, not when a message is shown.

    Parameters
    ----------
    template : str
        A text with plural blocks.

    Raises
    ------
    PluralSyntaxError
        Naming the template and the place.

    Examples
    --------
    >>> check("{n, plural, one {# card} other {# cards}}")
    >>> check("{n, plural, one {# card} other {# cards}")
    Traceback (most recent call last):
    ...
    rulekit.engine.errors.PluralSyntaxError: unclosed brace in '{n, plural, one {# card} other {# cards}' after position 11
    """
    for _ in _blocks(template):
        pass
