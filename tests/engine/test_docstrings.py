"""The engine and the agents document every public function, class and method in numpydoc form,
with examples that run (issue 25: "``engine/`` and ``rulekit/agents`` carry numpydoc docstrings
with doctests on their public functions, run in CI").

Public means listed in the module's ``__all__`` (every name without a leading underscore where a
module has none) and defined in that module; of a public class, every method, class method,
static method and property it defines whose name has no leading underscore. A method that
overrides a documented method and has no docstring of its own inherits that one (as ``help()``
and ``inspect.getdoc`` show it), and is held to it.

Each docstring needs a summary line; a ``Parameters`` section naming exactly the callable's
parameters (when it takes any); ``Returns`` or ``Yields`` for a function that returns something;
and an ``Examples`` section with a ``>>>`` example that the doctest collector finds, so that
``pytest --doctest-modules src/rulekit`` (``make test``, the fast lane) really runs it. Only
numpydoc's own section names are allowed, so a misspelt header cannot hide a missing section.
numpydoc itself is not a dependency: the section grammar read here is the small part it fixes
(a title line underlined with dashes).
"""

from __future__ import annotations

import doctest
import functools
import importlib
import inspect
import pkgutil
import re
from types import ModuleType

import pytest

PACKAGES = ("rulekit.engine", "rulekit.agents")

#: numpydoc's section titles (numpydoc.docscrape.NumpyDocString.sections)
SECTIONS = frozenset(
    {
        "Parameters",
        "Attributes",
        "Methods",
        "Returns",
        "Yields",
        "Receives",
        "Other Parameters",
        "Raises",
        "Warns",
        "Warnings",
        "See Also",
        "Notes",
        "References",
        "Examples",
    }
)

_UNDERLINE = re.compile(r"^-{3,}$")


def _modules() -> list[ModuleType]:
    out = []
    for name in PACKAGES:
        package = importlib.import_module(name)
        out.append(package)
        for info in pkgutil.iter_modules(package.__path__, name + "."):
            out.append(importlib.import_module(info.name))
    return out


def _public_names(module: ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    return list(names)


def _unwrap(member: object) -> object:
    return member.__func__ if isinstance(member, classmethod | staticmethod) else member


def _is_attribute(member: object) -> bool:
    return isinstance(member, property | functools.cached_property)


def _is_documentable(member: object) -> bool:
    return inspect.isroutine(member) or _is_attribute(member)


def public_objects() -> list[tuple[str, str, object, type | None]]:
    """(module name, qualified name, object, owning class or None) of every public object."""
    found = []
    for module in _modules():
        for name in _public_names(module):
            obj = getattr(module, name)
            if (
                not (inspect.isfunction(inspect.unwrap(obj)) or inspect.isclass(obj))
                or obj.__module__ != module.__name__
            ):
                continue  # a constant, a type alias or a re-export (documented where it is defined)
            found.append((module.__name__, name, obj, None))
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    member = _unwrap(member)
                    if not attr.startswith("_") and _is_documentable(member):
                        found.append((module.__name__, f"{name}.{attr}", member, obj))
    return found


def _docstring(qualname: str, obj: object, owner: type | None) -> str | None:
    if owner is None or _is_attribute(obj):
        return inspect.cleandoc(obj.__doc__) if obj.__doc__ else None
    return inspect.getdoc(getattr(owner, qualname.rsplit(".", 1)[1]))  # inherited from a base when it has none


def sections(doc: str) -> tuple[str, dict[str, list[str]]]:
    """The summary line and ``{section title: its lines}`` of a numpydoc docstring."""
    lines = doc.splitlines()
    found: dict[str, list[str]] = {}
    current = None
    i = 0
    while i < len(lines):
        if i + 1 < len(lines) and _UNDERLINE.match(lines[i + 1].strip()) and lines[i].strip():
            current = lines[i].strip()
            found[current] = []
            i += 2
            continue
        if current is not None:
            found[current].append(lines[i])
        i += 1
    return (lines[0].strip() if lines else ""), found


def documented_parameters(body: list[str]) -> list[str]:
    """The names a ``Parameters`` section lists (``a, b : int`` lists two; stars are dropped)."""
    names = []
    for line in body:
        if line and not line[0].isspace():
            head = line.split(" : ", 1)[0].strip().rstrip(":")
            names += [n.strip().lstrip("*") for n in head.split(",") if n.strip()]
    return names


def undescribed(body: list[str]) -> list[str]:
    """The entries of a section (``name : type`` lines) without an indented description under them."""
    return [
        line.strip()
        for i, line in enumerate(body)
        if line and not line[0].isspace() and not (i + 1 < len(body) and body[i + 1].startswith("    "))
    ]


def _signature(obj: object) -> inspect.Signature | None:
    target = obj.fget if isinstance(obj, property) else obj
    try:
        return inspect.signature(target)
    except (TypeError, ValueError):  # a class whose constructor is built in (an exception class)
        return None


def signature_parameters(obj: object) -> list[str]:
    """The parameters a caller passes (not ``self``/``cls``, not the private ``_``-named ones)."""
    if _is_attribute(obj):
        return []
    sig = _signature(obj)
    if sig is None:
        return []
    names = [p for p in sig.parameters if not p.startswith("_")]
    if names and names[0] in ("self", "cls") and not inspect.isclass(obj):
        names = names[1:]
    return names


def returns_something(obj: object) -> bool:
    if inspect.isclass(obj) or _is_attribute(obj):
        return False
    sig = _signature(obj)
    annotation = sig.return_annotation if sig else inspect.Signature.empty
    return annotation not in ("None", "NoReturn", None, type(None))


def problems(qualname: str, obj: object, owner: type | None) -> list[str]:
    """What the docstring of ``obj`` lacks, in numpydoc's terms (empty when it is complete).

    Beyond numpydoc's own checks, the examples must use the object they document (by name),
    so an example copied from elsewhere, or ``>>> True``, does not count.
    """
    doc = _docstring(qualname, obj, owner)
    if not doc:
        return ["no docstring"]
    summary, found = sections(doc)
    out = []
    if not summary:
        out.append("no summary line")
    elif "\n" in doc.split("\n\n", 1)[0]:
        out.append("the summary does not fit on one line (numpydoc SS06): end it, then a blank line")
    out += [f"unknown section {title!r}" for title in found if title not in SECTIONS]
    wanted = signature_parameters(obj)
    if wanted:
        listed = documented_parameters(found.get("Parameters", []))
        if not listed:
            out.append(f"no Parameters section (takes {wanted})")
        else:
            if missing := [p for p in wanted if p not in listed]:
                out.append(f"Parameters misses {missing}")
            if unknown := [p for p in listed if p not in wanted]:
                out.append(f"Parameters lists {unknown}, which it does not take")
    for title in ("Parameters", "Returns", "Yields", "Raises"):
        out += [f"{title}: {entry!r} has no description" for entry in undescribed(found.get(title, []))]
    if returns_something(obj) and "Returns" not in found and "Yields" not in found:
        out.append("no Returns section")
    examples = found.get("Examples", [])
    if not any(line.lstrip().startswith(">>>") for line in examples):
        out.append("no Examples section with a >>> example")
    elif not any(name in "\n".join(examples) for name in _names(qualname, obj, owner)):
        out.append(f"the examples never use {qualname.rsplit('.', 1)[-1]}")
    return out


def _names(qualname: str, obj: object, owner: type | None) -> set[str]:
    """The names ``obj`` goes by: its own, and in a class every other attribute bound to it (``pop = _frozen``)."""
    names = {qualname.rsplit(".", 1)[-1]}
    if owner is not None:
        names |= {attr for attr, member in vars(owner).items() if _unwrap(member) is obj}
    return names


class _Finder(doctest.DocTestFinder):
    """The standard finder, which also reads cached properties, as pytest's doctest collector does."""

    def _find(self, tests, obj, name, module, source_lines, globs, seen) -> None:
        super()._find(tests, obj, name, module, source_lines, globs, seen)
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if isinstance(member, functools.cached_property):
                    test = self._get_test(member, f"{name}.{attr}", module, globs, source_lines)
                    if test is not None:
                        tests.append(test)


@functools.cache
def collected(module_name: str) -> frozenset[str]:
    """The names of the docstrings with examples that the doctest collector finds in a module."""
    module = importlib.import_module(module_name)
    return frozenset(t.name for t in _Finder().find(module) if t.examples)


OBJECTS = public_objects()


def test_the_walk_finds_the_public_api() -> None:
    """The walk itself: it must see the engine's and the agents' main classes and their methods."""
    names = {f"{m}.{q}" for m, q, _, _ in OBJECTS}
    for expected in (
        "rulekit.engine.state.State.apply",
        "rulekit.engine.game.Game.new",
        "rulekit.engine.decisions.Refusals.why_not",
        "rulekit.engine.actions.Action.parse",
        "rulekit.agents.base.Agent.choose",
        "rulekit.agents.registry.make_agent",
    ):
        assert expected in names
    assert len(OBJECTS) > 150


@pytest.mark.parametrize(("module", "qualname", "obj", "owner"), OBJECTS, ids=[f"{m}.{q}" for m, q, _, _ in OBJECTS])
def test_public_object_has_a_numpydoc_docstring(module: str, qualname: str, obj: object, owner: type | None) -> None:
    assert problems(qualname, obj, owner) == [], f"{module}.{qualname}"


@pytest.mark.parametrize(("module", "qualname", "obj", "owner"), OBJECTS, ids=[f"{m}.{q}" for m, q, _, _ in OBJECTS])
def test_examples_run_as_doctests(module: str, qualname: str, obj: object, owner: type | None) -> None:
    """Its examples are collected by the doctest finder (a generated function, say, would be skipped)."""
    own = obj if (owner is None or _is_attribute(obj)) else _unwrap(vars(owner)[qualname.rsplit(".", 1)[1]])
    if not own.__doc__:
        pytest.skip("inherits its base's docstring, whose examples run there")
    names = {f"{module}.{qualname}"}
    if owner is not None:  # the collector reads a function once, under one of its names (``pop = _frozen``)
        cls = qualname.rsplit(".", 1)[0]
        names |= {f"{module}.{cls}.{attr}" for attr, member in vars(owner).items() if _unwrap(member) is own}
    assert names & collected(module), f"the examples of {module}.{qualname} are never run"


def test_the_checker_notices_a_missing_section() -> None:
    """The checker itself fails on a docstring that lacks what it demands."""

    def sample(count: int, name: str = "") -> int:
        """Add things
        and more things.

        Parameters
        ----------
        count : int
            How many.

        Example
        -------
        >>> sample(1)
        1
        """
        return count

    assert problems("sample", sample, None) == [
        "the summary does not fit on one line (numpydoc SS06): end it, then a blank line",
        "unknown section 'Example'",
        "Parameters misses ['name']",
        "no Returns section",
        "no Examples section with a >>> example",
    ]


def test_the_checker_passes_a_complete_docstring_and_wants_the_object_used() -> None:
    def total(count: int) -> int:
        """Count things.

        Parameters
        ----------
        count : int
            How many.

        Returns
        -------
        int
            The count.

        Raises
        ------
        ValueError

        Examples
        --------
        >>> total(2)
        2
        """
        return count

    assert problems("total", total, None) == ["Raises: 'ValueError' has no description"]
    total.__doc__ = total.__doc__.replace("ValueError", "ValueError\n            When count is negative.")
    assert problems("total", total, None) == []
    total.__doc__ = total.__doc__.replace(">>> total(2)", ">>> 1 + 1").replace("count : int", "counts : int")
    assert problems("total", total, None) == [
        "Parameters misses ['count']",
        "Parameters lists ['counts'], which it does not take",
        "the examples never use total",
    ]
