"""One language per page: every table on a notebook page follows one switch.

A Voila or JupyterLab page is one kernel; each ``Table`` joins this page's list when
it is made. When a person switches the language on any of them, every other live
one switches too (a Scepter page with a human table and a bots' table reads German
in both). Widgets are held weakly: a table that is gone is not kept alive here.
"""

from __future__ import annotations

import weakref
from typing import Protocol

__all__ = ["join", "switched", "leave_all"]


class _Speaks(Protocol):
    lang: str

    def set_lang(self, lang: str) -> None: ...


_members: weakref.WeakSet = weakref.WeakSet()
_state = {"busy": False}


def join(widget: _Speaks) -> None:
    """Let ``widget`` follow this page's language switch (and lead it)."""
    _members.add(widget)


def switched(source: _Speaks, lang: str) -> None:
    """``source`` was switched to ``lang``: every other widget of the page follows."""
    if _state["busy"]:  # a follower's own set_lang calls back here: nothing more to do
        return
    _state["busy"] = True
    try:
        for other in list(_members):
            if other is not source and other.lang != lang:
                other.set_lang(lang)
    finally:
        _state["busy"] = False


def leave_all() -> None:
    """Forget every widget (a new page; the tests start each test on a fresh page)."""
    _members.clear()
