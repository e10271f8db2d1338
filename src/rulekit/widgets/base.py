"""Shared pieces of the anywidget widgets: the static folder and stable reprs."""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets as t

__all__ = ["STATIC", "RulekitWidget", "esm"]

#: ES modules and CSS shipped inside the package (no CDN, no network)
STATIC = Path(__file__).parent / "static"


#: vendored scripts each module needs in front (static/vendor/, see its LICENSE files)
VENDOR = {"phase_graph.js": ("dagre.min.js",)}
#: rulekit's own helper files a module needs in front, after common.js (keys.js: shortcuts, issue 27)
#: lifeline.js: a page that knows its kernel died (issue 24 item 8)
HELPERS = {"controls.js": ("keys.js",), "board.js": ("lifeline.js",)}


def esm(name: str) -> str:
    """The ES module ``static/<name>`` with ``static/common.js`` in front.

    anywidget loads one module per widget from a string, so modules cannot
    import each other; the shared helpers (one redraw per message, SVG
    elements, panel headings) are put in front of each instead, and so are
    the module's ``VENDOR`` scripts (``static/vendor/<file>``: self-contained
    bundles that define one module-level name, such as ``dagre``).
    """
    parts = [STATIC / "vendor" / v for v in VENDOR.get(name, ())] + [STATIC / "common.js"]
    parts += [STATIC / h for h in HELPERS.get(name, ())] + [STATIC / name]
    return "\n".join(p.read_text(encoding="utf-8") for p in parts)


#: stylesheets every widget carries: the look, then accessibility (focus rings, high contrast, reduced motion)
CSS_FILES = ("rulekit.css", "a11y.css")


def css() -> str:
    """The shared stylesheet: ``static/rulekit.css`` then ``static/a11y.css`` (issue 27)."""
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in CSS_FILES)


class RulekitWidget(anywidget.AnyWidget):
    """Base of rulekit's anywidgets: one shared stylesheet, a stable ``__repr__``.

    Messages from the browser arrive as ``{"event": name, ...}`` and are
    routed to ``_on_<name>`` methods, so Python tests can call the same
    methods a click would.
    """

    _css = css()
    #: a panel heading drawn above the widget (empty: none)
    heading = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._route)

    def _route(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict):
            handler = getattr(self, f"_on_{content.get('event')}", None)
            if handler is not None:
                handler(content)

    def _repr_summary(self) -> str:
        return ""

    def __repr__(self) -> str:
        summary = self._repr_summary()
        return f"<{type(self).__name__}{' ' + summary if summary else ''}>"
