"""Live rule variants: change a game's rule options and restart with them.

The same ``Option`` objects drive ``Game.new``, sweeps and save files, so a
variant set here is exactly what a simulation or a save file records. The
editor shows what differs from the default rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets as t

from ..engine import Game, SetupError
from ..engine.options import Option
from .base import RulekitWidget, esm
from .i18n import t as text

__all__ = ["VariantEditor", "option_rows", "differences", "option_title", "option_problem", "form_problems"]


def _kind(option: Option) -> str:
    """The form's kind of field: bool, int, list or str (from the option's declared type)."""
    return "list" if option.is_list else option.type


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def option_title(option: Option, lang: str) -> str:
    """The option's name for people: its title in ``lang``, else its help text (never the code name)."""
    title = option.title_de if lang == "de" else option.title
    return title or option.help_in(lang) or option.title_in(lang)


def option_problem(option: Option, value: Any, lang: str) -> str:
    """Why ``value`` does not fit ``option``, in words for the form (empty when it fits):
    the same check as ``Game.new`` (``Option.check``), with the bounds it broke."""
    if not option.problem(value):
        return ""
    kind, low, high = _kind(option), option.low, option.high
    if kind == "list":
        n = len(option.default)
        if not isinstance(value, tuple | list) or len(value) != n:
            return text("variant_bad_list", lang, n=n)
        if option.choices:
            return text("variant_bad_list_choice", lang, n=n, choices=", ".join(repr(c) for c in option.choices))
        return text("variant_bad_list_range", lang, n=n, low=low, high=high)
    if option.choices:
        return text("variant_bad_choice", lang, choices=", ".join(str(_plain(c)) for c in option.choices))
    if kind == "bool":
        return text("variant_bad_bool", lang)
    if kind == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            return text("variant_bad_range", lang, low="…" if low is None else low, high="…" if high is None else high)
        return text("variant_bad_int", lang)
    return text("variant_bad_value", lang)


def form_problems(game: Game, values: dict[str, Any], lang: str) -> tuple[dict[str, str], str]:
    """Problems of a filled-in form: per option (shown next to its field) and for the whole set.

    The whole set is checked by ``Game.resolve_options`` (options that must fit
    together); its ``SetupError`` message is shown at the form, not in the play area.
    """
    fields = {
        name: problem
        for name, value in values.items()
        if name in game.options and (problem := option_problem(game.options[name], value, lang))
    }
    unknown = [name for name in values if name not in game.options]
    if fields or unknown:
        whole = text("variant_unknown", lang, names=", ".join(unknown)) if unknown else ""
        return fields, whole
    try:
        game.resolve_options(values)
    except (SetupError, ValueError) as err:
        return {}, str(err)
    return {}, ""


def option_rows(game: Game, values: dict[str, Any], lang: str) -> list[dict]:
    """One row per option: name, title, kind, value, default, help text, rule, limits."""
    return [
        {
            "name": o.name,
            "title": option_title(o, lang),
            "kind": _kind(o),
            "value": _plain(values.get(o.name, o.default)),
            "default": _plain(o.default),
            "help": o.help_in(lang),
            "rule": o.rule,
            "choices": [_plain(c) for c in o.choices],
            "low": o.low,
            "high": o.high,
        }
        for o in game.options.values()
    ]


def differences(game: Game, values: dict[str, Any]) -> list[str]:
    """``"name: default -> value"`` for each option that is not at its default."""
    return [
        f"{name}: {_plain(o.default)} → {_plain(values[name])}"
        for name, o in game.options.items()
        if name in values and _plain(values[name]) != _plain(o.default)
    ]


class VariantEditor(RulekitWidget):
    """Inputs for the rule options; "apply" restarts the table with them."""

    _esm = esm("variants.js")
    rows = t.List().tag(sync=True)
    changed = t.List().tag(sync=True)
    labels = t.Dict().tag(sync=True)
    #: option name -> why the value typed there does not fit (shown next to the field)
    errors = t.Dict().tag(sync=True)
    #: a problem of the options together (shown above the apply button)
    form_error = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[dict], None]] = []
        self.add_class("rk-variants")

    def show(self, game: Game, values: dict[str, Any], lang: str) -> None:
        with self.hold_sync():
            self.rows = option_rows(game, values, lang)
            self.changed = differences(game, values)
            self.errors, self.form_error = {}, ""
            self.labels = {
                "apply": text("variants_apply", lang),
                "none": text("variants_none", lang),
                "changed": text("variants_changed", lang),
                "default": text("variants_default", lang),
            }

    def on_apply(self, handler: Callable[[dict], None]) -> None:
        self._handlers.append(handler)

    def apply(self, values: dict[str, Any]) -> None:
        """Restart with ``values`` (what the button in the browser sends)."""
        for handler in self._handlers:
            handler(dict(values))

    def _on_apply(self, content: dict) -> None:
        values = content.get("values", {})
        if isinstance(values, dict):
            self.apply(values)

    def _repr_summary(self) -> str:
        return f"{len(self.rows)} options, {len(self.changed)} changed"
